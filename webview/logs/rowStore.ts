// The webview's copy of the held log: rows in the extension's order, kept equal to it by applying
// the ops each read produced, and the indices the filter shows, updated op by op (an append
// filters only the new rows). No DOM here: unit tests drive it like the page does.
import { podChips } from '../../src/protocol/logLineParts';
import {
  FILTER_BUDGET_MS,
  FilterTooSlow,
  compileFilter,
  filterIndices,
  levelOf,
  withoutText,
  type CompiledFilter,
  type FilterableItem,
  type LogFilterSpec,
} from '../../src/protocol/logFilter';
import type { LogsEvent } from '../../src/protocol/logs';
import { eachItem, type ItemList } from '../../src/protocol/packedItems';
import { filterRows } from './rowFilter';

export interface Row {
  /** Unique in this page: selection survives rows moving. */
  uid: number;
  /** Time exactly as the platform sent it ('' for a marker). */
  time: string;
  /** Index in the pod table; -1 for a marker. */
  pod: number;
  /** The message, or a marker's text. */
  message: string;
  /** 0 none, 1 WARN, 2 ERROR. */
  level: 0 | 1 | 2;
  marker?: 'gap' | 'dropped';
  /** `message` is `source.substring(at, …)`: the decoded chunk it came in, which the filter reads (logFilter.ts). */
  source: string;
  at: number;
}

type ResetEvent = Extract<LogsEvent, { type: 'reset' }>;
type OpsEvent = Extract<LogsEvent, { type: 'ops' }>;

