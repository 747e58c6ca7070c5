// "Add Snapshot Schedules…", "Edit Schedules as JSON…" and "Submit to Policy…".
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { promptSignIn } from '../../ui/bindActiveConnection';
import { confirmWrite } from '../../ui/confirmWrite';
import type { FeatureContext } from '../../ui/featureContext';
import { cloudLocationSteps } from '../../ui/cloudLocation';
import { cloudTargetOf } from '../../ui/cloudTarget';
import { runWizard, stepIndex } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import type { LifecyclePolicy } from '../../schema/cloud';
import { PlatformError, formatIssues } from '../../schema/errors';
import { commandConfirmation } from '../../operations/commandConfirmation';
import { sendOperation } from '../../operations/operation';
import { addSchedules as addSchedulesOperation } from '../../operations/snapshotSchedules';
import { toScheduleRequest } from './model/schedules';
import { REVIEW_STEP, addSchedulesSteps, policyStep, type AddSchedulesState, type ScheduleReview } from './addSchedulesFlow';
import { showPolicy, showRawJson } from './policyView';
import { parseSchedulesDocument, type DocumentOrigin } from './model/scheduleDocument';
import { MadeDocuments, isSchedulesDocument, openSchedulesDocument } from './schedulesDocument';

export type ScheduleCommandDeps = Pick<
  FeatureContext,
  'log' | 'ui' | 'defaults' | 'registerBoundCommand' | 'registerUnboundCommand' | 'bindNamed' | 'connections' | 'state'
>;

