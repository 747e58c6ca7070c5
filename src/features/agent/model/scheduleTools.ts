// A snapshot policy's schedules one at a time for agents: one changed (only the fields given), one
// removed, and the policy renamed. Each is a catalog operation (src/operations/snapshotSchedules.ts,
// snapshotPolicies.ts): the policy is read first so the person sees the schedule as it is.
import type * as z from 'zod';
import type { endpoints } from '../../../schema/endpoints';
import { renameSnapshotPolicy as renameOp, scheduleText } from '../../../operations/snapshotPolicies';
import { editSnapshotSchedule as editOp, removeSnapshotSchedule as removeOp } from '../../../operations/snapshotSchedules';
import { toolFromOperation } from './operationTool';
import { shown, writeAnswer } from './toolAnswers';

export const editSnapshotSchedule = toolFromOperation(editOp, {
  name: 'edit_snapshot_schedule',
  referenceName: 'platformEditSnapshotSchedule',
  userDescription: 'Change one schedule of a snapshot policy (only the fields given)',
  purpose:
    'Changes one schedule of a snapshot lifecycle policy: `change` holds only the fields to set, as the platform defines them (cron: minute, hour, day_of_week, day, month, week, timezone; interval: weeks, days, hours, minutes; either: max_quantity, retention_time {weeks, days, hours, minutes}, resource_name_template; type to switch between cron and interval, with every field of the new type).',
  usage: 'list_snapshot_policies gives the policy and schedule ids. Returns the schedule as saved.',
  answer: (sent, _b, _input, done) => {
    const saved = sent as z.output<typeof endpoints.patchSchedule.response>;
    return writeAnswer({
      head: `${done}; the schedule as the platform answered:`,
      source: 'edit_snapshot_schedule',
      platform: { schedule: scheduleText(saved), max_quantity: shown(saved.max_quantity) },
    });
  },
});

export const removeSnapshotSchedule = toolFromOperation(removeOp, {
  name: 'remove_snapshot_schedule',
  referenceName: 'platformRemoveSnapshotSchedule',
  userDescription: 'Remove one schedule from a snapshot policy (its snapshots stop being made)',
  purpose: 'Removes one schedule from a snapshot lifecycle policy: the snapshots it makes stop being made (those already made are kept).',
  usage: 'Use only when the person asked to remove that schedule; list_snapshot_policies gives the ids. Returns how many schedules the policy has left.',
  answer: (sent, _b, _input, done) => {
    const policy = sent as z.output<typeof endpoints.removeSchedules.response>;
    return `${done}; ${policy.schedules?.length ?? 0} schedule(s) remain.`;
  },
});

// Renaming is a catalog operation (src/operations/snapshotPolicies.ts).
export const renameSnapshotPolicy = toolFromOperation(renameOp, {
  name: 'rename_snapshot_policy',
  referenceName: 'platformRenameSnapshotPolicy',
  userDescription: 'Give a snapshot policy a new name',
  purpose: 'Renames a snapshot lifecycle policy (3..63 characters: letters, digits, spaces, . _ -; not starting with a space or ending with "-").',
  usage: 'list_snapshot_policies finds the id.',
  answer: (sent, _b, _input, done) =>
    writeAnswer({
      head: `${done}; its name as the platform answered:`,
      source: 'rename_snapshot_policy',
      platform: { name: (sent as { name?: string | null }).name },
    }),
});
