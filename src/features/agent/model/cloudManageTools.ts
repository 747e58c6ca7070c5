// The Cloud view's reads and changes for agents: a region's secrets (listed; deleted, destructive,
// answering the platform's task ids), its snapshot policies (listed; paused, destructive; resumed;
// deleted, destructive) and its functions switched off (destructive) or on. Each change reads its
// target first so the person sees it as it is, and is sent once by the catalog's runTool; the secret
// deletion and the policy and function changes are catalog operations (src/operations).
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { disableFunction as disableOp, enableFunction as enableOp } from '../../../operations/cloudFunctions';
import { deleteCloudSecret as deleteSecretOp } from '../../../operations/cloudSecrets';
import {
  deleteSnapshotPolicy as deleteOp,
  pauseSnapshotPolicy as pauseOp,
  resumeSnapshotPolicy as resumeOp,
  scheduleText,
} from '../../../operations/snapshotPolicies';
import { toolFromOperation } from './operationTool';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { LIST_MAX, listAnswer, nameOf, shown, writeAnswer } from './toolAnswers';

export const opts = (b: AgentBinding) => ({ signal: b.signal });
const where = () => ({
  project_id: endpoints.listSecrets.params.shape.project_id.describe('The project id (list_cloud_locations finds it)'),
  region_id: endpoints.listSecrets.params.shape.region_id.describe('The region id (list_cloud_locations finds it)'),
});
/** The platform's task ids for the data block (none given: left out). */
const tasksOf = (sent: unknown) => ({ tasks: (sent as { tasks?: string[] } | undefined)?.tasks?.length ? (sent as { tasks: string[] }).tasks : undefined });

// ---------- secrets ----------

export const listCloudSecrets = defineTool({
  name: 'list_cloud_secrets',
  referenceName: 'platformCloudSecrets',
  displayName: 'List Cloud Secrets',
  userDescription: "A region's cloud secrets: type, status, created, expiration (never a payload)",
  modelDescription: `Lists the cloud secrets (certificates, opaque secrets, passphrases) of one project and region: id, name, type, status, created and expiration. Never a payload. At most ${LIST_MAX} per answer with the total. delete_cloud_secret takes an id from here.`,
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, ...where() }),
  run: async (b, { project_id, region_id }) => {
    const list = await listed(
      b,
      'listSecrets',
      () => b.api.cloud.listSecrets({ params: { project_id, region_id }, query: { limit: LIST_MAX } }, opts(b)),
      'Ask the person for the secret id.',
    );
    if (typeof list === 'string') return list;
    return listAnswer({
      title: `Secrets in project ${project_id}, region ${region_id} on ${nameOf(b.connectionName)}`,
      source: 'list_cloud_secrets',
      items: list.results,
      total: list.count ?? list.results.length,
      line: (s) =>
        `id ${q(s.id)}: ${q(s.name ?? '')} · ${shown(s.secret_type)} · ${shown(s.status)} · created ${shown(s.created)} · expires ${s.expiration ? q(s.expiration) : 'never'}`,
      narrow: 'ask the person which secret; the list is ordered as the platform gives it.',
    });
  },
});

// Delete is a catalog operation (src/operations/cloudSecrets.ts): its inputs, target read,
// confirmation and class come from there.
export const deleteCloudSecret = toolFromOperation(deleteSecretOp, {
  name: 'delete_cloud_secret',
  referenceName: 'platformDeleteCloudSecret',
  userDescription: 'Delete a cloud secret (cannot be undone; load balancers using it lose their certificate)',
  purpose:
    'Deletes a cloud secret for good; load balancer listeners that use it lose their certificate. The platform deletes it through a task: the answer gives the task ids.',
  usage: 'Use only when the person asked to delete that secret; list_cloud_secrets finds the id.',
  answer: (sent, _b, _input, done) =>
    writeAnswer({
      head: `${done}; the platform works on it in the task(s) it gave:`,
      source: 'delete_cloud_secret',
      platform: tasksOf(sent),
      tail: 'list_cloud_secrets shows it as DELETING until it is gone.',
    }),
});

// ---------- snapshot policies ----------

