// The path from the extension's merge to the webview's rows: ops encoded with a pod table,
// applied by the page's RowStore, filtered op by op. The page must always hold exactly what the
// extension holds, and show exactly what a fresh filter would.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EMPTY_FILTER, compileFilter, filterIndices, type LogFilterSpec } from '../../src/protocol/logFilter';
import { LogTail, pollInto, toLogLine } from '../../src/features/logs/model/logTail';
import type { LogItem } from '../../src/protocol/logItems';
import { formatNanosUtc } from '../../src/protocol/logTime';
import { WireEncoder, resetParts } from '../../src/features/logs/model/logsWire';
import type { LogsEvent } from '../../src/protocol/logs';
import type { WireItem } from '../../src/protocol/wireItems';
import { concatPacked, fromPackedBody, itemCount, packedBody, packItems, unpackItems } from '../../src/protocol/packedItems';
import { RowStore, type Row } from '../../webview/logs/rowStore';

const iso = (n: number) => formatNanosUtc(1_700_000_000_000_000_000n + BigInt(n));

const sameAs = (rows: Row[], pods: string[], items: readonly LogItem[]) =>
  assert.deepEqual(
    rows.map((r) => (r.marker ? `#${r.marker}:${r.message}` : `${r.time}|${pods[r.pod]}|${r.message}`)),
    items.map((i) => (i.kind === 'marker' ? `#${i.reason}:${i.text}` : `${i.timeText}|${i.pod}|${i.message}`)),
  );

const reset = (tail: LogTail, enc: WireEncoder, generation: number): Extract<LogsEvent, { type: 'reset' }> => {
  const items = enc.items(tail.snapshot());
  return {
    type: 'reset',
    generation,
    target: { connectionId: 'c', connectionName: 'c', baseUrl: 'http://127.0.0.1:1', projectId: 1, regionId: 1, namespace: 'default', functionName: 'f' },
    maxLines: tail.maxLines,
    maxMemoryMB: 256,
    pods: enc.podTable(),
    items,
    status: { state: 'following', follow: true, intervalSeconds: 2, limit: 10 },
    pending: 0,
    sentAt: 0,
  };
};

