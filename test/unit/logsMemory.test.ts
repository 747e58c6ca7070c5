// #37 item 4: log memory bounded in bytes, not only lines. Lines over 16 KB are cut on intake and
// marked (the same way on every read, so a line read again is still one line; the mark is in the
// page and in exports); one budget counts the held lines of every panel, in what they may cost the
// extension host or the page, and drops the oldest lines of all panels first, marked as dropped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LINE_CHARS_MAX, cutMessage, cutOf, type LogItem, type LogLine } from '../../src/protocol/logItems';
import { exportText } from '../../src/protocol/logExport';
import { LogTail, applyLogOps, toLogLine, type LogOp } from '../../src/features/logs/model/logTail';
import { HeldLines } from '../../src/features/logs/model/heldLines';
import { ROW_OVERHEAD, accountedBytes } from '../../src/features/logs/model/memoryCost';
import { LogMemory } from '../../src/features/logs/model/logMemory';

const time = (second: number, nanos = 0) =>
  `2026-05-23T05:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}.${String(nanos).padStart(9, '0')}Z`;
const line = (second: number, message: string, nanos = 0, pod = 'pod-a') => toLogLine({ Time: time(second, nanos), Pod: pod, Message: message });
/** `count` lines of `length` characters, one a millisecond from `fromSecond` on. */
const batch = (fromSecond: number, count: number, length: number, tag = 'x'): LogLine[] =>
  Array.from({ length: count }, (_, i) => line(fromSecond + Math.floor(i / 1000), `${tag}${i} `.padEnd(length, 'p'), (i % 1000) * 1_000_000));

describe('lines over 16 KB are cut on intake and marked', () => {
  it('a 40,000-character message is held as its first 16,384 characters and "… [23,616 more characters]"', () => {
    const long = 'a'.repeat(40_000);
    const held = line(1, long);
    assert.equal(held.message, `${'a'.repeat(LINE_CHARS_MAX)}… [23,616 more characters]`);
    assert.deepEqual(cutOf(held.message), { kept: 'a'.repeat(LINE_CHARS_MAX), more: 23_616 });
    assert.equal(cutOf('a short line'), undefined);
    assert.equal(cutOf('a'.repeat(LINE_CHARS_MAX)), undefined, 'exactly at the limit: whole');
  });

  it('never between the halves of a surrogate pair', () => {
    const message = `${'a'.repeat(LINE_CHARS_MAX - 1)}😀${'b'.repeat(10)}`;
    const cut = cutMessage(message);
    assert.equal(cut, `${'a'.repeat(LINE_CHARS_MAX - 1)}… [12 more characters]`);
    assert.equal(cut.isWellFormed(), true);
  });

  it('a cut line read again is the same line: merged once, not twice', () => {
    const tail = new LogTail(1000);
    const long = { Time: time(1), Pod: 'pod-a', Message: 'x'.repeat(100_000) };
    tail.merge([toLogLine(long)], { limit: 10 });
    const again = tail.merge([toLogLine(long), toLogLine({ ...long, Time: time(2) })], { limit: 10 });
    assert.equal(tail.size, 2);
    assert.equal(again.added.length, 1);
  });

  it('exports carry the mark (.log and .jsonl)', () => {
    const items: LogItem[] = [line(1, 'z'.repeat(20_000))];
    assert.match(exportText(items, 'log'), /z… \[3,616 more characters\]\n$/);
    assert.match(JSON.parse(exportText(items, 'jsonl')).Message, /z… \[3,616 more characters\]$/);
  });
});

describe('what a held line counts for against the budget', () => {
  it('the larger of what the page and the extension host may hold for it', () => {
    assert.equal(accountedBytes(200, 200), Math.max(200 + ROW_OVERHEAD, 250 + 42), 'ASCII, short: the page (its row) dominates');
    assert.equal(accountedBytes(2048, 2048), Math.ceil(1.25 * 2048) + 42, 'ASCII, long: the host (its arena slack) dominates');
    assert.equal(accountedBytes(3000, 1000), 3000 * 1.25 + 42, 'CJK: three UTF-8 bytes a character, the host dominates');
    assert.equal(accountedBytes(110, 100), 2 * 100 + ROW_OVERHEAD, 'one non-ASCII character: the page holds two bytes a character');
  });

  it('held lines count the sum, and lines dropped count no more', () => {
    const held = new HeldLines();
    const lines = batch(0, 1000, 500);
    held.push(lines);
    assert.equal(held.accountedBytes, 1000 * accountedBytes(500, 500));
    held.dropFront(400);
    assert.equal(held.accountedBytes, 600 * accountedBytes(500, 500));
  });
});

