// A saved CSV's cells that a spreadsheet would run as formulas, counted while the bytes stream to
// the file (nothing held but one cell's start), so the notification can say so. The file keeps the
// platform's bytes: rewriting them would change what the platform served.
import { CsvFormulaScan } from '../../../protocol/spreadsheetCells';

/** The body unchanged, chunk by chunk; `done` gets the count once the last chunk has passed. */
export async function* countingFormulaCells(body: AsyncIterable<Uint8Array>, done: (count: number) => void): AsyncGenerator<Uint8Array> {
  const scan = new CsvFormulaScan();
  for await (const chunk of body) {
    scan.push(chunk);
    yield chunk;
  }
  done(scan.end());
}

/** The sentence the save's notification adds, or undefined when there are none. */
export function formulaCellsNote(count: number): string | undefined {
  if (count <= 0) return undefined;
  return `${count} ${count === 1 ? 'cell begins' : 'cells begin'} with =, +, - or @ and may run as formulas if opened in a spreadsheet.`;
}
