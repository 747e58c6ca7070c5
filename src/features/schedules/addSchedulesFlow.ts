// "Add Snapshot Schedules…": project, region, policy, then schedules until "Review and Submit",
// whose review is the addSchedules operation's confirmation (src/operations/snapshotSchedules.ts).
// The policy step is the operation's `policy_id` input (src/ui/operationSteps.ts).
import type * as z from 'zod';
import { describeSchedule, toScheduleRequest, type ScheduleDraft } from './model/schedules';
import { commandConfirmation } from '../../operations/commandConfirmation';
import type { PolicyThing } from '../../operations/snapshotPolicies';
import { addSchedules } from '../../operations/snapshotSchedules';
import { operationReview } from '../../ui/operationReview';
import { cloudLocationSteps, type CloudDefaults, type CloudLocation } from '../../ui/cloudLocation';
import type { FlowUi } from '../../ui/flowUi';
import { fieldStep, operationFieldAt } from '../../ui/operationSteps';
import type { WizardStep } from '../../ui/wizard';
import type { LifecyclePolicy } from '../../schema/cloud';
import { editSchedule } from './scheduleEditor';

export interface AddSchedulesState extends CloudLocation {
  policy_id?: number;
  schedules?: ScheduleDraft[];
}

export const REVIEW_STEP = 'review';

type MenuChoice = 'cron' | 'interval' | 'review' | 'remove';

/** An operation on one snapshot policy: its `policy_id` input is what the pick fills, by that input's title and rule. */
export interface OnPolicy {
  readonly name: string;
  readonly fields: () => z.ZodObject<{ policy_id: z.ZodNumber }>;
}

/** The lifecycle policy `op` acts on: picked from the project and region's policies (name, status, schedules), or typed. */
export function policyStep<S extends AddSchedulesState>(defaults: CloudDefaults, op: OnPolicy): WizardStep<S> {
  const picks = defaults.picks;
  return fieldStep(op, 'policy_id', {
    ...(picks
      ? {
          list: (s: S) => ({
            noun: 'lifecycle policy',
            load: (fresh: boolean) => picks.lists.policies(s.projectId!, s.regionId!, fresh),
            missing: () => picks.lists.isMissing('listLifecyclePolicies'),
            logError: picks.logError,
            item: (p: LifecyclePolicy) => ({
              label: p.name ?? `policy ${p.id}`,
              description: `ID ${p.id} · ${p.status ?? 'status unknown'} · ${p.schedules?.length ?? 0} schedule(s)`,
              detail: p.action ? `${p.action}, ${p.volumes?.length ?? 0} volume(s)` : undefined,
              value: p.id,
            }),
            emptyDetail: `No lifecycle policies in project ${s.projectId}, region ${s.regionId}`,
          }),
        }
      : {}),
  });
}

export type AddSchedulesInput = Parameters<typeof addSchedules.request>[0];

/** What the review confirms: exactly what is sent. */
export function scheduleInput(s: AddSchedulesState): AddSchedulesInput {
  return {
    project_id: s.projectId!,
    region_id: s.regionId!,
    policy_id: s.policy_id!,
    schedules: (s.schedules ?? []).map(toScheduleRequest),
  };
}

/** The review's connection and how it reads the policy (undefined: its facts say "not stated"). */
export interface ScheduleReview {
  readonly connection: { name: string; baseUrl: string };
  readonly read?: (input: AddSchedulesInput) => Promise<PolicyThing | undefined>;
}

export function addSchedulesSteps(
  defaults: CloudDefaults,
  ui: () => FlowUi,
  title: () => string,
  review: ScheduleReview,
  now: () => Date = () => new Date(),
): WizardStep<AddSchedulesState>[] {
  return [
    ...cloudLocationSteps<AddSchedulesState>(defaults),
    policyStep<AddSchedulesState>(defaults, addSchedules),
    {
      id: REVIEW_STEP,
      prompt: async (s, ctx) => {
        s.schedules = [...(s.schedules ?? [])];
        for (;;) {
          const list = s.schedules;
          const choice = await ctx.pick<MenuChoice>({
            placeholder: list.length
              ? `${list.length} schedule(s) for policy ${s.policy_id}: add another, or review and submit`
              : `Add a schedule to policy ${s.policy_id}`,
            items: [
              { label: '$(add) Add a cron schedule…', description: 'on days of the week, at hours and minutes', value: 'cron' },
              { label: '$(add) Add an interval schedule…', description: 'every N weeks, days, hours, minutes', value: 'interval' },
              ...(list.length
                ? [
                    { label: `$(check) Review and Submit (${list.length})`, description: list.map(describeSchedule).join(' | '), value: 'review' as const },
                    { label: '$(trash) Remove a schedule…', value: 'remove' as const },
                  ]
                : []),
            ],
          });
          if (choice === 'cron' || choice === 'interval') {
            const draft = await editSchedule(
              ui(),
              choice,
              `${title()}: schedule ${list.length + 1}`,
              (part) => operationFieldAt(addSchedules, `schedules[].${part}`),
              now,
            );
            if (draft) list.push(draft);
          } else if (choice === 'remove') {
            const index = await ctx.pick({
              placeholder: 'Schedule to remove',
              items: list.map((d, i) => ({ label: `Schedule ${i + 1}`, description: describeSchedule(d), value: i })),
            });
            list.splice(index, 1);
          } else {
            // The operation's own confirmation, one line an item; the policy as read just now.
            const input = scheduleInput(s);
            const { summary } = commandConfirmation(addSchedules, input, await review.read?.(input), review.connection);
            const shown = operationReview<boolean>(summary, { label: `$(cloud-upload) Submit ${list.length} schedule(s)`, value: true }, false);
            const submit = await ctx.pick({ ...shown, items: [...shown.items, { label: '$(arrow-left) Keep editing', value: false }] });
            if (submit) return;
          }
        }
      },
    },
  ];
}
