// A batch of report rows as it crosses to the Report table page: packed in typed arrays
// (protocol/packedRows.ts) and, past the first rows, deflated at level 1 off the thread
// (protocol/deflatedRows.ts): in a remote window the crossing's bytes were what held the table.
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { rowsBody, type DeflatedRows } from '../../../protocol/deflatedRows';
import { packRows, type PackedRows, type ReportRowCell } from '../../../protocol/packedRows';

/** Fewer rows cross as they are: the first rows are painted sooner without an inflate in the page. */
export const DEFLATE_FROM_ROWS = 2000;

const deflateAsync = promisify(deflate);

/** The rows packed, deflated when there are DEFLATE_FROM_ROWS or more; should zlib fail, packed only (more bytes, the same rows). */
export async function rowsForPage(rows: readonly (readonly ReportRowCell[])[]): Promise<PackedRows | DeflatedRows> {
  const packed = packRows(rows);
  if (rows.length < DEFLATE_FROM_ROWS) return packed;
  const { sizes, bytes } = rowsBody(packed);
  try {
    const body = await deflateAsync(bytes, { level: 1 });
    return { deflated: true, count: packed.count, sizes, body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  } catch {
    return packed;
  }
}
