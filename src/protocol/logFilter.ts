// Which held log lines are shown: text or regular expression over the message (case toggle),
// and a set of pods. Pure and shared: the webview filters its rows with it as the person types,
// and the extension applies the same filter to its own copy for "Export… shown lines", so the
// two always agree. Markers (gaps, dropped lines) are always shown.
//
// A regular expression runs in the page's thread, which is the workbench's renderer: one that
// backtracks catastrophically would freeze the whole window. So it runs on a linear-time engine
// (src/schema/linearRegex.ts, RE2): what RE2 cannot express (lookaround, backreferences) is
// refused with its name, like an invalid one. A pass over many long lines is still stopped after
// FILTER_BUDGET_MS and not applied.
import { linearEngine } from '../schema/linearEngine';

export interface LogFilterSpec {
  text: string;
  regex: boolean;
  caseSensitive: boolean;
  /** Pods to show; empty: every pod. */
  pods: readonly string[];
}

export const EMPTY_FILTER: LogFilterSpec = { text: '', regex: false, caseSensitive: false, pods: [] };

export interface CompiledFilter {
  /** False when every line passes (no text, no pod chosen): callers skip the loop. */
  active: boolean;
  /**
   * Set when the regular expression does not compile, or is refused (it could take minutes on
   * one line); the text part is then not applied.
   */
  error?: string;
  /** A regular expression typed by the person runs: a pass over many lines keeps to the budget. */
  timed: boolean;
  /**
   * Whether a line of `pod` with `message` is shown. `source` and `at`, when given: `message` is
   * `source.substring(at, at + message.length)` (the page's rows are slices of one decoded chunk:
   * the regular expression reads the chunk, which is faster than reading a slice).
   */
  matches(pod: string, message: string, source?: string, at?: number): boolean;
  /** The pods shown; undefined: every pod. */
  pods?: ReadonlySet<string>;
  /**
   * Set when the text part is a regular expression: `matches`' text test over many messages of one
   * text at once (LinearRegex.testRanges), for the page's pass over its rows (webview/logs/rowFilter.ts).
   */
  testRanges?: (text: string, ranges: Int32Array, count: number, out: Uint8Array) => void;
}

/**
 * How long one pass of the filter over the held lines may take before it is stopped and not
 * applied: well past what an ordinary filter takes over the most lines the page holds.
 */
export const FILTER_BUDGET_MS = 1_000;

