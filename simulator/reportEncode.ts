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
 * limit the rows go on past the table (row numbers wrap) until the limit is reached. Each line is
 * encoded into the chunk as it is made: joining many non-ASCII strings first costs three times more.
 */
export function* chunked(
  table: ResultTable,
  head: string,
  line: (i: number, first: boolean) => string,
  tail: string,
  limit: EncodeLimit = {},
): Generator<Buffer, void, undefined> {
  let buffer = Buffer.allocUnsafe(3 * CHUNK_BYTES);
  let used = 0;
  let sent = 0;
  function* add(text: string): Generator<Buffer, void, undefined> {
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    if (used > 0 && used + text.length * 3 > buffer.length) yield* flush();
    if (text.length * 3 > buffer.length) {
      const whole = Buffer.from(text);
      sent += whole.length;
      yield whole;
      return;
    }
    used += buffer.write(text, used);
    if (used >= CHUNK_BYTES) yield* flush();
  }
  function* flush(): Generator<Buffer, void, undefined> {
    const chunk = buffer.subarray(0, used);
    sent += used;
    buffer = Buffer.allocUnsafe(3 * CHUNK_BYTES);
    used = 0;
    yield chunk;
  }
  const more = (i: number): boolean => (limit.bytes === undefined ? i < table.rowCount : sent + used < limit.bytes && table.rowCount > 0);
  yield* add(head);
  for (let i = 0; more(i); i++) yield* add(line(i % Math.max(1, table.rowCount), i === 0));
  yield* add(tail);
  if (used > 0) yield* flush();
}

export function csvChunks(table: ResultTable, limit?: EncodeLimit): Generator<Buffer, void, undefined> {
  return chunked(table, csvLine(table.headers), (i) => csvLine(table.row(i)), '', limit);
}

export function jsonChunks(table: ResultTable, limit?: EncodeLimit): Generator<Buffer, void, undefined> {
  const head = `{"headers":${JSON.stringify(table.headers)},"rows":[`;
  return chunked(table, head, (i, first) => `${first ? '' : ','}[${table.row(i).map(jsonCell).join(',')}]`, ']}', limit);
}
