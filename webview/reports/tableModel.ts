// The report table's rows as the page holds them, and what it shows of them: filtered (plain
// text, case-insensitive, across cells), sorted by one column (numbers as numbers), and the
// totals of the numeric columns over the shown rows. No DOM: unit-tested with node --test.
import { radixOrder } from '../../src/protocol/radixOrder';
import type { ReportRowCell, ReportTableSort } from '../../src/protocol/reportTable';
import { neutralizedCell } from '../../src/protocol/spreadsheetCells';

const NUMERIC_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A cell's number: a number, or text that is one ("12.50"); NaN otherwise. */
export function cellNumber(cell: ReportRowCell): number {
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return NaN;
  // Most text starts with a letter: no number does (a number may start with a digit, sign, dot or any \s space).
  const first = cell.charCodeAt(0);
  if (first > 0x39 && first < 0xa0) return NaN;
  return NUMERIC_TEXT.test(cell) ? Number(cell) : NaN;
}

/** A cell as text: what the table shows, what the filter searches and what a copy holds. */
export function cellText(cell: ReportRowCell): string {
  if (cell === null) return '';
  return typeof cell === 'string' ? cell : String(cell);
}

const isEmpty = (cell: ReportRowCell) => cell === null || cell === '';

/** Decimals a number is written with ("12.50" has 2), to show a total the same way. */
function decimalsOf(cell: ReportRowCell): number {
  if (Number.isInteger(cell)) return 0;
  const text = typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cell.trim() : '';
  if (/e/i.test(text)) return 0;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(6, text.length - dot - 1);
}

/** The id of an empty cell among a column's distinct texts. */
const EMPTY_ID = 0xffffffff;

export class TableModel {
  headers: string[] = [];
  readonly rows: ReportRowCell[][] = [];
  /** Each row's cells, lower-cased and joined: what the filter searches. */
  private haystack: string[] = [];
  private numbers: number[] = [];
  private others: number[] = [];
  private decimals: number[] = [];
  private filterText = '';
  private sortSpec: ReportTableSort | undefined;
  /** Rows arrived after the last sort: they are at the end until the next sort. */
  private sortStale = false;
  /** Row indices shown, in the order shown. */
  view: Uint32Array = new Uint32Array(0);
  private viewLength = 0;
  /** Changes whenever the shown rows do: what the totals were summed over. */
  private viewVersion = 0;
  /** Bumped when the shown rows change other than by rows appended at the end (a filter, a sort, a reset). */
  private rebuilds = 0;
  private totalsKept: { version: number; rebuilds: number; length: number; columns: boolean[]; totals: (number | undefined)[] } | undefined;

  get shownCount(): number {
    return this.viewLength;
  }

  get filter(): string {
    return this.filterText;
  }

  get sort(): ReportTableSort | undefined {
    return this.sortSpec;
  }

  /** Whether rows came in after the sort (it is applied again when loading ends). */
  get needsSort(): boolean {
    return this.sortStale;
  }

  /** The widest row's count, at least the headers'. */
  columnCount = 0;

  reset(headers: string[] = []): void {
    this.headers = headers;
    this.rows.length = 0;
    this.haystack = [];
    this.numbers = [];
    this.others = [];
    this.decimals = [];
    this.view = new Uint32Array(0);
    this.viewLength = 0;
    this.sortStale = false;
    this.ordered = undefined;
    this.valuesOf = [];
    this.textIdsOf = [];
    this.viewVersion++;
    this.rebuilds++;
    this.columnCount = headers.length;
  }

  /** A column's name: its header, or "Column 3" where the result has none. */
  header(column: number): string {
    return this.headers[column] || `Column ${column + 1}`;
  }

  /** A column whose cells (other than empty ones) are all numbers, at least one. */
  isNumeric(column: number): boolean {
    return (this.numbers[column] ?? 0) > 0 && (this.others[column] ?? 0) === 0;
  }

