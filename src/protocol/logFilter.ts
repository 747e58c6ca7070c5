// Which held log lines are shown: text or regular expression over the message (case toggle),
// and a set of pods. Pure and shared: the webview filters its rows with it as the person types,
// and the extension applies the same filter to its own copy for "Export… shown lines", so the
// two always agree. Markers (gaps, dropped lines) are always shown.

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
  /** Set when the regular expression does not compile; the text part is then not applied. */
  error?: string;
  matches(pod: string, message: string): boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileFilter(spec: LogFilterSpec): CompiledFilter {
  let pattern: RegExp | undefined;
  let error: string | undefined;
  if (spec.text !== '') {
    try {
      // No `g` or `y` flag: test() must not carry lastIndex from one line to the next.
      pattern = new RegExp(spec.regex ? spec.text : escapeRegExp(spec.text), spec.caseSensitive ? '' : 'i');
    } catch (e) {
      error = `Invalid regular expression: ${e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e)}`;
    }
  }
  const pods = spec.pods.length > 0 ? new Set(spec.pods) : undefined;
  const active = pattern !== undefined || pods !== undefined;
  const matches =
    pattern && pods
      ? (pod: string, message: string) => pods.has(pod) && pattern.test(message)
      : pattern
        ? (_pod: string, message: string) => pattern.test(message)
        : pods
          ? (pod: string) => pods.has(pod)
          : () => true;
  return { active, ...(error !== undefined && { error }), matches };
}

/** What the filter reads of a held item. */
export interface FilterableItem {
  /** Undefined for a marker (always shown). */
  pod?: string;
  message: string;
}

/** Indices (ascending) of the items the filter shows, from `start` on. */
export function filterIndices<T>(items: readonly T[], filter: CompiledFilter, read: (item: T) => FilterableItem, start = 0, into: number[] = []): number[] {
  const n = items.length;
  if (!filter.active) {
    for (let i = start; i < n; i++) into.push(i);
    return into;
  }
  for (let i = start; i < n; i++) {
    const item = read(items[i]!);
    if (item.pod === undefined || filter.matches(item.pod, item.message)) into.push(i);
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