describe('one memory budget across every panel', () => {
  /** A panel as the budget sees it: its tail, and a copy of what its page holds kept by the ops it is sent. */
  function panel(name: string, memory: LogMemory) {
    const tail = new LogTail(1_000_000, () => 'to keep at most 1,000,000 lines a panel and all panels within 4 MB');
    const page: LogItem[] = [];
    const member = {
      tail,
      page,
      name,
      trims: 0,
      trimmed(ops: LogOp[]) {
        this.trims++;
        applyLogOps(page, ops, (i) => i);
      },
      read(lines: LogLine[]) {
        applyLogOps(page, tail.merge(lines, { limit: lines.length + 1 }).ops, (i) => i);
        memory.settle();
      },
    };
    const leave = memory.join(member);
    return Object.assign(member, { leave });
  }

  it('keeps every panel together within it, the oldest lines of all panels dropped first, each page equal to its panel', () => {
    const budget = 4 * 2 ** 20;
    const memory = new LogMemory(() => budget);
    const older = panel('older', memory);
    const newer = panel('newer', memory);
    // 1,000 lines of 2 KB each (about 2.6 MB counted): one panel fits, both do not.
    older.read(batch(0, 1000, 2048, 'old'));
    assert.equal(older.tail.size, 1000);
    newer.read(batch(100, 1000, 2048, 'new'));
    // Settled: the older panel's lines went first, the newer panel kept all of its own.
    assert.ok(memory.usedBytes <= budget, `${memory.usedBytes} > ${budget}`);
    assert.equal(newer.tail.size, 1000);
    assert.equal(newer.trims, 0);
    assert.ok(older.tail.size < 1000 && older.tail.size > 0, `older holds ${older.tail.size}`);
    assert.equal(older.tail.droppedCount, 1000 - older.tail.size);
    const marker = older.tail.snapshot()[0]!;
    assert.equal(marker.kind, 'marker');
    assert.match(
      marker.kind === 'marker' ? marker.text : '',
      /^Older lines dropped: [\d,]+ so far, to keep at most 1,000,000 lines a panel and all panels within 4 MB\.$/,
    );
    assert.deepEqual(older.page, older.tail.snapshot(), "the older panel's page was told and holds what its panel holds");

    // Streaming on: 20 reads of 1,000 lines of 2 KB into the newer panel (40 MB read in all).
    for (let r = 0; r < 20; r++) newer.read(batch(200 + r * 2, 1000, 2048, `n${r}-`));
    assert.ok(memory.usedBytes <= budget);
    assert.equal(older.tail.size, 0, 'the older panel lost every line before the newer one lost any of its newest');
    assert.ok(newer.tail.size > 1000 && newer.tail.size < 2000, `newer holds ${newer.tail.size}`);
    assert.deepEqual(newer.page, newer.tail.snapshot());
  });

  it('panels whose lines interleave in time: every line kept is newer than every line dropped, in one cut each', () => {
    const budget = 2 * 2 ** 20;
    const memory = new LogMemory(() => budget);
    const a = panel('a', memory);
    const b = panel('b', memory);
    // a at even milliseconds, b at odd ones; a read first (it fits), then b (together they do not).
    const at = (ms: number, tag: string) => line(Math.floor(ms / 1000), `${tag}${ms} `.padEnd(1024, 'p'), (ms % 1000) * 1_000_000);
    a.read(Array.from({ length: 1000 }, (_, i) => at(2 * i, 'a')));
    b.read(Array.from({ length: 1000 }, (_, i) => at(2 * i + 1, 'b')));
    assert.ok(memory.usedBytes <= budget);
    const kept = [...a.tail.snapshot(), ...b.tail.snapshot()].filter((i) => i.kind === 'line');
    const oldestKept = kept.reduce((m, l) => (l.time < m ? l.time : m), kept[0]!.time);
    const dropped = 2000 - kept.length;
    assert.ok(dropped > 0);
    // The lines dropped are exactly the oldest `dropped` of the 2,000 (times 0..dropped-1 ms).
    assert.equal(
      oldestKept,
      at(0, 'a').time + BigInt(dropped) * 1_000_000n,
      'the lines dropped are the oldest of both panels: the first `dropped` milliseconds',
    );
    assert.equal(a.trims + b.trims, 2, 'each page told once');
    assert.deepEqual(a.page, a.tail.snapshot());
    assert.deepEqual(b.page, b.tail.snapshot());
  });

  it("the extension host's arena and columns stay within the budget, plus the read coming in", () => {
    const budget = 4 * 2 ** 20;
    const memory = new LogMemory(() => budget);
    const one = panel('one', memory);
    const readBytes = 200 * 2048;
    let largest = 0;
    for (let r = 0; r < 200; r++) {
      one.read(batch(r, 200, 2048, `r${r}-`));
      largest = Math.max(largest, (one.tail as unknown as { held: HeldLines }).held.byteSize);
    }
    assert.ok(memory.usedBytes <= budget);
    assert.ok(largest <= budget + 1.25 * readBytes, `arena and columns reached ${largest} bytes, budget ${budget}`);
  });

  it('a lower budget applies at the next settle; a closed panel counts no more', () => {
    let budget = 8 * 2 ** 20;
    const memory = new LogMemory(() => budget);
    const a = panel('a', memory);
    const b = panel('b', memory);
    a.read(batch(0, 2000, 2048, 'a'));
    b.read(batch(10, 100, 2048, 'b'));
    const before = a.tail.size;
    budget = 2 * 2 ** 20;
    memory.settle();
    assert.ok(a.tail.size < before && memory.usedBytes <= budget);
    const used = memory.usedBytes;
    b.leave();
    assert.equal(memory.usedBytes, used - b.tail.accountedBytes);
  });
});
