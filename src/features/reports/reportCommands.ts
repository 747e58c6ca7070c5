// Commands of the Report Tasks view: Create Report…, Open Report…, Refresh, and per task Refresh
// Status, Copy UUID, Show Raw JSON, Remove from List; Remove Finished Tasks.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { fieldStep, operationField, ruleWords } from '../../ui/operationSteps';
import { runWizard, stepIndex } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import { REPORT_STATUSES, type ReportTask } from '../../schema/billing';
import { sendOperation } from '../../operations/operation';
import { createReport as createReportOperation } from '../../operations/reports';
import { deleteReportTask } from '../../operations/removals';
import { BACK, CANCEL } from '../../ui/flowUi';
import { PlatformError } from '../../schema/errors';
import { isActiveReport, isTerminalStatus, reportLabel, reportStatus, shortUuid, type ReportStatus } from './model/reportTasks';
import type { ReadableDocuments } from '../../ui/readableDocuments';
import { ReportFlowCancelled, SUMMARY_STEP, createReportSteps, reportRequest, type ReportFlowState } from './createReportFlow';
import type { ReportPoller } from './reportPoller';
import type { ReportTaskStore } from './reportTaskStore';
import { ReportTaskNode, type ReportTasksTree } from './reportTasksTree';
import { UUID_EXAMPLE } from './reportTaskTarget';

export interface ReportCommandDeps extends Pick<FeatureContext, 'connections' | 'log' | 'ui' | 'registerBoundCommand' | 'registerUnboundCommand'> {
  store: ReportTaskStore;
  poller: ReportPoller;
  tree: () => ReportTasksTree | undefined;
  documents: ReadableDocuments;
}

/** The task a context-menu command was run on, or the selection's first task. */
function targetTasks(deps: ReportCommandDeps, node: unknown, selected: unknown): ReportTaskNode[] {
  const many = Array.isArray(selected) ? selected.filter((n): n is ReportTaskNode => n instanceof ReportTaskNode) : [];
  if (many.length > 0) return many;
  if (node instanceof ReportTaskNode) return [node];
  const current = deps.tree()?.view.selection.filter((n): n is ReportTaskNode => n instanceof ReportTaskNode) ?? [];
  return current;
}

