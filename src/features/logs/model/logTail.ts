// Merges function-log polls into one ordered, bounded list without loss or duplicates.
//
// The API has no "since": every poll returns the newest `limit` entries, in no promised order.
// A line's identity is (Time, Pod, Message, occurrence): identical lines are counted, so a
// repeated line is neither dropped nor doubled. A full batch that starts after the newest held
// line may have skipped lines: the caller asks again with a larger limit, and if even the
// largest cannot reach back, a visible marker says where lines may be missing.
import { cutMessage, type LogItem, type LogLine, type LogMarker, type RawLogEntry } from '../../../protocol/logItems';
import { formatNanosUtc, parseTimeNanos } from '../../../protocol/logTime';
import { HeldLines, type HeldView } from './heldLines';
import { positions, timeOrder } from './timeOrder';

/**
 * One change to the held list, in the order they happened: applying a merge's `ops` to a copy of
 * the list before the merge gives the list after it (the webview keeps such a copy).
 */
export type LogOp = { op: 'insert'; index: number; items: LogItem[] } | { op: 'append'; items: LogItem[] } | { op: 'dropFront'; count: number };

/** Applies ops to a copy of a held list, in place (what the webview does with its own rows). */
export function applyLogOps<T>(list: T[], ops: readonly LogOp[], convert: (item: LogItem) => T): void {
  for (const op of ops) {
    if (op.op === 'append') for (const item of op.items) list.push(convert(item));
    else if (op.op === 'insert') insertAt(list, op.index, op.items.map(convert));
    else list.splice(0, op.count);
  }
}

/** splice(index, 0, ...items) without spreading a long array into arguments (the stack has a limit). */
export function insertAt<T>(list: T[], index: number, items: readonly T[]): void {
  if (items.length < 10_000) {
    list.splice(index, 0, ...items);
    return;
  }
  const after = list.splice(index);
  for (const item of items) list.push(item);
  for (const item of after) list.push(item);
}

export interface MergeResult {
  /** New lines, oldest first (a late line may be older than lines already held). */
  added: LogLine[];
  /** How the held list changed, in order (see LogOp). */
  ops: LogOp[];
  /** A gap marker inserted by this merge. */
  gapMarker?: LogMarker;
  /** How many of the oldest lines were dropped to stay within the bound. */
  dropped: number;
}

/** A time 64 bits cannot hold (after the year 2262) sorts as one that does not parse. */
const inInt64 = (time: bigint | undefined) => (time !== undefined && BigInt.asIntN(64, time) === time ? time : undefined);

/** Longest Time and Pod kept (an RFC 3339 time is 35 characters at most, a pod name 253). */
const TIME_CHARS_MAX = 64;
const POD_CHARS_MAX = 256;

/**
 * A line as held. Its texts are made well-formed (a lone surrogate becomes U+FFFD, as UTF-8 has
 * no other way to hold it): held lines are kept as UTF-8, and a line polled again must compare
 * equal to itself held. A message longer than LINE_CHARS_MAX is cut and marked (the same way each
 * time it is read, so it stays one line); Time and Pod are cut to what they can be.
 */
export function toLogLine(raw: RawLogEntry): LogLine {
  const timeText = (raw.Time ?? '').slice(0, TIME_CHARS_MAX).toWellFormed();
  const pod = (raw.Pod ?? '').slice(0, POD_CHARS_MAX).toWellFormed();
  return { kind: 'line', time: inInt64(parseTimeNanos(timeText)) ?? 0n, timeText, pod, message: cutMessage((raw.Message ?? '').toWellFormed()) };
}

/** A line's identity without its occurrence: Time as sent, Pod, Message. */
const identity = (l: LogLine) => `${l.timeText}\u0000${l.pod}\u0000${l.message}`;

export function compareTime(a: { time: bigint }, b: { time: bigint }): number {
  return a.time < b.time ? -1 : a.time > b.time ? 1 : 0;
}

export class LogTail {
  /** Held lines and markers, oldest first, in typed arrays (heldLines.ts). */
  private readonly held = new HeldLines();
  private lineCount = 0;
  private newest: bigint | undefined;
  private droppedTotal = 0;
  /**
   * Lines at or before this instant went out of the window (trim drops whole instants): a batch
   * that reaches back past the window brings them again, and they are neither added nor counted.
   */
  private horizon: bigint | undefined;

  constructor(
    readonly maxLines: number,
    /** What the "dropped" marker says the lines were dropped for. */
    private readonly limits: () => string = () => `to keep at most ${maxLines.toLocaleString('en-US')} lines`,
  ) {}

  get size(): number {
    return this.lineCount;
  }

  /** What the held items count for against the memory budget (heldLines.ts, accountedBytes). */
  get accountedBytes(): number {
    return this.held.accountedBytes;
  }

  /** The held items' times and what each counts for against the memory budget (logMemory.ts walks them, oldest first). */
  budgetView(): Pick<HeldLines, 'length' | 'timeAt' | 'accountedAt'> {
    return this.held;
  }

