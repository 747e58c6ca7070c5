// Report rows as one deflated stream (protocol/deflatedRows.ts, model/rowsForPage.ts): the rows back
// whole once inflated, each part aligned for its view, and a large batch in a fraction of its bytes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { fromRowsBody, rowsBody } from '../../src/protocol/deflatedRows';
import { packRows, unpackRows, type ReportRowCell } from '../../src/protocol/packedRows';
import { DEFLATE_FROM_ROWS, rowsForPage } from '../../src/features/reports/model/rowsForPage';

const NAMES = ['Northwind Traders', 'Müller & Söhne KG', '東京データ株式会社', '=HYPERLINK("x")', ''];
const rows = (n: number): ReportRowCell[][] =>
  Array.from({ length: n }, (_, i) => [500 + (i % 40), NAMES[i % NAMES.length]!, i % 7 === 0 ? null : 12.5 + i, i % 3 === 0, 'EUR', -i / 3]);

describe('deflated report rows', () => {
  it('gives the rows back whole from the stream, from any byte offset', () => {
    const given = rows(1000);
    const { sizes, bytes } = rowsBody(packRows(given));
    assert.deepEqual(unpackRows(fromRowsBody(given.length, sizes, bytes)), given);
    // The stream inside a larger buffer at an odd offset (as an inflater may hand it): copied to align its numbers.
    const shifted = new Uint8Array(bytes.byteLength + 3);
    shifted.set(bytes, 3);
    assert.deepEqual(unpackRows(fromRowsBody(given.length, sizes, shifted.subarray(3))), given);
    assert.throws(() => fromRowsBody(given.length, sizes, bytes.subarray(1)), /bytes where the sizes say/);
  });

  it('sends the first rows packed, a large batch deflated in a fraction of its bytes', async () => {
    const first = await rowsForPage(rows(DEFLATE_FROM_ROWS - 1));
    assert.ok(!('deflated' in first), 'the first paint waits for no inflate');
    const given = rows(20_000);
    const batch = await rowsForPage(given);
    assert.ok('deflated' in batch);
    const packedBytes = rowsBody(packRows(given)).bytes.byteLength;
    assert.ok(batch.body.byteLength * 3 < packedBytes, `${batch.body.byteLength} bytes for ${packedBytes} packed`);
    assert.deepEqual(unpackRows(fromRowsBody(batch.count, batch.sizes, new Uint8Array(inflateSync(batch.body)))), given);
  });
});