export function registerReportCommands(deps: ReportCommandDeps): vscode.Disposable[] {
  const { connections, log, store, poller } = deps;

  const reveal = (uuid: string) => void deps.tree()?.reveal(uuid);

  const createReport = async (bound: BoundConnection, state: ReportFlowState = { parameters: [] }, startAt?: number): Promise<string | undefined> => {
    const { api, connection } = bound;
    const ui = deps.ui();
    const title = `Create Report on ${connection.name}`;
    const steps = createReportSteps({
      ui,
      title,
      connection,
      recentTemplates: store.recentTemplates(connection.id),
      templates: {
        load: (fresh) => bound.lists.reportTemplates(fresh),
        missing: () => bound.lists.isMissing('listReportTemplates'),
        logError: (error) => log.error(`Could not load the report templates of ${connection.name}`, error),
      },
    });
    let done: ReportFlowState | undefined;
    try {
      done = await runWizard(state, { title, steps, ui, startAt });
    } catch (error) {
      if (error instanceof ReportFlowCancelled) return undefined;
      throw error;
    }
    if (!done) return undefined;
    const code = done.templateCode!;
    let task;
    try {
      const input = reportRequest(done);
      // The request and its rules are the catalog operation's (the summary step showed every value).
      task = (await ui.progress(`Creating report ${code} on ${connection.name}…`, false, () =>
        sendOperation(api, createReportOperation.request(input)),
      )) as ReportTask;
    } catch (error) {
      const choice = await notifyError(`Could not create report ${code}`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      // Retry reopens the summary with every value; Back reaches the parameters to fix them.
      if (choice === 'Retry') return createReport(bound, done, stepIndex(steps, SUMMARY_STEP));
      return undefined;
    }
    await store.rememberTemplate(connection.id, code);
    const entry = await store.add(connection.id, task.uuid, { templateCode: code, snapshot: task, now: Date.now() });
    log.info(`Report ${code} created on ${connection.name}: task ${entry.uuid}, ${task.status ?? 'no status'}`);
    poller.follow(connection, entry.uuid);
    reveal(entry.uuid);
    return entry.uuid;
  };

  const openReport = async (bound: BoundConnection, value = ''): Promise<string | undefined> => {
    const { api, connection } = bound;
    const ui = deps.ui();
    // A read, not a write: the box is still the report task's UUID as deleteReportTask's `id` input names and checks it.
    const idField = operationField(deleteReportTask, 'id');
    const done = await runWizard<{ id?: string }>(value ? { id: value } : {}, {
      title: `Open Report on ${connection.name}`,
      ui,
      steps: [
        fieldStep(deleteReportTask, 'id', {
          ...UUID_EXAMPLE,
          prompt: `${ruleWords(idField)}: a completed one opens as a table; every one is followed in the Report Tasks view`,
        }),
      ],
    });
    if (done?.id === undefined) return undefined;
    const uuid = done.id.toLowerCase();
    let task;
    try {
      task = await ui.progress(`Reading report task ${shortUuid(uuid)} from ${connection.name}…`, false, () => api.billing.getReport({ params: { id: uuid } }));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        const message = `No report task ${uuid} on ${connection.name}`;
        log.error(message, error);
        const choice = await ui.notify('warning', `${message}.`, ['Change UUID', 'Show Log']);
        if (choice === 'Show Log') log.show();
        if (choice === 'Change UUID') return openReport(bound, uuid);
        return undefined;
      }
      const choice = await notifyError(`Could not read report task ${uuid} from ${connection.name}`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      return choice === 'Retry' ? openReport(bound, uuid) : undefined;
    }
    const entry = await store.add(connection.id, uuid, { snapshot: task, now: Date.now() });
    log.info(`Report task ${uuid} opened on ${connection.name}: ${task.status ?? 'no status'}`);
    poller.follow(connection, entry.uuid);
    reveal(entry.uuid);
    // Completed: its result as a table (a task still running is followed in the view until then).
    if (reportStatus(task) === 'Completed')
      await vscode.commands.executeCommand('platformConsole.openReportTable', { connectionId: connection.id, uuid: entry.uuid });
    return entry.uuid;
  };

  return [
    deps.registerBoundCommand('platformConsole.createReport', (bound) => createReport(bound)),
    deps.registerBoundCommand('platformConsole.openReport', (bound, uuid) => openReport(bound, typeof uuid === 'string' ? uuid : '')),
    deps.registerUnboundCommand('platformConsole.filterReportTasks', async () => {
      const tree = deps.tree();
      if (!tree) return;
      const chosen = await deps.ui().pick<ReportStatus | null>({
        title: 'Filter Report Tasks',
        step: 1,
        totalSteps: 1,
        canGoBack: false,
        placeholder: 'Report tasks with this status (asked of the server)',
        items: [{ label: 'Any status', value: null }, ...REPORT_STATUSES.map((status) => ({ label: status, value: status }))],
        activeValue: tree.listing.status ?? null,
      });
      if (chosen !== BACK && chosen !== CANCEL) await tree.listing.setStatus(chosen ?? undefined);
    }),
    deps.registerBoundCommand('platformConsole.refreshReportTasks', ({ connection }) => {
      // Settled tasks never change: read again only what runs, what was never read, and what failed to refresh.
      for (const t of store.list(connection.id)) if (isActiveReport(t.snapshot) || t.problem) poller.refresh(connection, t.uuid);
      // The platform's list, read again (where it lists them).
      if (deps.tree()?.listing.available !== false) void deps.tree()?.listing.reload();
      deps.tree()?.refresh();
    }),
    deps.registerBoundCommand('platformConsole.refreshReportTask', ({ connection }, node?: unknown, selected?: unknown) => {
      for (const n of targetTasks(deps, node, selected)) poller.refresh(connection, n.task.uuid);
    }),
    deps.registerUnboundCommand('platformConsole.copyReportTaskId', async (node?: unknown, selected?: unknown) => {
      const uuids = targetTasks(deps, node, selected).map((n) => n.task.uuid);
      if (uuids.length === 0) return;
      await vscode.env.clipboard.writeText(uuids.join('\n'));
      vscode.window.setStatusBarMessage(`Copied ${uuids.length === 1 ? uuids[0] : `${uuids.length} UUIDs`}`, 3000);
    }),
    deps.registerUnboundCommand('platformConsole.showReportTaskJson', async (node?: unknown) => {
      const [target] = targetTasks(deps, node, undefined);
      const connection = connections.active;
      if (!target || !connection) return undefined;
      const doc = await deps.documents.showJson(
        connection.name,
        `Report task ${reportLabel(target.task)} ${shortUuid(target.task.uuid)}`,
        `${JSON.stringify(target.task.snapshot ?? { uuid: target.task.uuid }, null, 2)}\n`,
      );
      return doc.uri;
    }),
    deps.registerBoundCommand('platformConsole.removeReportTask', async ({ connection }, node?: unknown, selected?: unknown) => {
      const uuids = targetTasks(deps, node, selected).map((n) => n.task.uuid);
      uuids.forEach((u) => poller.forget(u));
      await store.remove(connection.id, uuids);
      log.info(
        `Report tasks on ${connection.name}: removed ${uuids.length} from the list${uuids.length ? ` (${uuids.map((u) => u.slice(0, 8)).join(', ')})` : ''}`,
      );
    }),
    deps.registerBoundCommand('platformConsole.removeFinishedReportTasks', async ({ connection }) => {
      const finished = store.list(connection.id).filter((t) => isTerminalStatus(reportStatus(t.snapshot)));
      if (finished.length === 0) return void (await deps.ui().notify('info', `No finished report task to remove on ${connection.name}.`));
      await store.remove(
        connection.id,
        finished.map((t) => t.uuid),
      );
    }),
  ];
}
