// What each change to a snapshot policy says before it is sent: the policy, where it lives, what
// the change does to its snapshots. Pure text for the one confirmation (src/ui/confirmWrite.ts).
import type { LifecyclePolicy } from '../../../schema/cloud';
import { scheduleName } from '../../../ui/text/scheduleText';
import type { WriteSummary } from '../../../ui/text/writeConfirmation';

type Connection = { name: string; baseUrl: string };
export type Schedule = NonNullable<LifecyclePolicy['schedules']>[number];

export { policyName } from '../../../operations/snapshotPolicies';
import { policyName } from '../../../operations/snapshotPolicies';

export function policyFacts(policy: LifecyclePolicy, where: { projectId: number; regionId: number }): [string, string][] {
  return [
    ['Policy', `${policyName(policy)} (ID ${policy.id})`],
    ['Project / region', `${where.projectId} / ${where.regionId}`],
    ['Status now', policy.status ?? 'unknown'],
    ['Schedules', String(policy.schedules?.length ?? 0)],
    ['Volumes', (policy.volumes ?? []).map((v) => v.volume_name || v.volume_id || '?').join(', ') || 'none'],
  ];
}

export function removeScheduleSummary(
  policy: LifecyclePolicy,
  where: { projectId: number; regionId: number },
  schedule: Schedule,
  connection: Connection,
): WriteSummary {
  const left = (policy.schedules?.length ?? 1) - 1;
  return {
    action: `Remove a schedule from snapshot policy ${policyName(policy)}`,
    connection,
    facts: [
      ...policyFacts(policy, where),
      ['Schedule', `${scheduleName(schedule)} (ID ${schedule.id ?? '?'})`],
      ['Change', `the snapshots it makes stop being made; ${left === 0 ? 'the policy is left with no schedule' : `${left} schedule(s) remain`}`],
    ],
    destructive: true,
    button: 'Remove',
  };
}

/** `prunes`: what the platform deletes for it (schedulePrunes): then the change is destructive, and says so first. */
export function editScheduleSummary(
  policy: LifecyclePolicy,
  where: { projectId: number; regionId: number },
  schedule: Schedule,
  was: string,
  now: string,
  fields: string,
  connection: Connection,
  prunes?: string,
): WriteSummary {
  return {
    action: `Change a schedule of snapshot policy ${policyName(policy)}`,
    connection,
    facts: [...policyFacts(policy, where), ['Schedule', `ID ${schedule.id ?? '?'}`], ['Was', was], ['Becomes', now], ['Fields sent', fields]],
    button: 'Change',
    ...(prunes ? { destructive: true, warning: `Destructive: ${prunes}.` } : {}),
  };
}
