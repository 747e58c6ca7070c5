import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LogTail, applyLogOps, pollInto, toLogLine } from '../../src/features/logs/model/logTail';
import type { LogItem, LogLine, RawLogEntry } from '../../src/protocol/logItems';
import { formatNanosUtc, parseTimeNanos } from '../../src/protocol/logTime';

describe('parseTimeNanos', () => {
  it('keeps every nanosecond, any fraction length, Z or an offset', () => {
    assert.equal(parseTimeNanos('2022-03-02T15:04:03.208677349Z'), 1646233443208677349n);
    assert.equal(parseTimeNanos('2022-03-02T16:04:03.208677349+01:00'), 1646233443208677349n);
    assert.equal(parseTimeNanos('2022-03-02T15:04:03.2Z'), 1646233443200000000n);
    assert.equal(parseTimeNanos('2022-03-02T15:04:03Z'), 1646233443000000000n);
    assert.equal(parseTimeNanos('2022-03-02T15:04:03.2086773491234Z'), 1646233443208677349n, 'beyond nanoseconds is cut');
    assert.equal(parseTimeNanos('1969-12-31T23:59:59.5Z'), -500000000n);
    assert.equal(parseTimeNanos('yesterday'), undefined);
    assert.equal(parseTimeNanos('2022-13-02T15:04:03Z'), undefined);
  });
  it('orders what string comparison gets wrong', () => {
    const a = parseTimeNanos('2022-03-02T15:04:03.9Z')!;
    const b = parseTimeNanos('2022-03-02T15:04:03.10Z')!;
    assert.ok(a > b, '.9 is later than .10');
    assert.ok(parseTimeNanos('2022-03-02T16:00:00+02:00')! < parseTimeNanos('2022-03-02T15:00:00Z')!);
  });
  it("reads the platform's shape (9 digits and Z) to what the general reading gives, odd dates and bad digits alike", () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const shape = fc
      .record({
        y: fc.integer({ min: 0, max: 9999 }),
        mo: fc.integer({ min: 0, max: 13 }),
        d: fc.integer({ min: 0, max: 32 }),
        h: fc.integer({ min: 0, max: 24 }),
        mi: fc.integer({ min: 0, max: 60 }),
        s: fc.integer({ min: 0, max: 61 }),
        f: fc.integer({ min: 0, max: 999_999_999 }),
      })
      .map(({ y, mo, d, h, mi, s, f }) => `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}.${String(f).padStart(9, '0')}Z`);
    const mangled = fc
      .tuple(shape, fc.nat({ max: 29 }), fc.constantFrom('x', ' ', '/', ':', '9'))
      .map(([text, at, c]) => text.slice(0, at) + c + text.slice(at + 1));
    // The same instant written with +00:00 is read by the general way (regular expressions).
    fc.assert(fc.property(fc.oneof(shape, mangled), (text) => parseTimeNanos(text) === parseTimeNanos(text.replace(/Z$/, '+00:00'))));
    assert.equal(parseTimeNanos('2026-02-30T05:07:31.123456789Z'), parseTimeNanos('2026-03-02T05:07:31.123456789Z'), 'a 30th of February rolls over');
    assert.equal(parseTimeNanos('2026-11-22T10:15:0x.123456789Z'), undefined);
  });
  it('formats back in UTC with 9 digits', () => {
    assert.equal(formatNanosUtc(1646233443208677349n), '2022-03-02T15:04:03.208677349Z');
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 4_000_000_000n * 1_000_000_000n }), (n) => parseTimeNanos(formatNanosUtc(n)) === n));
  });
});

/** The whole log as the server has it; a poll returns its newest `limit` lines, shuffled. */
interface Model {
  lines: RawLogEntry[];
}

const iso = (n: number) => formatNanosUtc(1_700_000_000_000_000_000n + BigInt(n));

/** Generates a log with repeated times, identical lines, several pods. */
const logArb = fc
  .array(fc.record({ step: fc.nat({ max: 3 }), pod: fc.constantFrom('pod-a', 'pod-b'), msg: fc.constantFrom('GET /', 'GET /', 'WARN slow', 'ERROR boom') }), {
    minLength: 1,
    maxLength: 120,
  })
  .map((specs) => {
    let t = 0;
    return { lines: specs.map((s) => ((t += s.step), { Time: iso(t), Pod: s.pod, Message: s.msg })) } satisfies Model;
  });

