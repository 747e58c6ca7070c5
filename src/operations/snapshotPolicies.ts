// A snapshot policy changed as a whole, described once: paused (destructive: no snapshots are made
// until it is resumed), resumed, renamed, deleted (its name typed). The policy is
// read first, so every face names it as it is; a policy not in its region's list asks nothing.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { LifecyclePolicy } from '../schema/cloud';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { scheduleInWords, scheduleName } from '../ui/text/scheduleText';
import { NOT_STATED, checkedRequest, defineOperation, type OperationTarget } from './operation';

/** A policy as read; a server without the list gives the command its id only. */
export type PolicyThing = Pick<LifecyclePolicy, 'id'> & Partial<LifecyclePolicy>;
type Schedule = NonNullable<LifecyclePolicy['schedules']>[number];

const patch = () => endpoints.patchLifecyclePolicy;
const where = () => ({
  project_id: patch().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
  region_id: patch().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
  policy_id: patch().params.shape.policy_id.describe('The policy id (list_snapshot_policies finds it)').meta({ title: 'Policy ID' }),
});
type At = { project_id: number; region_id: number; policy_id: number };

/** "cron 0 3 * * mon (UTC): At 03:00, only on Monday (UTC)": exact, and in words. */
export const scheduleText = (s: Schedule) => (s.type === 'cron' ? `${scheduleName(s)}: ${scheduleInWords(s)}` : scheduleName(s));
export const policyName = (p: Pick<LifecyclePolicy, 'id'> & { name?: string | null }) => p.name || `policy ${p.id}`;

/** The policy from its region's list (the platform has no read of one policy); a notFound when it is not there. */
export async function readPolicy(api: PlatformApi, at: At, signal?: AbortSignal): Promise<LifecyclePolicy> {
  const list = await api.cloud.listLifecyclePolicies({ params: { project_id: at.project_id, region_id: at.region_id } }, signal ? { signal } : {});
  const found = list.results.find((p) => p.id === at.policy_id);
  if (found) return found;
  const path = fillPath(pathIn(patch(), api.http.dialect), { ...at });
  throw new PlatformError({
    kind: 'notFound',
    message: `No snapshot policy ${at.policy_id} in project ${at.project_id}, region ${at.region_id} (deleted meanwhile?).`,
    method: 'GET',
    path,
  });
}

/** The facts every policy change shows (a schedule's changes too: snapshotSchedules.ts). */
export function policyFacts(at: At, p: PolicyThing | undefined): [string, string][] {
  const schedules = p?.schedules;
  const volumes = p?.volumes;
  return [
    ['Policy', `${p ? policyName(p) : `policy ${at.policy_id}`} (ID ${at.policy_id})`],
    ['Project / region', `${at.project_id} / ${at.region_id}`],
    ['Status now', p?.status || NOT_STATED],
    ['Schedules', schedules ? schedules.map(scheduleText).join('; ') || 'none' : NOT_STATED],
    ['Volumes', volumes ? volumes.map((v) => v.volume_name || v.volume_id || '?').join(', ') || 'none' : NOT_STATED],
  ];
}

/** The facts every policy change shows, then what this change does. */
function policyTarget(at: At, p: PolicyThing | undefined, change: string, rest: Omit<OperationTarget, 'noun' | 'facts'>): Omit<OperationTarget, 'noun'> {
  return { facts: [...policyFacts(at, p), ['Change', change]], ...rest };
}

const named = (verb: string, at: At, p?: PolicyThing) => `${verb} snapshot policy ${p ? policyName(p) : at.policy_id}`;
const read = (api: PlatformApi, at: At, signal?: AbortSignal): Promise<PolicyThing> => readPolicy(api, at, signal);

export const pauseSnapshotPolicy = defineOperation({
  name: 'pauseSnapshotPolicy',
  title: 'Pause Snapshot Policy',
  noun: 'The snapshot policy',
  kind: 'destructive',
  button: 'Pause',
  done: ({ policy_id }) => `Paused snapshot policy ${policy_id}`,
  undoable: true,
  fields: () => z.strictObject(where()),
  request: (at) => checkedRequest(patch(), { params: { ...at }, body: { status: 'paused' } }),
  action: (at, p?: PolicyThing) => named('Pause', at, p),
  read,
  target: (at, p) =>
    policyTarget(at, p, `status ${p?.status || NOT_STATED} -> paused`, {
      consequence: 'No snapshots are made until it is resumed.',
      undo: 'Resume Snapshot Policy starts it again (resume_snapshot_policy for an agent).',
    }),
});

export const resumeSnapshotPolicy = defineOperation({
  name: 'resumeSnapshotPolicy',
  title: 'Resume Snapshot Policy',
  noun: 'The snapshot policy',
  kind: 'write',
  button: 'Resume',
  done: ({ policy_id }) => `Resumed snapshot policy ${policy_id}`,
  fields: () => z.strictObject(where()),
  request: (at) => checkedRequest(patch(), { params: { ...at }, body: { status: 'active' } }),
  action: (at, p?: PolicyThing) => named('Resume', at, p),
  read,
  target: (at, p) => policyTarget(at, p, `status ${p?.status || NOT_STATED} -> active`, { consequence: 'Its schedules make snapshots again.' }),
});

export const renameSnapshotPolicy = defineOperation({
  name: 'renameSnapshotPolicy',
  title: 'Rename Snapshot Policy',
  noun: 'The snapshot policy',
  kind: 'write',
  button: 'Rename',
  done: ({ policy_id }) => `Renamed snapshot policy ${policy_id}`,
  fields: () => z.strictObject({ ...where(), name: patch().body.shape.name.unwrap().describe('The new name').meta({ title: 'New name' }) }),
  request: ({ name, ...at }) => checkedRequest(patch(), { params: { ...at }, body: { name } }),
  action: ({ name: _name, ...at }, p?: PolicyThing) => named('Rename', at, p),
  read: (api, { name: _name, ...at }, signal) => read(api, at, signal),
  target: ({ name, ...at }, p) => policyTarget(at, p, `name ${p ? policyName(p) : NOT_STATED} -> ${name}`, { consequence: 'Only its name changes.' }),
});

const remove = () => endpoints.deleteLifecyclePolicy;
export const deleteSnapshotPolicy = defineOperation({
  name: 'deleteSnapshotPolicy',
  title: 'Delete Snapshot Policy',
  noun: 'The snapshot policy',
  kind: 'destructive',
  button: 'Delete',
  done: ({ policy_id }) => `Deleted snapshot policy ${policy_id}`,
  fields: () => z.strictObject(where()),
  request: (at) => checkedRequest(remove(), { params: { ...at } }),
  action: (at, p?: PolicyThing) => named('Delete', at, p),
  read,
  target: (at, p) => policyTarget(at, p, 'deleted', { consequence: 'Its schedules stop making snapshots; those already made are kept.' }),
  // Every face asks for the name typed: the command, the chat tool after VS Code's dialog, MCP in its form.
  typedName: (at, p) => (p ? p.name || String(at.policy_id) : undefined),
});
