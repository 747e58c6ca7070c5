// One schedule of a snapshot policy changed or removed, described once. The policy and the schedule
// are read first (a schedule no longer in its policy asks nothing), so every face shows the
// schedule as it is. A change that lowers what is kept is destructive (the platform prunes), and a
// removal always is: the snapshots it makes stop being made.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { LifecyclePolicy } from '../schema/cloud';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { isListMissing } from '../platform/platformLists';
import { scheduleKeeps, scheduleName, schedulePrunes } from '../ui/text/scheduleText';
import { NOT_STATED, checkedRequest, defineOperation } from './operation';
import { policyFacts, policyName, readPolicy, scheduleText, type PolicyThing } from './snapshotPolicies';

type Schedule = NonNullable<LifecyclePolicy['schedules']>[number];
/** The policy as read and the schedule in it. */
export interface ScheduleThing {
  readonly policy: PolicyThing;
  readonly schedule: Schedule;
}
type At = { project_id: number; region_id: number; policy_id: number; schedule_id: string };

const remove = () => endpoints.removeSchedules;
const patch = () => endpoints.patchSchedule;
const where = () => ({
  project_id: remove().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
  region_id: remove().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
  policy_id: remove().params.shape.policy_id.describe('The policy id (list_snapshot_policies finds it)').meta({ title: 'Policy ID' }),
  schedule_id: patch().params.shape.schedule_id.describe("The schedule id (list_snapshot_policies gives each schedule's id)").meta({ title: 'Schedule ID' }),
});

/** The policy from its region's list and the schedule in it; a notFound when either is not there. */
export async function readSchedule(api: PlatformApi, at: At, signal?: AbortSignal): Promise<ScheduleThing> {
  const policy = await readPolicy(api, at, signal);
  const schedule = policy.schedules?.find((s) => s.id === at.schedule_id);
  if (schedule) return { policy, schedule };
  throw new PlatformError({
    kind: 'notFound',
    message: `Snapshot policy ${policyName(policy)} has no schedule ${at.schedule_id} (removed meanwhile?).`,
    method: 'GET',
    path: fillPath(pathIn(patch(), api.http.dialect), { project_id: at.project_id, region_id: at.region_id, schedule_id: at.schedule_id }),
  });
}

const keeps = (s: Schedule) => scheduleKeeps(s) || NOT_STATED;
/** The policy's facts, then the schedule as it is now. */
const scheduleFacts = (at: At, t: ScheduleThing | undefined): [string, string][] => [
  ...policyFacts(at, t?.policy),
  ['Schedule', `${t ? scheduleText(t.schedule) : NOT_STATED} (ID ${at.schedule_id})`],
  ['Keeps', t ? keeps(t.schedule) : NOT_STATED],
];
const ofPolicy = (at: At, t?: ScheduleThing) => `snapshot policy ${t?.policy.name || at.policy_id}`;

export const removeSnapshotSchedule = defineOperation({
  name: 'removeSnapshotSchedule',
  title: 'Remove Snapshot Schedule',
  noun: 'The schedule',
  kind: 'destructive',
  button: 'Remove',
  done: ({ schedule_id, policy_id }) => `Removed schedule ${JSON.stringify(schedule_id)} from snapshot policy ${policy_id}`,
  fields: () => z.strictObject(where()),
  request: ({ schedule_id, ...at }) => checkedRequest(remove(), { params: { ...at }, body: { schedule_ids: [schedule_id] } }),
  action: (at, t?: ScheduleThing) => `Remove schedule ${t ? scheduleName(t.schedule) : at.schedule_id} from ${ofPolicy(at, t)}`,
  read: (api, at, signal) => readSchedule(api, at, signal),
  target: (at, t) => {
    const left = t ? (t.policy.schedules?.length ?? 1) - 1 : undefined;
    const remain = left === undefined ? '' : left === 0 ? '; the policy is left with no schedule' : `; ${left} schedule(s) remain`;
    return {
      facts: [...scheduleFacts(at, t), ['Change', `removed${remain}`]],
      consequence:
        'The snapshots it makes stop being made; those already made are kept. Add Snapshot Schedules can add a schedule again (add_schedules for an agent).',
    };
  },
});

