// The held log list in a few typed arrays and one byte arena, far smaller than a line as objects (a
// BigInt time, the time's text, the message, a pod name): a line takes its UTF-8 text (the time's
// text only when it is not the time formatted back, as it almost always is) and 28 bytes of columns. Lines come out as LogItem
// objects when asked for (a merge compares the few at one instant; an export makes them all), or
// packed for a page straight from the bytes (`packed`: a reset). No VS Code import.
import type { LogItem } from '../../../protocol/logItems';
import { formatNanosUtc, isNanosUtc, writeNanosUtc } from '../../../protocol/logTime';
import { PACKED_DROPPED, PACKED_GAP, type PackedItems } from '../../../protocol/packedItems';
import { ARENA_GROWTH, accountedBytes } from './memoryCost';

/** Pod column of a marker: a gap, or the count of dropped lines (the codes a packed list uses). */
const GAP = PACKED_GAP;
const DROPPED = PACKED_DROPPED;
/** Time-text column of a line whose time text is its time formatted back (not stored). */
const CANONICAL = 0xffff_ffff;
const MIN_ROWS = 1024;
const MIN_ARENA = 1 << 20;
/** The arena's bound: text offsets are 32-bit. */
const MAX_ARENA = 0xffff_ffff;

/** The held list as a reader sees it: items by index, oldest first. */
export interface HeldView {
  readonly length: number;
  at(index: number): LogItem;
  /** Items [from, to) as objects (a copy: changing them changes nothing held). */
  slice(from?: number, to?: number): LogItem[];
  /**
   * Items [from, to) packed as a page receives them (`packItems` of their wire tuples), made from
   * the held bytes without an object per line; `podIndex` gives a pod name's index in the page's table.
   */
  packed(from: number, to: number, podIndex: (pod: string) => number): PackedItems;
}

/** UTF-16 code units of valid UTF-8 bytes [start, end): one per character, two for a 4-byte one. */
function utf16Units(bytes: Uint8Array, start: number, end: number): number {
  let units = 0;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}

/** Columns of rows [head, end) and the bytes they point into. */
class Columns implements HeldView {
  constructor(
    protected times: BigInt64Array,
    /** Index in `pods`, or GAP / DROPPED. */
    protected codes: Int32Array,
    /** Where the row's text starts in the arena. */
    protected starts: Uint32Array,
    /** Bytes of the time's text at the start of the row's text, or CANONICAL. */
    protected timeBytes: Uint32Array,
    /** Bytes of the row's text (time text and message; a marker's text). */
    protected textBytes: Uint32Array,
    /** Its UTF-16 code units (what a packed list's bounds count). */
    protected textUnits: Uint32Array,
    protected arena: Buffer,
    protected pods: string[],
    protected head: number,
    protected end: number,
  ) {}

  get length(): number {
    return this.end - this.head;
  }

  /** The time of item `index` (what the merge searches by), without making the item. */
  timeAt(index: number): bigint {
    return this.times[this.head + index]!;
  }

  /** What item `index` counts for against the memory budget (accountedBytes). */
  accountedAt(index: number): number {
    const row = this.head + index;
    return accountedBytes(this.textBytes[row]!, this.textUnits[row]!);
  }

  isLine(index: number): boolean {
    return this.codes[this.head + index]! >= 0;
  }

  at(index: number): LogItem {
    const row = this.head + index;
    const time = this.times[row]!;
    const code = this.codes[row]!;
    const start = this.starts[row]!;
    const end = start + this.textBytes[row]!;
    if (code < 0) return { kind: 'marker', time, reason: code === GAP ? 'gap' : 'dropped', text: this.arena.toString('utf8', start, end) };
    const stored = this.timeBytes[row]!;
    if (stored === CANONICAL)
      return { kind: 'line', time, timeText: formatNanosUtc(time), pod: this.pods[code]!, message: this.arena.toString('utf8', start, end) };
    return {
      kind: 'line',
      time,
      timeText: this.arena.toString('utf8', start, start + stored),
      pod: this.pods[code]!,
      message: this.arena.toString('utf8', start + stored, end),
    };
  }

