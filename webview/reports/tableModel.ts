// The report table's rows as the page holds them, and what it shows of them: filtered (plain
// text, case-insensitive, across cells), sorted by one column (numbers as numbers), and the
// totals of the numeric columns over the shown rows. No DOM: unit-tested with node --test.
import type { ReportRowCell, ReportTableSort } from '../../src/protocol/reportTable';

const NUMERIC_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A cell's number: a number, or text that is one ("12.50"); NaN otherwise. */
export function cellNumber(cell: ReportRowCell): number {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string' && NUMERIC_TEXT.test(cell)) return Number(cell);
  return NaN;
}

/** A cell as text: what the table shows, what the filter searches and what a copy holds. */
export function cellText(cell: ReportRowCell): string {
  if (cell === null) return '';
  return typeof cell === 'string' ? cell : String(cell);
}

const isEmpty = (cell: ReportRowCell) => cell === null || cell === '';

/** Decimals a number is written with ("12.50" has 2), to show a total the same way. */
function decimalsOf(cell: ReportRowCell): number {
  const text = typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cell.trim() : '';
  if (/e/i.test(text)) return 0;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(6, text.length - dot - 1);
}

/** The first place in `sorted` holding `value` (NaN sorts last and is never looked for). */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

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
  }

  private push(index: number): void {
    if (this.viewLength === this.view.length) {
      const grown = new Uint32Array(Math.max(1024, this.view.length * 2));
      grown.set(this.view);
      this.view = grown;
    }
    this.view[this.viewLength++] = index;
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
    // Each row keyed by its value's rank among the distinct values; rank and index packed in one
    // float, so a typed-array sort without a comparator (native, several times faster) orders them.
    const ranks = new Float64Array(total);
    if (this.isNumeric(column)) {
      const values = new Float64Array(total);
      for (let i = 0; i < total; i++) values[i] = cellNumber(this.rows[i]![column] ?? null);
      const sorted = values.slice().sort();
      for (let i = 0; i < total; i++) {
        const v = values[i]!;
        ranks[i] = Number.isNaN(v) ? NaN : lowerBound(sorted, v);
      }
    } else {
      // Each distinct text ranked once by its lower-cased form (code-unit order: a collator is ten
      // times slower on 100,000 distinct values); texts equal but for case share a rank.
      const rankOf = new Map<string, number>();
      for (let i = 0; i < total; i++) {
        const text = cellText(this.rows[i]![column] ?? null);
        if (text !== '') rankOf.set(text, 0);
      }
      const distinct = [...rankOf.keys()];
      const lower = distinct.map((t) => t.toLowerCase());
      const byLower = Array.from(distinct.keys()).sort((a, b) => (lower[a]! < lower[b]! ? -1 : lower[a]! > lower[b]! ? 1 : 0));
      let rank = -1;
      let previous: string | undefined;
      for (const d of byLower) {
        if (lower[d] !== previous) rank++;
        previous = lower[d];
        rankOf.set(distinct[d]!, rank);
      }
      for (let i = 0; i < total; i++) {
        const text = cellText(this.rows[i]![column] ?? null);
        ranks[i] = text === '' ? NaN : rankOf.get(text)!;
      }
    }
    const span = total + 1;
    const packed = new Float64Array(total);
    for (let i = 0; i < total; i++) {
      const r = ranks[i]!;
      // Empty cells after every rank, in either direction.
      const key = Number.isNaN(r) ? span : direction === 'asc' ? r : total - r;
      packed[i] = key * span + i;
    }
    packed.sort();
    const order = new Uint32Array(total);
    for (let i = 0; i < total; i++) order[i] = packed[i]! % span;
    return order;
  }

  /** A numeric column worth a total: not an id (client_id, id), whose sum means nothing. */
  isTotalled(column: number): boolean {
    return this.isNumeric(column) && !/(^|[_\s])id$/i.test(this.header(column));
  }

  /** The totalled columns' sums over the shown rows (undefined for the other columns). */
  totals(): (number | undefined)[] {
    const out: (number | undefined)[] = [];
    for (let c = 0; c < this.columnCount; c++) {
      if (!this.isTotalled(c)) {
        out.push(undefined);
        continue;
      }
      let sum = 0;
      for (let i = 0; i < this.viewLength; i++) {
        const v = cellNumber(this.rows[this.view[i]!]![c] ?? null);
        if (!Number.isNaN(v)) sum += v;
      }
      out.push(sum);
    }
    return out;
  }

  /** A total written with the column's decimals ("1,234.50"). */
  totalText(column: number, total: number): string {
    const d = this.decimals[column] ?? 0;
    return total.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  }

  /** The shown rows from `from` to `to` (inclusive) as tab-separated text, headed by the column names. */
  copyText(from: number, to: number): string {
    const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
    const lines = [Array.from({ length: this.columnCount }, (_, c) => clean(this.header(c))).join('\t')];
    for (let p = Math.max(0, from); p <= Math.min(to, this.viewLength - 1); p++) {
      const row = this.rowAt(p)!;
      lines.push(Array.from({ length: this.columnCount }, (_, c) => clean(cellText(row[c] ?? null))).join('\t'));
    }
    return `${lines.join('\n')}\n`;
  }
}
