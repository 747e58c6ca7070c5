// Report Tasks: the task store (globalState), the poller, the view and its commands (Create
// Report…, Open Report…, Save Report As…, Delete Report Task, Go to Report Task…). Activated once by extension.ts; disposed with the extension.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import type { ReadableDocuments } from '../../ui/readableDocuments';
import { reportStatus, settledMessage, type PollDelays } from './model/reportTasks';
import { registerDeleteReport } from './deleteReportCommand';
import { goToReportTask } from './reportGoTo';
import { registerSaveReport, type SaveLocationAnswer } from './saveReportCommand';
import { registerReportCommands } from './reportCommands';
import { ReportPoller } from './reportPoller';
import { ReportTaskStore } from './reportTaskStore';
import { ReportTasksTree } from './reportTasksTree';
import { registerReportTables, type ReportTablesApi } from './reportTableCommands';

export type { PollDelays } from './model/reportTasks';

const OPEN_REPORT = 'Open Report';
const SAVE_AS = 'Save As…';

/** What the integration tests reach through the extension's exports. */
export interface ReportTasksApi {
  tree: ReportTasksTree;
  store: ReportTaskStore;
  /** suspend() then resume() is a window reload. */
  poller: ReportPoller;
  documents: ReadableDocuments;
  /** The open Report table panels; open() opens (or reveals) one. */
  tables: ReportTablesApi;
  /** Answers Save Report As…'s save dialog (undefined: VS Code's own dialog). */
  setSaveLocation(answer: SaveLocationAnswer | undefined): void;
}

export class ReportTasksFeature extends Disposable {
  readonly api: ReportTasksApi;
  private readonly log: Log;

  /** `pollDelays`: the tests' shorter schedule (the composition root hands it in under them only). */
  constructor(deps: FeatureContext, pollDelays?: () => Partial<PollDelays> | undefined) {
    super();
    const { connections, log, documents } = deps;
    this.log = log;
    const store = new ReportTaskStore(deps.state);
    const tree = new ReportTasksTree(
      connections,
      deps.bindNamed,
      store,
      {
        create: () => vscode.commands.executeCommand('platformConsole.createReport'),
        open: () => vscode.commands.executeCommand('platformConsole.openReport'),
      },
      log,
    );
    const tables = registerReportTables({
      extensionUri: deps.extensionUri,
      connections,
      bindNamed: deps.bindNamed,
      registerUnboundCommand: deps.registerUnboundCommand,
      log,
      store,
      panelWatch: deps.panelWatch,
    });
    for (const d of tables.disposables) this._register(d);
    const poller = new ReportPoller({
      store,
      log,
      delays: pollDelays,
      session: async () => {
        const api = await connections.api();
        const connection = connections.active;
        return api && connection && connections.signedIn ? { api, connection } : undefined;
      },
      onSettled: (task, connection) => {
        const { severity, message } = settledMessage(task, connection.name);
        if (severity === 'error') log.error(message);
        else log.info(message);
        // A completed report offers its result at once (open or save); every task can be shown in the view.
        const completed = reportStatus(task.snapshot) === 'Completed';
        void deps
          .ui()
          .notify(severity, log.scrub(message), completed ? [OPEN_REPORT, SAVE_AS, 'Show'] : ['Show'])
          .then((choice) => {
            if (choice === OPEN_REPORT) {
              tables.api.open({ connectionId: connection.id, uuid: task.uuid });
              return undefined;
            }
            if (choice === SAVE_AS) return vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: task.uuid, connectionId: connection.id });
            return choice === 'Show' ? tree.reveal(task.uuid, { focus: true, expand: true }) : undefined;
          })
          .catch((error: unknown) => log.error('Could not show a notification', error));
      },
      onRefused: (error, connection) =>
        void notifyError(`Could not follow report tasks on ${connection.name}`, error, {
          log,
          ui: deps.ui(),
          connectionName: connection.name,
          signInAgain: () => {
            const known = connections.list().find((c) => c.id === connection.id);
            return vscode.commands.executeCommand('platformConsole.signIn', known ? { name: known.name, baseUrl: known.baseUrl } : undefined);
          },
        }),
    });
    this._register(tree);
    this._register({ dispose: () => poller.dispose() });
    for (const d of registerReportCommands({ ...deps, store, poller, tree: () => tree })) this._register(d);
    const saveAs = registerSaveReport({
      connections,
      registerBoundCommand: deps.registerBoundCommand,
      log,
      ui: deps.ui,
      state: deps.state,
      store,
      tree: () => tree,
    });
    this._register(saveAs.disposable);
    this._register(registerDeleteReport({ connections, registerBoundCommand: deps.registerBoundCommand, log, ui: deps.ui, store, poller, tree: () => tree }));
    // Go to Report Task… (#57): a pick over every task of the account, the row revealed in the view.
    this._register(
      deps.registerBoundCommand('platformConsole.goToReportTask', (bound) => goToReportTask({ ui: deps.ui, log, tree: () => tree, store }, bound)),
    );
    // Signed in, out, or switched: follow the (new) active connection's running tasks, and
    // forget the tasks of connections that are gone.
    this._register(
      connections.onDidChange(() => {
        void store
          .prune(connections.list().map((c) => c.id))
          .catch((error: unknown) => log.error('Could not forget report tasks of removed connections', error));
        void poller.resume();
      }),
    );
    this.api = { tree, store, poller, documents, tables: tables.api, setSaveLocation: saveAs.setSaveLocation };
  }

  /** What activation runs: polling resumes for the tasks still running when the window closed. */
  start(): Promise<void> {
    return this.api.poller.resume().catch((error: unknown) => this.log.error('Could not resume following report tasks', error));
  }
}

/**
 * Report Tasks; polling of the tasks still running resumes as the extension activates (a reload
 * does not lose them), beside activation rather than inside it: its first reads wait for the
 * connection's key and the network, which activation (and the command that activated the
 * extension) need not wait for.
 */
export function activate(ctx: FeatureContext, pollDelays?: () => Partial<PollDelays> | undefined): ReportTasksFeature {
  const feature = new ReportTasksFeature(ctx, pollDelays);
  void feature.start();
  return feature;
}