  packed(from: number, to: number, podIndex: (pod: string) => number): PackedItems {
    const count = Math.max(0, to - from);
    let bytes = 0;
    for (let row = this.head + from; row < this.head + to; row++) bytes += this.textBytes[row]! + (this.timeBytes[row] === CANONICAL ? 30 : 0);
    const text = new Uint8Array(bytes);
    const bounds = new Uint32Array(2 * count + 1);
    const pods = new Int32Array(count);
    const pageIndex = new Map<number, number>();
    // A Uint8Array's subarray is made faster than a Buffer's.
    const arena = new Uint8Array(this.arena.buffer, this.arena.byteOffset, this.arena.length);
    let at = 0;
    let units = 0;
    for (let i = 0; i < count; i++) {
      const row = this.head + from + i;
      const code = this.codes[row]!;
      const start = this.starts[row]!;
      const end = start + this.textBytes[row]!;
      const stored = this.timeBytes[row]!;
      bounds[2 * i] = units;
      if (stored === CANONICAL) {
        writeNanosUtc(this.times[row]!, text, at);
        at += 30;
        units += 30;
        bounds[2 * i + 1] = units;
        units += this.textUnits[row]!;
      } else {
        // The time as sent, then the message: the stored text's units split where the time ends.
        const timeUnits = utf16Units(arena, start, start + stored);
        bounds[2 * i + 1] = units + timeUnits;
        units += this.textUnits[row]!;
      }
      text.set(arena.subarray(start, end), at);
      at += end - start;
      if (code < 0) {
        pods[i] = code;
        continue;
      }
      let index = pageIndex.get(code);
      if (index === undefined) {
        index = podIndex(this.pods[code]!);
        pageIndex.set(code, index);
      }
      pods[i] = index;
    }
    bounds[2 * count] = units;
    return { packed: true, count, text, bounds, pods };
  }

  slice(from = 0, to = this.length): LogItem[] {
    const start = Math.max(0, from < 0 ? this.length + from : from);
    const stop = Math.min(this.length, to < 0 ? this.length + to : to);
    const out: LogItem[] = [];
    for (let i = start; i < stop; i++) out.push(this.at(i));
    return out;
  }
}

export class HeldLines extends Columns {
  /** Bytes of the arena still pointed to (the rest belonged to dropped items). */
  private liveBytes = 0;
  /** What the rows held count for against the memory budget (accountedBytes of each). */
  private accounted = 0;
  private arenaEnd = 0;
  private podIndex = new Map<string, number>();

  /** `maxBytes`: the arena's bound (4 GB less a byte: text offsets are 32-bit; tests set less). */
  constructor(private readonly maxBytes = MAX_ARENA) {
    super(
      new BigInt64Array(MIN_ROWS),
      new Int32Array(MIN_ROWS),
      new Uint32Array(MIN_ROWS),
      new Uint32Array(MIN_ROWS),
      new Uint32Array(MIN_ROWS),
      new Uint32Array(MIN_ROWS),
      Buffer.allocUnsafeSlow(MIN_ARENA),
      [],
      0,
      0,
    );
  }

  /** What the columns and the arena take (the memory a held list costs, besides the pod names). */
  get byteSize(): number {
    return this.times.length * 28 + this.arena.length;
  }

  /** Bytes of text held for the items (a line's time text only when not its time formatted back). */
  get textBytesHeld(): number {
    return this.liveBytes;
  }

  /** What the held rows count for against platformConsole.logs.maxMemoryMB (accountedBytes, summed). */
  get accountedBytes(): number {
    return this.accounted;
  }

  /** Pod names in the table (names no held line uses leave it when the arena is compacted). */
  get podCount(): number {
    return this.pods.length;
  }

  /** A copy of what is held now, unchanged by later changes (a reset's chunks are taken from it). */
  frozen(): HeldView {
    const { head, end } = this;
    return new Columns(
      this.times.slice(head, end),
      this.codes.slice(head, end),
      this.starts.slice(head, end),
      this.timeBytes.slice(head, end),
      this.textBytes.slice(head, end),
      this.textUnits.slice(head, end),
      // Bytes past arenaEnd are written later, never those before it (a compaction writes a new arena).
      this.arena,
      this.pods,
      0,
      end - head,
    );
  }

