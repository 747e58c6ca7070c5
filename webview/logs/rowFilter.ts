// The page's pass of a regular expression filter over its rows: the same answer as
// filterIndices(rows, filter, …) in logFilter.ts (the extension's Export uses that), a batch of
// rows of one chunk at a time through LinearRegex.testRanges. Over a million rows the per-row
// calls (a reader, the filter's closures, the clock) cost about as much as the engine itself.
import { FilterTooSlow, type CompiledFilter } from '../../src/protocol/logFilter';

/** What the pass reads of a row (rowStore.ts Row): `message` is `source.substring(at, at + message.length)`. */
export interface FilterableRow {
  /** Index in the pod table; -1 for a marker (always shown). */
  pod: number;
  message: string;
  source: string;
  at: number;
}

/** Rows a batch holds at most; a batch also ends at BATCH_CHARS characters, so the clock is read as often as filterClock reads it. */
const BATCH = 1024;
const BATCH_CHARS = 16_384;
// Reused by every pass (the page runs one at a time): 13 KB.
const ranges = new Int32Array(2 * BATCH);
const picked = new Int32Array(BATCH);
const found = new Uint8Array(BATCH);

/**
 * Appends to `into` the indices (ascending) of the rows from `start` on that `filter` shows, as
 * filterIndices does; `filter.testRanges` must be set. Past `budgetMs` it throws FilterTooSlow and
 * leaves `into` as it was.
 */
export function filterRows(
  rows: readonly FilterableRow[],
  podNames: readonly string[],
  filter: CompiledFilter,
  start: number,
  into: number[],
  budgetMs: number,
): number[] {
  const testRanges = filter.testRanges;
  if (!testRanges) throw new Error('filterRows: the filter has no regular expression');
  const n = rows.length;
  // The pod part as a table by pod index (a row outside the table reads as the pod '', as the store's reader gives it).
  const pods = filter.pods;
  const podShown = pods ? Uint8Array.from(podNames, (name) => (pods.has(name) ? 1 : 0)) : undefined;
  const unnamedShown = pods ? pods.has('') : true;
  const deadline = performance.now() + budgetMs;
  const before = into.length;
  let text = '';
  let count = 0;
  let chars = 0;
  let last = start - 1;
  const flush = (): void => {
    if (count === 0) return;
    testRanges(text, ranges, count, found);
    for (let k = 0; k < count; k++) if (found[k] === 1) into.push(picked[k]!);
    count = 0;
    chars = 0;
    if (performance.now() > deadline) {
      into.length = before;
      throw new FilterTooSlow(last - start + 1, n - start, budgetMs);
    }
  };
  for (let i = start; i < n; i++) {
    const row = rows[i]!;
    const pod = row.pod;
    if (pod < 0) {
      // A marker: shown, after the rows before it.
      flush();
      into.push(i);
      continue;
    }
    if (podShown && (pod < podShown.length ? podShown[pod] === 0 : !unnamedShown)) continue;
    if (row.source !== text || count === BATCH || chars >= BATCH_CHARS) {
      flush();
      text = row.source;
    }
    const length = row.message.length;
    ranges[2 * count] = row.at;
    ranges[2 * count + 1] = row.at + length;
    picked[count++] = i;
    chars += length;
    last = i;
  }
  flush();
  return into;
}
