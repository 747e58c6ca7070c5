// A snapshot policy acted on as a whole, from its Cloud view row or the palette (project, region
// and policy picked): Pause, Resume, Rename, Delete (its name typed), Remove Schedule and Edit
// Schedule (the add flow's steps prefilled; only what changed is sent). The
// policy is read first, so each confirmation names it as it is; each change is sent once. All six
// are catalog operations (src/operations/snapshotPolicies.ts, snapshotSchedules.ts).
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { sendOperation } from '../../operations/operation';
import { deleteSnapshotPolicy, pauseSnapshotPolicy, renameSnapshotPolicy, resumeSnapshotPolicy } from '../../operations/snapshotPolicies';
import { editSnapshotSchedule, removeSnapshotSchedule } from '../../operations/snapshotSchedules';
import type { LifecyclePolicy } from '../../schema/cloud';
import { PlatformError } from '../../schema/errors';
import { cloudLocationSteps } from '../../ui/cloudLocation';
import { cloudTargetOf } from '../../ui/cloudTarget';
import { confirmOperation } from '../../ui/confirmOperation';
import { scheduleInWords, scheduleName } from '../../ui/text/scheduleText';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { fieldStep, operationFieldAt } from '../../ui/operationSteps';
import { runWizard } from '../../ui/wizard';
import { policyStep, type AddSchedulesState, type OnPolicy } from './addSchedulesFlow';
import { policyName, type Schedule } from './model/policyActions';
import { draftOfSchedule, schedulePatchOf } from './model/scheduleEdit';
import { describeSchedule } from './model/schedules';
import { editSchedule as editScheduleSteps } from './scheduleEditor';

type Deps = Pick<FeatureContext, 'log' | 'ui' | 'defaults' | 'registerBoundCommand'>;
interface PolicyAt {
  projectId: number;
  regionId: number;
  policy: LifecyclePolicy;
  /** The schedule a Cloud view row named (Remove Schedule). */
  scheduleId?: string;
}

/** The Cloud view shows the active connection: reads it again after a change. */
const refreshView = (): Promise<unknown> => Promise.resolve(vscode.commands.executeCommand('platformConsole.refreshCloud')).catch(() => undefined);

