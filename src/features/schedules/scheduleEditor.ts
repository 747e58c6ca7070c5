// One schedule, cron or interval, as its own little wizard; then its description and next runs
// for the person to keep or discard.
import type * as z from 'zod';
import { countProblem, fieldProblem, parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import type { FlowUi } from '../../ui/flowUi';
import { formatInZone, localTimeZone } from '../../ui/text/scheduleText';
import { runWizard, type StepContext, type WizardStep } from '../../ui/wizard';
import {
  DAY_LABELS,
  DEFAULT_NAME_TEMPLATE,
  DAY_NAMES,
  NAME_PLACEHOLDERS,
  describeSchedule,
  nextRuns,
  parseNumberList,
  previewName,
  timeZones,
  type DayName,
  type ScheduleDraft,
} from './model/schedules';

interface EditorState {
  type?: 'cron' | 'interval';
  days?: DayName[] | '*';
  hours?: number[];
  minutes?: number[];
  timezone?: string;
  weeks?: number;
  intervalDays?: number;
  intervalHours?: number;
  intervalMinutes?: number;
  maxQuantity?: number;
  retentionWeeks?: number;
  retentionDays?: number;
  nameTemplate?: string;
}

const TYPE_HOURS = -1;

/**
 * The rule of one part of a schedule, as the operation sending it has it: adding
 * (`schedules[].<part>`) and editing (`change.<part>`) differ (an edit keeps at most 10,000 snapshots).
 */
export type ScheduleRule = (part: string) => z.ZodType;

/** The operation's rule decides; its words are the editor's where it has more precise ones (which part of a list, which bound). */
function refusal(refused: string | undefined, precise: () => string | undefined): string | undefined {
  return refused === undefined ? undefined : (precise() ?? refused);
}

async function nonNegative(
  ctx: StepContext,
  prompt: string,
  value: number | undefined,
  label: string,
  rule: z.ZodType,
  check?: (n: number) => string | undefined,
): Promise<number> {
  const text = await ctx.input({
    prompt,
    value: String(value ?? 0),
    validate: (v) => refusal(wholeNumberProblem(rule, v, label), () => countProblem(v, 0, label)) ?? check?.(parseWholeNumber(v)!),
  });
  return parseWholeNumber(text)!;
}

/** A typed list of hours or minutes: refused by the operation's rule, in the parser's words ("Minutes: 60 is outside 0..59"). */
function listProblem(rule: z.ZodType, v: string, min: number, max: number, label: string): string | undefined {
  return refusal(fieldProblem(rule, v, label), () => {
    const parsed = parseNumberList(v, min, max, label);
    return typeof parsed === 'string' ? parsed : undefined;
  });
}

function steps(now: () => Date, rule: ScheduleRule): WizardStep<EditorState>[] {
  const isCron = (s: EditorState) => s.type === 'cron';
  const isInterval = (s: EditorState) => s.type === 'interval';
  return [
    {
      shouldPrompt: isCron,
      prompt: async (s, ctx) => {
        for (;;) {
          const picked = await ctx.pickMany<DayName | '*'>({
            placeholder: 'Days of the week (pick several, or "Every day")',
            items: [
              { label: 'Every day (*)', value: '*', picked: s.days === '*' },
              ...DAY_NAMES.map((d) => ({ label: DAY_LABELS[d], description: d, value: d, picked: Array.isArray(s.days) && s.days.includes(d) })),
            ],
          });
          if (picked.length === 0) continue;
          s.days = picked.includes('*') || picked.length === 7 ? '*' : DAY_NAMES.filter((d) => picked.includes(d));
          return;
        }
      },
    },
    {
      shouldPrompt: isCron,
      prompt: async (s, ctx) => {
        for (;;) {
          const picked = await ctx.pickMany<number>({
            placeholder: "Hours (0..23, in the schedule's time zone), or type a list",
            items: [
              { label: '$(edit) Type a comma-separated list instead…', value: TYPE_HOURS },
              ...Array.from({ length: 24 }, (_, h) => ({ label: String(h).padStart(2, '0'), description: `${h}:00`, value: h, picked: s.hours?.includes(h) })),
            ],
          });
          if (picked.includes(TYPE_HOURS)) {
            const text = await ctx.input({
              prompt: 'Hours, comma-separated, 0..23 (e.g. 0,12)',
              value: s.hours?.join(',') ?? '',
              validate: (v) => listProblem(rule('hour'), v, 0, 23, 'Hours'),
            });
            s.hours = parseNumberList(text, 0, 23, 'Hours') as number[];
            return;
          }
          if (picked.length === 0) continue;
          s.hours = picked;
          return;
        }
      },
    },
    {
      shouldPrompt: isCron,
      prompt: async (s, ctx) => {
        const text = await ctx.input({
          prompt: 'Minutes, comma-separated, 0..59 (e.g. 0 or 0,30)',
          value: s.minutes?.join(',') ?? '0',
          validate: (v) => listProblem(rule('minute'), v, 0, 59, 'Minutes'),
        });
        s.minutes = parseNumberList(text, 0, 59, 'Minutes') as number[];
      },
    },
    {
      shouldPrompt: isCron,
      prompt: async (s, ctx) => {
        const zones = timeZones();
        s.timezone = await ctx.pick({
          placeholder: "Time zone of the hours and minutes (this machine's first)",
          items: zones.map((z, i) => ({ label: z, description: i === 0 ? 'this machine' : undefined, value: z })),
          activeValue: s.timezone ?? zones[0],
        });
      },
    },
    { shouldPrompt: isInterval, prompt: async (s, ctx) => void (s.weeks = await nonNegative(ctx, 'Interval: weeks', s.weeks, 'Weeks', rule('weeks'))) },
    {
      shouldPrompt: isInterval,
      prompt: async (s, ctx) => void (s.intervalDays = await nonNegative(ctx, 'Interval: days', s.intervalDays, 'Days', rule('days'))),
    },
    {
      shouldPrompt: isInterval,
      prompt: async (s, ctx) => void (s.intervalHours = await nonNegative(ctx, 'Interval: hours', s.intervalHours, 'Hours', rule('hours'))),
    },
    {
      shouldPrompt: isInterval,
      prompt: async (s, ctx) => {
        s.intervalMinutes = await nonNegative(ctx, 'Interval: minutes', s.intervalMinutes, 'Minutes', rule('minutes'), (n) =>
          (s.weeks ?? 0) + (s.intervalDays ?? 0) + (s.intervalHours ?? 0) + n > 0
            ? undefined
            : 'Interval: must be longer than 0 (set weeks, days, hours or minutes)',
        );
      },
    },
    {
      prompt: async (s, ctx) => {
        const text = await ctx.input({
          prompt: 'Snapshots to keep (at least 1): when the schedule has made this many, its next run deletes its oldest snapshot',
          value: String(s.maxQuantity ?? 7),
          validate: (v) => wholeNumberProblem(rule('max_quantity'), v, 'Snapshots to keep (max_quantity)'),
        });
        s.maxQuantity = parseWholeNumber(text)!;
      },
    },
    {
      prompt: async (s, ctx) => {
        s.retentionWeeks = await nonNegative(
          ctx,
          'Retention (optional): weeks after which each snapshot of this schedule is deleted; 0 for none',
          s.retentionWeeks,
          'Retention weeks',
          rule('retention_time.weeks'),
        );
      },
    },
    {
      prompt: async (s, ctx) => {
        s.retentionDays = await nonNegative(
          ctx,
          'Retention (optional): days, added to the weeks; 0 for none',
          s.retentionDays,
          'Retention days',
          rule('retention_time.days'),
        );
      },
    },
    {
      prompt: async (s, ctx) => {
        const zone = s.timezone ?? 'UTC';
        s.nameTemplate = (
          await ctx.input({
            prompt: `Name of each snapshot; placeholders: ${NAME_PLACEHOLDERS.join(' ')}`,
            value: s.nameTemplate ?? DEFAULT_NAME_TEMPLATE,
            validate: (v) => {
              const refused = fieldProblem(rule('resource_name_template'), v.trim(), 'Name template');
              if (refused) return refused;
              const preview = previewName(v, now(), zone);
              if (preview.unknown.length) {
                const names = `${preview.unknown.join(', ')} ${preview.unknown.length > 1 ? 'are' : 'is'}`;
                return { warning: `${names} not a placeholder the platform knows and will stay as typed. Example: ${preview.example}` };
              }
              return { info: `Example: ${preview.example}` };
            },
          })
        ).trim();
      },
    },
  ];
}

export function draftOf(s: EditorState): ScheduleDraft {
  const common = {
    maxQuantity: s.maxQuantity!,
    retention: { weeks: s.retentionWeeks ?? 0, days: s.retentionDays ?? 0 },
    nameTemplate: s.nameTemplate,
  };
  return s.type === 'cron'
    ? { type: 'cron', days: s.days!, hours: s.hours!, minutes: s.minutes!, timezone: s.timezone!, ...common }
    : { type: 'interval', weeks: s.weeks ?? 0, days: s.intervalDays ?? 0, hours: s.intervalHours ?? 0, minutes: s.intervalMinutes ?? 0, ...common };
}

/** The next runs, each in the schedule's zone and locally. */
export function runLines(draft: ScheduleDraft, now: Date, localZone = localTimeZone()): string[] {
  const zone = draft.type === 'cron' ? draft.timezone : 'UTC';
  return nextRuns(draft, now).map((d) => `${formatInZone(d, zone)}  ·  local ${formatInZone(d, localZone)}`);
}

/** The wizard's state for an existing schedule: every step opens with its value. */
function editorStateOf(d: ScheduleDraft): EditorState {
  const common = { maxQuantity: d.maxQuantity, retentionWeeks: d.retention?.weeks ?? 0, retentionDays: d.retention?.days ?? 0, nameTemplate: d.nameTemplate };
  return d.type === 'cron'
    ? { type: 'cron', days: d.days, hours: d.hours, minutes: d.minutes, timezone: d.timezone, ...common }
    : { type: 'interval', weeks: d.weeks, intervalDays: d.days, intervalHours: d.hours, intervalMinutes: d.minutes, ...common };
}

/** Asks for one schedule (prefilled from `initial` when editing one); undefined when the person pressed Escape or discarded it. */
export async function editSchedule(
  ui: FlowUi,
  type: 'cron' | 'interval',
  title: string,
  rule: ScheduleRule,
  now: () => Date = () => new Date(),
  initial?: ScheduleDraft,
): Promise<ScheduleDraft | undefined> {
  const state = await runWizard<EditorState>(initial ? editorStateOf(initial) : { type }, { title, steps: steps(now, rule), ui });
  if (!state) return undefined;
  const draft = draftOf(state);
  const keep = await ui.pick({
    title,
    step: 1,
    totalSteps: 1,
    canGoBack: false,
    placeholder: describeSchedule(draft),
    items: [
      { label: '$(check) Keep this schedule', description: describeSchedule(draft), value: true },
      ...runLines(draft, now()).map((line, i) => ({ label: `${i === 0 ? 'Next runs: ' : ''}${line}`, value: true })),
      { label: '$(trash) Discard it', value: false },
    ],
  });
  return keep === true ? draft : undefined;
}
