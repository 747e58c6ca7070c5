// A log line's time as the platform sends it, `2026-05-23T05:07:31.123456789Z` (UTC, nine
// fraction digits): what `formatNanosUtc` makes, here for a million lines in a row: made, written
// as bytes, or compared with a text, without a BigInt division per line. The held lines keep such
// a time text as the time alone (heldLines.ts). No VS Code import.
import { formatNanosUtc } from '../../../protocol/logTime';

// `2026-05-23T05:07:31.123456789Z` from nanoseconds, the second's part kept: lines come many per
// second (a time within the kept second costs one subtraction, not a BigInt division).
let secondStart = -1n;
let secondEnd = -1n;
let cachedPrefix = '';
const cachedPrefixBytes = new Uint8Array(20);
/** The nanoseconds into its second of a time at or after 1970; `cachedPrefix` is then its `2026-05-23T05:07:31.`. */
function intoSecond(nanos: bigint): number {
  if (nanos < secondStart || nanos >= secondEnd) {
    const second = nanos / 1_000_000_000n;
    secondStart = second * 1_000_000_000n;
    secondEnd = secondStart + 1_000_000_000n;
    cachedPrefix = new Date(Number(second) * 1000).toISOString().slice(0, 20);
    for (let i = 0; i < 20; i++) cachedPrefixBytes[i] = cachedPrefix.charCodeAt(i);
  }
  return Number(nanos - secondStart);
}

/** Writes `timeText(nanos)` (30 ASCII bytes) to `to` at `at`, without making the string. */
export function writeTimeText(nanos: bigint, to: Uint8Array, at: number): void {
  let fraction = intoSecond(nanos);
  to.set(cachedPrefixBytes, at);
  for (let i = at + 28; i >= at + 20; i--) {
    to[i] = 48 + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  to[at + 29] = 90; // Z
}

export function timeText(nanos: bigint): string {
  if (nanos < 0n) return formatNanosUtc(nanos);
  const fraction = intoSecond(nanos);
  return `${cachedPrefix}${String(fraction).padStart(9, '0')}Z`;
}

/** Whether `text` is `timeText(nanos)` (asked of every line held: compared without making it). */
export function isTimeText(text: string, nanos: bigint): boolean {
  if (text.length !== 30 || nanos < 0n || text.charCodeAt(29) !== 90 /* Z */) return false;
  let fraction = intoSecond(nanos);
  if (!text.startsWith(cachedPrefix)) return false;
  for (let at = 28; at >= 20; at--) {
    if (text.charCodeAt(at) !== 48 + (fraction % 10)) return false;
    fraction = Math.floor(fraction / 10);
  }
  return true;
}
