// When the report table's rows cross to the page (model/rowBatches.ts): the first at once, then
// by size (rows or cells), and by time only for a download slower than a batch a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BATCH_CELLS, BATCH_ROWS, RowBatches, SLOW_BATCH_MS } from '../../src/features/reports/model/rowBatches';

const rows = (n: number, cells = 8) => Array.from({ length: n }, (_, i) => Array.from({ length: cells }, (_, c) => (c === 0 ? i : 'x')));

describe('report table row batches', () => {
  it('sends the first rows at once, then waits for a batch of BATCH_ROWS', () => {
    let now = 0;
    const b = new RowBatches(() => now);
    assert.equal(b.add(rows(800)), true, 'the first rows: the first paint');
    assert.equal(b.take().length, 800);
    let sent = 0;
    for (let i = 0; i < 100; i++) {
      now += 5; // 800 rows every 5 ms: a fast download
      if (b.add(rows(800))) sent = b.take().length;
      if (sent) break;
    }
    assert.ok(sent >= BATCH_ROWS, `a batch of at least ${BATCH_ROWS} rows (${sent})`);
  });

  it('makes few large messages of a slower download: nothing is cut every 100 ms', () => {
    let now = 0;
    const b = new RowBatches(() => now);
    b.add(rows(800));
    b.take();
    const sizes: number[] = [];
    // 800 rows every 150 ms (about 0.4 MB/s), for 3 s.
    for (let t = 150; t <= 3000; t += 150) {
      now = t;
      if (b.add(rows(800))) sizes.push(b.take().length);
    }
    assert.ok(sizes.length <= Math.ceil(3000 / SLOW_BATCH_MS), `at most one message a second (${sizes.join(', ')})`);
    assert.ok(sizes.length >= 2, `a trickle still moves the page's count (${sizes.join(', ')})`);
  });

  it('cuts a wide result by its cells', () => {
    const b = new RowBatches(() => 0);
    b.add(rows(1));
    b.take();
    const wide = 200;
    assert.equal(b.add(rows(BATCH_CELLS / wide - 1, wide)), false);
    assert.equal(b.add(rows(1, wide)), true);
    assert.equal(b.take().length, BATCH_CELLS / wide);
    assert.equal(b.size, 0);
  });
});
