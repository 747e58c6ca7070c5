// "Add Snapshot Schedules…", "Edit Schedules as JSON…" and "Submit to Policy…".
import * as vscode from 'vscode';
import type { Bound } from '../../ui/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { cloudLocationSteps } from '../../ui/cloudLocation';
import { runWizard, stepIndex } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import type { LifecyclePolicy } from '../../schema/cloud';
import { PlatformError, formatIssues } from '../../schema/errors';
import { toScheduleRequest } from './model/schedules';
import { REVIEW_STEP, addSchedulesSteps, policyStep, type AddSchedulesState } from './addSchedulesFlow';
import { showPolicy, showRawJson } from './policyView';
import { parseSchedulesDocument } from './model/scheduleDocument';
import { isSchedulesDocument, openSchedulesDocument } from './schedulesDocument';

export type ScheduleCommandDeps = Pick<FeatureContext, 'log' | 'ui' | 'defaults' | 'registerBoundCommand'>;

export function registerScheduleCommands(deps: ScheduleCommandDeps): vscode.Disposable[] {

  /** One POST with every schedule, on the connection the flow started on; the policy, or undefined after telling why. */
  const submit = async (
    session: Bound,
    where: { projectId: number; regionId: number; policyId: number },
    schedules: unknown[],
    onRetry: () => Promise<unknown>,
  ): Promise<LifecyclePolicy | undefined> => {
    const ui = deps.ui();
    let policy: LifecyclePolicy;
    try {
      policy = await ui.progress(`Adding ${schedules.length} schedule(s) to policy ${where.policyId} on ${session.connection.name}…`, false, () =>
        session.api.cloud.addSchedules({
          params: { project_id: where.projectId, region_id: where.regionId, policy_id: where.policyId },
          body: { schedules } as never,
        }),
      );
    } catch (error) {
      if (error instanceof PlatformError && error.isLocal) {
        await ui.notify('error', `Nothing was sent: ${formatIssues(error.issues)}`, []);
        return undefined;
      }
      const what = error instanceof PlatformError && error.kind === 'notFound'
        ? `No lifecycle policy ${where.policyId} in project ${where.projectId}, region ${where.regionId} on ${session.connection.name}`
        : `Could not add the schedules to policy ${where.policyId} on ${session.connection.name}`;
      const choice = await notifyError(what, error, { log: deps.log, ui, connectionName: session.connection.name, actions: ['Retry'] });
      if (choice === 'Retry') await onRetry();
      return undefined;
    }
    // The platform appends the new schedules: the last ones are ours.
    const added = new Set((policy.schedules ?? []).slice(-schedules.length).map((s) => s.id ?? ''));
    deps.log.info(`Policy ${policy.id}: ${schedules.length} schedule(s) added (${[...added].join(', ')})`);
    await showPolicy(policy, added);
    const choice = await ui.notify('info', `Policy ${policy.name ?? policy.id} (${policy.status ?? 'status unknown'}) now has ${policy.schedules?.length ?? 0} schedules; ${schedules.length} added.`, ['Show Raw JSON']);
    if (choice === 'Show Raw JSON') await showRawJson(policy);
    return policy;
  };

  const addSchedules = async (session: Bound, state: AddSchedulesState = {}, startAt?: number): Promise<void> => {
    const title = `Add Snapshot Schedules on ${session.connection.name}`;
    const defaults = deps.defaults.on(session);
    const steps = addSchedulesSteps(defaults, deps.ui, () => title);
    const done = await runWizard(state, { title, steps, ui: deps.ui(), startAt });
    if (!done?.schedules?.length) return;
    await defaults.rememberMissing({ projectId: done.projectId!, regionId: done.regionId! });
    await submit(
      session,
      { projectId: done.projectId!, regionId: done.regionId!, policyId: done.policyId! },
      done.schedules.map(toScheduleRequest),
      // Retry reopens the review with every schedule typed, on the same connection.
      () => addSchedules(session, done, stepIndex(steps, REVIEW_STEP)),
    );
  };

  const editAsJson = async (session: Bound): Promise<void> => {
    type Where = { projectId?: number; regionId?: number; policyId?: number };
    const defaults = deps.defaults.on(session);
    const where = await runWizard<Where>({}, {
      title: 'Edit Schedules as JSON',
      ui: deps.ui(),
      steps: [...cloudLocationSteps<Where>(defaults), policyStep<Where>(defaults)],
    });
    if (!where) return;
    await defaults.rememberMissing({ projectId: where.projectId!, regionId: where.regionId! });
    await openSchedulesDocument({ projectId: where.projectId!, regionId: where.regionId!, policyId: where.policyId! });
  };

  const submitDocument = async (session: Bound, uri?: vscode.Uri): Promise<void> => {
    const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : vscode.window.activeTextEditor?.document;
    const ui = deps.ui();
    if (!doc || !isSchedulesDocument(doc)) {
      await ui.notify('warning', 'Submit to Policy works on a schedules document: run "Edit Schedules as JSON…" first.', []);
      return;
    }
    const parsed = parseSchedulesDocument(doc.getText());
    if ('problem' in parsed) return void (await ui.notify('error', `Nothing was sent: ${parsed.problem}`, []));
    const { content } = parsed;
    const ids = { projectId: content.project_id, regionId: content.region_id, policyId: content.policy_id } as Record<string, number>;
    await submit(
      session,
      { projectId: ids.projectId!, regionId: ids.regionId!, policyId: ids.policyId! },
      Array.isArray(content.schedules) ? content.schedules : [content.schedules],
      () => submitDocument(session, doc.uri),
    );
  };

  return [
    deps.registerBoundCommand('platformConsole.addSnapshotSchedules', (bound) => addSchedules(bound)),
    // Signed in first (the document is sent later, by Submit to Policy, on the connection active then).
    deps.registerBoundCommand('platformConsole.editSchedulesAsJson', (bound) => editAsJson(bound)),
    deps.registerBoundCommand('platformConsole.submitSchedulesDocument', (bound, uri) => submitDocument(bound, uri instanceof vscode.Uri ? uri : undefined)),
  ];
}
