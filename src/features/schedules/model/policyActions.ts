// A snapshot policy and its schedules as the commands name them. What each change says before it
// is sent is the catalog operation's (src/operations/snapshotPolicies.ts, snapshotSchedules.ts).
import type { LifecyclePolicy } from '../../../schema/cloud';

export type Schedule = NonNullable<LifecyclePolicy['schedules']>[number];

export { policyName } from '../../../operations/snapshotPolicies';