  /** The oldest lines dropped so far to stay within `maxLines`. */
  get droppedCount(): number {
    return this.droppedTotal;
  }

  get newestTime(): bigint | undefined {
    return this.newest;
  }

  /** The held items as objects, oldest first (a copy). */
  snapshot(): LogItem[] {
    return this.held.slice();
  }

  /** The held items as they are (read as they change). */
  view(): HeldView {
    return this.held;
  }

  /** The held items as they are now, unchanged by later merges. */
  frozen(): HeldView {
    return this.held.frozen();
  }

  /**
   * Would this batch leave a hole? True when the batch is full (it may not reach back far
   * enough) and does not reach before the newest held line: starting at the same instant is not
   * enough, since identical lines at that instant could not be told apart.
   */
  hasGap(batch: readonly LogLine[], limit: number): boolean {
    if (this.newest === undefined || batch.length < limit || batch.length === 0) return false;
    // A batch that fills the window alone: whatever it skipped would be dropped at once anyway.
    if (batch.length >= this.maxLines) return false;
    let oldest = batch[0]!.time;
    for (const line of batch) if (line.time < oldest) oldest = line.time;
    return oldest >= this.newest;
  }

  /** Index of the first held item at `time` or later. */
  private lowerBound(time: bigint): number {
    let lo = 0;
    let hi = this.held.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.held.timeAt(mid) < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Adds what the batch holds that is not held yet. With `gapConfirmed` (the largest limit did not
   * reach back), a marker records where lines may be missing.
   */
  merge(batch: readonly LogLine[], options: { limit: number; gapConfirmed?: boolean }): MergeResult {
    const horizon = this.horizon;
    const lines = horizon === undefined ? batch : batch.filter((l) => l.time > horizon);
    const order = timeOrder(lines);
    const sorted = (p: number) => lines[order[p]!]!;
    const gap = options.gapConfirmed === true && this.hasGap(lines, options.limit);
    const previousNewest = this.newest;
    const added: LogLine[] = [];

    // Lines up to the newest held instant may be known: compare them instant by instant, counting
    // identical lines; what a batch has more of than is held is new (a repeated line, a late pod).
    let i = 0;
    while (previousNewest !== undefined && i < order.length && sorted(i).time <= previousNewest) {
      const time = sorted(i).time;
      let j = i;
      while (j < order.length && sorted(j).time === time) j++;
      const held = new Map<string, number>();
      for (let k = this.lowerBound(time); k < this.held.length && this.held.timeAt(k) === time; k++) {
        const item = this.held.at(k);
        if (item.kind === 'line') held.set(identity(item), (held.get(identity(item)) ?? 0) + 1);
      }
      const seen = new Map<string, number>();
      for (let k = i; k < j; k++) {
        const key = identity(sorted(k));
        const nth = (seen.get(key) ?? 0) + 1;
        seen.set(key, nth);
        if (nth > (held.get(key) ?? 0)) added.push(sorted(k));
      }
      i = j;
    }
    const fresh = Array.from(order.subarray(i), (k) => lines[k]!);
    const ops: LogOp[] = [];

    let gapMarker: LogMarker | undefined;
    if (gap && previousNewest !== undefined && order.length > 0) {
      gapMarker = {
        kind: 'marker',
        time: previousNewest,
        reason: 'gap',
        text: `Lines may be missing between ${formatNanosUtc(previousNewest)} and ${formatNanosUtc(sorted(0).time)}: the log moved faster than it was read.`,
      };
      this.held.push([gapMarker]);
      ops.push({ op: 'append', items: [gapMarker] });
    }
    for (const line of added) {
      const index = this.upperBound(line.time);
      this.held.insert(index, [line]);
      // Lines of one instant land side by side: one op for the run.
      const last = ops[ops.length - 1];
      if (last?.op === 'insert' && last.index + last.items.length === index) last.items.push(line);
      else ops.push({ op: 'insert', index, items: [line] });
    }
    this.appendInReadOrder(lines, order, i);
    if (fresh.length) ops.push({ op: 'append', items: fresh });
    const all = added.length ? [...added, ...fresh] : fresh;
    this.lineCount += all.length;
    if (fresh.length) this.newest = fresh[fresh.length - 1]!.time;
    const dropped = this.trim(ops);
    return { added: all, ops, gapMarker, dropped };
  }

  /**
   * A page read back through the range (a source that pages, an edge app): lines older than every
   * held line go in at the front in one insert (a page is a thousand lines, a range a hundred
   * thousand: one at a time would move the whole list each time); any at or after the oldest held
   * instant are merged as a read is (the page's edge may repeat held lines).
   */
  mergeOlder(batch: readonly LogLine[]): MergeResult {
    let oldest: bigint | undefined;
    for (let k = 0; k < this.held.length; k++) {
      if (this.held.isLine(k)) {
        oldest = this.held.timeAt(k);
        break;
      }
    }
    const front = oldest === undefined ? batch : batch.filter((l) => l.time < oldest);
    const rest = oldest === undefined ? [] : batch.filter((l) => l.time >= oldest);
    const ops: LogOp[] = [];
    const sorted = Array.from(timeOrder(front), (k) => front[k]!);
    if (sorted.length > 0) {
      // After a "dropped" marker (none while paging back is offered, but kept first if there is one).
      const at = this.held.length > 0 && this.held.at(0).kind === 'marker' ? 1 : 0;
      this.held.insert(at, sorted);
      ops.push({ op: 'insert', index: at, items: sorted });
      this.lineCount += sorted.length;
      if (this.newest === undefined) this.newest = sorted[sorted.length - 1]!.time;
    }
    const merged = rest.length > 0 ? this.merge(rest, { limit: Number.MAX_SAFE_INTEGER }) : { added: [], ops: [], dropped: this.trim(ops) };
    return { added: [...sorted, ...merged.added], ops: [...ops, ...merged.ops], dropped: merged.dropped };
  }

  /** Appends the lines at positions `from` on of `order`, read in the order of `lines` (timeOrder.ts). */
  private appendInReadOrder(lines: readonly LogLine[], order: Uint32Array, from: number): void {
    const at = positions(order);
    const items: LogLine[] = [];
    const rowOf = new Uint32Array(order.length - from);
    for (let k = 0; k < lines.length; k++) {
      if (at[k]! < from) continue;
      rowOf[items.length] = at[k]! - from;
      items.push(lines[k]!);
    }
    this.held.push(items, rowOf);
  }

  /** Index after the last held item at `time` (a late line goes after its equals). */
  private upperBound(time: bigint): number {
    let lo = 0;
    let hi = this.held.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.held.timeAt(mid) <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Drops the oldest lines beyond the bound, leaving one marker that says how many went. */
  private trim(ops: LogOp[]): number {
    const excess = this.lineCount - this.maxLines;
    if (excess <= 0) return 0;
    return this.dropOldest(ops, (lines) => lines >= excess);
  }

  /**
   * Drops every held item at `time` or before (the memory budget found the oldest lines of all
   * panels up to there, logMemory.ts). Returns the ops (for the page) and the lines dropped.
   */
  dropThrough(time: bigint): { ops: LogOp[]; dropped: number } {
    const ops: LogOp[] = [];
    const held = this.held;
    if (this.lineCount === 0 || held.length === 0 || held.timeAt(0) > time) return { ops, dropped: 0 };
    const dropped = this.dropOldest(ops, (_lines, cut) => cut >= held.length || held.timeAt(cut) > time);
    return { ops, dropped };
  }

  /**
   * Drops held items from the front, whole instants (lines of one instant cannot be told apart from
   * their repeats later), until `enough(lines dropped, items cut)` says so, and leaves one marker at
   * the front that says how many went so far and why.
   */
  private dropOldest(ops: LogOp[], enough: (lines: number, cut: number) => boolean): number {
    let removed = 0;
    let cut = 0;
    const held = this.held;
    while (cut < held.length && !enough(removed, cut)) {
      if (held.isLine(cut)) removed++;
      cut++;
    }
    const last = cut > 0 ? held.timeAt(cut - 1) : undefined;
    while (last !== undefined && cut < held.length && held.timeAt(cut) === last) {
      if (held.isLine(cut)) removed++;
      cut++;
    }
    if (last !== undefined && (this.horizon === undefined || last > this.horizon)) this.horizon = last;
    held.dropFront(cut);
    // The previous "dropped" marker, if it survived at the front, is replaced.
    const front = held.length > 0 ? held.at(0) : undefined;
    if (front?.kind === 'marker' && front.reason === 'dropped') {
      held.dropFront(1);
      cut++;
    }
    this.lineCount -= removed;
    this.droppedTotal += removed;
    const marker: LogMarker = {
      kind: 'marker',
      time: held.length > 0 ? held.timeAt(0) : 0n,
      reason: 'dropped',
      text: `Older lines dropped: ${this.droppedTotal.toLocaleString('en-US')} so far, ${this.limits()}.`,
    };
    held.insert(0, [marker]);
    ops.push({ op: 'dropFront', count: cut }, { op: 'insert', index: 0, items: [marker] });
    return removed;
  }
}

/**
 * One poll as the follower does it: fetch the newest `limit` lines; while the batch leaves a gap,
 * ask again with twice the limit, up to `maxLimit`; then merge (with a marker if even that could
 * not reach back). Returns the merge and the limit finally used.
 */
export async function pollInto(
  tail: LogTail,
  fetch: (limit: number) => Promise<LogLine[]>,
  limit: number,
  maxLimit: number,
): Promise<MergeResult & { limit: number; fetches: number }> {
  // Asking for more than the window holds cannot close a gap: those lines would be dropped at once.
  const cap = Math.min(maxLimit, Math.max(limit, tail.maxLines));
  let current = Math.min(limit, cap);
  let fetches = 0;
  for (;;) {
    const batch = await fetch(current);
    fetches++;
    const gap = tail.hasGap(batch, current);
    if (gap && current < cap) {
      current = Math.min(cap, current * 2);
      continue;
    }
    return { ...tail.merge(batch, { limit: current, gapConfirmed: gap }), limit: current, fetches };
  }
}
