import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HeldLines } from '../../src/features/logs/model/heldLines';
import { WireEncoder } from '../../src/features/logs/model/logsWire';
import { packItems } from '../../src/protocol/packedItems';
import type { LogItem } from '../../src/protocol/logItems';
import { formatNanosUtc, parseTimeNanos } from '../../src/protocol/logTime';

const T0 = 1_779_512_851_000_000_000n;
const line = (n: number, pod = 'pod-a', message = ` GET /item/${n}`, timeText?: string): LogItem => {
  const time = T0 + BigInt(n) * 1_000_003n;
  return { kind: 'line', time, timeText: timeText ?? formatNanosUtc(time), pod, message };
};

describe('HeldLines', () => {
  it('gives back every kind of item as it was held: times as sent, any text, markers', () => {
    const held = new HeldLines();
    const items: LogItem[] = [
      line(1),
      line(2, 'pod-b', ' ✓ café — 日本語 🚀 done'),
      {
        kind: 'line',
        time: parseTimeNanos('2026-05-23T07:07:31.5+02:00')!,
        timeText: '2026-05-23T07:07:31.5+02:00',
        pod: 'pod-a',
        message: ' offset and a short fraction',
      },
      { kind: 'line', time: 0n, timeText: 'yesterday', pod: '', message: '' },
      // 30 characters that parse, but not what their time formats back to (February has no 30th).
      { kind: 'line', time: parseTimeNanos('2026-02-30T05:07:31.123456789Z')!, timeText: '2026-02-30T05:07:31.123456789Z', pod: 'pod-a', message: ' odd date' },
      { kind: 'line', time: T0, timeText: formatNanosUtc(T0 + 1n), pod: 'pod-a', message: ' one digit off' },
      { kind: 'line', time: 0n, timeText: '', pod: 'pod-ü', message: ' no time at all' },
      { kind: 'marker', time: T0, reason: 'gap', text: 'Lines may be missing between a and b.' },
      { kind: 'marker', time: T0, reason: 'dropped', text: 'Older lines dropped: 3 so far.' },
      { kind: 'line', time: -500_000_000n, timeText: formatNanosUtc(-500_000_000n), pod: 'pod-a', message: ' before 1970' },
    ];
    held.push(items);
    assert.deepEqual(held.slice(), items);
    assert.equal(held.length, items.length);
    assert.deepEqual(held.at(1), items[1]);
    assert.deepEqual(held.slice(-2), items.slice(-2));
    assert.equal(held.timeAt(2), items[2]!.time);
    assert.deepEqual(
      [0, 7, 8].map((i) => held.isLine(i)),
      [true, false, false],
    );
  });

  it('packs any range as the page receives it, byte for byte, without making the items', () => {
    const items: LogItem[] = [
      line(1),
      line(2, 'pod-b', ' ✓ café — 日本語 🚀 done 𝄞'),
      { kind: 'marker', time: T0, reason: 'gap', text: 'Lines may be missing 🚧 here.' },
      { kind: 'line', time: 0n, timeText: 'heute 🕒', pod: 'pod-ü', message: ' a time that is not one' },
      { kind: 'line', time: parseTimeNanos('2026-05-23T07:07:31.5+02:00')!, timeText: '2026-05-23T07:07:31.5+02:00', pod: 'pod-a', message: '' },
      { kind: 'marker', time: T0, reason: 'dropped', text: 'Older lines dropped: 3 so far.' },
      line(3, 'pod-c'),
    ];
    const held = new HeldLines();
    held.push(items);
    for (const [from, to] of [
      [0, items.length],
      [1, 4],
      [3, 3],
      [5, 7],
    ] as const) {
      const viaObjects = new WireEncoder();
      const viaBytes = new WireEncoder();
      const expected = packItems(viaObjects.items(items.slice(from, to)));
      for (const view of [held, held.frozen()]) {
        const fresh = new WireEncoder();
        assert.deepEqual(view.packed(from, to, fresh.podIndex), expected, `items ${from}..${to}`);
      }
      held.packed(from, to, viaBytes.podIndex);
      assert.deepEqual(viaBytes.podTable(), viaObjects.podTable(), 'the same pods named, in the same order');
    }
  });

  it('keeps a time text that is its time formatted back as the time alone', () => {
    const held = new HeldLines();
    held.push([line(1, 'p', 'abc'), line(2, 'p', 'defg')]);
    assert.equal(held.textBytesHeld, 7, 'the messages only');
    held.push([line(3, 'p', 'x', '2026-05-23T05:07:31.1Z')]);
    assert.equal(held.textBytesHeld, 7 + '2026-05-23T05:07:31.1Z'.length + 1, 'a time sent otherwise is kept as sent');
  });

  it('changes as an array would under any sequence of inserts (items given in any order) and drops, and a frozen copy does not change', () => {
    type Op =
      | { kind: 'insert'; at: number; inOrder: boolean; items: { n: number; pod: number; size: number; given: number }[] }
      | { kind: 'drop'; count: number }
      | { kind: 'freeze' };
    const itemArb = fc.record({ n: fc.nat({ max: 1e6 }), pod: fc.nat({ max: 5 }), size: fc.constantFrom(0, 3, 40, 30_000), given: fc.nat() });
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('insert' as const),
          at: fc.nat(),
          inOrder: fc.boolean(),
          items: fc.array(itemArb, { minLength: 1, maxLength: 40 }),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), count: fc.nat({ max: 60 }) }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'freeze' as const }) },
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const held = new HeldLines();
        const model: LogItem[] = [];
        const frozen: { view: ReturnType<HeldLines['frozen']>; copy: LogItem[] }[] = [];
        for (const op of ops) {
          if (op.kind === 'insert') {
            const at = op.at % (model.length + 1);
            const items = op.items.map(({ n, pod, size }) => line(n, `pod-${pod}`, `${n}:`.padEnd(size + 2, 'é')));
            if (op.inOrder) held.insert(at, items);
            else {
              // Given in another order (by `given`), each with the row it belongs at.
              const rows = items.map((_, row) => row).sort((a, b) => op.items[a]!.given - op.items[b]!.given || a - b);
              held.insert(
                at,
                rows.map((row) => items[row]!),
                Uint32Array.from(rows),
              );
            }
            model.splice(at, 0, ...items);
          } else if (op.kind === 'drop') {
            held.dropFront(op.count);
            model.splice(0, op.count);
          } else {
            frozen.push({ view: held.frozen(), copy: [...model] });
          }
        }
        assert.deepEqual(held.slice(), model);
        const text = model.reduce((sum, item) => sum + Buffer.byteLength(item.kind === 'line' ? item.message : item.text), 0);
        assert.equal(held.textBytesHeld, text, 'the text counted as held is what the items hold');
        for (const { view, copy } of frozen) assert.deepEqual(view.slice(), copy);
      }),
      { numRuns: 60 },
    );
  });

  it('gives back every line of a batch whose text makes the arena compact (pods renumbered)', () => {
    const held = new HeldLines();
    const message = ' '.padEnd(1000, 'm');
    const batch = (from: number, count: number, pod: string) => Array.from({ length: count }, (_, i) => line(from + i, pod, message));
    held.push(batch(0, 600, 'pod-a'));
    held.push(batch(600, 100, 'pod-b'));
    held.dropFront(600);
    // 1 MB arena, 700 KB written, 100 KB live: the batch below does not fit and the arena is
    // compacted first (pod-a leaves the table, pod-b is renumbered).
    const more = batch(700, 400, 'pod-b');
    held.push(more);
    assert.equal(held.podCount, 1);
    assert.deepEqual(held.slice(), [...batch(600, 100, 'pod-b'), ...more]);
    assert.equal(held.textBytesHeld, 500 * 1000);
  });

  it('refuses a batch whose text would pass its bound, before anything changes', () => {
    const held = new HeldLines(3_000_000);
    const message = ' '.padEnd(1000, 'm');
    held.push(Array.from({ length: 2_000 }, (_, i) => line(i, 'pod-a', message)));
    const before = held.slice();
    assert.throws(
      () => held.push(Array.from({ length: 1_500 }, (_, i) => line(2_000 + i, 'pod-b', message))),
      (error: Error) => error instanceof RangeError && /lower platformConsole\.logs\.maxMemoryMB/.test(error.message),
    );
    assert.deepEqual(held.slice(), before);
    assert.equal(held.textBytesHeld, 2_000 * 1000);
    held.dropFront(1_000);
    held.push(Array.from({ length: 1_500 }, (_, i) => line(2_000 + i, 'pod-b', message)));
    assert.equal(held.length, 2_500, 'room made by dropped lines is used again');
  });

  it('stays bounded while lines stream through: dead text and unused pod names go', () => {
    const held = new HeldLines();
    const message = ' '.padEnd(200, 'x');
    for (let n = 0; n < 60_000; n += 100) {
      held.push(Array.from({ length: 100 }, (_, i) => line(n + i, `pod-${Math.floor((n + i) / 1000)}`, message)));
      if (held.length > 5_000) held.dropFront(held.length - 5_000);
    }
    assert.equal(held.length, 5_000);
    assert.equal(held.textBytesHeld, 5_000 * 200);
    assert.ok(held.byteSize < 4 * 5_000 * 224, `${held.byteSize} bytes for 5,000 lines of 200 bytes`);
    // The stream named 60 pods; the table keeps those named since the last compaction too.
    assert.ok(held.podCount <= 20, `${held.podCount} pod names held, of 60 named`);
    assert.deepEqual(held.at(0), line(55_000, 'pod-55', message));
    assert.deepEqual(held.at(4_999), line(59_999, 'pod-59', message));
  });
});
