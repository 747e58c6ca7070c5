// The DDoS Attacks view's filters, all applied by the server: a time range (last 24 hours, 7 or
// 30 days, or custom from/to typed), an alert type, targeted addresses. The range is always sent:
// the published defaults of date_from/date_to are fixed dates in 2024/2025, not "recent".
import { ALERT_TYPES, EVENT_ADDRESSES_MAX, parseAddressList, type AlertType, type EventLogsQuery } from '../../../schema/ddosEvents';
import { ALERT_TYPE_LABELS, localTime } from './attackRows';

const HOUR_MS = 3_600_000;

export const LAST_RANGES = [
  { hours: 24, label: 'Last 24 hours' },
  { hours: 7 * 24, label: 'Last 7 days' },
  { hours: 30 * 24, label: 'Last 30 days' },
] as const;
export type LastHours = (typeof LAST_RANGES)[number]['hours'];

export type TimeRange = { kind: 'last'; hours: LastHours } | { kind: 'custom'; fromMs: number; toMs: number };

export interface AttackFilters {
  range: TimeRange;
  alertType?: AlertType;
  /** Each an IP address. */
  addresses?: string[];
}

export const DEFAULT_FILTERS: AttackFilters = { range: { kind: 'last', hours: 720 } };

export function isDefaultFilters(f: AttackFilters): boolean {
  return f.range.kind === 'last' && f.range.hours === 720 && !f.alertType && !f.addresses?.length;
}

/** The query for a page: the range fixed when the first page was read, so Load more pages the same set. */
export function filterQuery(f: AttackFilters, nowMs: number): Pick<EventLogsQuery, 'date_from' | 'date_to' | 'alert_type' | 'targeted_ip_addresses'> {
  const [fromMs, toMs] = f.range.kind === 'last' ? [nowMs - f.range.hours * HOUR_MS, nowMs] : [f.range.fromMs, f.range.toMs];
  return {
    date_from: new Date(fromMs).toISOString(),
    date_to: new Date(toMs).toISOString(),
    ...(f.alertType && { alert_type: f.alertType }),
    ...(f.addresses?.length && { targeted_ip_addresses: f.addresses.join(',') }),
  };
}

export function rangeText(range: TimeRange, timeZone?: string): string {
  if (range.kind === 'last') return LAST_RANGES.find((r) => r.hours === range.hours)!.label;
  return `${localTime(range.fromMs, timeZone)} – ${localTime(range.toMs, timeZone)}`;
}

/** "Last 7 days · RTBH (blackhole) alert · 203.0.113.10": the view's description. */
export function describeFilters(f: AttackFilters, timeZone?: string): string {
  return [rangeText(f.range, timeZone), f.alertType && ALERT_TYPE_LABELS[f.alertType], f.addresses?.join(', ')].filter(Boolean).join(' · ');
}

export const ALERT_TYPE_CHOICES: readonly { value: AlertType | undefined; label: string }[] = [
  { value: undefined, label: 'Any type' },
  ...ALERT_TYPES.map((t) => ({ value: t, label: ALERT_TYPE_LABELS[t]! })),
];

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A time typed in the person's time zone: "2026-11-20" (a whole day: its start for From, the start
 * of the next day for To), "2026-11-20 14:30", or RFC 3339 with a zone. Undefined when not a real time.
 */
export function parseTypedTime(text: string, bound: 'from' | 'to'): number | undefined {
  const t = text.trim();
  if (ZONED.test(t)) {
    const ms = Date.parse(t);
    return Number.isFinite(ms) ? ms : undefined;
  }
  const m = LOCAL.exec(t);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || h > 23 || mi > 59) return undefined;
  if (bound === 'to' && m[4] === undefined) date.setDate(date.getDate() + 1);
  return date.getTime();
}

export const TIME_FORMAT_HINT = 'a date (2026-11-20), a date and time in your time zone (2026-11-20 14:30), or RFC 3339 with a zone';

/** What is wrong with a typed bound, as the person types; `fromMs` given for To. */
export function typedTimeProblem(text: string, bound: 'from' | 'to', nowMs: number, fromMs?: number): string | undefined {
  const ms = parseTypedTime(text, bound);
  const name = bound === 'from' ? 'From' : 'To';
  if (ms === undefined) return `${name}: must be ${TIME_FORMAT_HINT}`;
  if (bound === 'from' && ms > nowMs) return 'From: must not be in the future';
  if (bound === 'to' && fromMs !== undefined && ms <= fromMs) return 'To: must be after From';
  return undefined;
}

/** What is wrong with typed addresses; empty text is allowed (no address filter). */
export function addressProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (t.length > EVENT_ADDRESSES_MAX) return `Targeted address: must be at most ${EVENT_ADDRESSES_MAX} characters`;
  return parseAddressList(t) ? undefined : 'Targeted address: must be an IP address, or several separated by commas (203.0.113.7, 2001:db8::1)';
}

export function parseAddresses(text: string): string[] | undefined {
  const t = text.trim();
  return t === '' ? undefined : parseAddressList(t);
}