function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let x = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const key = (l: LogLine) => `${l.timeText}|${l.pod}|${l.message}`;
const linesOf = (tail: LogTail) => tail.snapshot().filter((i): i is LogLine => i.kind === 'line');

describe('LogTail', () => {
  it('following with gap closing loses nothing and doubles nothing, whatever the batch order', async () => {
    await fc.assert(
      fc.asyncProperty(
        logArb,
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 20 }),
        fc.integer(),
        async (log, limit, steps, seed) => {
          const all = log.lines.map(toLogLine);
          const tail = new LogTail(1_000_000);
          let end = 0;
          let start: number | undefined;
          for (const step of [...steps, all.length]) {
            end = Math.min(all.length, end + step);
            // The first poll shows the newest `limit` lines: what came before is not followed.
            start ??= Math.max(0, end - limit);
            const fetch = async (n: number) => shuffle(all.slice(Math.max(0, end - n), end), seed + end + n);
            // The largest limit reaches the whole log, so every gap can be closed.
            await pollInto(tail, fetch, limit, 1024);
          }
          // Exactly a suffix of the true log (no duplicate), reaching back to the first poll's
          // window at least (no loss). It may reach further when identical lines at the first
          // window's edge were counted back in.
          const held = linesOf(tail);
          assert.ok(held.length >= all.length - start!, 'no loss');
          assert.deepEqual(
            held.map(key).sort(),
            all
              .slice(all.length - held.length)
              .map(key)
              .sort(),
            'no duplicate: a suffix of the log',
          );
          const times = linesOf(tail).map((l) => l.time);
          assert.ok(
            times.every((t, i) => i === 0 || times[i - 1]! <= t),
            'ordered by time',
          );
          assert.equal(tail.snapshot().filter((i) => i.kind === 'marker').length, 0);
        },
      ),
    );
  });

  it('a gap is closed by asking again with a doubled limit', async () => {
    const all = Array.from({ length: 50 }, (_, n) => toLogLine({ Time: iso(n), Pod: 'p', Message: `m${n}` }));
    const tail = new LogTail(1000);
    const limits: number[] = [];
    const fetchUpTo = (end: number) => async (n: number) => (limits.push(n), all.slice(Math.max(0, end - n), end));
    await pollInto(tail, fetchUpTo(5), 5, 100);
    const result = await pollInto(tail, fetchUpTo(50), 5, 100);
    assert.deepEqual(limits, [5, 5, 10, 20, 40, 80]);
    assert.equal(result.limit, 80);
    assert.equal(tail.size, 50);
  });

  it('identical repeated lines arriving across polls are counted, not merged', () => {
    const same = { Time: iso(5), Pod: 'p', Message: 'tick' };
    const tail = new LogTail(100);
    tail.merge([same, same].map(toLogLine), { limit: 10 });
    tail.merge([same, same, same].map(toLogLine), { limit: 10 });
    assert.equal(tail.size, 3);
  });

  it('a full batch that starts after the newest held line is a gap; when confirmed, a marker says where', () => {
    const tail = new LogTail(100);
    tail.merge(
      [1, 2, 3].map((n) => toLogLine({ Time: iso(n), Pod: 'p', Message: `m${n}` })),
      { limit: 3 },
    );
    const later = [10, 11, 12].map((n) => toLogLine({ Time: iso(n), Pod: 'p', Message: `m${n}` }));
    assert.equal(tail.hasGap(later, 3), true);
    assert.equal(tail.hasGap(later, 4), false, 'a batch smaller than the limit is everything there is');
    const result = tail.merge(later, { limit: 3, gapConfirmed: true });
    assert.match(result.gapMarker?.text ?? '', /^Lines may be missing between .*\.000000003Z and .*\.000000010Z/);
    const kinds = tail.snapshot().map((i) => (i.kind === 'line' ? i.message : 'MARKER'));
    assert.deepEqual(kinds, ['m1', 'm2', 'm3', 'MARKER', 'm10', 'm11', 'm12']);
  });

  it('markers appear exactly where even the largest limit could not reach back', async () => {
    await fc.assert(
      fc.asyncProperty(
        logArb,
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 30 }),
        async (log, limit, steps) => {
          const all = log.lines.map(toLogLine);
          const maxLimit = limit * 2;
          const tail = new LogTail(1_000_000);
          let end = 0;
          let expectedMarkers = 0;
          for (const step of steps) {
            end = Math.min(all.length, end + step);
            const widest = all.slice(Math.max(0, end - maxLimit), end);
            const heldNewest = tail.newestTime;
            if (heldNewest !== undefined && widest.length === maxLimit && widest[0]!.time >= heldNewest) expectedMarkers++;
            await pollInto(tail, async (n) => all.slice(Math.max(0, end - n), end), limit, maxLimit);
          }
          assert.equal(tail.snapshot().filter((i) => i.kind === 'marker').length, expectedMarkers);
          const held = linesOf(tail).map(key);
          const counted = held.map((k, i) => `${k}#${held.slice(0, i).filter((x) => x === k).length}`);
          assert.equal(new Set(counted).size, held.length, 'no line twice');
        },
      ),
    );
  });

  it('keeps at most maxLines, dropping the oldest behind one marker', () => {
    const tail = new LogTail(5);
    tail.merge(
      Array.from({ length: 4 }, (_, n) => toLogLine({ Time: iso(n), Pod: 'p', Message: `m${n}` })),
      { limit: 100 },
    );
    const result = tail.merge(
      Array.from({ length: 8 }, (_, n) => toLogLine({ Time: iso(n), Pod: 'p', Message: `m${n}` })),
      { limit: 100 },
    );
    assert.equal(result.dropped, 3);
    assert.equal(tail.size, 5);
    const items = tail.snapshot();
    assert.equal(items[0]?.kind, 'marker');
    assert.match((items[0] as { text: string }).text, /^Older lines dropped: 3 so far, to keep at most 5 lines\./);
    assert.deepEqual(
      linesOf(tail).map((l) => l.message),
      ['m3', 'm4', 'm5', 'm6', 'm7'],
    );
    tail.merge([toLogLine({ Time: iso(9), Pod: 'p', Message: 'm9' })], { limit: 100 });
    assert.equal(tail.snapshot().filter((i) => i.kind === 'marker').length, 1, 'one dropped-marker, updated');
    assert.equal(tail.droppedCount, 4, 'counted for the status line');
  });

  it('a late line from another pod is placed by its time', () => {
    const tail = new LogTail(100);
    tail.merge(
      [1, 5].map((n) => toLogLine({ Time: iso(n), Pod: 'a', Message: `a${n}` })),
      { limit: 100 },
    );
    tail.merge([toLogLine({ Time: iso(3), Pod: 'b', Message: 'b3' }), toLogLine({ Time: iso(5), Pod: 'a', Message: 'a5' })], { limit: 100 });
    assert.deepEqual(
      linesOf(tail).map((l) => l.message),
      ['a1', 'b3', 'a5'],
    );
  });
});

