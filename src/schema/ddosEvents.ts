// The account's DDoS events (ddos_protection_api.yaml, GET /security/notifier/v1/event_logs,
// EventLogClientsOutSchema): filtered by time range, alert type and targeted addresses on the
// server, ordered, paged by limit/offset; the answer is `{results, count, limit, offset}`.
// The published item has no end time. `attack_end_time` is read when a server sends it (our
// simulator does; null there means the attack is still going on); absent, the end is unknown.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { intIn, lenientInt, lenientNumber, lenientText, typeError } from './schemaKit';

export const ALERT_TYPES = ['ddos_alert', 'rtbh_alert'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const EVENT_ORDERINGS = [
  'attack_start_time',
  '-attack_start_time',
  'attack_power_bps',
  '-attack_power_bps',
  'attack_power_pps',
  '-attack_power_pps',
  'number_of_ip_involved_in_attack',
  '-number_of_ip_involved_in_attack',
  'alert_type',
  '-alert_type',
] as const;
export type EventOrdering = (typeof EVENT_ORDERINGS)[number];

/** The published page bounds: limit 1..500, default 10. */
export const EVENT_PAGE_MAX = 500;
export const EVENT_PAGE_DEFAULT = 10;
/**
 * The published defaults of the range (fixed dates, not "recent"): a read that leaves them out
 * gets 2024's events, so the extension always sends both.
 */
export const EVENT_DEFAULT_FROM = '2024-01-23';
export const EVENT_DEFAULT_TO = '2025-01-23';
/** A typed address list: the spec's filters stop at 255 characters. */
export const EVENT_ADDRESSES_MAX = 255;

/** RFC 3339 with a zone, or a calendar date (both `anyOf` branches the file publishes, the free string narrowed to a date). */
export const EVENT_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/i;

/** A bound of the range in ms (a date alone is its UTC midnight); NaN when it is not a real time. */
export function eventTimeMs(text: string): number {
  if (!EVENT_TIME_PATTERN.test(text)) return Number.NaN;
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (!Number.isFinite(ms)) return Number.NaN;
  // Date.parse rolls 2026-02-30 over to March: the date part must read back the same.
  if (new Date(ms + (text.length === 10 ? 0 : zoneOffsetMs(text))).toISOString().slice(0, 10) !== text.slice(0, 10)) return Number.NaN;
  return ms;
}

function zoneOffsetMs(text: string): number {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(text);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 dotted quad or an IPv6 address (`::` at most once, up to 8 groups, an IPv4 tail allowed). */
export function isIpAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(':') || !/^[0-9a-f:.]+$/i.test(text)) return false;
  let v6 = text;
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    if (!IPV4.test(text.slice(cut + 1))) return false;
    v6 = `${text.slice(0, cut + 1)}0:0`;
  }
  const hex = (g: string) => /^[0-9a-f]{1,4}$/i.test(g);
  const halves = v6.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) {
    const groups = v6.split(':');
    return groups.length === 8 && groups.every(hex);
  }
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  return groups.length <= 7 && groups.every(hex);
}

/** "203.0.113.7" or "203.0.113.7, 2001:db8::1": the addresses, trimmed; undefined when one is not an address. */
export function parseAddressList(text: string): string[] | undefined {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !isIpAddress(p))) return undefined;
  return parts;
}

const rangeBound = () =>
  z
    .string(typeError('must be text'))
    .refine((v) => Number.isFinite(eventTimeMs(v)), 'must be an RFC 3339 date-time with a zone (2026-11-26T21:30:00Z) or a date (2026-11-26)');

export const eventLogsQuery = lazySchema(() =>
  z
    .strictObject({
      date_from: rangeBound().optional(),
      date_to: rangeBound().optional(),
      alert_type: z.enum(ALERT_TYPES, typeError(`must be one of ${ALERT_TYPES.join(', ')}`)).optional(),
      targeted_ip_addresses: z
        .string(typeError('must be text'))
        .max(EVENT_ADDRESSES_MAX, `must be at most ${EVENT_ADDRESSES_MAX} characters`)
        .refine((v) => parseAddressList(v) !== undefined, 'must be an IP address, or several separated by commas (203.0.113.7, 2001:db8::1)')
        .optional(),
      ordering: z.enum(EVENT_ORDERINGS, typeError(`must be one of ${EVENT_ORDERINGS.join(', ')}`)).optional(),
      limit: intIn(1, EVENT_PAGE_MAX).optional(),
      offset: intIn(0, Number.MAX_SAFE_INTEGER).optional(),
    })
    .refine((q) => q.date_from === undefined || q.date_to === undefined || eventTimeMs(q.date_from) <= eventTimeMs(q.date_to), {
      path: ['date_to'],
      message: 'must not be before date_from',
    }),
);
export type EventLogsQuery = z.input<typeof eventLogsQuery>;

/** EventLogClientsOutSchema: only `id` required; the rest read leniently (null kept), unknown members kept. */
export const ddosEvent = lazySchema(() =>
  z.looseObject({
    id: z.string().min(1),
    alert_type: lenientText(),
    client_id: lenientInt(),
    notification_type: lenientText(),
    attack_start_time: lenientText(),
    attack_power_bps: lenientNumber(),
    attack_power_pps: lenientNumber(),
    number_of_ip_involved_in_attack: lenientInt(),
    targeted_ip_addresses: lenientText(),
    /** Not published: see the file's head. */
    attack_end_time: lenientText(),
  }),
);
export type DdosEvent = z.output<typeof ddosEvent>;

export const eventLogsResponse = lazySchema(() =>
  z.looseObject({
    results: z
      .array(z.unknown())
      .nullish()
      .catch(undefined)
      .transform((items) =>
        (items ?? []).flatMap((raw) => {
          const parsed = ddosEvent.safeParse(raw);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    count: lenientInt(),
    limit: lenientInt(),
    offset: lenientInt(),
  }),
);
export type EventLogsAnswer = z.output<typeof eventLogsResponse>;

export const listDdosEventsEndpoint = defineEndpoint('listDdosEvents', {
  errorShape: 'security',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: eventLogsQuery,
  body: undefined,
  response: eventLogsResponse,
});
