import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Backfill, WAIT_FOR_PAINT_LINES, WAIT_FOR_PAINT_MS, awaitsPaint } from '../../src/features/logs/model/backfill';

/** A backfill whose turns of the event loop are run by hand; what it posted, in order. */
function harness(chunks: string[]) {
  const turns: (() => void)[] = [];
  const posted: string[] = [];
  let taken = 0;
  function* lazy(): Generator<string> {
    for (const chunk of chunks) {
      taken++;
      yield chunk;
    }
  }
  /** Timers set by the backfill (the wait for the page's paint), fired by hand. */
  const timers: { ms: number; fire: () => void; cleared: boolean }[] = [];
  const backfill = new Backfill<string, string>(
    lazy(),
    (chunk) => posted.push(`chunk ${chunk}`),
    (read) => posted.push(`read ${read}`),
    (step) => turns.push(step),
    (ms, fire) => {
      const timer = { ms, fire, cleared: false };
      timers.push(timer);
      return () => (timer.cleared = true);
    },
  );
  const turn = () => turns.shift()?.();
  const drain = () => {
    while (turns.length) turn();
  };
  return { backfill, posted, turn, turns, drain, timers, taken: () => taken };
}

describe("Backfill: a reset's older chunks one per turn, reads behind them", () => {
  it('posts one chunk per turn, each taken only then, and the reads held meanwhile after the last, in order', () => {
    const h = harness(['a', 'b', 'c']);
    assert.equal(h.backfill.hold('early'), true, 'held before it starts: the reset is out, its chunks are not');
    h.backfill.start();
    assert.deepEqual(h.posted, [], 'nothing in the turn that posted the reset');
    assert.equal(h.taken(), 0, 'no chunk encoded yet');
    h.turn();
    assert.deepEqual(h.posted, ['chunk a']);
    assert.equal(h.taken(), 1);
    assert.equal(h.backfill.hold('r1'), true);
    h.turn();
    assert.equal(h.backfill.hold('r2'), true);
    h.turn();
    assert.deepEqual(h.posted, ['chunk a', 'chunk b', 'chunk c']);
    assert.equal(h.backfill.pending, true, 'still pending until the iterator says it is done');
    h.turn();
    assert.deepEqual(h.posted, ['chunk a', 'chunk b', 'chunk c', 'read early', 'read r1', 'read r2']);
    assert.equal(h.backfill.pending, false);
    assert.equal(h.backfill.hold('late'), false, 'after the last chunk a read is posted at once by the caller');
    assert.equal(h.turns.length, 0, 'no turn left scheduled');
  });

  it('cancelled (a newer reset, a closed panel): no more chunks, held reads dropped', () => {
    const h = harness(['a', 'b']);
    h.backfill.start();
    h.turn();
    h.backfill.hold('r1');
    h.backfill.cancel();
    while (h.turns.length) h.turn();
    assert.deepEqual(h.posted, ['chunk a']);
    assert.equal(h.taken(), 1, 'the rest never encoded');
    assert.equal(h.backfill.hold('r2'), false);
  });

  it('a reset with nothing older: the reads held in between go out on the next turn', () => {
    const h = harness([]);
    h.backfill.start();
    h.backfill.hold('r1');
    h.turn();
    assert.deepEqual(h.posted, ['read r1']);
  });

  it('steps that make a chunk (undefined) post nothing; a chunk still being made is posted when ready, in order, and the next step only then', async () => {
    const turns: (() => void)[] = [];
    const posted: string[] = [];
    let resolveB: (chunk: string) => void = () => undefined;
    const b = new Promise<string>((resolve) => (resolveB = resolve));
    let taken = 0;
    function* steps(): Generator<string | Promise<string> | undefined> {
      yield undefined;
      taken++;
      yield Promise.resolve('a');
      yield undefined;
      taken++;
      yield b;
      taken++;
      yield 'c';
    }
    const backfill = new Backfill<string, string>(
      steps(),
      (chunk) => posted.push(chunk),
      (read) => posted.push(`read ${read}`),
      (step) => turns.push(step),
    );
    const turn = () => turns.shift()?.();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    backfill.start();
    backfill.hold('r');
    turn();
    assert.deepEqual(posted, [], 'a slice packed: nothing to post yet');
    assert.equal(turns.length, 1, 'and the next step on the next turn');
    turn();
    assert.equal(turns.length, 0, 'no step while the chunk is made');
    await settle();
    assert.deepEqual(posted, ['a']);
    turn();
    turn();
    await settle();
    assert.deepEqual(posted, ['a'], 'b is not made yet: nothing after it goes');
    assert.equal(taken, 2, 'and nothing after it is taken');
    assert.equal(turns.length, 0);
    resolveB('b');
    await settle();
    turn();
    turn();
    assert.deepEqual(posted, ['a', 'b', 'c', 'read r']);
    assert.equal(backfill.pending, false);
  });

  it('cancelled while a chunk is made: it is never posted, nor anything after it', async () => {
    const turns: (() => void)[] = [];
    const posted: string[] = [];
    let resolveA: (chunk: string) => void = () => undefined;
    const a = new Promise<string>((resolve) => (resolveA = resolve));
    const backfill = new Backfill<string, string>(
      [a, 'b'][Symbol.iterator](),
      (chunk) => posted.push(chunk),
      () => undefined,
      (step) => turns.push(step),
    );
    backfill.start();
    turns.shift()?.();
    backfill.cancel();
    resolveA('a');
    await a;
    await Promise.resolve();
    while (turns.length) turns.shift()?.();
    assert.deepEqual(posted, []);
  });

  it('a chunk that could not be made ends the backfill: nothing after it, the held reads dropped', async () => {
    const turns: (() => void)[] = [];
    const posted: string[] = [];
    const backfill = new Backfill<string, string>(
      [Promise.reject(new Error('zlib')), 'b'][Symbol.iterator](),
      (chunk) => posted.push(chunk),
      (read) => posted.push(read),
      (step) => turns.push(step),
    );
    backfill.start();
    backfill.hold('r');
    turns.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    while (turns.length) turns.shift()?.();
    assert.deepEqual(posted, []);
    assert.equal(backfill.pending, false);
  });

  describe('a big reset: its chunks wait for the page to paint the newest rows', () => {
    it('only resets with many older lines (a million) wait; 100,000 go at once', () => {
      assert.equal(awaitsPaint(98_000), false);
      assert.equal(awaitsPaint(WAIT_FOR_PAINT_LINES - 1), false);
      assert.equal(awaitsPaint(WAIT_FOR_PAINT_LINES), true);
      assert.equal(awaitsPaint(998_000), true);
    });

    it('nothing is taken or posted until the page says painted; then every chunk, and the reads held after them', () => {
      const h = harness(['a', 'b']);
      h.backfill.startWhenPainted();
      h.backfill.hold('r');
      assert.equal(h.turns.length, 0, 'no step scheduled while waiting');
      assert.deepEqual(
        h.timers.map((t) => t.ms),
        [WAIT_FOR_PAINT_MS],
      );
      assert.equal(h.backfill.pending, true);
      h.backfill.painted();
      assert.equal(h.backfill.startedBy, 'paint');
      assert.equal(h.timers[0]!.cleared, true, 'the wait is over');
      h.drain();
      assert.deepEqual(h.posted, ['chunk a', 'chunk b', 'read r']);
      h.backfill.painted();
      assert.equal(h.turns.length, 0, 'a second word changes nothing');
      assert.equal(h.taken(), 2);
    });

    it('a page that never says: the chunks go once the wait runs out, and a late word changes nothing', () => {
      const h = harness(['a']);
      h.backfill.startWhenPainted();
      h.timers[0]!.fire();
      assert.equal(h.backfill.startedBy, 'timeout');
      h.drain();
      assert.deepEqual(h.posted, ['chunk a']);
      h.backfill.painted();
      assert.equal(h.turns.length, 0);
    });

    it('a word before any wait starts nothing (a small reset starts at once, by its caller)', () => {
      const h = harness(['a']);
      h.backfill.painted();
      assert.equal(h.turns.length, 0);
      assert.equal(h.backfill.startedBy, undefined);
      h.backfill.start();
      assert.equal(h.backfill.startedBy, 'caller');
      h.drain();
      assert.deepEqual(h.posted, ['chunk a']);
    });

    it('cancelled while waiting (a newer reset, a closed panel): the wait is dropped, nothing is ever posted', () => {
      const h = harness(['a']);
      h.backfill.startWhenPainted();
      h.backfill.cancel();
      assert.equal(h.timers[0]!.cleared, true);
      h.backfill.painted();
      h.timers[0]!.fire();
      h.drain();
      assert.deepEqual(h.posted, []);
      assert.equal(h.taken(), 0);
    });
  });
});
