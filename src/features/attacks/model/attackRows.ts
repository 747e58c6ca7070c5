// What a row of the DDoS Attacks view says: the targeted address, the alert type, start, end or
// "ongoing", and the duration, with times in the person's time zone. The published event has no
// end time: an `attack_end_time` of null (sent by servers that report it) means still going on;
// a missing one means the end is not known, never "ongoing".
import type { DdosEvent } from '../../../schema/ddosEvents';
import { dateFormat } from '../../../ui/text/dateFormats';

export type AttackEnd = { kind: 'ended'; ms: number } | { kind: 'ongoing' } | { kind: 'unknown' };

export interface AttackRow {
  id: string;
  /** "203.0.113.10" or "203.0.113.10, 203.0.113.11"; undefined when the platform sent none. */
  targets: string | undefined;
  alertType: string | undefined;
  startMs: number | undefined;
  end: AttackEnd;
  bps: number | undefined;
  pps: number | undefined;
  attackers: number | undefined;
  event: DdosEvent;
}

const timeOf = (text: string | null | undefined): number | undefined => {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
};

export function attackRow(event: DdosEvent): AttackRow {
  const endText = event.attack_end_time;
  const endMs = timeOf(endText);
  const end: AttackEnd = endMs !== undefined ? { kind: 'ended', ms: endMs } : endText === null ? { kind: 'ongoing' } : { kind: 'unknown' };
  const targets =
    event.targeted_ip_addresses
      ?.split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .join(', ') || undefined;
  return {
    id: event.id,
    targets,
    alertType: event.alert_type ?? undefined,
    startMs: timeOf(event.attack_start_time),
    end,
    bps: event.attack_power_bps ?? undefined,
    pps: event.attack_power_pps ?? undefined,
    attackers: event.number_of_ip_involved_in_attack ?? undefined,
    event,
  };
}

/** Attacks still going on first (newest first among them), then the rest as the server ordered them (newest first). */
export function ongoingFirst(rows: readonly AttackRow[]): AttackRow[] {
  const ongoing = rows.filter((r) => r.end.kind === 'ongoing').sort((a, b) => (b.startMs ?? 0) - (a.startMs ?? 0));
  return [...ongoing, ...rows.filter((r) => r.end.kind !== 'ongoing')];
}

export const ALERT_TYPE_LABELS: Record<string, string> = { ddos_alert: 'DDoS alert', rtbh_alert: 'RTBH (blackhole) alert' };

export function alertTypeText(type: string | undefined): string {
  if (!type) return 'alert type not reported';
  return ALERT_TYPE_LABELS[type] ?? type;
}

/** "45 s", "25 min", "1 h 5 min", "2 d 4 h". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The attack's duration so far (ongoing: until now); undefined when the start or the end is not known. */
export function attackDuration(row: AttackRow, nowMs: number): number | undefined {
  if (row.startMs === undefined) return undefined;
  if (row.end.kind === 'ended') return row.end.ms - row.startMs;
  if (row.end.kind === 'ongoing') return nowMs - row.startMs;
  return undefined;
}

/** "2026-11-19 23:20 UTC", "2026-11-20 08:20 GMT+9": in `timeZone` (the person's own when undefined). */
export function localTime(ms: number, timeZone?: string): string {
  const parts = dateFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** The end, as the row and its tooltip say it. */
export function endText(row: AttackRow, timeZone?: string): string {
  if (row.end.kind === 'ongoing') return 'ongoing';
  if (row.end.kind === 'unknown') return 'end not reported';
  return localTime(row.end.ms, timeZone);
}

/** "DDoS alert · 2026-11-19 23:20 UTC → 2026-11-19 23:45 UTC · 25 min"; ongoing: "… · since … · ongoing, 40 min so far". */
export function rowDescription(row: AttackRow, nowMs: number, timeZone?: string): string {
  const start = row.startMs === undefined ? 'start not reported' : localTime(row.startMs, timeZone);
  const duration = attackDuration(row, nowMs);
  if (row.end.kind === 'ongoing')
    return [alertTypeText(row.alertType), `since ${start}`, `ongoing${duration === undefined ? '' : `, ${durationText(duration)} so far`}`].join(' · ');
  return [alertTypeText(row.alertType), `${start} → ${endText(row, timeZone)}`, duration === undefined ? undefined : durationText(duration)]
    .filter(Boolean)
    .join(' · ');
}

/** The row's label: the targeted addresses. */
export function rowLabel(row: AttackRow): string {
  return row.targets ?? 'targeted address not reported';
}

/** 48200000000 → "48.2 Gbit/s"; 6100000 → "6.1 Mpps". */
export function rateText(value: number | undefined, unit: 'bit/s' | 'pps'): string {
  if (value === undefined) return 'not reported';
  const steps: [number, string][] =
    unit === 'bit/s'
      ? [
          [1e12, 'Tbit/s'],
          [1e9, 'Gbit/s'],
          [1e6, 'Mbit/s'],
          [1e3, 'kbit/s'],
        ]
      : [
          [1e9, 'Gpps'],
          [1e6, 'Mpps'],
          [1e3, 'kpps'],
        ];
  for (const [size, name] of steps) if (Math.abs(value) >= size) return `${Number((value / size).toFixed(1))} ${name}`;
  return `${value} ${unit}`;
}

/** The facts of an attack as label/value pairs: the tooltip and the details document. */
export function attackFacts(row: AttackRow, nowMs: number, timeZone?: string): [string, string][] {
  const duration = attackDuration(row, nowMs);
  return [
    ['Targeted', rowLabel(row)],
    ['Type', alertTypeText(row.alertType)],
    ['Start', row.startMs === undefined ? 'not reported' : localTime(row.startMs, timeZone)],
    ['End', endText(row, timeZone)],
    ['Duration', duration === undefined ? 'not known' : `${durationText(duration)}${row.end.kind === 'ongoing' ? ' so far' : ''}`],
    ['Peak traffic', rateText(row.bps, 'bit/s')],
    ['Peak packets', rateText(row.pps, 'pps')],
    ['Attacking IPs', row.attackers === undefined ? 'not reported' : String(row.attackers)],
    ['Event ID', row.id],
  ];
}