  append(batch: ReportRowCell[][]): void {
    const q = this.filterText.toLowerCase();
    for (const row of batch) {
      const index = this.rows.length;
      this.rows.push(row);
      if (row.length > this.columnCount) this.columnCount = row.length;
      const parts = new Array<string>(row.length);
      for (let c = 0; c < row.length; c++) {
        const cell = row[c]!;
        parts[c] = cellText(cell);
        if (isEmpty(cell)) continue;
        if (Number.isNaN(cellNumber(cell))) this.others[c] = (this.others[c] ?? 0) + 1;
        else {
          this.numbers[c] = (this.numbers[c] ?? 0) + 1;
          const d = decimalsOf(cell);
          if (d > (this.decimals[c] ?? 0)) this.decimals[c] = d;
        }
      }
      // Joined once into a flat string: filtering then scans each row's text in one call.
      const text = parts.join('\u0000').toLowerCase();
      this.haystack.push(text);
      if (!q || text.includes(q)) this.push(index);
    }
    if (this.sortSpec && batch.length > 0) this.sortStale = true;
    // Numeric columns' values kept as they come, so a sort or the totals start from them.
    for (let c = 0; c < this.columnCount; c++) {
      if (this.isNumeric(c)) this.values(c);
      else if (this.others[c]) this.valuesOf[c] = undefined;
    }
  }

  private push(index: number): void {
    if (this.viewLength === this.view.length) {
      const grown = new Uint32Array(Math.max(1024, this.view.length * 2));
      grown.set(this.view);
      this.view = grown;
    }
    this.view[this.viewLength++] = index;
    this.viewVersion++;
  }

  /** The row shown at `position`. */
  rowAt(position: number): ReportRowCell[] | undefined {
    return position < this.viewLength ? this.rows[this.view[position]!] : undefined;
  }

  /** Shows the rows whose text holds `text` (any case); narrowing a filter searches only what it showed. */
  setFilter(text: string): void {
    const q = text.toLowerCase();
    const previous = this.filterText.toLowerCase();
    this.filterText = text;
    if (previous && q.includes(previous) && !this.sortStale) {
      let n = 0;
      for (let i = 0; i < this.viewLength; i++) {
        const index = this.view[i]!;
        if (this.haystack[index]!.includes(q)) this.view[n++] = index;
      }
      this.viewLength = n;
      this.viewVersion++;
      this.rebuilds++;
      return;
    }
    this.rebuild();
  }

  /** Sorts by a column (asc, desc) or back to the report's order (undefined). */
  setSort(sort: ReportTableSort | undefined): void {
    this.sortSpec = sort;
    this.rebuild();
  }

  /** The next sort when a column's header is clicked: ascending, descending, the report's order. */
  nextSort(column: number): ReportTableSort | undefined {
    const s = this.sortSpec;
    if (!s || s.column !== column) return { column, direction: 'asc' };
    return s.direction === 'asc' ? { column, direction: 'desc' } : undefined;
  }

  /** All rows in the sort's order, then filtered. */
  private rebuild(): void {
    const order = this.sortSpec ? this.orderFor(this.sortSpec) : undefined;
    const q = this.filterText.toLowerCase();
    const total = this.rows.length;
    if (this.view.length < total) this.view = new Uint32Array(total);
    let n = 0;
    for (let i = 0; i < total; i++) {
      const index = order ? order[i]! : i;
      if (!q || this.haystack[index]!.includes(q)) this.view[n++] = index;
    }
    this.viewLength = n;
    this.viewVersion++;
    this.rebuilds++;
    this.sortStale = false;
  }

  /** The last sort's order, kept while no row arrives: a filter over sorted rows does not sort again. */
  private ordered: { column: number; direction: string; rows: number; order: Uint32Array } | undefined;

  private orderFor(sort: ReportTableSort): Uint32Array {
    const kept = this.ordered;
    if (kept && kept.column === sort.column && kept.direction === sort.direction && kept.rows === this.rows.length) return kept.order;
    const order = this.sortedOrder(sort);
    this.ordered = { ...sort, rows: this.rows.length, order };
    return order;
  }