describe('RowStore (the webview copy)', () => {
  it('mirrors the extension through reset and any sequence of reads (late lines, gaps, drops), filtered like a fresh filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            step: fc.nat({ max: 2 }),
            pod: fc.constantFrom('pod-a', 'pod-b', 'pod-c'),
            msg: fc.constantFrom('INFO ok', 'WARN slow', 'ERROR boom', 'INFO ok'),
          }),
          { minLength: 1, maxLength: 150 },
        ),
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 3, max: 40 }),
        fc.array(fc.record({ step: fc.integer({ min: 1, max: 30 }), late: fc.boolean() }), { minLength: 1, maxLength: 15 }),
        fc.record({
          text: fc.constantFrom('', 'ok', 'ERROR', 'w'),
          regex: fc.constant(false),
          caseSensitive: fc.boolean(),
          pods: fc.subarray(['pod-a', 'pod-b', 'pod-c']),
        }),
        fc.nat({ max: 5 }),
        async (specs, limit, maxLines, steps, filter: LogFilterSpec, resetAt) => {
          let t = 0;
          const all = specs.map((s) => toLogLine({ Time: iso((t += s.step)), Pod: s.pod, Message: s.msg }));
          const tail = new LogTail(maxLines);
          const enc = new WireEncoder();
          const store = new RowStore(filter);
          store.reset(reset(tail, enc, 1));
          let seq = 0;
          let end = 0;
          for (const [n, { step, late }] of steps.entries()) {
            end = Math.min(all.length, end + step);
            const fetch = async (k: number) => {
              const window = all.slice(Math.max(0, end - k), end);
              return late ? window.filter((l, i) => l.pod !== 'pod-b' || i < window.length - 2) : window;
            };
            const result = await pollInto(tail, fetch, limit, limit * 2);
            if (n === resetAt) {
              // The page reloaded: a new generation starts from the whole list.
              store.reset(reset(tail, enc, 2 + n));
              seq = 0;
            } else if (result.ops.length > 0) {
              const ops = enc.ops(result.ops);
              const outcome = store.apply({ type: 'ops', generation: store.generation, seq: ++seq, newPods: enc.takeNewPods(), ops, sentAt: 0 });
              assert.equal(outcome.applied, true);
            }
            sameAs(store.rows, store.pods, tail.snapshot());
            const fresh = filterIndices(store.rows, compileFilter(filter), (r) =>
              r.pod < 0 ? { message: r.message } : { pod: store.pods[r.pod]!, message: r.message },
            );
            assert.deepEqual(store.shown, fresh);
            assert.equal(store.lineCount, tail.size);
          }
        },
      ),
    );
  });

  it('refuses ops out of sequence or of another generation (the page then asks for a reset)', () => {
    const store = new RowStore(EMPTY_FILTER);
    const tail = new LogTail(100);
    const enc = new WireEncoder();
    store.reset(reset(tail, enc, 3));
    const op = { op: 'append' as const, items: enc.items([toLogLine({ Time: iso(1), Pod: 'p', Message: 'm' })]) };
    assert.equal(store.apply({ type: 'ops', generation: 3, seq: 2, newPods: ['p'], ops: [op], sentAt: 0 }).applied, false, 'seq 1 was missed');
    assert.equal(store.apply({ type: 'ops', generation: 2, seq: 1, newPods: ['p'], ops: [op], sentAt: 0 }).applied, false, 'an old generation');
    assert.equal(store.rows.length, 0);
    assert.equal(store.apply({ type: 'ops', generation: 3, seq: 1, newPods: ['p'], ops: [op], sentAt: 0 }).applied, true);
    assert.equal(store.rows.length, 1);
  });

  it('follows the row being read through drops and inserts above it; counts the new shown lines', () => {
    const store = new RowStore({ ...EMPTY_FILTER, pods: ['a'] });
    const line = (n: number, pod: string) => [iso(n), pod === 'a' ? 0 : 1, `m${n}`] as [string, number, string];
    store.reset({ ...reset(new LogTail(10), new WireEncoder(), 1), pods: ['a', 'b'], items: [1, 2, 3, 4, 5].map((n) => line(n, 'a')) });
    // Reading row 3 (m4). Two rows dropped, a marker put first, a late line inserted before it, three appended (one of pod b).
    const outcome = store.apply(
      {
        type: 'ops',
        generation: 1,
        seq: 1,
        newPods: [],
        sentAt: 0,
        ops: [
          { op: 'dropFront', count: 2 },
          { op: 'insert', index: 0, items: [{ reason: 'dropped', text: 'Older lines dropped: 2' }] },
          { op: 'insert', index: 2, items: [line(3, 'a')] },
          { op: 'append', items: [line(6, 'a'), line(7, 'b'), line(8, 'a')] },
        ],
      },
      3,
    );
    assert.equal(store.rows[outcome.anchor!]!.message, 'm4');
    assert.equal(outcome.addedShown, 3, 'the late line and two appended (pod b is filtered out; the marker is not a line)');
    assert.deepEqual(
      store.shown.map((i) => store.rows[i]!.message),
      ['Older lines dropped: 2', 'm3', 'm3', 'm4', 'm5', 'm6', 'm8'],
    );
    assert.equal(store.shownLineCount, 6);
    assert.equal(store.lineCount, 7);
    assert.equal(store.rows[store.shown[6]!]!.level, 0);
  });

  it('levels are read once, when a row arrives', () => {
    const store = new RowStore(EMPTY_FILTER);
    store.reset({
      ...reset(new LogTail(10), new WireEncoder(), 1),
      pods: ['p'],
      items: [
        [iso(1), 0, ' INFO ok'],
        [iso(2), 0, ' WARN slow'],
        [iso(3), 0, ' ERROR boom'],
      ],
    });
    assert.deepEqual(
      store.rows.map((r) => r.level),
      [0, 1, 2],
    );
  });

  it('a reset in parts (the newest first, older chunks inserted above, packed in slices, new pods on the way) builds the whole list; a reader keeps their row', async () => {
    const tail = new LogTail(1000);
    const pods = ['a', 'b', 'c', 'd'];
    // Pod d appears only among the oldest lines: its name comes with the chunk that first has it.
    tail.merge(
      Array.from({ length: 95 }, (_, n) => toLogLine({ Time: iso(n), Pod: n < 5 ? 'd' : pods[n % 3]!, Message: `m${n}` })),
      { limit: 1000 },
    );
    const enc = new WireEncoder();
    const parts = resetParts(enc, tail.frozen(), 20, 30, 7);
    assert.equal(parts.items.count, 20);
    assert.equal(parts.pending, 75);
    // Each step packs one slice of 7 lines (undefined: nothing to post yet) until a chunk is whole.
    const steps = [...parts.chunks];
    assert.deepEqual(steps.map((s) => (s === undefined ? '.' : 'chunk')).join(' '), '. . . . chunk . . . . chunk . . chunk');
    const chunks = await Promise.all(steps.filter((s) => s !== undefined));
    assert.deepEqual(
      chunks.map((c) => c.items.count),
      [30, 30, 15],
    );
    assert.deepEqual(
      chunks.map((c) => c.newPods),
      [[], [], ['d']],
    );
    const store = new RowStore({ ...EMPTY_FILTER, pods: ['a', 'd'] });
    store.reset({ ...reset(tail, new WireEncoder(), 1), items: parts.items, pods: parts.pods, pending: parts.pending });
    let anchor: number | undefined = 5;
    const reading = store.rows[anchor]!.message;
    for (const [i, chunk] of chunks.entries()) {
      const outcome = store.apply(
        { type: 'ops', generation: 1, seq: i + 1, newPods: chunk.newPods, ops: [{ op: 'insert', index: 0, items: chunk.items }], backfill: true, sentAt: 0 },
        anchor,
      );
      assert.equal(outcome.applied, true);
      anchor = outcome.anchor;
    }
    sameAs(store.rows, store.pods, tail.snapshot());
    assert.equal(store.rows[anchor!]!.message, reading, 'the row being read is still the one tracked');
    assert.equal(store.shownLineCount, tail.snapshot().filter((i) => i.kind === 'line' && (i.pod === 'a' || i.pod === 'd')).length);
  });
});

