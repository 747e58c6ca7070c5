// RFC 3339 timestamps to integer nanoseconds since the epoch, exactly: `Date` keeps only
// milliseconds, and comparing the text breaks across offsets and fraction lengths.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/** Days from 1970-01-01 to the given civil date (proleptic Gregorian; Howard Hinnant's algorithm). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

// Lines come in bursts within the same second: the whole-second part is computed once per
// distinct "date, time, offset" and reused (a bounded cache).
const secondsCache = new Map<string, bigint>();
const FAST = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** Nanoseconds since the epoch, or undefined for text that is not an RFC 3339 date-time. */
export function parseTimeNanos(text: string): bigint | undefined {
  const utc = parseNanosUtcShape(text);
  if (utc !== undefined) return utc;
  const fast = FAST.exec(text);
  if (fast) {
    const prefix = fast[1]! + fast[3]!;
    let base = secondsCache.get(prefix);
    if (base === undefined) {
      base = parseSlow(`${fast[1]}${fast[3]}`);
      if (base === undefined) return undefined;
      if (secondsCache.size > 10_000) secondsCache.clear();
      secondsCache.set(prefix, base);
    }
    const digits = fast[2];
    return digits ? base + BigInt(Number(digits.padEnd(9, '0'))) : base;
  }
  return parseSlow(text);
}

/** The fields' ranges (a 31st of any month and a 60th second are let through: they roll over). */
function inRange(mo: number, d: number, h: number, mi: number, s: number): boolean {
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 && mi <= 59 && s <= 60;
}

function daysInMonth(y: number, mo: number): number {
  if (mo !== 2) return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
}

let shapeSeconds = Number.NaN;
let shapeBase = 0n;

/** The number in text[from, to), or -1 if a character there is not a digit. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `2026-11-22T10:15:00.123456789Z`, the shape the platform sends every line's time in, read without
 * a regular expression or a string made (a million lines are read in a row); undefined for any
 * other text (parseTimeNanos then reads it the general way, to the same value).
 */
function parseNanosUtcShape(text: string, exact = false): bigint | undefined {
  if (text.length !== 30 || text.charCodeAt(29) !== 90 /* Z */ || text.charCodeAt(19) !== 46 /* . */ || text.charCodeAt(10) !== 84 /* T */) return undefined;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return undefined;
  const [y, mo, d, h, mi, s, fraction] = [
    digitsAt(text, 0, 4),
    digitsAt(text, 5, 7),
    digitsAt(text, 8, 10),
    digitsAt(text, 11, 13),
    digitsAt(text, 14, 16),
    digitsAt(text, 17, 19),
    digitsAt(text, 20, 29),
  ];
  if (y < 0 || fraction < 0 || h < 0 || mi < 0 || s < 0) return undefined;
  if (!inRange(mo, d, h, mi, s)) return undefined;
  // `exact`: only a date and second that exist (as formatNanosUtc writes them back).
  if (exact && (s > 59 || d > daysInMonth(y, mo))) return undefined;
  const seconds = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
  if (seconds !== shapeSeconds) {
    shapeSeconds = seconds;
    shapeBase = BigInt(seconds) * 1_000_000_000n;
  }
  return shapeBase + BigInt(fraction);
}

function parseSlow(text: string): bigint | undefined {
  const m = RFC3339.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (!inRange(mo!, d!, h!, mi!, s!)) return undefined;
  let seconds = daysFromCivil(y!, mo!, d!) * 86400 + h! * 3600 + mi! * 60 + s!;
  if (m[9]) {
    const offset = Number(m[10]) * 3600 + Number(m[11]) * 60;
    seconds -= m[9] === '+' ? offset : -offset;
  }
  // Any fraction length: pad or cut to nanoseconds.
  const fraction = BigInt((m[7] ?? '').padEnd(9, '0').slice(0, 9) || '0');
  return BigInt(seconds) * 1_000_000_000n + fraction;
}

// Times are formatted for a million lines in a row (the extension host keeps a line's time text
// as the time alone when it is this format, and writes it back for the page): the second's part
// is kept, and a time within it costs one BigInt subtraction, not a division and a Date.
let secondStart = -1n;
let secondEnd = -1n;
let secondPrefix = '';
const secondPrefixBytes = new Uint8Array(20);

/** The nanoseconds into its second of a time at or after 1970; `secondPrefix` is then its `2026-11-22T10:15:00.`. */
function intoSecond(nanos: bigint): number {
  if (nanos < secondStart || nanos >= secondEnd) {
    const second = nanos / 1_000_000_000n;
    secondStart = second * 1_000_000_000n;
    secondEnd = secondStart + 1_000_000_000n;
    secondPrefix = new Date(Number(second) * 1000).toISOString().slice(0, 20);
    for (let i = 0; i < 20; i++) secondPrefixBytes[i] = secondPrefix.charCodeAt(i);
  }
  return Number(nanos - secondStart);
}

/** `2026-11-22T10:15:00.123456789Z` from nanoseconds (UTC, always 9 fraction digits). */
export function formatNanosUtc(nanos: bigint): string {
  if (nanos >= 0n) {
    const fraction = intoSecond(nanos);
    return `${secondPrefix}${String(fraction).padStart(9, '0')}Z`;
  }
  const seconds = nanos / 1_000_000_000n - (nanos % 1_000_000_000n !== 0n ? 1n : 0n);
  const fraction = nanos - seconds * 1_000_000_000n;
  const iso = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  return `${iso}.${fraction.toString().padStart(9, '0')}Z`;
}

/** Writes `formatNanosUtc(nanos)` of a time at or after 1970 (30 ASCII bytes) to `to` at `at`, without making the string. */
export function writeNanosUtc(nanos: bigint, to: Uint8Array, at: number): void {
  let fraction = intoSecond(nanos);
  to.set(secondPrefixBytes, at);
  for (let i = at + 28; i >= at + 20; i--) {
    to[i] = 48 + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  to[at + 29] = 90; // Z
}

/**
 * Whether `text` is `formatNanosUtc(nanos)` of a time at or after 1970, compared without making
 * it: the text has the shape, names a real date and second (nothing that rolls over) and reads
 * back to `nanos`. Lines come in any order (a shuffled read is written as parsed), so nothing is
 * cached by second.
 */
export function isNanosUtc(text: string, nanos: bigint): boolean {
  return nanos >= 0n && parseNanosUtcShape(text, true) === nanos;
}
