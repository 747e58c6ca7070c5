import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Backfill } from '../../src/features/logs/model/backfill';

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
  const backfill = new Backfill<string, string>(
    lazy(),
    (chunk) => posted.push(`chunk ${chunk}`),
    (read) => posted.push(`read ${read}`),
    (step) => turns.push(step),
  );
  const turn = () => turns.shift()?.();
  return { backfill, posted, turn, turns, taken: () => taken };
}

describe('Backfill: a reset\'s older chunks one per turn, reads behind them', () => {
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
});