  /** Every row's index in the column's order; ties (and empty cells, always last) keep the report's order. */
  private sortedOrder({ column, direction }: ReportTableSort): Uint32Array {
    const total = this.rows.length;
    const hi = new Uint32Array(total);
    const lo = new Uint32Array(total);
    const filled = new Uint8Array(total);
    if (this.isNumeric(column)) {
      const values = this.values(column);
      const bits = new Float64Array(1);
      const words = new Uint32Array(bits.buffer);
      for (let i = 0; i < total; i++) {
        const v = values[i]!;
        if (Number.isNaN(v)) continue;
        bits[0] = v === 0 ? 0 : v; // -0 and 0 are one value
        // IEEE 754 bits made an unsigned order: negatives inverted, positives above them.
        const negative = words[1]! >>> 31 === 1;
        hi[i] = negative ? ~words[1]! >>> 0 : (words[1]! | 0x80000000) >>> 0;
        lo[i] = negative ? ~words[0]! >>> 0 : words[0]!;
        filled[i] = 1;
      }
    } else {
      const { ids, distinct } = this.textIds(column);
      // Each distinct text ranked once by its lower-cased form (code-unit order: a collator is ten
      // times slower on 100,000 distinct values); texts equal but for case share a rank.
      const lower = distinct.map((t) => t.toLowerCase());
      const byLower = Array.from(distinct.keys()).sort((a, b) => (lower[a]! < lower[b]! ? -1 : lower[a]! > lower[b]! ? 1 : 0));
      const rankOf = new Uint32Array(distinct.length);
      let rank = -1;
      let previous: string | undefined;
      for (const d of byLower) {
        if (lower[d] !== previous) rank++;
        previous = lower[d];
        rankOf[d] = rank;
      }
      for (let i = 0; i < total; i++) {
        const id = ids[i]!;
        if (id === EMPTY_ID) continue;
        lo[i] = rankOf[id]!;
        filled[i] = 1;
      }
    }
    let n = 0;
    let order = new Uint32Array(total);
    for (let i = 0; i < total; i++) if (filled[i]) order[n++] = i;
    if (direction === 'desc') {
      for (let i = 0; i < total; i++) {
        hi[i] = ~hi[i]! >>> 0;
        lo[i] = ~lo[i]! >>> 0;
      }
    }
    order = radixOrder(order, n, lo, hi);
    // Empty cells after the rest, in either direction, in the report's order.
    for (let i = 0; i < total; i++) if (!filled[i]) order[n++] = i;
    return order;
  }

  /** A column's cells as numbers (NaN where not one), kept and extended as rows arrive: sorts and totals read them. */
  private valuesOf: ({ values: Float64Array; length: number } | undefined)[] = [];

  private values(column: number): Float64Array {
    const total = this.rows.length;
    let kept = this.valuesOf[column];
    if (!kept || kept.values.length < total) {
      const values = new Float64Array(Math.max(1024, total + (total >>> 1)));
      if (kept) values.set(kept.values.subarray(0, kept.length));
      kept = this.valuesOf[column] = { values, length: kept?.length ?? 0 };
    }
    for (let i = kept.length; i < total; i++) kept.values[i] = cellNumber(this.rows[i]![column] ?? null);
    kept.length = total;
    return kept.values;
  }

  /** A column's cells as ids of their distinct texts (EMPTY_ID for an empty cell), kept and extended as rows arrive. */
  private textIdsOf: ({ ids: Uint32Array; length: number; distinct: string[]; idOf: Map<string, number> } | undefined)[] = [];

