// Function logs produced lazily: every read first makes the lines "now" owes at the current
// rate, so there are no timers. Each function keeps a bounded record of everything it
// produced, so a test can check that a client lost and duplicated nothing.
import { LogRing, type CompactLine } from './logRing';
import { logMessage } from './logMessages';
import type { LogOrder } from './options';
import { createRng, deriveSeed, type Rng } from './rng';

export interface LogLine {
  Message: string;
  Pod: string;
  Time: string;
}

export interface FunctionRef {
  projectId: number;
  regionId: number;
  namespace: string;
  name: string;
}

interface Stream extends FunctionRef {
  pods: string[];
  rng: Rng;
  lines: LogRing;
  produced: number;
  /** Nanoseconds since the store's epoch of the newest line. */
  lastNs: number;
  generatedUpToMs: number;
  /** Fraction of a line owed from the last catch-up. */
  carry: number;
  /** Overrides the global rate for this function. */
  rate?: number;
  /** Messages of lines made from this line on (`from`, in `produced` order) have this length. */
  lengths: { from: number; length: number | undefined }[];
}

export interface LogRecord {
  produced: number;
  kept: number;
  dropped: number;
  /** Index (in `produced` order) of the first line returned. */
  from: number;
  logs: LogLine[];
}

const NS_PER_MS = 1_000_000;
/** Seconds of history a function has when it appears. */
const HISTORY_SECONDS = 60;
const SAME_TIME_CHANCE = 0.03;
const DUPLICATE_CHANCE = 0.01;

/** The message length in force for the line made `index`-th (the last change at or before it). */
function lengthAt(lengths: Stream['lengths'], index: number): number | undefined {
  let length: number | undefined;
  for (const change of lengths) if (change.from <= index) length = change.length;
  return length;
}

/** The message cut or padded to `length` characters with a payload made from the seed (the same each read). */
function sized(message: string, length: number | undefined, seed: number): string {
  if (length === undefined || length === message.length) return message;
  if (length < message.length) return message.slice(0, length);
  const unit = ` payload=${seed.toString(16).padStart(8, '0')}`;
  return (message + unit.repeat(Math.ceil((length - message.length) / unit.length))).slice(0, length);
}

function functionKey(ref: FunctionRef): string {
  return `${ref.projectId}/${ref.regionId}/${ref.namespace}/${ref.name}`;
}

export class FunctionLogStore {
  readonly #streams = new Map<string, Stream>();
  readonly #epochMs: number;

  constructor(
    private readonly seed: number,
    startMs: number,
    private readonly cap: number,
  ) {
    // A day before start: history lines fall after it and relative nanoseconds stay exact numbers.
    this.#epochMs = startMs - 86_400_000;
  }

  add(ref: FunctionRef, nowMs: number, rate: number): void {
    const key = functionKey(ref);
    if (this.#streams.has(key)) return;
    const rng = createRng(deriveSeed(this.seed, `logs:${key}`));
    const replicaSet = rng.hex(10);
    const pods = Array.from({ length: rng.int(2, 4) }, () => `${ref.name}-${replicaSet}-${rng.hex(5)}`);
    const startMs = nowMs - HISTORY_SECONDS * 1000;
    this.#streams.set(key, {
      ...ref,
      pods,
      rng,
      lines: new LogRing(this.cap),
      produced: 0,
      lastNs: (startMs - this.#epochMs) * NS_PER_MS,
      generatedUpToMs: startMs,
      carry: 0,
      lengths: [],
    });
    this.catchUp(key, nowMs, rate);
  }

  has(ref: FunctionRef): boolean {
    return this.#streams.has(functionKey(ref));
  }