  push(items: readonly LogItem[], rowOf?: Uint32Array): void {
    this.insert(this.length, items, rowOf);
  }

  /**
   * Inserts items before item `index` (index 0: at the front; length: at the end). Room for their
   * text is made first, once: a compaction never meets a half-written row, and a list whose text
   * would pass 4 GB is refused (a RangeError) before anything changes. `rowOf`: where each item
   * goes among them (item k at `index + rowOf[k]`) when they are not given in that order; they are
   * read and their text written in the order given (logTail.ts writes a read in the order parsed).
   */
  insert(index: number, items: readonly LogItem[], rowOf?: Uint32Array): void {
    const count = items.length;
    if (count === 0) return;
    // UTF-8 takes at most 3 bytes a UTF-16 unit: when that fits, nothing to make. Otherwise counted
    // exactly: a larger arena than needed is memory outside the heap that makes V8 collect sooner.
    // A line's time text is written only when it is not its time formatted back (1 here).
    const canonical = new Uint8Array(count);
    let units = 0;
    for (let k = 0; k < count; k++) {
      const item = items[k]!;
      if (item.kind === 'marker') units += item.text.length;
      else if (isNanosUtc(item.timeText, item.time)) {
        canonical[k] = 1;
        units += item.message.length;
      } else units += item.timeText.length + item.message.length;
    }
    if (this.arenaEnd + 3 * units > this.arena.length) {
      let bytes = 0;
      for (let k = 0; k < count; k++) {
        const item = items[k]!;
        bytes +=
          item.kind === 'marker' ? Buffer.byteLength(item.text) : Buffer.byteLength(item.message) + (canonical[k] ? 0 : Buffer.byteLength(item.timeText));
      }
      this.reserveBytes(bytes);
    }
    let row: number;
    if (index === 0 && this.head >= count) {
      // At the front, in the room dropped items left.
      this.head -= count;
      row = this.head;
    } else {
      this.reserveRows(count);
      row = this.head + index;
      if (row < this.end) this.moveRows(row, row + count, this.end - row);
      this.end += count;
    }
    for (let k = 0; k < count; k++) this.write(row + (rowOf ? rowOf[k]! : k), items[k]!, canonical[k] === 1);
  }

  /** Drops the first `count` items. */
  dropFront(count: number): void {
    const n = Math.min(count, this.length);
    for (let row = this.head; row < this.head + n; row++) {
      this.liveBytes -= this.textBytes[row]!;
      this.accounted -= accountedBytes(this.textBytes[row]!, this.textUnits[row]!);
    }
    this.head += n;
    if (this.head === this.end) {
      this.head = 0;
      this.end = 0;
    }
  }

  /** `canonical`: a line's time text is its time formatted back (insert() checked), not written. */
  private write(row: number, item: LogItem, canonical: boolean): void {
    this.times[row] = item.time;
    if (item.kind === 'marker') {
      this.writeText(row, item.text);
      this.codes[row] = item.reason === 'gap' ? GAP : DROPPED;
      this.timeBytes[row] = 0;
      return;
    }
    this.writeText(row, canonical ? item.message : item.timeText + item.message);
    this.timeBytes[row] = canonical ? CANONICAL : Buffer.byteLength(item.timeText);
    this.codes[row] = this.podCode(item.pod);
  }

  /** Writes a row's text at the arena's end (insert made room for it). */
  private writeText(row: number, text: string): void {
    const written = this.arena.write(text, this.arenaEnd, 'utf8');
    this.starts[row] = this.arenaEnd;
    this.textBytes[row] = written;
    // A lone surrogate is written as U+FFFD: one unit either way.
    this.textUnits[row] = text.length;
    this.arenaEnd += written;
    this.liveBytes += written;
    this.accounted += accountedBytes(written, text.length);
  }

  private podCode(pod: string): number {
    let code = this.podIndex.get(pod);
    if (code === undefined) {
      code = this.pods.length;
      this.pods.push(pod);
      this.podIndex.set(pod, code);
    }
    return code;
  }

