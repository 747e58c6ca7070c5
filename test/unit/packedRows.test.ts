// Report rows packed in typed arrays for the crossing to the Report table page (packedRows.ts):
// every cell comes back as it was (kind, text, number), in order, and a packing whose parts
// disagree is refused rather than read askew.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { packRows, unpackRows } from '../../src/protocol/packedRows';
import type { ReportRowCell } from '../../src/protocol/reportTable';

const cell = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.double({ noNaN: true }), fc.integer(), fc.boolean(), fc.constant(null));

describe('packed report rows', () => {
  it('give back every row and cell as packed, rows of any width', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 40 }), (rows: ReportRowCell[][]) => {
        const packed = packRows(rows);
        assert.equal(packed.count, rows.length);
        assert.deepEqual(unpackRows(packed), rows);
        assert.deepEqual(unpackRows(structuredClone(packed)), rows, 'after the structured clone a webview message goes through');
      }),
      { numRuns: 300 },
    );
  });

  it('keep -0, large numbers and text that looks like a number or a byte order mark', () => {
    const rows: ReportRowCell[][] = [[-0, 1e308, 0.1 + 0.2, '\uFEFFx', '12.50', ''], [], [null, true, false, 'é漢😀']];
    const back = unpackRows(packRows(rows));
    assert.deepEqual(back, rows);
    assert.ok(Object.is(back[0]![0], -0));
  });

  it('turn a lone surrogate into U+FFFD, and shift no cell after it', () => {
    assert.deepEqual(unpackRows(packRows([['a\uD800b', 'next'], ['after']])), [['a\uFFFDb', 'next'], ['after']]);
  });

  it('are refused when their parts disagree', () => {
    const packed = packRows([
      ['a', 1],
      ['b', 2],
    ]);
    assert.throws(() => unpackRows({ ...packed, count: 3 }), /row ends/);
    assert.throws(() => unpackRows({ ...packed, ends: new Uint32Array([2, 1]) }), /row ends/);
    assert.throws(() => unpackRows({ ...packed, numbers: new Float64Array(1) }), /texts or numbers/);
    assert.throws(() => unpackRows({ ...packed, textLengths: new Uint32Array([1, 5]) }), /texts or numbers/);
  });
});