describe('packed items (a reset crossing to the page without JSON)', () => {
  it('round-trips lines and markers, any text (accents, emoji, a lone surrogate made U+FFFD), empty lists', () => {
    const items: WireItem[] = [
      ['2026-11-25T10:00:00.000000001Z', 0, 'héllo 🚀 wörld'],
      { reason: 'gap', text: 'lines may be missing here' },
      ['2026-11-25T10:00:00.5Z', 3, ''],
      { reason: 'dropped', text: '1,000 older lines dropped' },
      ['', 1, 'x'.repeat(5000)],
    ];
    const packed = packItems(items);
    assert.equal(itemCount(packed), 5);
    assert.ok(packed.text instanceof Uint8Array && packed.bounds instanceof Uint32Array && packed.pods instanceof Int32Array);
    assert.deepEqual(unpackItems(packed), items);
    assert.deepEqual(unpackItems(packItems([])), []);
    assert.deepEqual(unpackItems(packItems([['t', 0, 'a\uD800b']])), [['t', 0, 'a\uFFFDb']]);
    // A U+FEFF first in the text is the line's own character, not a byte order mark: kept, and no line after it shifted.
    const bom: WireItem[] = [
      ['', 0, '\uFEFFfirst'],
      ['t', 1, 'second'],
    ];
    assert.deepEqual(unpackItems(packItems(bom)), bom);
    // Through a structured clone, as postMessage hands it to the page.
    assert.deepEqual(unpackItems(structuredClone(packed)), items);
  });

  it('one stream for deflating (lengths, pods, text) and back, markers too, from any byte offset', () => {
    const items: WireItem[] = [['2026-11-25T10:00:00.000000001Z', 2, 'héllo'], { reason: 'dropped', text: '3 older lines dropped' }, ['', 0, '']];
    const packed = packItems(items);
    const body = packedBody(packed);
    assert.equal(body.length, 12 * items.length + packed.text.length);
    // A Node Buffer may start anywhere in its pool: the typed arrays need a copy then.
    const shifted = new Uint8Array(body.length + 1);
    shifted.set(body, 1);
    assert.deepEqual(unpackItems(fromPackedBody(items.length, shifted.subarray(1))), items);
    assert.deepEqual(unpackItems(fromPackedBody(0, packedBody(packItems([])))), []);
  });
});