describe('LogTail ops (what the webview is sent)', () => {
  it("applying each merge's ops to a copy keeps the copy equal to the held list: late lines, gaps, drops", async () => {
    await fc.assert(
      fc.asyncProperty(
        logArb,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.record({ step: fc.integer({ min: 1, max: 40 }), late: fc.boolean() }), { minLength: 1, maxLength: 20 }),
        fc.integer(),
        async (log, limit, maxLines, steps, seed) => {
          const all = log.lines.map(toLogLine);
          const tail = new LogTail(maxLines);
          const copy: LogItem[] = [];
          let end = 0;
          for (const { step, late } of steps) {
            end = Math.min(all.length, end + step);
            // A "late" poll hides a pod's newest lines until the next poll: they arrive out of place.
            const fetch = async (n: number) => {
              const window = all.slice(Math.max(0, end - n), end);
              return shuffle(late ? window.filter((l, i) => l.pod !== 'pod-b' || i < window.length - 3) : window, seed + end);
            };
            const result = await pollInto(tail, fetch, limit, limit * 4);
            applyLogOps(copy, result.ops, (item) => item);
            assert.deepEqual(copy, [...tail.snapshot()]);
          }
        },
      ),
    );
  });

  it('a first poll is one append; a late line is one insert at its place; a drop is dropFront then the marker', () => {
    const tail = new LogTail(4);
    const line = (n: number, pod = 'a') => toLogLine({ Time: iso(n), Pod: pod, Message: `${pod}${n}` });
    const first = tail.merge([line(3), line(1), line(2)], { limit: 100 });
    assert.deepEqual(
      first.ops.map((o) => o.op),
      ['append'],
    );
    const late = tail.merge([line(2, 'b'), line(3)], { limit: 100 });
    assert.deepEqual(late.ops, [{ op: 'insert', index: 2, items: [line(2, 'b')] }]);
    const more = tail.merge([line(4), line(5)], { limit: 100 });
    assert.deepEqual(
      more.ops.map((o) => o.op),
      ['append', 'dropFront', 'insert'],
    );
    // Two lines over the bound, and the line of the same instant as the second (whole instants go).
    assert.deepEqual(more.ops[1], { op: 'dropFront', count: 3 });
    assert.equal((more.ops[2] as { items: LogItem[] }).items[0]!.kind, 'marker');
  });
});

