// The account's DDoS events over the 30 days before the reference time: both alert types, five
// targeted addresses (one event aimed at two), and one attack still going on. Deterministic:
// the same seed time gives the same events, so the tests name them.
import type { AlertType } from '../../src/schema/ddosEvents';

export interface DdosEventRecord {
  id: string;
  alert_type: AlertType;
  client_id: number;
  notification_type: string;
  /** ms since the epoch; sent as RFC 3339. */
  startMs: number;
  /** Undefined while the attack goes on (sent as `attack_end_time: null`, a member the published item lacks). */
  endMs?: number;
  attack_power_bps: number;
  attack_power_pps: number;
  number_of_ip_involved_in_attack: number;
  targeted_ip_addresses: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The addresses the events target, as the tests name them. */
export const TARGETED = {
  web: '203.0.113.10',
  api: '203.0.113.25',
  mail: '198.51.100.7',
  v6: '2001:db8::20',
  pair: '203.0.113.10,203.0.113.11',
} as const;

export const SEEDED_EVENT_COUNT = 36;
/** The attack still going on: it started 40 minutes before the reference time. */
export const ONGOING_EVENT_ID = 'dd05e000-0000-4000-8000-000000000000';

export const eventId = (n: number) => `dd05e000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export function seedDdosEvents(referenceMs: number, clientId: number, extra = 0): DdosEventRecord[] {
  const addresses = [TARGETED.web, TARGETED.api, TARGETED.mail, TARGETED.v6, TARGETED.web, TARGETED.pair];
  const events: DdosEventRecord[] = [
    {
      id: ONGOING_EVENT_ID,
      alert_type: 'ddos_alert',
      client_id: clientId,
      notification_type: 'attack_started',
      startMs: referenceMs - 40 * MINUTE_MS,
      attack_power_bps: 48_200_000_000,
      attack_power_pps: 6_100_000,
      number_of_ip_involved_in_attack: 1840,
      targeted_ip_addresses: TARGETED.web,
    },
  ];
  // Spread over 28 days, roughly every 19 hours, so that "the last 30 days" holds every one at any
  // hour of the seed's day (at 20 hours the oldest left that range after 21:00 UTC); every fourth an RTBH (blackhole) alert.
  /** Event `n`, ended after `minutes`: its type, power and target made from `n`. */
  const ended = (n: number, startMs: number, minutes: number): DdosEventRecord => ({
    id: eventId(n),
    alert_type: n % 4 === 0 ? 'rtbh_alert' : 'ddos_alert',
    client_id: clientId,
    notification_type: 'attack_ended',
    startMs,
    endMs: startMs + minutes * MINUTE_MS,
    attack_power_bps: 1_000_000_000 + ((n * 7_919) % 97) * 500_000_000,
    attack_power_pps: 150_000 + ((n * 104_729) % 89) * 40_000,
    number_of_ip_involved_in_attack: 12 + ((n * 31) % 900),
    targeted_ip_addresses: addresses[n % addresses.length]!,
  });
  for (let n = 1; n < SEEDED_EVENT_COUNT; n++) events.push(ended(n, referenceMs - n * 19 * HOUR_MS + (n % 3) * 17 * MINUTE_MS, 3 + ((n * 37) % 180)));
  // `extra` more, ended, spread evenly over the 29 days before the reference time (a big account).
  const spanMs = 29 * 24 * HOUR_MS;
  for (let k = 0; k < extra; k++) {
    const n = SEEDED_EVENT_COUNT + k;
    events.push(ended(n, referenceMs - Math.floor(((k + 1) * spanMs) / (extra + 1)), 3 + (n % 60)));
  }
  return events;
}
