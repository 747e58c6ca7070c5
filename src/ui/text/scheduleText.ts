// A snapshot schedule as people read it, wherever one is shown (the Cloud view, the schedule
// commands, the agent's answers): in words, what it keeps, and its next runs in a time zone.
import type * as CronText from './cronText';
import { dateFormat } from './dateFormats';

/**
 * cron-parser (with luxon, its time zones) and cronstrue: their own bundle (dist/lazy/cronText.js,
 * esbuild.mjs), read when a cron schedule is first described, never at start-up.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const cronLibraries = (): typeof CronText => require('./cronText') as typeof CronText;

type Text = string | null | undefined;
type Count = number | null | undefined;
interface Span {
  weeks?: Count;
  days?: Count;
  hours?: Count;
  minutes?: Count;
}

/** The fields of a schedule as the platform lists it (cron or interval); every one may be missing. */
export interface ScheduleFields extends Span {
  type?: Text;
  minute?: Text;
  hour?: Text;
  day?: Text;
  month?: Text;
  day_of_week?: Text;
  week?: Text;
  timezone?: Text;
  max_quantity?: Count;
  retention_time?: Span | null;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "1 week 2 days"; empty when every part is zero or missing. */
export function spanText(parts: Span | null | undefined): string {
  return (
    [
      ['weeks', 'week'],
      ['days', 'day'],
      ['hours', 'hour'],
      ['minutes', 'minute'],
    ] as const
  )
    .map(([key, unit]) => [parts?.[key] ?? 0, unit] as const)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => plural(n, unit))
    .join(' ');
}

const field = (v: Text) => (v === undefined || v === null || v.trim() === '' ? '*' : v.trim());

/** The schedule's five-field cron expression ("0 3 * * mon"); undefined for an interval. */
export function cronOf(s: ScheduleFields): string | undefined {
  return s.type === 'cron' ? `${field(s.minute)} ${field(s.hour)} ${field(s.day)} ${field(s.month)} ${field(s.day_of_week)}` : undefined;
}

/** "cron 0 3 * * mon (UTC)" or "every 1 day 12 hours": short, the same in every prompt. */
export function scheduleName(s: ScheduleFields): string {
  const cron = cronOf(s);
  if (cron) return `cron ${cron}${s.timezone ? ` (${s.timezone})` : ''}`;
  const every = spanText(s);
  return every ? `every ${every}` : `${s.type ?? 'unknown'} schedule`;
}

/** "At 03:00, only on Monday (Europe/Berlin)" or "Every 1 day 12 hours"; the cron itself when it cannot be put in words. */
export function scheduleInWords(s: ScheduleFields): string {
  const cron = cronOf(s);
  if (!cron) {
    const every = spanText(s);
    return every ? `Every ${every}` : `${s.type ?? 'Unknown'} schedule`;
  }
  const week = s.week && s.week.trim() !== '*' ? `, ISO week ${s.week.trim()}` : '';
  let words: string;
  try {
    words = cronLibraries().describeCron(cron);
  } catch {
    words = `cron ${cron}`;
  }
  return `${words}${week} (${s.timezone || 'UTC'})`;
}

/** "keeps 2 weeks · at most 10 snapshots"; empty when the schedule says neither. */
export function scheduleKeeps(s: ScheduleFields): string {
  const keeps = spanText(s.retention_time);
  return [keeps ? `keeps ${keeps}` : undefined, s.max_quantity ? `at most ${plural(s.max_quantity, 'snapshot')}` : undefined].filter(Boolean).join(' · ');
}

const spanMinutes = (s: Span) => (s.weeks ?? 0) * 10_080 + (s.days ?? 0) * 1_440 + (s.hours ?? 0) * 60 + (s.minutes ?? 0);

/**
 * What the platform will delete when a schedule changes from `before` to `after` (only the fields
 * `after` gives count): fewer snapshots kept, or kept for less time (none set means kept until the
 * count rotates them out). Undefined when it keeps as much as before. Our words, for every face.
 */
export function schedulePrunes(before: ScheduleFields, after: Pick<ScheduleFields, 'max_quantity' | 'retention_time'>): string | undefined {
  const said: string[] = [];
  // No count now means no limit by count: any count set prunes.
  if (after.max_quantity !== undefined && after.max_quantity !== null && (!before.max_quantity || after.max_quantity < before.max_quantity)) {
    const kept = before.max_quantity ? `it keeps up to ${before.max_quantity} now` : 'it keeps them without a limit by count now';
    said.push(`the platform deletes this schedule's oldest snapshots beyond the newest ${after.max_quantity} (${kept})`);
  }
  const was = before.retention_time && spanMinutes(before.retention_time) > 0 ? before.retention_time : undefined;
  const now = after.retention_time && spanMinutes(after.retention_time) > 0 ? after.retention_time : undefined;
  if (now && (!was || spanMinutes(now) < spanMinutes(was))) {
    const kept = was ? `it keeps them ${spanText(was)} now` : 'it keeps them without a time limit now';
    said.push(`the platform deletes this schedule's snapshots older than ${spanText(now)} (${kept})`);
  }
  return said.length ? `${said.join('; ')}. Deleted snapshots cannot be brought back` : undefined;
}

/**
 * A cron schedule's next `count` runs after `from`, in its own zone; empty for an interval (the
 * platform does not say when one last ran) or a cron the libraries refuse.
 */
export function scheduleNextRuns(s: ScheduleFields, from: Date, count: number): Date[] {
  const cron = cronOf(s);
  if (!cron || (s.week && s.week.trim() !== '*')) return [];
  try {
    return cronLibraries().cronRuns(cron, from, s.timezone || 'UTC', count);
  } catch {
    return [];
  }
}

/** The time zone of the person (the extension host's). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Mon 2026-03-30 02:30 CEST" in `timeZone`. */
export function formatInZone(date: Date, timeZone: string): string {
  const parts = dateFormat('en-GB', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${get('timeZoneName')}`;
}