export interface OpsOutcome {
  /** False when the message was not the next one expected: the page asks for a reset. */
  applied: boolean;
  /** Where the row that was at `anchor` is now (undefined if it was dropped or none was given). */
  anchor?: number;
  /** Shown lines this read added, wherever they landed (for the "N new lines" pill). */
  addedShown: number;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class RowStore {
  rows: Row[] = [];
  pods: string[] = [];
  /** The pods' short names (logLineParts.ts), made again when a pod is added. */
  private chips: string[] = [];
  generation = -1;
  seq = 0;
  /** Indices into `rows` of what the filter shows, ascending. */
  shown: number[] = [];
  private markers = 0;
  private nextUid = 1;
  private spec: LogFilterSpec;
  private compiled: CompiledFilter;

  constructor(
    spec: LogFilterSpec,
    /** How long a filter pass may run (logFilter.ts); tests set less. */
    private readonly budgetMs = FILTER_BUDGET_MS,
  ) {
    this.spec = spec;
    this.compiled = compileFilter(spec);
  }

  get filter(): LogFilterSpec {
    return this.spec;
  }

  /** The filter's complaint (an invalid, refused or stopped regular expression), if any. */
  get filterError(): string | undefined {
    return this.compiled.error;
  }

  /** Lines held (markers not counted). */
  get lineCount(): number {
    return this.rows.length - this.markers;
  }

  /** Lines shown (markers are always shown and not counted). */
  get shownLineCount(): number {
    return this.shown.length - this.markers;
  }

  /** Rows for the items of a reset or an op, tuples or packed. */
  private rowsOf(items: ItemList): Row[] {
    const rows: Row[] = [];
    eachItem(items, (time, pod, message, marker, source, at) => {
      if (marker) {
        this.markers++;
        rows.push({ uid: this.nextUid++, time: '', pod: -1, message, level: 0, marker, source, at });
        return;
      }
      const level = levelOf(message);
      rows.push({ uid: this.nextUid++, time, pod, message, level: level === 'error' ? 2 : level === 'warn' ? 1 : 0, source, at });
    });
    return rows;
  }

  /** The part of pod `pod`'s name a row shows. */
  podChip(pod: number): string {
    if (this.chips.length !== this.pods.length) this.chips = podChips(this.pods);
    return this.chips[pod] ?? '';
  }

  /** One object refilled for each row read: a million rows filtered make no million objects. */
  private readonly item: FilterableItem = { pod: undefined, message: '', source: '', at: 0 };
  private readonly read = (row: Row): FilterableItem => {
    const item = this.item;
    item.pod = row.pod < 0 ? undefined : (this.pods[row.pod] ?? '');
    item.message = row.message;
    item.source = row.source;
    item.at = row.at;
    return item;
  };

  reset(event: ResetEvent): void {
    this.generation = event.generation;
    this.seq = 0;
    this.pods = [...event.pods];
    this.chips = [];
    this.markers = 0;
    this.rows = this.rowsOf(event.items);
    this.refilter();
  }

  setFilter(spec: LogFilterSpec): void {
    this.spec = spec;
    this.compiled = compileFilter(spec);
    this.refilter();
  }

  private refilter(): void {
    this.shown = this.filtered(this.rows, 0);
  }

  /**
   * Indices the filter shows among `rows` from `start` on. A pass past the budget drops the text
   * part (the pods stay), says why, and shows every line again: the page must not stay frozen.
   */
  private filtered(rows: readonly Row[], start: number, into: number[] = []): number[] {
    try {
      if (this.compiled.testRanges) return filterRows(rows, this.pods, this.compiled, start, into, this.budgetMs);
      return filterIndices(rows, this.compiled, this.read, start, into, this.budgetMs);
    } catch (error) {
      if (!(error instanceof FilterTooSlow)) throw error;
      this.compiled = withoutText(this.spec, error.message);
      // Rows kept so far were filtered with the text part: all of them again, without it.
      if (rows === this.rows) return (this.shown = filterIndices(this.rows, this.compiled, this.read));
      return filterIndices(rows, this.compiled, this.read, start, into);
    }
  }

  /** Applies one read's changes; `anchor` is a row index to follow through them. */
  apply(event: OpsEvent, anchor?: number): OpsOutcome {
    if (event.generation !== this.generation || event.seq !== this.seq + 1) return { applied: false, addedShown: 0 };
    this.seq = event.seq;
    for (const pod of event.newPods) this.pods.push(pod);
    let tracked = anchor;
    let addedShown = 0;
    for (const op of event.ops) {
      if (op.op === 'append') {
        const start = this.rows.length;
        for (const row of this.rowsOf(op.items)) this.rows.push(row);
        const before = this.shown.length;
        const compiled = this.compiled;
        this.filtered(this.rows, start, this.shown);
        // A pass stopped here refiltered everything: count the new rows shown from the start.
        const from = compiled === this.compiled ? before : this.shownPosition(start);
        for (let k = from; k < this.shown.length; k++) if (this.rows[this.shown[k]!]!.pod >= 0) addedShown++;
      } else if (op.op === 'dropFront') {
        const count = Math.min(op.count, this.rows.length);
        for (let k = 0; k < count; k++) if (this.rows[k]!.pod < 0) this.markers--;
        this.rows.splice(0, count);
        const keep = lowerBound(this.shown, count);
        const next = new Array<number>(this.shown.length - keep);
        for (let k = keep; k < this.shown.length; k++) next[k - keep] = this.shown[k]! - count;
        this.shown = next;
        if (tracked !== undefined) tracked = tracked >= count ? tracked - count : undefined;
      } else {
        const rows = this.rowsOf(op.items);
        const at = Math.min(op.index, this.rows.length);
        if (rows.length < 10_000) this.rows.splice(at, 0, ...rows);
        else this.rows = [...this.rows.slice(0, at), ...rows, ...this.rows.slice(at)];
        const pos = lowerBound(this.shown, at);
        for (let k = pos; k < this.shown.length; k++) this.shown[k]! += rows.length;
        const compiled = this.compiled;
        const inserted = this.filtered(rows, 0);
        if (compiled !== this.compiled) {
          // Stopped: the rows held before were shown with the text part; all of them again.
          this.shown = filterIndices(this.rows, this.compiled, this.read);
        }
        const added = compiled === this.compiled ? inserted.map((i) => i + at) : [];
        for (const i of added) if (this.rows[i]!.pod >= 0) addedShown++;
        if (added.length) this.shown.splice(pos, 0, ...added);
        if (tracked !== undefined && at <= tracked) tracked += rows.length;
      }
    }
    return { applied: true, addedShown, ...(tracked !== undefined && { anchor: tracked }) };
  }

  /** Position in `shown` of the first shown row at or after row index `row`. */
  shownPosition(row: number): number {
    return lowerBound(this.shown, row);
  }
}
