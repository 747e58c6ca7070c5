// The account's DDoS events (GET /security/notifier/v1/event_logs): the range, alert type and
// targeted addresses filtered here, the published ordering (default oldest first), limit/offset
// paging with the count of all that match. The published defaults of the range are fixed dates
// in 2024/2025, applied as published when a bound is left out.
import type { endpoints } from '../../src/schema/endpoints';
import { EVENT_DEFAULT_FROM, EVENT_DEFAULT_TO, EVENT_PAGE_DEFAULT, eventTimeMs, parseAddressList, type EventOrdering } from '../../src/schema/ddosEvents';
import type { DdosEventRecord } from '../state/seedDdosEvents';
import type { Handler } from './types';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The published item, and `attack_end_time` (null while it goes on). */
export function shownEvent(e: DdosEventRecord): Record<string, unknown> {
  return {
    id: e.id,
    alert_type: e.alert_type,
    client_id: e.client_id,
    notification_type: e.notification_type,
    attack_start_time: iso(e.startMs),
    attack_end_time: e.endMs === undefined ? null : iso(e.endMs),
    attack_power_bps: e.attack_power_bps,
    attack_power_pps: e.attack_power_pps,
    number_of_ip_involved_in_attack: e.number_of_ip_involved_in_attack,
    targeted_ip_addresses: e.targeted_ip_addresses,
  };
}

const SORT_KEYS: Record<string, (e: DdosEventRecord) => number | string> = {
  attack_start_time: (e) => e.startMs,
  attack_power_bps: (e) => e.attack_power_bps,
  attack_power_pps: (e) => e.attack_power_pps,
  number_of_ip_involved_in_attack: (e) => e.number_of_ip_involved_in_attack,
  alert_type: (e) => e.alert_type,
};

/** Events in the range: those that went on at some time within it (an attack still going on reaches now). */
export function filterEvents(events: Iterable<DdosEventRecord>, query: Record<string, unknown>, nowMs: number): DdosEventRecord[] {
  const from = eventTimeMs(typeof query.date_from === 'string' ? query.date_from : EVENT_DEFAULT_FROM);
  const to = eventTimeMs(typeof query.date_to === 'string' ? query.date_to : EVENT_DEFAULT_TO);
  const wanted = typeof query.targeted_ip_addresses === 'string' ? new Set(parseAddressList(query.targeted_ip_addresses) ?? []) : undefined;
  return [...events].filter(
    (e) =>
      e.startMs <= to &&
      (e.endMs ?? nowMs) >= from &&
      (query.alert_type === undefined || e.alert_type === query.alert_type) &&
      (!wanted || e.targeted_ip_addresses.split(',').some((a) => wanted.has(a.trim()))),
  );
}

export function orderEvents(events: DdosEventRecord[], ordering: EventOrdering = 'attack_start_time'): DdosEventRecord[] {
  const descending = ordering.startsWith('-');
  const key = SORT_KEYS[descending ? ordering.slice(1) : ordering]!;
  const sign = descending ? -1 : 1;
  return [...events].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const by = typeof ka === 'number' ? ka - (kb as number) : String(ka).localeCompare(String(kb));
    return sign * by || b.startMs - a.startMs || a.id.localeCompare(b.id);
  });
}

export const listDdosEvents: Handler<typeof endpoints.listDdosEvents> = ({ query }, { state, nowMs }) => {
  const q = query ?? {};
  const matching = orderEvents(filterEvents(state.ddosEvents.values(), q, nowMs), q.ordering);
  const limit = q.limit ?? EVENT_PAGE_DEFAULT;
  const offset = q.offset ?? 0;
  return { results: matching.slice(offset, offset + limit).map(shownEvent), count: matching.length, limit, offset };
};
