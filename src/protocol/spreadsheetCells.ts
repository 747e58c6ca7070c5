// Text a spreadsheet would run as a formula when pasted or opened: a cell starting with "=", "+",
// "-", "@", a tab or a CR that is not a number (OWASP, "CSV injection"). Copy Rows prefixes such a
// cell with "'" (the spreadsheet then shows it as text); a saved CSV keeps the platform's bytes and
// only counts them, while streaming, so the person is told.

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A number is never longer than this in a cell we judge; a longer cell is judged by its start. */
const HELD_MAX = 400;

/** True when a spreadsheet would read the cell as a formula (numbers such as -5 or +3.2 are not). */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !NUMBER.test(text);
}

/** The cell as Copy Rows writes it: a formula-like one behind a "'", the rest unchanged. */
export function neutralizedCell(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
/** Bytes a formula-like cell starts with (= + - @ tab CR), as a table: looked up once per cell. */
const STARTS = new Uint8Array(256);
for (const b of [0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]) STARTS[b] = 1;

/**
 * Counts the formula-like cells of a CSV (RFC 4180 quoting) fed in chunks split anywhere; holds
 * one cell's start at most. One tight loop over the bytes (a 200 MB save is scanned as it
 * streams), skipping to the closing quote once a quoted cell is decided.
 */
export class CsvFormulaScan {
  private count = 0;
  private inQuotes = false;
  /** A quote met inside quotes: an escaped quote if another follows, else the field's end. */
  private quotePending = false;
  private atCellStart = true;
  /** No character of the current cell seen yet. */
  private empty = true;
  /** The current cell's text, held only while it starts like a formula and may still be a number. */
  private held: number[] | undefined;
  private longRisky = false;

  push(chunk: Uint8Array): void {
    // State in locals for the loop (a property access per byte costs more than the scan itself).
    let { inQuotes, quotePending, atCellStart, empty } = this;
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      const b = chunk[i]!;
      if (inQuotes) {
        if (quotePending) {
          quotePending = false;
          if (b !== QUOTE) inQuotes = false;
          else {
            if (this.held) this.hold(b);
            continue;
          }
        } else if (b === QUOTE) {
          quotePending = true;
          continue;
        } else {
          if (empty) {
            empty = false;
            if (STARTS[b]) this.held = [];
          }
          if (this.held) this.hold(b);
          else {
            // The cell is decided: nothing in it matters until its closing quote.
            const next = chunk.indexOf(QUOTE, i + 1);
            i = (next < 0 ? n : next) - 1;
          }
          continue;
        }
      }
      if (b === COMMA || b === LF || b === CR) {
        if (this.held || this.longRisky) this.decide();
        empty = true;
        atCellStart = true;
        continue;
      }
      if (b === QUOTE && atCellStart) {
        inQuotes = true;
        atCellStart = false;
        continue;
      }
      atCellStart = false;
      if (empty) {
        empty = false;
        if (STARTS[b]) this.held = [];
      }
      if (this.held) {
        this.hold(b);
        continue;
      }
      // Decided: on to the cell's end (a quote inside an unquoted cell is text).
      let next = i + 1;
      while (next < n) {
        const c = chunk[next]!;
        if (c === COMMA || c === LF || c === CR) break;
        next++;
      }
      i = next - 1;
    }
    Object.assign(this, { inQuotes, quotePending, atCellStart, empty });
  }

  /** The count once the whole file has been pushed. */
  end(): number {
    if (this.held || this.longRisky) this.decide();
    Object.assign(this, { inQuotes: false, quotePending: false, atCellStart: true, empty: true });
    return this.count;
  }

  /** One more character of a cell that starts like a formula (a number is never longer than HELD_MAX). */
  private hold(b: number): void {
    if (this.held!.length < HELD_MAX) this.held!.push(b);
    else {
      this.longRisky = true;
      this.held = undefined;
    }
  }

  /** The end of a cell that started like a formula: counted unless it is a number. */
  private decide(): void {
    // Only ASCII bytes matter to the rule, and a UTF-8 multi-byte character has none.
    if (this.longRisky || !NUMBER.test(String.fromCharCode(...this.held!))) this.count++;
    this.held = undefined;
    this.longRisky = false;
  }
}
