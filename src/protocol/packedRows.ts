// Many report rows in a few typed arrays, as the log viewer's lines cross (packedItems.ts): VS Code
// hands ArrayBuffers to a webview as they are, where 500,000 small arrays of cells were cloned one
// by one on every hop. Shared by both sides: no DOM, no Node.
/** A cell as the table shows it (the reader turns anything else into its JSON text); the messages (reportTable.ts) say it in these. */
export type ReportRowCell = string | number | boolean | null;

/** A cell's kind in `kinds`. */
export const CellKind = { Null: 0, Text: 1, Number: 2, True: 3, False: 4 } as const;

/**
 * `count` rows; row i's cells are `kinds[ends[i-1] .. ends[i])` (ends[-1] = 0). Text cells, in
 * order, are the UTF-16 lengths `textLengths` of `text` once decoded as UTF-8; number cells, in
 * order, are `numbers`.
 */
export interface PackedRows {
  packed: true;
  count: number;
  ends: Uint32Array;
  kinds: Uint8Array;
  textLengths: Uint32Array;
  numbers: Float64Array;
  text: Uint8Array;
}

const encoder = new TextEncoder();
// A leading U+FEFF is the cell's own character, not a byte order mark to drop.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function packRows(rows: readonly (readonly ReportRowCell[])[]): PackedRows {
  const count = rows.length;
  let cells = 0;
  let texts = 0;
  let numberCount = 0;
  for (const row of rows) {
    cells += row.length;
    for (const cell of row) {
      if (typeof cell === 'string') texts++;
      else if (typeof cell === 'number') numberCount++;
    }
  }
  const ends = new Uint32Array(count);
  const kinds = new Uint8Array(cells);
  const textLengths = new Uint32Array(texts);
  const numbers = new Float64Array(numberCount);
  const parts = new Array<string>(texts);
  let c = 0;
  let t = 0;
  let n = 0;
  for (let r = 0; r < count; r++) {
    for (const cell of rows[r]!) {
      if (typeof cell === 'string') {
        kinds[c] = CellKind.Text;
        textLengths[t] = cell.length;
        parts[t++] = cell;
      } else if (typeof cell === 'number') {
        kinds[c] = CellKind.Number;
        numbers[n++] = cell;
      } else kinds[c] = cell === null ? CellKind.Null : cell ? CellKind.True : CellKind.False;
      c++;
    }
    ends[r] = c;
  }
  return { packed: true, count, ends, kinds, textLengths, numbers, text: encoder.encode(parts.join('')) };
}

/**
 * The rows back, as arrays of cells. A text cell holding a lone surrogate comes back as U+FFFD (UTF-8
 * cannot carry it); every other cell as it was packed. A list whose parts do not agree is refused.
 */
export function unpackRows(packed: PackedRows): ReportRowCell[][] {
  const { count, ends, kinds, textLengths, numbers } = packed;
  const text = decoder.decode(packed.text);
  if (ends.length !== count || (count > 0 && ends[count - 1] !== kinds.length)) throw new Error('packed rows: the row ends do not match the cells');
  const rows = new Array<ReportRowCell[]>(count);
  let c = 0;
  let t = 0;
  let n = 0;
  let at = 0;
  for (let r = 0; r < count; r++) {
    const end = ends[r]!;
    if (end < c) throw new Error('packed rows: the row ends go backwards');
    const row = new Array<ReportRowCell>(end - c);
    for (let j = 0; c < end; c++, j++) {
      switch (kinds[c]) {
        case CellKind.Text: {
          const length = textLengths[t++]!;
          row[j] = text.substring(at, at + length);
          at += length;
          break;
        }
        case CellKind.Number:
          row[j] = numbers[n++]!;
          break;
        case CellKind.True:
          row[j] = true;
          break;
        case CellKind.False:
          row[j] = false;
          break;
        default:
          row[j] = null;
      }
    }
    rows[r] = row;
  }
  if (t !== textLengths.length || n !== numbers.length || at !== text.length) throw new Error('packed rows: the texts or numbers do not match the cells');
  return rows;
}