export const listSnapshotPolicies = defineTool({
  name: 'list_snapshot_policies',
  referenceName: 'platformSnapshotPolicies',
  displayName: 'List Snapshot Policies',
  userDescription: "A region's snapshot policies: status, schedules and volumes",
  modelDescription: `Lists the snapshot (lifecycle) policies of one project and region: id, name, status (active or paused), each schedule (cron fields or interval, snapshots kept, schedule id) and the volumes it covers. At most ${LIST_MAX}. pause_snapshot_policy, resume_snapshot_policy, rename_snapshot_policy, delete_snapshot_policy and add_schedules take a policy id from here; edit_snapshot_schedule and remove_snapshot_schedule a schedule id.`,
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, ...where() }),
  run: async (b, { project_id, region_id }) => {
    const list = await listed(
      b,
      'listLifecyclePolicies',
      () => b.api.cloud.listLifecyclePolicies({ params: { project_id, region_id } }, opts(b)),
      'Ask the person for the policy id.',
    );
    if (typeof list === 'string') return list;
    return listAnswer({
      title: `Snapshot policies in project ${project_id}, region ${region_id} on ${nameOf(b.connectionName)}`,
      source: 'list_snapshot_policies',
      items: list.results,
      total: list.results.length,
      line: (p) => {
        const schedules =
          (p.schedules ?? []).map((s) => `${q(scheduleText(s))} keeps ${shown(s.max_quantity)} (schedule ${q(s.id ?? '?')})`).join('; ') || 'no schedules';
        const volumes = (p.volumes ?? []).map((v) => q(v.volume_name || v.volume_id || '?')).join(', ') || 'no volumes';
        return `id ${p.id}: ${q(p.name ?? '')} · ${shown(p.status)} · ${schedules} · volumes ${volumes}`;
      },
      narrow: 'ask the person which policy.',
    });
  },
});

export const policyParams = () => ({
  ...where(),
  policy_id: endpoints.patchLifecyclePolicy.params.shape.policy_id.describe('The policy id (list_snapshot_policies finds it)'),
});

// Pause, resume and delete are catalog operations (src/operations/snapshotPolicies.ts): their
// inputs, target read, confirmation and class come from there.
export const pauseSnapshotPolicy = toolFromOperation(pauseOp, {
  name: 'pause_snapshot_policy',
  referenceName: 'platformPauseSnapshotPolicy',
  userDescription: 'Pause a snapshot policy (no snapshots are made until it is resumed)',
  purpose: 'Pauses a snapshot policy: its schedules make no snapshots until resume_snapshot_policy.',
  usage: 'Use only when the person asked to pause that policy; list_snapshot_policies finds the id.',
  answer: (_sent, _b, _input, done) => `${done}: no snapshots are made until it is resumed.`,
});

export const resumeSnapshotPolicy = toolFromOperation(resumeOp, {
  name: 'resume_snapshot_policy',
  referenceName: 'platformResumeSnapshotPolicy',
  userDescription: 'Resume a paused snapshot policy',
  purpose: 'Resumes a paused snapshot policy: its schedules make snapshots again.',
  usage: 'list_snapshot_policies finds the id.',
  answer: (_sent, _b, _input, done) => `${done}.`,
});

export const deleteSnapshotPolicy = toolFromOperation(deleteOp, {
  name: 'delete_snapshot_policy',
  referenceName: 'platformDeleteSnapshotPolicy',
  userDescription: 'Delete a snapshot policy (cannot be undone; snapshots already made are kept)',
  purpose: 'Deletes a snapshot policy for good: its schedules stop making snapshots (those already made are kept).',
  usage: 'Use only when the person asked to delete that policy; list_snapshot_policies finds the id.',
  answer: (_sent, _b, _input, done) => `${done}.`,
});

// ---------- functions (catalog operations: src/operations/cloudFunctions.ts) ----------

export const disableFunction = toolFromOperation(disableOp, {
  name: 'disable_function',
  referenceName: 'platformDisableFunction',
  userDescription: 'Switch off a FaaS function (it stops answering at its endpoint)',
  purpose:
    'Switches off a FaaS function: it stops answering at its endpoint until enable_function. The platform applies it through a task: the answer gives the task ids.',
  usage: 'Use only when the person asked to disable that function.',
  answer: (sent, _b, _input, done) =>
    writeAnswer({
      head: `${done}; the platform's task(s):`,
      source: 'disable_function',
      platform: tasksOf(sent),
    }),
});

export const enableFunction = toolFromOperation(enableOp, {
  name: 'enable_function',
  referenceName: 'platformEnableFunction',
  userDescription: 'Switch a FaaS function back on',
  purpose:
    'Switches a disabled FaaS function back on: it answers at its endpoint again. The platform applies it through a task: the answer gives the task ids.',
  usage: 'The Cloud view or the person names the namespace and function.',
  answer: (sent, _b, _input, done) =>
    writeAnswer({
      head: `${done}; the platform's task(s):`,
      source: 'enable_function',
      platform: tasksOf(sent),
    }),
});