  /** Room for `count` more rows after `end`: moved to the start, or grown. */
  private reserveRows(count: number): void {
    if (this.end + count <= this.times.length) return;
    const needed = this.length + count;
    // Moved back when dropped rows left a quarter free (a million moved each 250,000 appended at
    // most), grown otherwise.
    if (needed <= this.times.length && this.head >= this.times.length / 4) {
      this.moveRows(this.head, 0, this.length);
      this.end -= this.head;
      this.head = 0;
      return;
    }
    const size = Math.max(MIN_ROWS, Math.ceil(needed * 1.5));
    const grow = <T extends BigInt64Array | Int32Array | Uint32Array>(from: T, make: (n: number) => T): T => {
      const to = make(size);
      to.set(from.subarray(this.head, this.end) as never);
      return to;
    };
    this.times = grow(this.times, (n) => new BigInt64Array(n));
    this.codes = grow(this.codes, (n) => new Int32Array(n));
    this.starts = grow(this.starts, (n) => new Uint32Array(n));
    this.timeBytes = grow(this.timeBytes, (n) => new Uint32Array(n));
    this.textBytes = grow(this.textBytes, (n) => new Uint32Array(n));
    this.textUnits = grow(this.textUnits, (n) => new Uint32Array(n));
    this.end -= this.head;
    this.head = 0;
  }

  private moveRows(from: number, to: number, count: number): void {
    for (const column of [this.times, this.codes, this.starts, this.timeBytes, this.textBytes, this.textUnits]) column.copyWithin(to, from, from + count);
  }

  /**
   * Room for `bytes` more at the arena's end: a new arena a quarter larger than the live rows' text
   * (or just large enough for what comes in), holding only that text, in row order, with only the
   * pods the rows name (runs of rows lying end to end copied at once). Streaming through, it settles
   * at 1.25 times its text, what the memory budget counts (accountedBytes). Always a new Buffer: a
   * frozen view may still read the old one.
   */
  private reserveBytes(bytes: number): void {
    if (this.arenaEnd + bytes <= this.arena.length) return;
    const held = this.liveBytes;
    if (held + bytes > this.maxBytes) {
      throw new RangeError(
        `The held log lines' text would take ${Math.ceil((held + bytes) / 2 ** 20)} MB, more than the ${Math.floor(this.maxBytes / 2 ** 20)} MB a panel holds: lower platformConsole.logs.maxMemoryMB and open the panel again.`,
      );
    }
    // The slack takes the text coming in (just room for it when it is more).
    const size = Math.min(this.maxBytes, Math.max(MIN_ARENA, Math.ceil(held * ARENA_GROWTH), held + bytes));
    const arena = Buffer.allocUnsafeSlow(size);
    if (held === this.arenaEnd) {
      // Nothing dead: the text as it lies.
      this.arena.copy(arena, 0, 0, this.arenaEnd);
      this.arena = arena;
      return;
    }
    const pods: string[] = [];
    const podIndex = new Map<string, number>();
    let at = 0;
    let runFrom = 0;
    let runTo = 0;
    let runAt = 0;
    for (let row = this.head; row < this.end; row++) {
      const start = this.starts[row]!;
      const length = this.textBytes[row]!;
      if (start !== runTo) {
        if (runTo > runFrom) this.arena.copy(arena, runAt, runFrom, runTo);
        runFrom = start;
        runAt = at;
      }
      runTo = start + length;
      this.starts[row] = at;
      at += length;
      const code = this.codes[row]!;
      if (code < 0) continue;
      const pod = this.pods[code]!;
      let kept = podIndex.get(pod);
      if (kept === undefined) {
        kept = pods.length;
        pods.push(pod);
        podIndex.set(pod, kept);
      }
      this.codes[row] = kept;
    }
    if (runTo > runFrom) this.arena.copy(arena, runAt, runFrom, runTo);
    this.arena = arena;
    this.arenaEnd = at;
    this.liveBytes = at;
    this.pods = pods;
    this.podIndex = podIndex;
  }
}
