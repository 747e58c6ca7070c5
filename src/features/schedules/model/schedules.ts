// Snapshot schedules as a person builds them: the wire form, a plain-language description, the
// next runs (in the schedule's zone and locally), and the resource name a template produces.
import { DAY_NAMES, type ScheduleRequest } from '../../../schema/cloud';
import { cronLibraries as cron, formatInZone, plural } from '../../../ui/text/scheduleText';

export type DayName = (typeof DAY_NAMES)[number];

/** The platform's own default name template. */
export const DEFAULT_NAME_TEMPLATE = 'Snapshot of volume {volume_id} created by policy {lifecycle_policy_id}';

export const NAME_PLACEHOLDERS = ['{volume_id}', '{schedule_id}', '{lifecycle_policy_id}', '{datetime_utc}', '{local_datetime}'] as const;

export interface Retention {
  weeks?: number;
  days?: number;
}

interface CommonDraft {
  maxQuantity: number;
  retention?: Retention;
  nameTemplate?: string;
}

export interface CronDraft extends CommonDraft {
  type: 'cron';
  /** Lowercase three-letter names, or '*' for every day. */
  days: DayName[] | '*';
  hours: number[];
  minutes: number[];
  timezone: string;
}

export interface IntervalDraft extends CommonDraft {
  type: 'interval';
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
}

export type ScheduleDraft = CronDraft | IntervalDraft;

/** `"0, 20,5"` -> [0, 5, 20]; or the rule it breaks. */
export function parseNumberList(text: string, min: number, max: number, label: string): number[] | string {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === ''))
    return `${label}: a comma-separated list of whole numbers from ${min} to ${max}, e.g. ${min},${Math.min(max, min + 30)}`;
  const values: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,2}$/.test(part)) return `${label}: "${part}" is not a whole number from ${min} to ${max}`;
    const n = Number(part);
    if (n < min || n > max) return `${label}: ${n} is outside ${min}..${max}`;
    values.push(n);
  }
  return [...new Set(values)].sort((a, b) => a - b);
}

/** The request body item for one schedule (days lowercase, lists without spaces). */
export function toScheduleRequest(draft: ScheduleDraft): ScheduleRequest {
  const common = {
    max_quantity: draft.maxQuantity,
    ...(draft.nameTemplate ? { resource_name_template: draft.nameTemplate } : {}),
    ...(draft.retention && ((draft.retention.weeks ?? 0) > 0 || (draft.retention.days ?? 0) > 0)
      ? { retention_time: { weeks: draft.retention.weeks ?? 0, days: draft.retention.days ?? 0 } }
      : {}),
  };
  if (draft.type === 'cron') {
    return {
      type: 'cron',
      day_of_week: draft.days === '*' ? '*' : draft.days.join(','),
      hour: draft.hours.join(','),
      minute: draft.minutes.join(','),
      timezone: draft.timezone,
      ...common,
    };
  }
  return { type: 'interval', weeks: draft.weeks, days: draft.days, hours: draft.hours, minutes: draft.minutes, ...common };
}

export function cronExpression(draft: CronDraft): string {
  return `${draft.minutes.join(',')} ${draft.hours.join(',')} * * ${draft.days === '*' ? '*' : draft.days.join(',')}`;
}

/** "At 02:30, only on Monday and Wednesday (Europe/Berlin); keeps 7 snapshots" */
export function describeSchedule(draft: ScheduleDraft): string {
  let when: string;
  if (draft.type === 'cron') {
    when = `${cron().describeCron(cronExpression(draft))} (${draft.timezone})`;
  } else {
    const parts = [
      draft.weeks ? plural(draft.weeks, 'week') : '',
      draft.days ? plural(draft.days, 'day') : '',
      draft.hours ? plural(draft.hours, 'hour') : '',
      draft.minutes ? plural(draft.minutes, 'minute') : '',
    ].filter(Boolean);
    when = `Every ${parts.join(' ')}`;
  }
  const keep = `keeps ${plural(draft.maxQuantity, 'snapshot')}`;
  const kept = [draft.retention?.weeks ? plural(draft.retention.weeks, 'week') : '', draft.retention?.days ? plural(draft.retention.days, 'day') : ''].filter(
    Boolean,
  );
  const retention = kept.length ? `, each deleted after ${kept.join(' ')}` : '';
  return `${when}; ${keep}${retention}`;
}

export function intervalMs(draft: IntervalDraft): number {
  return (((draft.weeks * 7 + draft.days) * 24 + draft.hours) * 60 + draft.minutes) * 60_000;
}

/** The next `count` runs after `from`. Intervals count from `from` (the platform's first run is not in the spec). */
export function nextRuns(draft: ScheduleDraft, from: Date, count = 5): Date[] {
  if (draft.type === 'interval') {
    const step = intervalMs(draft);
    return Array.from({ length: count }, (_, i) => new Date(from.getTime() + step * (i + 1)));
  }
  return cron().cronRuns(cronExpression(draft), from, draft.timezone, count);
}

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The runtime's IANA zones: the machine's own first, then UTC (which `Intl.supportedValuesOf`
 * leaves out on most machines), then the rest.
 */
export function timeZones(local: string = Intl.DateTimeFormat().resolvedOptions().timeZone): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([local, 'UTC', ...all])];
}

export interface NamePreview {
  example: string;
  /** Placeholders the platform does not know: they stay literal. */
  unknown: string[];
}

/** The name a template gives, with example values; unknown `{placeholders}` are listed. */
export function previewName(template: string, now: Date, timeZone: string): NamePreview {
  const local = formatInZone(now, timeZone).split(' ').slice(1, 3).join('T').replace(/:/g, '-');
  const examples: Record<string, string> = {
    '{volume_id}': '726ecfcc-7fd0-4e30-a86e-7892524aa483',
    '{schedule_id}': '47aee364-ad88-4b66-aed2-6ed8f635ee17',
    '{lifecycle_policy_id}': '10',
    '{datetime_utc}': now.toISOString().slice(0, 19).replace(/:/g, '-'),
    '{local_datetime}': local,
  };
  const unknown = [...new Set([...template.matchAll(/\{[^{}]*\}/g)].map((m) => m[0]).filter((p) => !(p in examples)))];
  return { example: template.replace(/\{[^{}]*\}/g, (p) => examples[p] ?? p), unknown };
}

export const DAY_LABELS: Record<DayName, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
export { DAY_NAMES };
