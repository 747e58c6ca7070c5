// Edit Schedule…: a schedule as the platform answers it made back into the wizard's draft (so
// every step opens prefilled), and the PATCH body of only what the person changed (a type switch
// sends every field of the new type).
import type { ScheduleRequest } from '../../../schema/cloud';
import type { SchedulePatch } from '../../../schema/cloudChanges';
import { DAY_NAMES, parseNumberList, toScheduleRequest, type DayName, type ScheduleDraft } from './schedules';

export interface ScheduleAnswer {
  type?: string | null;
  day?: string | null;
  month?: string | null;
  week?: string | null;
  day_of_week?: string | null;
  hour?: string | null;
  minute?: string | null;
  timezone?: string | null;
  weeks?: number | null;
  days?: number | null;
  hours?: number | null;
  minutes?: number | null;
  max_quantity?: number | null;
  resource_name_template?: string | null;
  retention_time?: { weeks?: number | null; days?: number | null; hours?: number | null; minutes?: number | null } | null;
}

/** The draft the wizard edits; undefined when the platform's fields cannot be read as one (a cron field the wizard does not offer). */
export function draftOfSchedule(s: ScheduleAnswer): ScheduleDraft | undefined {
  const common = {
    maxQuantity: s.max_quantity ?? 1,
    retention: { weeks: s.retention_time?.weeks ?? 0, days: s.retention_time?.days ?? 0 },
    nameTemplate: s.resource_name_template ?? undefined,
  };
  if (s.type === 'interval') return { type: 'interval', weeks: s.weeks ?? 0, days: s.days ?? 0, hours: s.hours ?? 0, minutes: s.minutes ?? 0, ...common };
  if (s.type !== 'cron') return undefined;
  // The wizard offers no day of month, month or week: such a schedule is changed in the platform's console.
  if ([s.day, s.month, s.week].some((v) => v !== undefined && v !== null && v.trim() !== '' && v.trim() !== '*')) return undefined;
  const hours = parseNumberList(s.hour ?? '0', 0, 23, 'Hours');
  const minutes = parseNumberList(s.minute ?? '0', 0, 59, 'Minutes');
  const dayText = (s.day_of_week ?? '*').trim().toLowerCase();
  const days = dayText === '*' ? '*' : dayText.split(',').map((d) => d.trim());
  if (typeof hours === 'string' || typeof minutes === 'string') return undefined;
  if (days !== '*' && !days.every((d) => (DAY_NAMES as readonly string[]).includes(d))) return undefined;
  return { type: 'cron', days: days === '*' ? '*' : (days as DayName[]), hours, minutes, timezone: s.timezone || 'UTC', ...common };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields that differ; retention removed is sent as zeros (leaving it out would keep it). */
export function schedulePatchOf(before: ScheduleDraft, after: ScheduleDraft): SchedulePatch {
  const was = toScheduleRequest(before) as Record<string, unknown>;
  const now = toScheduleRequest(after) as ScheduleRequest & Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  const switched = before.type !== after.type;
  for (const [key, value] of Object.entries(now)) if (switched || !same(was[key], value)) patch[key] = value;
  if (was.retention_time && !now.retention_time) patch.retention_time = { weeks: 0, days: 0, hours: 0, minutes: 0 };
  if (!switched) delete patch.type;
  return patch;
}

/** "max_quantity, retention_time": what a patch changes, for the confirmation. */
export const patchFields = (patch: SchedulePatch): string => Object.keys(patch).join(', ');