  private textIds(column: number): { ids: Uint32Array; distinct: string[] } {
    const total = this.rows.length;
    let kept = this.textIdsOf[column];
    if (!kept || kept.ids.length < total) {
      const ids = new Uint32Array(Math.max(1024, total + (total >>> 1)));
      if (kept) ids.set(kept.ids.subarray(0, kept.length));
      kept = this.textIdsOf[column] = { ids, length: kept?.length ?? 0, distinct: kept?.distinct ?? [], idOf: kept?.idOf ?? new Map<string, number>() };
    }
    const { ids, distinct, idOf } = kept;
    for (let i = kept.length; i < total; i++) {
      const text = cellText(this.rows[i]![column] ?? null);
      if (text === '') {
        ids[i] = EMPTY_ID;
        continue;
      }
      let id = idOf.get(text);
      if (id === undefined) {
        id = distinct.length;
        distinct.push(text);
        idOf.set(text, id);
      }
      ids[i] = id;
    }
    kept.length = total;
    return kept;
  }

  /** A numeric column worth a total: not an id (client_id, id), whose sum means nothing. */
  isTotalled(column: number): boolean {
    return this.isNumeric(column) && !/(^|[_\s])id$/i.test(this.header(column));
  }

  /**
   * The totalled columns' sums over the shown rows (undefined for the other columns). Rows appended
   * since the last call are added to the kept sums: a batch arriving costs its own rows, not all of them.
   */
  totals(): (number | undefined)[] {
    const kept = this.totalsKept;
    const columns = Array.from({ length: this.columnCount }, (_, c) => this.isTotalled(c));
    const sameColumns = kept !== undefined && kept.columns.length === columns.length && kept.columns.every((t, c) => t === columns[c]);
    if (kept && sameColumns && kept.version === this.viewVersion && kept.length === this.viewLength) return kept.totals;
    const resume = kept && sameColumns && kept.rebuilds === this.rebuilds && kept.length <= this.viewLength;
    const from = resume ? kept.length : 0;
    const out = columns.map((totalled, c) => {
      if (!totalled) return undefined;
      const values = this.values(c);
      let sum = resume ? kept.totals[c]! : 0;
      for (let i = from; i < this.viewLength; i++) {
        const v = values[this.view[i]!]!;
        if (v === v) sum += v; // not NaN
      }
      return sum;
    });
    this.totalsKept = { version: this.viewVersion, rebuilds: this.rebuilds, length: this.viewLength, columns, totals: out };
    return out;
  }

  /** A total written with the column's decimals ("1,234.50"). */
  totalText(column: number, total: number): string {
    return this.numberFormat(column).format(total);
  }

  /** A cell as the table shows it: in a numeric column, the number with separators and the column's decimals ("4,989.20" beside "4,374.00"). */
  cellDisplay(column: number, cell: ReportRowCell): string {
    if (this.isNumeric(column)) {
      const v = cellNumber(cell);
      if (!Number.isNaN(v)) return this.numberFormat(column).format(v);
    }
    if (cell === null) return '';
    if (typeof cell === 'number') return cell.toLocaleString('en-US', { maximumFractionDigits: 20 });
    return typeof cell === 'boolean' ? String(cell) : cell;
  }

  /** One formatter per number of decimals (making one per cell costs more than the formatting). */
  private formats = new Map<number, Intl.NumberFormat>();

  private numberFormat(column: number): Intl.NumberFormat {
    const d = this.decimals[column] ?? 0;
    let format = this.formats.get(d);
    if (!format) this.formats.set(d, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })));
    return format;
  }

  /** The shown rows from `from` to `to` (inclusive) as tab-separated text, headed by the column names. */
  copyText(from: number, to: number): string {
    // Formula-like cells are neutralised before tabs and line breaks become spaces (a leading tab counts).
    const clean = (text: string) => neutralizedCell(text).replace(/[\t\r\n]+/g, ' ');
    const lines = [Array.from({ length: this.columnCount }, (_, c) => clean(this.header(c))).join('\t')];
    for (let p = Math.max(0, from); p <= Math.min(to, this.viewLength - 1); p++) {
      const row = this.rowAt(p)!;
      lines.push(Array.from({ length: this.columnCount }, (_, c) => clean(cellText(row[c] ?? null))).join('\t'));
    }
    return `${lines.join('\n')}\n`;
  }
}
