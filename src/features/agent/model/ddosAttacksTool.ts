// list_ddos_attacks: the account's DDoS events (the platform's event log), newest first, filtered
// on the platform by time range, alert type and targeted addresses, a page at a time. The range is
// always sent (default the last 30 days): the published defaults are fixed dates in 2024/2025.
// Each event is platform data, handed over in its block; whether it is ongoing is our word.
import * as z from 'zod';
import { ALERT_TYPES, EVENT_TIME_PATTERN, eventTimeMs, parseAddressList, type DdosEvent } from '../../../schema/ddosEvents';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { LIST_MAX, nameOf, withData } from './toolAnswers';
import { jsonLine, quoted as q } from './platformText';
import { listed } from './readTools';

const DAY_MS = 86_400_000;
const DEFAULT_LIMIT = 20;

const time = (what: string) =>
  z
    .string()
    .regex(EVENT_TIME_PATTERN, 'must be an RFC 3339 time with a zone (2026-11-26T21:00:00Z) or a date (2026-11-26)')
    .refine((v) => Number.isFinite(eventTimeMs(v)), 'must be a real date and time')
    .optional()
    .describe(what);

export const ddosAttacksInput = () =>
  z
    .strictObject({
      ...connectionField,
      from: time('Start of the range (RFC 3339 with a zone, or a date); default 30 days before "to"'),
      to: time('End of the range; default now'),
      alert_type: z.enum(ALERT_TYPES).optional().describe('ddos_alert or rtbh_alert (blackhole); both when left out'),
      address: z
        .string()
        .max(255, 'must be at most 255 characters')
        .refine((v) => parseAddressList(v) !== undefined, 'must be an IP address, or several separated by commas')
        .optional()
        .describe('Only attacks on this IP address (or any of several, comma-separated)'),
      limit: z.int().min(1).max(LIST_MAX).optional().describe(`Events to read (1..${LIST_MAX}, default ${DEFAULT_LIMIT})`),
      offset: z
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .optional()
        .describe('Events to skip, newest first (paging: the previous answer says the next offset)'),
    })
    .refine((i) => i.from === undefined || i.to === undefined || eventTimeMs(i.from) <= eventTimeMs(i.to), {
      path: ['to'],
      message: 'must not be before from',
    });

type Input = z.output<ReturnType<typeof ddosAttacksInput>>;

/** "ongoing" (the server says the end is null), "ended", or "end not reported" (the published event has no end time). */
function stateOf(e: DdosEvent): string {
  if (typeof e.attack_end_time === 'string') return 'ended';
  return e.attack_end_time === null ? 'ONGOING' : 'end not reported';
}

export async function ddosAttacksAnswer(b: AgentBinding, input: Input, now = Date.now()): Promise<string> {
  const to = input.to ?? new Date(now).toISOString();
  const from = input.from ?? new Date(eventTimeMs(to) - 30 * DAY_MS).toISOString();
  const limit = input.limit ?? DEFAULT_LIMIT;
  const offset = input.offset ?? 0;
  const query = {
    date_from: from,
    date_to: to,
    ...(input.alert_type && { alert_type: input.alert_type }),
    ...(input.address && { targeted_ip_addresses: parseAddressList(input.address)!.join(',') }),
    ordering: '-attack_start_time' as const,
    limit,
    offset,
  };
  const answer = await listed(
    b,
    'listDdosEvents',
    () => b.api.security.listDdosEvents({ params: {}, query }, { signal: b.signal }),
    "The DDoS event log is the platform's own endpoint.",
  );
  if (typeof answer === 'string') return answer;
  const events = answer.results;
  const count = answer.count ?? undefined;
  // The model's own filter words, escaped like everything else we echo.
  const filters = [`from ${q(from)}`, `to ${q(to)}`, input.alert_type && `type ${input.alert_type}`, input.address && `address ${q(input.address)}`]
    .filter(Boolean)
    .join(', ');
  const where = `on ${nameOf(b.connectionName)} (${filters})`;
  if (events.length === 0) return `No DDoS attacks ${where} at offset ${offset}${count !== undefined ? `; ${count} match in all` : ''}.`;
  const ongoing = events.filter((e) => e.attack_end_time === null).length;
  const next = offset + events.length;
  const more = count !== undefined ? next < count : events.length >= limit;
  const head = `${events.length} DDoS attack${events.length === 1 ? '' : 's'} ${where}, newest first from offset ${offset}${count !== undefined ? ` of ${count} that match` : ''}${ongoing ? `; ${ongoing} still ongoing` : ''}. Each line: ONGOING, ended or "end not reported" (the published event has no end time), then the event as the platform sent it (times UTC, power in bit/s and packets/s):`;
  const tail = more
    ? `For more, call again with "offset": ${next} and the same filters (with "to" fixed, so new attacks do not shift the offsets).`
    : 'No more attacks match.';
  return withData({ head, source: 'list_ddos_attacks', data: events.map((e) => `${stateOf(e)} ${jsonLine(e)}`), tail });
}

export const listDdosAttacks = defineTool({
  name: 'list_ddos_attacks',
  referenceName: 'platformDdosAttacks',
  displayName: 'List DDoS Attacks',
  userDescription: 'DDoS attacks on your addresses: targeted address, type, start, end or ongoing, power',
  modelDescription: `Lists the account's DDoS events (attacks) from the platform's event log, newest first: targeted IP addresses, alert type (ddos_alert, rtbh_alert = blackholed), start time, whether it is still ongoing, peak bit/s and packets/s, number of attacking IPs. The platform filters by "from"/"to" (RFC 3339 with a zone or a date; default the last 30 days), "alert_type" and "address" (one IP or several, comma-separated). "limit" 1..${LIST_MAX} (default ${DEFAULT_LIMIT}) and "offset" page through them; the answer gives the total and the next offset.`,
  kind: 'read',
  input: ddosAttacksInput,
  run: async (b, input) => ddosAttacksAnswer(b, input),
});