export function registerPolicyCommands(deps: Deps): vscode.Disposable[] {
  const { log } = deps;

  /** The policy the command acts on, read now: the row's, or picked. */
  const policyFor = async (bound: BoundConnection, arg: unknown, op: OnPolicy & { readonly title: string }): Promise<PolicyAt | undefined> => {
    const title = op.title;
    const ui = deps.ui();
    const row = cloudTargetOf(arg, 'policy') ?? cloudTargetOf(arg, 'schedule');
    let where: { projectId: number; regionId: number; policyId: number };
    if (row) where = { projectId: row.projectId, regionId: row.regionId, policyId: row.kind === 'policy' ? row.id : row.policyId };
    else {
      const defaults = deps.defaults.on(bound);
      const done = await runWizard<AddSchedulesState>(
        {},
        {
          title: `${title} on ${bound.connection.name}`,
          ui,
          steps: [...cloudLocationSteps<AddSchedulesState>(defaults), policyStep<AddSchedulesState>(defaults, op)],
        },
      );
      if (done?.projectId === undefined || done.regionId === undefined || done.policy_id === undefined) return undefined;
      await defaults.rememberMissing({ projectId: done.projectId, regionId: done.regionId });
      where = { projectId: done.projectId, regionId: done.regionId, policyId: done.policy_id };
    }
    const loaded = await bound.lists.policies(where.projectId, where.regionId, true);
    if ('error' in loaded) {
      await notifyError(`Could not read snapshot policy ${where.policyId} on ${bound.connection.name}`, loaded.error, {
        log,
        ui,
        connectionName: bound.connection.name,
      });
      return undefined;
    }
    // A server without the list: the policy as far as it is known (its id).
    const policy = 'items' in loaded ? loaded.items.find((p) => p.id === where.policyId) : { id: where.policyId };
    if (!policy) {
      void ui.notify(
        'error',
        `No snapshot policy ${where.policyId} in project ${where.projectId}, region ${where.regionId} on ${bound.connection.name} (deleted meanwhile?).`,
      );
      await refreshView();
      return undefined;
    }
    return { projectId: where.projectId, regionId: where.regionId, policy, scheduleId: row?.kind === 'schedule' ? row.id : undefined };
  };

  /** Sends one change; true when the platform took it. Never retried: the person reads the log and decides. */
  const send = async <T>(bound: BoundConnection, doing: string, failed: string, call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
    const ui = deps.ui();
    try {
      return { ok: true, value: await ui.progress(`${doing} on ${bound.connection.name}…`, false, call) };
    } catch (error) {
      const gone = error instanceof PlatformError && error.kind === 'notFound';
      await notifyError(gone ? `${failed}: it is gone on ${bound.connection.name}` : failed, error, { log, ui, connectionName: bound.connection.name });
      if (gone) await refreshView();
      return { ok: false };
    }
  };

  const done = async (message: string) => {
    log.info(message);
    void deps.ui().notify('info', message);
    await refreshView();
  };

  const setStatus = async (bound: BoundConnection, arg: unknown, status: 'active' | 'paused'): Promise<boolean> => {
    const verb = status === 'paused' ? 'Pause' : 'Resume';
    const op = status === 'paused' ? pauseSnapshotPolicy : resumeSnapshotPolicy;
    const at = await policyFor(bound, arg, op);
    if (!at) return false;
    const { policy } = at;
    if ((policy.status ?? '').toLowerCase() === status) {
      void deps.ui().notify('info', `Snapshot policy ${policyName(policy)} is ${status} already on ${bound.connection.name}: nothing sent.`);
      return false;
    }
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    const input = { project_id: at.projectId, region_id: at.regionId, policy_id: policy.id };
    if (!(await confirmOperation(deps.ui(), op, input, policy, bound.connection))) return false;
    const sent = await send(
      bound,
      `${verb === 'Pause' ? 'Pausing' : 'Resuming'} snapshot policy ${policyName(policy)}`,
      `Could not ${verb.toLowerCase()} snapshot policy ${policyName(policy)}`,
      () => sendOperation(bound.api, op.request(input)),
    );
    if (!sent.ok) return false;
    await done(
      status === 'paused'
        ? `Paused snapshot policy ${policyName(policy)} on ${bound.connection.name}: no snapshots are made until it is resumed.`
        : `Resumed snapshot policy ${policyName(policy)} on ${bound.connection.name}: its schedules make snapshots again.`,
    );
    return true;
  };

  const rename = async (bound: BoundConnection, arg: unknown): Promise<boolean> => {
    const at = await policyFor(bound, arg, renameSnapshotPolicy);
    if (!at) return false;
    const { policy } = at;
    const asked = await runWizard<{ name?: string }>(
      { name: policy.name ?? '' },
      {
        title: `Rename Snapshot Policy ${policyName(policy)} (${bound.connection.name})`,
        ui: deps.ui(),
        steps: [fieldStep(renameSnapshotPolicy, 'name')],
      },
    );
    const name = asked?.name;
    if (!name) return false;
    if (name === policy.name) return (void deps.ui().notify('info', `The policy is named ${name} already: nothing sent.`), false);
    const input = { project_id: at.projectId, region_id: at.regionId, policy_id: policy.id, name };
    if (!(await confirmOperation(deps.ui(), renameSnapshotPolicy, input, policy, bound.connection))) return false;
    const sent = await send(bound, `Renaming snapshot policy ${policyName(policy)}`, `Could not rename snapshot policy ${policyName(policy)}`, () =>
      sendOperation(bound.api, renameSnapshotPolicy.request(input)),
    );
    if (!sent.ok) return false;
    await done(`Renamed snapshot policy ${policyName(policy)} to ${name} on ${bound.connection.name}.`);
    return true;
  };

  const remove = async (bound: BoundConnection, arg: unknown): Promise<boolean> => {
    const at = await policyFor(bound, arg, deleteSnapshotPolicy);
    if (!at) return false;
    const { policy } = at;
    // The name typed, the words and the facts are the catalog operation's.
    const input = { project_id: at.projectId, region_id: at.regionId, policy_id: policy.id };
    if (!(await confirmOperation(deps.ui(), deleteSnapshotPolicy, input, policy, bound.connection))) return false;
    const sent = await send(bound, `Deleting snapshot policy ${policyName(policy)}`, `Could not delete snapshot policy ${policyName(policy)}`, () =>
      sendOperation(bound.api, deleteSnapshotPolicy.request(input)),
    );
    if (!sent.ok) return false;
    await done(`Deleted snapshot policy ${policyName(policy)} on ${bound.connection.name}.`);
    return true;
  };

  /** The schedule a row named, or one picked from the policy's; undefined (told why) when there is none. */
  const scheduleOf = async (bound: BoundConnection, at: PolicyAt, title: string, placeholder: string): Promise<Schedule | undefined> => {
    const { policy } = at;
    const schedules = policy.schedules ?? [];
    if (at.scheduleId !== undefined) {
      const named = schedules.find((s) => s.id === at.scheduleId);
      if (!named) {
        void deps
          .ui()
          .notify('error', `Snapshot policy ${policyName(policy)} no longer has schedule ${at.scheduleId} on ${bound.connection.name}: nothing sent.`);
        await refreshView();
      }
      return named;
    }
    if (schedules.length === 0) return (void deps.ui().notify('info', `Snapshot policy ${policyName(policy)} has no schedules.`), undefined);
    const picked = await runWizard<{ id?: string }>(
      {},
      {
        title: `${title} of ${policyName(policy)} (${bound.connection.name})`,
        ui: deps.ui(),
        steps: [
          {
            prompt: async (s, ctx) =>
              void (s.id = await ctx.pick({
                placeholder,
                items: schedules.map((x) => ({ label: scheduleInWords(x), description: scheduleName(x), detail: x.id ?? undefined, value: x.id ?? '' })),
              })),
          },
        ],
      },
    );
    const schedule = schedules.find((s) => s.id === picked?.id);
    return schedule?.id ? schedule : undefined;
  };

  const removeSchedule = async (bound: BoundConnection, arg: unknown): Promise<boolean> => {
    const at = await policyFor(bound, arg, removeSnapshotSchedule);
    if (!at) return false;
    const { policy } = at;
    const schedule = await scheduleOf(bound, at, 'Remove Snapshot Schedule', 'The schedule to remove');
    if (!schedule) return false;
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    const input = { project_id: at.projectId, region_id: at.regionId, policy_id: policy.id, schedule_id: schedule.id! };
    if (!(await confirmOperation(deps.ui(), removeSnapshotSchedule, input, { policy, schedule }, bound.connection))) return false;
    const sent = await send(
      bound,
      `Removing a schedule from snapshot policy ${policyName(policy)}`,
      `Could not remove the schedule from snapshot policy ${policyName(policy)}`,
      () => sendOperation(bound.api, removeSnapshotSchedule.request(input)) as Promise<{ schedules?: unknown[] | null }>,
    );
    if (!sent.ok) return false;
    await done(
      `Removed schedule ${scheduleName(schedule)} from snapshot policy ${policyName(policy)} on ${bound.connection.name}; ` +
        `${sent.value.schedules?.length ?? 0} schedule(s) remain.`,
    );
    return true;
  };

  const editSchedule = async (bound: BoundConnection, arg: unknown): Promise<boolean> => {
    const at = await policyFor(bound, arg, editSnapshotSchedule);
    if (!at) return false;
    const schedule = await scheduleOf(bound, at, 'Edit Snapshot Schedule', 'The schedule to edit');
    if (!schedule) return false;
    const before = draftOfSchedule(schedule);
    if (!before)
      return (
        void deps
          .ui()
          .notify('error', `Schedule ${scheduleName(schedule)} uses fields the editor does not offer: nothing sent. Change it in the platform's console.`),
        false
      );
    const after = await editScheduleSteps(
      deps.ui(),
      before.type,
      `Edit Schedule of ${policyName(at.policy)} (${bound.connection.name})`,
      (part) => operationFieldAt(editSnapshotSchedule, `change.${part}`),
      () => new Date(),
      before,
    );
    if (!after) return false;
    const body = schedulePatchOf(before, after);
    if (Object.keys(body).length === 0) return (void deps.ui().notify('info', `Nothing changed in schedule ${scheduleName(schedule)}: nothing sent.`), false);
    // The facts (what is sent, what it becomes) and whether it prunes are the catalog operation's.
    const input = { project_id: at.projectId, region_id: at.regionId, policy_id: at.policy.id, schedule_id: schedule.id!, change: body };
    if (!(await confirmOperation(deps.ui(), editSnapshotSchedule, input, { policy: at.policy, schedule }, bound.connection))) return false;
    const sent = await send(
      bound,
      `Changing a schedule of snapshot policy ${policyName(at.policy)}`,
      `Could not change the schedule of snapshot policy ${policyName(at.policy)}`,
      () => sendOperation(bound.api, editSnapshotSchedule.request(input)),
    );
    if (!sent.ok) return false;
    await done(
      `Changed schedule ${scheduleName(schedule)} of snapshot policy ${policyName(at.policy)} on ${bound.connection.name}: ${describeSchedule(after)}.`,
    );
    return true;
  };

  return [
    deps.registerBoundCommand('platformConsole.editSnapshotSchedule', (bound, arg) => editSchedule(bound, arg)),
    deps.registerBoundCommand('platformConsole.pauseSnapshotPolicy', (bound, arg) => setStatus(bound, arg, 'paused')),
    deps.registerBoundCommand('platformConsole.resumeSnapshotPolicy', (bound, arg) => setStatus(bound, arg, 'active')),
    deps.registerBoundCommand('platformConsole.renameSnapshotPolicy', (bound, arg) => rename(bound, arg)),
    deps.registerBoundCommand('platformConsole.deleteSnapshotPolicy', (bound, arg) => remove(bound, arg)),
    deps.registerBoundCommand('platformConsole.removeSnapshotSchedule', (bound, arg) => removeSchedule(bound, arg)),
  ];
}
