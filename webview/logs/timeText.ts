// A line's time as the row shows it (milliseconds, local or UTC) and as its hover shows it (every
// nanosecond, both zones, the integer and the text as sent). Computed for visible rows only.
import { formatNanosUtc, parseTimeNanos } from '../../src/protocol/logTime';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(minutesEast: number): string {
  const sign = minutesEast >= 0 ? '+' : '-';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface TimeParts {
  /** `2026-05-23 05:07:31.123` (local) or `2026-05-23 05:07:31.123Z` (UTC). */
  display: string;
  /** Every digit, both zones, the integer nanoseconds and the text as sent. */
  title: string;
}

/** Local date-time of `ms` with the 9-digit fraction and the zone offset. */
function localFull(ms: number, fraction: string): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${fraction} ${offsetText(-d.getTimezoneOffset())}`;
}

export function timeParts(timeText: string, utc: boolean): TimeParts {
  const nanos = parseTimeNanos(timeText);
  if (nanos === undefined) return { display: timeText || '(no time)', title: `Time as sent: ${timeText || '(none)'} (not an RFC 3339 date-time)` };
  const seconds = nanos / 1_000_000_000n - (nanos < 0n && nanos % 1_000_000_000n !== 0n ? 1n : 0n);
  const fraction = (nanos - seconds * 1_000_000_000n).toString().padStart(9, '0');
  const ms = Number(seconds) * 1000 + Number(fraction.slice(0, 3));
  const d = new Date(ms);
  const display = utc
    ? `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 23)}Z`
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${fraction.slice(0, 3)}`;
  const title = [
    `UTC    ${formatNanosUtc(nanos)}`,
    `Local  ${localFull(ms, fraction)}`,
    `${nanos.toString()} ns since 1970-01-01T00:00:00Z`,
    `As sent: ${timeText}`,
  ].join('\n');
  return { display, title };
}