describe('packed slices joined (a chunk packed a slice per turn)', () => {
  it('joins lists in order, with their bounds shifted by what came before (multi-byte and surrogate text included)', () => {
    const a: WireItem[] = [['t1', 0, 'héllo 🚀'], { reason: 'gap', text: 'lines may be missing here' }];
    const b: WireItem[] = [];
    const c: WireItem[] = [
      ['t2', 2, 'wörld'],
      ['', 1, ''],
    ];
    const joined = concatPacked([packItems(a), packItems(b), packItems(c)]);
    assert.equal(joined.count, 4);
    assert.deepEqual(unpackItems(joined), [...a, ...c]);
    assert.deepEqual(unpackItems(fromPackedBody(joined.count, packedBody(joined))), [...a, ...c], 'and through the deflate stream layout');
    const one = packItems(a);
    assert.equal(concatPacked([one]), one, 'one list is itself');
  });
});

describe('deflated chunks (fewer bytes through a remote connection)', () => {
  it('a big chunk is deflated by the extension and inflated by the page, in order, to the same items', async () => {
    const { deflated, DEFLATE_FROM } = await import('../../src/features/logs/model/logsWire');
    const { inflated, Inbox } = await import('../../webview/logs/inbox');
    const items: WireItem[] = Array.from({ length: 3000 }, (_, i) => [
      `2026-11-25T10:00:00.${String(i).padStart(9, '0')}Z`,
      i % 3,
      `GET /api/items/${i} 200 ${i % 97}ms ü`,
    ]);
    const big = await deflated(packItems(items));
    assert.equal(big.deflated, true);
    const plain = packItems(items);
    const bytes = (p: typeof plain) => p.text.byteLength + p.bounds.byteLength + p.pods.byteLength;
    assert.ok(
      plain.text.length >= DEFLATE_FROM && bytes(big) < bytes(plain) / 4,
      `a fraction of the bytes, bounds and pods included (${bytes(big)} of ${bytes(plain)})`,
    );
    assert.deepEqual([big.bounds.length, big.pods.length], [0, 0], 'the bounds and pods travel inside the deflated stream');
    assert.equal((await deflated(packItems(items.slice(0, 10)))).deflated, undefined, 'small parts stay as they are');
    const event = {
      type: 'ops' as const,
      generation: 1,
      seq: 1,
      newPods: [],
      ops: [{ op: 'insert' as const, index: 0, items: big }],
      backfill: true,
      sentAt: 0,
    };
    const back = await inflated(event);
    assert.deepEqual(unpackItems((back as typeof event).ops[0]!.items), items);
    // The inbox keeps the posting order even when a later message is ready first.
    const seen: number[] = [];
    const inbox = new Inbox(
      (e) => void seen.push((e as typeof event).seq),
      (error) => assert.fail(String(error)),
    );
    inbox.receive(event);
    inbox.receive({ ...event, seq: 2, ops: [{ op: 'append', items: [] }] });
    // Awaited, not paused for: inflating the first took over 200 ms at load average 20.
    for (let turn = 0; seen.length < 2 && turn < 6000; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(seen, [1, 2]);
  });

  it("the next message waits while a handled one is being painted (a reset's older chunks after its first rows)", async () => {
    const { Inbox } = await import('../../webview/logs/inbox');
    const seen: number[] = [];
    let painted: () => void = () => assert.fail('the first message was not handled');
    const inbox = new Inbox(
      (e) => {
        const seq = (e as { seq: number }).seq;
        seen.push(seq);
        if (seq === 1) return new Promise<void>((resolve) => (painted = resolve));
      },
      (error) => assert.fail(String(error)),
    );
    const ops = (seq: number) => ({ type: 'ops' as const, generation: 1, seq, newPods: [], ops: [], sentAt: 0 });
    inbox.receive(ops(1));
    inbox.receive(ops(2));
    inbox.receive(ops(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(seen, [1], 'held until the first is painted');
    painted();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(seen, [1, 2, 3]);
  });
});
