// Sets of UTF-16 code units as sorted, disjoint, inclusive ranges: what a part of a regular
// expression can match, one character at a time (regexRisk.ts asks whether two parts can match
// the same character). Patterns are compiled without the `u` flag, so a character is a code unit.

export type CharRanges = readonly (readonly [number, number])[];

const MAX_UNIT = 0xffff;

export const NOTHING: CharRanges = [];
export const EVERYTHING: CharRanges = [[0, MAX_UNIT]];

/** Sorted and merged (overlapping or touching ranges become one). */
export function normalize(ranges: Iterable<readonly [number, number]>): CharRanges {
  const sorted = [...ranges].filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export const union = (...sets: CharRanges[]): CharRanges => normalize(sets.flat());

export function complement(set: CharRanges): CharRanges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_UNIT) out.push([next, MAX_UNIT]);
  return out;
}

export function intersects(a: CharRanges, b: CharRanges): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [alo, ahi] = a[i]!;
    const [blo, bhi] = b[j]!;
    if (alo <= bhi && blo <= ahi) return true;
    if (ahi < bhi) i++;
    else j++;
  }
  return false;
}

/** The set with the other case of every ASCII letter in it (the filter matches case-insensitively by default). */
export function foldAsciiCase(set: CharRanges): CharRanges {
  const extra: [number, number][] = [];
  for (const [lo, hi] of set) {
    for (const [from, to, shift] of [
      [0x41, 0x5a, 0x20],
      [0x61, 0x7a, -0x20],
    ] as const) {
      const a = Math.max(lo, from);
      const b = Math.min(hi, to);
      if (a <= b) extra.push([a + shift, b + shift]);
    }
  }
  return extra.length ? union(set, extra) : set;
}

export const DIGIT: CharRanges = [[0x30, 0x39]];
export const WORD: CharRanges = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
/** `\s`: white space and line terminators (ECMA-262 WhiteSpace and LineTerminator). */
export const SPACE: CharRanges = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
/** `.` without the `s` flag: anything but a line terminator. */
export const ANY_BUT_NEWLINE: CharRanges = complement(normalize([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]));