  list(): (FunctionRef & { produced: number; rate?: number })[] {
    return [...this.#streams.values()].map((s) => ({
      projectId: s.projectId,
      regionId: s.regionId,
      namespace: s.namespace,
      name: s.name,
      produced: s.produced,
      rate: s.rate,
    }));
  }

  /** Makes the lines owed up to now. */
  catchUp(key: string, nowMs: number, globalRate: number): void {
    const s = this.#streams.get(key);
    if (!s || nowMs <= s.generatedUpToMs) return;
    const rate = s.rate ?? globalRate;
    const spanMs = nowMs - s.generatedUpToMs;
    const owed = (spanMs * rate) / 1000 + s.carry;
    // Never more than the record holds: older lines would be dropped at once anyway.
    const count = Math.min(Math.floor(owed), this.cap);
    s.carry = owed - Math.floor(owed);
    const fromNs = (s.generatedUpToMs - this.#epochMs) * NS_PER_MS;
    const stepNs = (spanMs * NS_PER_MS) / Math.max(count, 1);
    for (let i = 0; i < count; i++) {
      const jitter = s.rng.int(0, Math.max(0, Math.floor(stepNs) - 1));
      this.#emit(s, Math.round(fromNs + i * stepNs) + jitter, true);
    }
    s.generatedUpToMs = nowMs;
  }

  catchUpAll(nowMs: number, globalRate: number): void {
    for (const key of this.#streams.keys()) this.catchUp(key, nowMs, globalRate);
  }

  /** Appends `count` lines spread between the newest line and now (bulk seeding). */
  append(ref: FunctionRef, count: number, nowMs: number, globalRate: number): void {
    const key = functionKey(ref);
    this.catchUp(key, nowMs, globalRate);
    const s = this.#streams.get(key);
    if (!s) return;
    const nowNs = (nowMs - this.#epochMs) * NS_PER_MS;
    const stepNs = Math.max(1, Math.floor((nowNs - s.lastNs) / Math.max(count, 1)));
    const fromNs = s.lastNs;
    for (let i = 1; i <= count; i++) this.#emit(s, fromNs + i * stepNs, false);
  }

  setRate(ref: FunctionRef, rate: number | undefined, nowMs: number, globalRate: number): void {
    const key = functionKey(ref);
    this.catchUp(key, nowMs, globalRate);
    const s = this.#streams.get(key);
    if (s) s.rate = rate;
  }

  /** Messages of the lines made from now on have `length` characters (undefined: as made). */
  setMessageLength(ref: FunctionRef, length: number | undefined, nowMs: number, globalRate: number): void {
    const key = functionKey(ref);
    this.catchUp(key, nowMs, globalRate);
    const s = this.#streams.get(key);
    if (s) s.lengths.push({ from: s.produced, length });
  }

  /** The newest `limit` lines (after catching up), in the asked order. */
  batch(ref: FunctionRef, limit: number, order: LogOrder, nowMs: number, globalRate: number): LogLine[] | undefined {
    const key = functionKey(ref);
    const s = this.#streams.get(key);
    if (!s) return undefined;
    this.catchUp(key, nowMs, globalRate);
    const newest = this.#lines(s, s.lines.length - Math.min(limit, s.lines.length));
    if (order === 'desc') return newest.reverse();
    if (order === 'shuffled') return s.rng.shuffled(newest);
    return newest;
  }

  /** Everything kept, oldest first, from the `since`-th line produced on. */
  record(ref: FunctionRef, nowMs: number, globalRate: number, since = 0): LogRecord | undefined {
    const key = functionKey(ref);
    const s = this.#streams.get(key);
    if (!s) return undefined;
    this.catchUp(key, nowMs, globalRate);
    const kept = s.lines.length;
    const firstKept = s.produced - kept;
    const from = Math.min(Math.max(since, firstKept), s.produced);
    return { produced: s.produced, kept, dropped: firstKept, from, logs: this.#lines(s, from - firstKept) };
  }

  #emit(s: Stream, ns: number, mayRepeat: boolean): void {
    const previous = s.lines.last();
    if (mayRepeat && previous && s.rng.chance(DUPLICATE_CHANCE)) {
      s.lines.push(previous.ns, previous.pod, previous.seed);
      s.produced++;
      return;
    }
    const sameTime = mayRepeat && previous !== undefined && s.rng.chance(SAME_TIME_CHANCE);
    s.lastNs = sameTime ? s.lastNs : Math.max(ns, s.lastNs + 1);
    s.lines.push(s.lastNs, s.rng.int(0, s.pods.length - 1), Math.floor(s.rng.next() * 4294967296));
    s.produced++;
  }

  /** Kept lines from index `first` on, as the API sends them. */
  #lines(s: Stream, first: number): LogLine[] {
    const out: LogLine[] = [];
    const firstKept = s.produced - s.lines.length;
    for (let i = Math.max(0, first); i < s.lines.length; i++) out.push(this.#line(s, s.lines.get(i), firstKept + i));
    return out;
  }

  #line(s: Stream, line: CompactLine, index: number): LogLine {
    const ms = this.#epochMs + Math.floor(line.ns / NS_PER_MS);
    const second = this.#second(ms);
    const fraction = String((ms % 1000) * NS_PER_MS + (line.ns % NS_PER_MS)).padStart(9, '0');
    const message = logMessage(line.seed, second.stamp);
    return { Message: sized(message, lengthAt(s.lengths, index), line.seed), Pod: s.pods[line.pod] ?? '', Time: `${second.iso}.${fraction}Z` };
  }

  #cachedSecond = { at: -1, iso: '', stamp: '' };

  /** `2026-05-23T05:07:31` and `2026/05/23 05:07:31` of the second, kept: lines come many per second. */
  #second(ms: number): { iso: string; stamp: string } {
    const at = Math.floor(ms / 1000);
    if (this.#cachedSecond.at !== at) {
      const iso = new Date(at * 1000).toISOString().slice(0, 19);
      this.#cachedSecond = { at, iso, stamp: `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11)}` };
    }
    return this.#cachedSecond;
  }
}