/** A pass of a regular expression over the held lines went past its budget. */
export class FilterTooSlow extends Error {
  constructor(
    readonly checked: number,
    readonly total: number,
    readonly budgetMs: number,
  ) {
    super(
      `Regular expression stopped: it took more than ${budgetMs / 1000} s on the lines held ` +
        `(${checked.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} checked); ` +
        'simplify it (a part like \\w+ or .* that can start at every character of a long line is the usual cause)',
    );
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileFilter(spec: LogFilterSpec): CompiledFilter {
  let test: ((message: string, source: string | undefined, at: number) => boolean) | undefined;
  let error: string | undefined;
  let testRanges: CompiledFilter['testRanges'];
  if (spec.text !== '' && !spec.regex) {
    // Plain text: a literal search, no backtracking. No `g` or `y` flag: test() must not carry lastIndex.
    const pattern = new RegExp(escapeRegExp(spec.text), spec.caseSensitive ? '' : 'i');
    test = (message) => pattern.test(message);
  } else if (spec.text !== '') {
    const compiled = linearEngine().compileLinear(spec.text, { ignoreCase: !spec.caseSensitive });
    if ('regex' in compiled) {
      const { testIn } = compiled.regex;
      testRanges = compiled.regex.testRanges;
      test = (message, source, at) => (source === undefined ? testIn(message, 0, message.length) : testIn(source, at, at + message.length));
    } else if (compiled.problem === 'invalid') error = `Invalid regular expression: ${compiled.message}`;
    else error = `Regular expression refused: ${compiled.message}: the filter uses a linear-time engine (RE2), so that no pattern can freeze the window`;
  }
  return filterOf(test, spec.pods, error, spec.regex, testRanges);
}

/** The filter without its text part: what is shown once a pass was stopped (FilterTooSlow). */
export function withoutText(spec: LogFilterSpec, error: string): CompiledFilter {
  return filterOf(undefined, spec.pods, error, false);
}

function filterOf(
  test: ((message: string, source: string | undefined, at: number) => boolean) | undefined,
  podList: readonly string[],
  error: string | undefined,
  typedRegex: boolean,
  testRanges?: CompiledFilter['testRanges'],
): CompiledFilter {
  const pods = podList.length > 0 ? new Set(podList) : undefined;
  const active = test !== undefined || pods !== undefined;
  const matches =
    test && pods
      ? (pod: string, message: string, source?: string, at = 0) => pods.has(pod) && test(message, source, at)
      : test
        ? (_pod: string, message: string, source?: string, at = 0) => test(message, source, at)
        : pods
          ? (pod: string) => pods.has(pod)
          : () => true;
  return {
    active,
    ...(error !== undefined && { error }),
    timed: typedRegex && test !== undefined,
    matches,
    ...(pods !== undefined && { pods }),
    ...(testRanges !== undefined && { testRanges }),
  };
}

/** What the filter reads of a held item (a reader may hand the same object back each time, refilled). */
export interface FilterableItem {
  /** Undefined for a marker (always shown). */
  pod?: string;
  message: string;
  /** Where `message` is a slice of: `source.substring(at, at + message.length)` (CompiledFilter.matches). */
  source?: string;
  at?: number;
}

/**
 * Throws FilterTooSlow once a pass has run `budgetMs`: call it after each line with its length.
 * The clock is read every 1,024 lines or 16,384 characters (a read per line would cost a tenth of
 * a fast pass), and after any line that long on its own.
 */
export function filterClock(total: number, budgetMs = FILTER_BUDGET_MS): (checked: number, length: number) => void {
  const deadline = performance.now() + budgetMs;
  let lines = 0;
  let chars = 0;
  return (checked, length) => {
    chars += length;
    if (++lines < 1024 && chars < 16_384) return;
    lines = 0;
    chars = 0;
    if (performance.now() > deadline) throw new FilterTooSlow(checked, total, budgetMs);
  };
}

/**
 * Indices (ascending) of the items the filter shows, from `start` on. A typed regular expression
 * that runs past `budgetMs` throws FilterTooSlow (nothing is added to `into` then).
 */
export function filterIndices<T>(
  items: readonly T[],
  filter: CompiledFilter,
  read: (item: T) => FilterableItem,
  start = 0,
  into: number[] = [],
  budgetMs = FILTER_BUDGET_MS,
): number[] {
  const n = items.length;
  if (!filter.active) {
    for (let i = start; i < n; i++) into.push(i);
    return into;
  }
  const tick = filter.timed ? filterClock(n - start, budgetMs) : undefined;
  // Straight into `into`, cut back if stopped: a copy from a list of its own cost a tenth of a pass that shows every line.
  const before = into.length;
  try {
    for (let i = start; i < n; i++) {
      const item = read(items[i]!);
      if (item.pod === undefined || filter.matches(item.pod, item.message, item.source, item.at)) into.push(i);
      tick?.(i - start + 1, item.message.length);
    }
  } catch (error) {
    into.length = before;
    throw error;
  }
  return into;
}

export type LogLevel = 'error' | 'warn' | undefined;

const ERROR_WORD = /\b(?:ERROR|ERR|FATAL|CRITICAL|CRIT|PANIC|EMERG|ALERT)\b/;
const WARN_WORD = /\b(?:WARN|WARNING)\b/;

/** The level a line reads as, from an upper-case level word anywhere in it (ERROR wins over WARN). */
export function levelOf(message: string): LogLevel {
  if (ERROR_WORD.test(message)) return 'error';
  if (WARN_WORD.test(message)) return 'warn';
  return undefined;
}
