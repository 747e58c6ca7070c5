// A snapshot policy's schedules one at a time for agents: one changed (only the fields given),
// one removed (destructive: its snapshots stop being made), and the policy renamed (a catalog
// operation). Each reads
// the policy first so the person sees the schedule as it is, and is sent once by runTool.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { renameSnapshotPolicy as renameOp, scheduleText } from '../../../operations/snapshotPolicies';
import { opts, policyParams } from './cloudManageTools';
import { toolFromOperation } from './operationTool';
import { quoted as q } from './platformText';
import { connectionField, defineTool, destructiveIf, type AgentBinding, type WriteTarget } from './toolKit';
import { request } from './writeTools';
import { schedulePrunes, spanText, type ScheduleFields } from '../../../ui/text/scheduleText';
import { nameOf, shown, writeAnswer } from './toolAnswers';

const scheduleId = () => endpoints.patchSchedule.params.shape.schedule_id.describe("The schedule id (list_snapshot_policies gives each schedule's id)");

/** The policy and the one schedule, as they are now; `change` given, what the platform will prune for it (the call is then destructive). */
async function readSchedule(
  b: AgentBinding,
  at: { project_id: number; region_id: number; policy_id: number; schedule_id: string },
  consequence: string,
  change?: Pick<ScheduleFields, 'max_quantity' | 'retention_time'>,
): Promise<WriteTarget> {
  const list = await b.api.cloud.listLifecyclePolicies({ params: { project_id: at.project_id, region_id: at.region_id } }, opts(b));
  const policy = list.results.find((p) => p.id === at.policy_id);
  const schedule = policy?.schedules?.find((s) => s.id === at.schedule_id);
  return {
    noun: 'The schedule',
    facts: [
      ['policy', policy ? `${shown(policy.name)} (id ${policy.id}, ${shown(policy.status)})` : `id ${at.policy_id}, not in the list of its project and region`],
      ['schedule', schedule ? scheduleText(schedule) : `id ${at.schedule_id}, not in this policy`],
      [
        'keeps',
        schedule
          ? `${shown(schedule.max_quantity)} snapshot(s)${schedule.retention_time && spanText(schedule.retention_time) ? ` for ${spanText(schedule.retention_time)}` : ''}`
          : '(not found)',
      ],
    ],
    consequence,
    ...(schedule && change ? destructiveIf(schedulePrunes(schedule, change)) : {}),
  };
}

export const editSnapshotSchedule = defineTool({
  name: 'edit_snapshot_schedule',
  referenceName: 'platformEditSnapshotSchedule',
  displayName: 'Edit Snapshot Schedule',
  userDescription: 'Change one schedule of a snapshot policy (only the fields given)',
  modelDescription:
    'Changes one schedule of a snapshot lifecycle policy: `change` holds only the fields to set, as the platform defines them (cron: minute, hour, day_of_week, day, month, week, timezone; interval: weeks, days, hours, minutes; either: max_quantity, retention_time {weeks, days, hours, minutes}, resource_name_template; type to switch between cron and interval, with every field of the new type). The policy is read first so the person sees the schedule as it is, and confirms the exact change. Returns the schedule as saved.',
  kind: 'write',
  destructiveWhen: 'it lowers max_quantity or retention_time: the platform deletes the snapshots beyond them',
  input: () =>
    z.strictObject({
      ...connectionField,
      ...policyParams(),
      schedule_id: scheduleId(),
      change: endpoints.patchSchedule.body.describe('The fields to change, only those'),
    }),
  prepare: ({ project_id, region_id, schedule_id, change }) =>
    request(
      endpoints.patchSchedule,
      { params: { project_id, region_id, schedule_id }, body: change },
      `Change schedule ${schedule_id} (${Object.keys(change).join(', ')})`,
    ),
  readTarget: (b, at) => readSchedule(b, at, 'Only the fields in the request change.', at.change),
  answer: (sent, b, { schedule_id, policy_id }) => {
    const saved = sent as z.output<typeof endpoints.patchSchedule.response>;
    return writeAnswer({
      head: `Changed schedule ${q(schedule_id)} of snapshot policy ${policy_id} on ${nameOf(b.connectionName)}; the schedule as the platform answered:`,
      source: 'edit_snapshot_schedule',
      platform: { schedule: scheduleText(saved), max_quantity: shown(saved.max_quantity) },
    });
  },
});

export const removeSnapshotSchedule = defineTool({
  name: 'remove_snapshot_schedule',
  referenceName: 'platformRemoveSnapshotSchedule',
  displayName: 'Remove Snapshot Schedule',
  userDescription: 'Remove one schedule from a snapshot policy (its snapshots stop being made)',
  modelDescription:
    'Removes one schedule from a snapshot lifecycle policy: the snapshots it makes stop being made (those already made are kept). The policy is read first so the person sees the schedule, and confirms. Use only when the person asked to remove that schedule. Returns how many schedules the policy has left.',
  kind: 'destructive',
  input: () => z.strictObject({ ...connectionField, ...policyParams(), schedule_id: scheduleId() }),
  prepare: ({ project_id, region_id, policy_id, schedule_id }) =>
    request(
      endpoints.removeSchedules,
      { params: { project_id, region_id, policy_id }, body: { schedule_ids: [schedule_id] } },
      `Remove schedule ${schedule_id} from snapshot policy ${policy_id}`,
    ),
  readTarget: (b, at) => readSchedule(b, at, 'The snapshots it makes stop being made; those already made are kept. add_schedules can add a schedule again.'),
  answer: (sent, b, { schedule_id, policy_id }) => {
    const policy = sent as z.output<typeof endpoints.removeSchedules.response>;
    return `Removed schedule ${q(schedule_id)} from snapshot policy ${policy_id} on ${nameOf(b.connectionName)}; ${policy.schedules?.length ?? 0} schedule(s) remain.`;
  },
});

// Renaming is a catalog operation (src/operations/snapshotPolicies.ts).
export const renameSnapshotPolicy = toolFromOperation(renameOp, {
  name: 'rename_snapshot_policy',
  referenceName: 'platformRenameSnapshotPolicy',
  userDescription: 'Give a snapshot policy a new name',
  purpose: 'Renames a snapshot lifecycle policy (3..63 characters: letters, digits, spaces, . _ -; not starting with a space or ending with "-").',
  usage: 'list_snapshot_policies finds the id.',
  answer: (sent, b, { policy_id }) =>
    writeAnswer({
      head: `Renamed snapshot policy ${policy_id} on ${nameOf(b.connectionName)}; its name as the platform answered:`,
      source: 'rename_snapshot_policy',
      platform: { name: (sent as { name?: string | null }).name },
    }),
});
