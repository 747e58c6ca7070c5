// One radix sort for the extension and its webviews: the log store orders a read's lines by time
// (features/logs/model/timeOrder.ts) and the report table orders its rows by a column
// (webview/reports/tableModel.ts). Pure: no DOM, no VS Code.

const DIGIT_BITS = 16;
const BUCKETS = 1 << DIGIT_BITS;
const DIGIT_MASK = BUCKETS - 1;

/**
 * The first `n` of `order` (indices into `lo`/`hi`) sorted by each index's 64-bit unsigned key
 * (`hi` the upper 32 bits, `lo` the lower), ties in the order given: a stable LSD radix sort,
 * 16 bits a pass, a pass skipped where every key shares its digit. Answers `order` or a new
 * array of its length; entries past `n` are not kept.
 */
export function radixOrder(order: Uint32Array<ArrayBuffer>, n: number, lo: Uint32Array, hi: Uint32Array): Uint32Array<ArrayBuffer> {
  let from = order;
  let to = new Uint32Array(order.length);
  const counts = new Uint32Array(BUCKETS);
  for (const [words, shift] of [
    [lo, 0],
    [lo, DIGIT_BITS],
    [hi, 0],
    [hi, DIGIT_BITS],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(words[from[i]!]! >>> shift) & DIGIT_MASK]!++;
    if (n === 0 || counts[(words[from[0]!]! >>> shift) & DIGIT_MASK] === n) continue;
    let sum = 0;
    for (let d = 0; d < BUCKETS; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const index = from[i]!;
      to[counts[(words[index]! >>> shift) & DIGIT_MASK]!++] = index;
    }
    [from, to] = [to, from];
  }
  return from;
}

const TWO_32 = 2 ** 32;

/** A whole number from 0 to 2^53 split into the two 32-bit words `radixOrder` reads. */
export function splitKey(key: number, at: number, lo: Uint32Array, hi: Uint32Array): void {
  const high = Math.floor(key / TWO_32);
  hi[at] = high;
  lo[at] = key - high * TWO_32;
}