describe('LogTail: the window (maxLines) wins over the read limit', () => {
  const line = (n: number, pod = 'a') => toLogLine({ Time: iso(n), Pod: pod, Message: `${pod}${n}` });

  it('a batch reaching back past the window adds and drops nothing when read again', () => {
    const tail = new LogTail(5);
    const batch = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => line(n));
    const first = tail.merge(batch, { limit: 1000 });
    assert.equal(first.dropped, 3);
    for (let read = 0; read < 3; read++) {
      const again = tail.merge(batch, { limit: 1000 });
      assert.deepEqual([again.added.length, again.dropped, again.ops.length], [0, 0, 0], `read ${read + 2}`);
    }
    assert.deepEqual(
      tail
        .snapshot()
        .filter((i) => i.kind === 'line')
        .map((l) => (l as { message: string }).message),
      ['a4', 'a5', 'a6', 'a7', 'a8'],
    );
  });

  it('lines newer than the window are still added; a line older than the window is not', () => {
    const tail = new LogTail(3);
    tail.merge(
      [1, 2, 3, 4, 5].map((n) => line(n)),
      { limit: 1000 },
    );
    const next = tail.merge([line(1, 'late'), ...[3, 4, 5, 6].map((n) => line(n))], { limit: 1000 });
    assert.deepEqual(
      next.added.map((l) => l.message),
      ['a6'],
    );
    assert.equal(next.dropped, 1);
  });

  it('gap closing asks for at most what the window holds, not 100,000', async () => {
    const tail = new LogTail(5);
    tail.merge([line(1)], { limit: 2 });
    const limits: number[] = [];
    // Every batch is full and starts after the newest held line: a gap each time.
    const result = await pollInto(
      tail,
      async (limit) => {
        limits.push(limit);
        return Array.from({ length: limit }, (_, i) => line(100 + i));
      },
      2,
      100_000,
    );
    assert.deepEqual(limits, [2, 4, 5]);
    assert.equal(result.limit, 5);
    assert.equal(result.gapMarker, undefined, 'a batch that fills the window leaves no gap inside it');
  });

  it('a line whose text UTF-8 cannot hold as sent (a lone surrogate) is held once, however often it is read', () => {
    const tail = new LogTail(100);
    const raw: RawLogEntry = { Time: iso(1), Pod: 'pod-\ud800', Message: 'half a pair: \udc00 and \ud83d' };
    for (let i = 0; i < 3; i++) tail.merge([toLogLine(raw), toLogLine({ Time: iso(2), Pod: 'pod-a', Message: 'next' })], { limit: 10 });
    assert.equal(tail.size, 2);
    assert.deepEqual(linesOf(tail)[0], {
      kind: 'line',
      time: parseTimeNanos(iso(1)),
      timeText: iso(1),
      pod: 'pod-\ufffd',
      message: 'half a pair: \ufffd and \ufffd',
    });
  });

  it('a time beyond what 64 bits of nanoseconds hold (after 2262) sorts as one that does not parse', () => {
    assert.equal(toLogLine({ Time: '2263-01-01T00:00:00Z', Message: 'm' }).time, 0n);
    assert.equal(toLogLine({ Time: '2262-04-11T23:47:16.854775807Z', Message: 'm' }).time, 9_223_372_036_854_775_807n);
  });
});
