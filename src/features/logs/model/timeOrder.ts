// A read's lines in time order, equal times in the order the read gave them (a stable sort), as
// the order of their indices: the lines are then written to the store in the order they came
// (heldLines.ts), which reads each line where the parser left it in memory, not hopping between
// them. The platform mostly answers in order: that is checked first and costs one pass. Otherwise
// the times are compared as doubles (each time less the read's oldest: exact while a read spans
// less than 2^53 ns, 104 days), not as BigInts, and from 4,096 lines sorted by their digits
// (radix), which is faster than comparing on large reads.
// The radix sort is shared with the report table (protocol/radixOrder.ts).
// No VS Code import (unit-tested in plain Node).

import { radixOrder, splitKey } from '../../../protocol/radixOrder';

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
  return byDigits(keys);
}

/** From this many lines a radix sort (a few passes over the keys) beats comparing. */
const RADIX_FROM = 4096;

/** Indices of `keys` (whole numbers below 2^53) in key order, equal keys in index order. */
function byDigits(keys: Float64Array): Uint32Array {
  const n = keys.length;
  const order = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const hi = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    order[i] = i;
    splitKey(keys[i]!, i, lo, hi);
  }
  return radixOrder(order, n, lo, hi);
}

/** Position of each index in `order` (its inverse). */
export function positions(order: Uint32Array): Uint32Array {
  const at = new Uint32Array(order.length);
  for (let p = 0; p < order.length; p++) at[order[p]!] = p;
  return at;
}
