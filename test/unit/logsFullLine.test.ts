// "Show Full Line" (#37 item 4): a line held cut is read again from the platform, asking for more
// lines until the answer reaches back to it; found, its whole message; gone, a reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFullLine } from '../../src/features/logs/model/fullLine';
import { cutOf, type RawLogEntry } from '../../src/protocol/logItems';
import { toLogLine } from '../../src/features/logs/model/logTail';

const time = (s: number) => `2026-05-23T05:07:${String(s).padStart(2, '0')}.000000000Z`;
/** A platform keeping `lines` (oldest first) and answering with the newest `limit`. */
const platform = (lines: RawLogEntry[]) => {
  const asked: number[] = [];
  return { asked, fetch: async (limit: number) => (asked.push(limit), lines.slice(Math.max(0, lines.length - limit))) };
};

describe('Show Full Line', () => {
  const long: RawLogEntry = { Time: time(10), Pod: 'pod-a', Message: `start ${'x'.repeat(40_000)} end` };
  const held = cutOf(toLogLine(long).message)!;
  const cut = { time: long.Time!, pod: long.Pod!, ...held };
  const after = (n: number, from = 11) =>
    Array.from({ length: n }, (_, i) => ({ Time: time(from + Math.floor(i / 100)), Pod: 'pod-a', Message: `later ${i}` }));

  it('finds the whole message, asking for twice as many lines each time until the answer reaches it', async () => {
    const p = platform([{ Time: time(1), Pod: 'pod-a', Message: 'older' }, long, ...after(300)]);
    const result = await readFullLine(cut, p.fetch, 100, 100_000);
    assert.deepEqual(result, { found: true, message: long.Message, reads: 3 });
    assert.deepEqual(p.asked, [100, 200, 400]);
  });

  it('the same time and pod but another message is not it (the kept start and the length must agree)', async () => {
    const other = { ...long, Message: `start ${'y'.repeat(40_000)} end` };
    const p = platform([{ Time: time(1), Pod: 'pod-a', Message: 'older' }, other]);
    const result = await readFullLine(cut, p.fetch, 100, 100_000);
    assert.equal(result.found, false);
  });

  it('gone: the platform returned all it keeps, or reached back past it, or cannot reach back far enough', async () => {
    const all = await readFullLine(cut, platform(after(50)).fetch, 100, 100_000);
    assert.deepEqual(all, {
      found: false,
      reads: 1,
      reason: `The platform no longer has this line (${cut.time}, pod-a): it returned all it keeps, and this line is not among them.`,
    });
    const older = Array.from({ length: 200 }, (_, i) => ({ Time: time(5), Pod: 'pod-a', Message: `older ${i}` }));
    const past = await readFullLine(cut, platform([...older, ...after(300)]).fetch, 100, 100_000);
    assert.match(past.found ? '' : past.reason, /its answer reaches back past this line without it\.$/);
    assert.equal(past.reads, 3);
    const far = await readFullLine(cut, platform(after(5000)).fetch, 100, 400);
    assert.match(far.found ? '' : far.reason, /the newest 400 lines it returns do not reach back to it\.$/);
    assert.equal(far.reads, 3);
  });
});