export function registerScheduleCommands(deps: ScheduleCommandDeps): vscode.Disposable[] {
  const made = new MadeDocuments(deps.state);

  /** One POST with every schedule, on the connection the flow started on; the policy, or undefined after telling why. */
  const submit = async (
    session: BoundConnection,
    where: { projectId: number; regionId: number; policyId: number },
    schedules: unknown[],
    onRetry: () => Promise<unknown>,
  ): Promise<LifecyclePolicy | undefined> => {
    const ui = deps.ui();
    let policy: LifecyclePolicy;
    try {
      // The request and its rules are the catalog operation's; sent once.
      const input = { project_id: where.projectId, region_id: where.regionId, policy_id: where.policyId, schedules: schedules as never };
      policy = (await ui.progress(`Adding ${schedules.length} schedule(s) to policy ${where.policyId} on ${session.connection.name}…`, false, () =>
        sendOperation(session.api, addSchedulesOperation.request(input)),
      )) as LifecyclePolicy;
    } catch (error) {
      if (error instanceof PlatformError && error.isLocal) {
        await ui.notify('error', `Nothing was sent: ${formatIssues(error.issues)}`, []);
        return undefined;
      }
      const what =
        error instanceof PlatformError && error.kind === 'notFound'
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
    const named = `Policy ${policy.name ?? policy.id} (${policy.status ?? 'status unknown'})`;
    const choice = await ui.notify('info', `${named} now has ${policy.schedules?.length ?? 0} schedules; ${schedules.length} added.`, ['Show Raw JSON']);
    if (choice === 'Show Raw JSON') await showRawJson(policy);
    return policy;
  };

  /** The review reads the policy first, so its facts name it as it is; a failed read leaves them "not stated" (the POST answers for it). */
  const reviewOn = (session: BoundConnection): ScheduleReview => ({
    connection: session.connection,
    read: (input) =>
      deps
        .ui()
        .progress(`Reading snapshot policy ${input.policy_id} on ${session.connection.name}…`, false, () => addSchedulesOperation.read(session.api, input))
        .catch((error: unknown) => {
          deps.log.error(`Could not read snapshot policy ${input.policy_id} for the review`, error);
          return undefined;
        }),
  });

  const addSchedules = async (session: BoundConnection, state: AddSchedulesState = {}, startAt?: number): Promise<void> => {
    const title = `Add Snapshot Schedules on ${session.connection.name}`;
    const defaults = deps.defaults.on(session);
    const steps = addSchedulesSteps(defaults, deps.ui, () => title, reviewOn(session));
    const done = await runWizard(state, { title, steps, ui: deps.ui(), startAt });
    if (!done?.schedules?.length) return;
    await defaults.rememberMissing({ projectId: done.projectId!, regionId: done.regionId! });
    await submit(
      session,
      { projectId: done.projectId!, regionId: done.regionId!, policyId: done.policy_id! },
      done.schedules.map(toScheduleRequest),
      // Retry reopens the review with every schedule typed, on the same connection.
      () => addSchedules(session, done, stepIndex(steps, REVIEW_STEP)),
    );
  };

  const editAsJson = async (session: BoundConnection): Promise<void> => {
    type Where = { projectId?: number; regionId?: number; policy_id?: number };
    const defaults = deps.defaults.on(session);
    const where = await runWizard<Where>(
      {},
      {
        title: 'Edit Schedules as JSON',
        ui: deps.ui(),
        steps: [...cloudLocationSteps<Where>(defaults), policyStep<Where>(defaults, addSchedulesOperation)],
      },
    );
    if (!where) return;
    await defaults.rememberMissing({ projectId: where.projectId!, regionId: where.regionId! });
    await openSchedulesDocument({ projectId: where.projectId!, regionId: where.regionId!, policyId: where.policy_id! }, session.connection, made);
  };

  /**
   * Sends a schedules document on the connection it was made on (a file from elsewhere: the active
   * one), after a modal naming the connection, project, region, policy and count.
   */
  const submitDocument = async (uri?: vscode.Uri): Promise<void> => {
    const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : vscode.window.activeTextEditor?.document;
    const ui = deps.ui();
    if (!doc || !isSchedulesDocument(doc)) {
      await ui.notify('warning', 'Submit to Policy works on a schedules document: run "Edit Schedules as JSON…" first.', []);
      return;
    }
    const found = made.originOf(doc.uri, deps.connections.list());
    if (found && 'gone' in found) {
      await ui.notify(
        'error',
        `Nothing was sent: this schedules document was made on ${found.gone}, which is signed out. ` +
          'Sign in to it again, or make the document on the connection you want ("Edit Schedules as JSON…").',
        [],
      );
      return;
    }
    // A document Platform Console made binds its own connection; another file, the active one (or Sign In is offered).
    const session = await deps.bindNamed(found ? found.connection.id : deps.connections.active?.id);
    if (!session) {
      if (!found) await promptSignIn(ui);
      else
        await ui.notify(
          'error',
          `Nothing was sent: this schedules document was made on ${found.connection.name}, which has no API key in this window. Sign in to it again.`,
          [],
        );
      return;
    }
    const origin: DocumentOrigin = found ? { made: true } : { made: false, file: doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.toString() };
    const parsed = parseSchedulesDocument(doc.getText());
    if ('problem' in parsed) return void (await ui.notify('error', `Nothing was sent: ${parsed.problem}`, []));
    const { content } = parsed;
    const schedules: unknown[] = Array.isArray(content.schedules) ? content.schedules : [content.schedules];
    const input = { project_id: content.project_id, region_id: content.region_id, policy_id: content.policy_id, schedules } as Parameters<
      typeof addSchedulesOperation.request
    >[0];
    try {
      // Checked before the person is asked: a document the platform would refuse is not put to them.
      addSchedulesOperation.request(input);
    } catch (error) {
      if (error instanceof PlatformError && error.isLocal) return void (await ui.notify('error', `Nothing was sent: ${formatIssues(error.issues)}`, []));
      throw error;
    }
    const ids = { projectId: input.project_id, regionId: input.region_id, policyId: input.policy_id };
    // The policy read first, so the modal names it as it is; a failed read asks nothing and sends nothing.
    let policy: Awaited<ReturnType<typeof addSchedulesOperation.read>>;
    try {
      policy = await ui.progress(`Reading snapshot policy ${ids.policyId} on ${session.connection.name}…`, false, () =>
        addSchedulesOperation.read(session.api, input),
      );
    } catch (error) {
      await notifyError(`Nothing was sent: could not read snapshot policy ${ids.policyId} on ${session.connection.name}`, error, {
        log: deps.log,
        ui,
        connectionName: session.connection.name,
      });
      return;
    }
    // The operation's words and facts; where the document came from is the command's to say, first.
    const asked = commandConfirmation(addSchedulesOperation, input, policy, session.connection).summary;
    const warning = [origin.made ? undefined : fromFileWarning(origin.file, session.connection.name), asked.warning].filter(Boolean).join(' ');
    if (!(await confirmWrite(ui, { ...asked, warning }))) return;
    await submit(session, ids, schedules, () => submitDocument(doc.uri));
  };

  return [
    deps.registerBoundCommand('platformConsole.addSnapshotSchedules', (bound, arg) => {
      // From a policy's row in the Cloud view: its project, region and policy given, the schedules asked.
      const row = cloudTargetOf(arg, 'policy');
      // A row listed on another connection never gets here (registerBoundCommand refuses it).
      if (!row) return addSchedules(bound);
      const steps = addSchedulesSteps(deps.defaults.on(bound), deps.ui, () => '', reviewOn(bound));
      return addSchedules(bound, { projectId: row.projectId, regionId: row.regionId, policy_id: row.id }, stepIndex(steps, REVIEW_STEP));
    }),
    // Signed in first (the document is sent later, by Submit to Policy, on the connection it was made on).
    deps.registerBoundCommand('platformConsole.editSchedulesAsJson', (bound) => editAsJson(bound)),
    // Unbound: the document names its connection (a file from elsewhere: the active one), said in its own words.
    deps.registerUnboundCommand('platformConsole.submitSchedulesDocument', (uri?: unknown) => submitDocument(uri instanceof vscode.Uri ? uri : undefined)),
  ];
}

/** A document Platform Console did not make (a cloned repository's): said before the operation's own words. */
function fromFileWarning(file: string, connectionName: string): string {
  const origin = `This document came from a file that Platform Console did not make: ${file}.`;
  return `${origin} Read it before sending: it is sent on the active connection, ${connectionName}.`;
}