export const editSnapshotSchedule = defineOperation({
  name: 'editSnapshotSchedule',
  title: 'Edit Snapshot Schedule',
  noun: 'The schedule',
  kind: 'write',
  destructiveWhen: 'it lowers max_quantity or retention_time: the platform deletes the snapshots beyond them',
  button: 'Change',
  done: ({ schedule_id, policy_id }) => `Changed schedule ${JSON.stringify(schedule_id)} of snapshot policy ${policy_id}`,
  fields: () => z.strictObject({ ...where(), change: patch().body.describe('The fields to change, only those').meta({ title: 'Changes' }) }),
  request: ({ project_id, region_id, schedule_id, change }) => checkedRequest(patch(), { params: { project_id, region_id, schedule_id }, body: change }),
  action: ({ change: _change, ...at }, t?: ScheduleThing) => `Change schedule ${t ? scheduleName(t.schedule) : at.schedule_id} of ${ofPolicy(at, t)}`,
  read: (api, { change: _change, ...at }, signal) => readSchedule(api, at, signal),
  target: ({ change, ...at }, t) => {
    // The schedule as the platform will hold it: only the fields sent change.
    const after = t ? ({ ...t.schedule, ...change } as Schedule) : undefined;
    const prunes = t ? schedulePrunes(t.schedule, change) : undefined;
    return {
      facts: [...scheduleFacts(at, t), ['Fields sent', JSON.stringify(change)], ['Becomes', after ? `${scheduleText(after)}; ${keeps(after)}` : NOT_STATED]],
      consequence: 'Only the fields sent change.',
      ...(prunes ? { destructive: prunes } : {}),
    };
  },
});

const add = () => endpoints.addSchedules;
type AddInput = { project_id: number; region_id: number; policy_id: number; schedules: readonly Schedule[] };
const addAction = ({ policy_id, schedules }: AddInput, p?: PolicyThing) =>
  `Add ${schedules.length} schedule${schedules.length === 1 ? '' : 's'} to snapshot policy ${p?.name || policy_id}`;

export const addSchedules = defineOperation({
  name: 'addSchedules',
  title: 'Add Snapshot Schedules',
  noun: 'The snapshot policy',
  kind: 'write',
  button: 'Submit',
  done: (input) => `Added ${(input as AddInput).schedules.length} schedule(s) to lifecycle policy ${input.policy_id}`,
  fields: () =>
    z.strictObject({
      project_id: add().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
      region_id: add().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
      policy_id: add().params.shape.policy_id.describe('The policy id (list_snapshot_policies finds it)').meta({ title: 'Policy ID' }),
      schedules: add().body.shape.schedules.describe('The schedules to add (at least one)').meta({ title: 'Schedules' }),
    }),
  request: ({ schedules, ...at }) => checkedRequest(add(), { params: { ...at }, body: { schedules } }),
  action: (input, p?: PolicyThing) => addAction(input as AddInput, p),
  read: async (api, { schedules: _schedules, ...at }, signal): Promise<PolicyThing> => {
    try {
      return await readPolicy(api, at, signal);
    } catch (error) {
      // A server without the list (the spec's): the policy as far as it is known, its id; the platform answers for it.
      if (isListMissing(error, 'listLifecyclePolicies')) return { id: at.policy_id };
      throw error;
    }
  },
  target: ({ schedules, ...at }, p) => {
    const added = schedules as readonly Schedule[];
    return {
      facts: [...policyFacts(at, p), ['Adds', added.map((s) => `${scheduleText(s)}; ${keeps(s)}`).join(' | ')], ['Schedules sent', JSON.stringify(schedules)]],
      consequence: "They are added to the policy's own schedules in one request; each can be removed again.",
    };
  },
});
