// A read's lines in time order, equal times in the order the read gave them (a stable sort), as
// the order of their indices: the lines are then written to the store in the order they came
// (heldLines.ts), which reads each line where the parser left it in memory, not hopping between
// them. The platform mostly answers in order: that is checked first and costs one pass. Otherwise
// the times are compared as doubles (each time less the read's oldest: exact while a read spans
// less than 2^53 ns, 104 days), not as BigInts, and from 4,096 lines sorted by their digits
// (radix), which is faster than comparing on large reads.
// No VS Code import (unit-tested in plain Node).

const EXACT = 2n ** 53n;

/** Indices of `lines` in time order (equal times in index order). */
export function timeOrder(lines: readonly { time: bigint }[]): Uint32Array {
  const order = new Uint32Array(lines.length);
  let ordered = true;
  let min = lines[0]?.time ?? 0n;
  let max = min;
  for (let i = 0; i < lines.length; i++) {
    order[i] = i;
    const time = lines[i]!.time;
    if (i > 0 && time < lines[i - 1]!.time) ordered = false;
    if (time < min) min = time;
    else if (time > max) max = time;
  }
  if (ordered) return order;
  if (max - min >= EXACT) {
    const times = lines.map((l) => l.time);
    return order.sort((a, b) => (times[a]! < times[b]! ? -1 : times[a]! > times[b]! ? 1 : a - b));
  }
  const keys = new Float64Array(lines.length);
  for (let i = 0; i < lines.length; i++) keys[i] = Number(lines[i]!.time - min);
  if (lines.length < RADIX_FROM) return order.sort((a, b) => keys[a]! - keys[b]! || a - b);
  return radixOrder(keys, Number(max - min));
}

/** From this many lines a radix sort (a few passes over the keys) beats comparing. */
const RADIX_FROM = 4096;
const DIGIT_BITS = 11;
const BUCKETS = 1 << DIGIT_BITS;

/**
 * Indices of `keys` (whole numbers from 0 to `top`, below 2^53) in key order, equal keys in index
 * order: a least-significant-digit radix sort, 11 bits a pass, as many passes as `top` needs (a
 * read of a few minutes spans under 2^40 ns: 4 passes).
 */
function radixOrder(keys: Float64Array, top: number): Uint32Array {
  const n = keys.length;
  let order = new Uint32Array(n);
  let next = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const digits = new Uint16Array(n);
  const counts = new Uint32Array(BUCKETS);
  for (let scale = 1; scale <= top; scale *= BUCKETS) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const digit = Math.floor(keys[i]! / scale) % BUCKETS;
      digits[i] = digit;
      counts[digit]!++;
    }
    let sum = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const count = counts[b]!;
      counts[b] = sum;
      sum += count;
    }
    // Stable: in the order the previous pass left.
    for (let p = 0; p < n; p++) {
      const i = order[p]!;
      next[counts[digits[i]!]!++] = i;
    }
    [order, next] = [next, order];
  }
  return order;
}

/** Position of each index in `order` (its inverse). */
export function positions(order: Uint32Array): Uint32Array {
  const at = new Uint32Array(order.length);
  for (let p = 0; p < order.length; p++) at[order[p]!] = p;
  return at;
}
