// A result table written as CSV (RFC 4180) or JSON `{headers, rows}`, in chunks of about 64 KiB
// made as they are asked for: the memory it takes is one chunk, whatever the row count.
import type { ResultCell, ResultTable } from './reportData';

export const CHUNK_BYTES = 64 * 1024;

/** How much to send: the table's rows, or (the `huge` fault) rows past them until `bytes` are written. */
export interface EncodeLimit {
  bytes?: number;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(cell: ResultCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export const csvLine = (cells: readonly ResultCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

const jsonCell = (cell: ResultCell): string => (typeof cell === 'number' && !Number.isFinite(cell) ? 'null' : JSON.stringify(cell));

/**
 * `head`, then one `line(i)` per row, then `tail`, as Buffers of about CHUNK_BYTES. With a byte
 * limit the rows go on past the table (row numbers wrap) until the limit is reached.
 */
export function* chunked(
  table: ResultTable,
  head: string,
  line: (i: number, first: boolean) => string,
  tail: string,
  limit: EncodeLimit = {},
): Generator<Buffer, void, undefined> {
  let pending = head;
  let sent = 0;
  const more = (i: number): boolean => (limit.bytes === undefined ? i < table.rowCount : sent + pending.length < limit.bytes && table.rowCount > 0);
  for (let i = 0; more(i); i++) {
    pending += line(i % Math.max(1, table.rowCount), i === 0);
    if (pending.length >= CHUNK_BYTES) {
      const chunk = Buffer.from(pending);
      sent += chunk.length;
      pending = '';
      yield chunk;
    }
  }
  yield Buffer.from(pending + tail);
}

export function csvChunks(table: ResultTable, limit?: EncodeLimit): Generator<Buffer, void, undefined> {
  return chunked(table, csvLine(table.headers), (i) => csvLine(table.row(i)), '', limit);
}

export function jsonChunks(table: ResultTable, limit?: EncodeLimit): Generator<Buffer, void, undefined> {
  const head = `{"headers":${JSON.stringify(table.headers)},"rows":[`;
  return chunked(table, head, (i, first) => `${first ? '' : ','}[${table.row(i).map(jsonCell).join(',')}]`, ']}', limit);
}
