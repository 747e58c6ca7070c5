// Report Tasks and billing reads, put together: the task store (globalState), the poller, the
// view, the commands, and the readable documents of trials and free features. extension.ts
// builds this once; what it returns is disposed with the extension.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connectionManager';
import type { FlowUi } from '../flows/ui';
import type { Log } from '../log';
import { notifyError } from '../notify';
import { settledMessage } from '../core/reportTasks';
import { registerBillingCommands } from '../billing/billingCommands';
import { ReadableDocuments } from '../billing/readableDocuments';
import { registerReportCommands } from './reportCommands';
import { ReportPoller } from './reportPoller';
import { ReportTaskStore } from './reportTaskStore';
import { ReportTasksTree } from './reportTasksTree';

export interface ReportTasksDeps {
  context: vscode.ExtensionContext;
  connections: ConnectionManager;
  log: Log;
  ui: () => FlowUi;
}

/** What the integration tests reach through the extension's exports. */
export interface ReportTasksApi {
  tree: ReportTasksTree;
  store: ReportTaskStore;
  /** setDelays() shortens the 2 s..30 s schedule; suspend() then resume() is a window reload. */
  poller: ReportPoller;
  documents: ReadableDocuments;
}

export class ReportTasksFeature implements vscode.Disposable {
  readonly api: ReportTasksApi;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly log: Log;

  constructor(deps: ReportTasksDeps) {
    const { context, connections, log } = deps;
    this.log = log;
    const store = new ReportTaskStore(context.globalState);
    const documents = new ReadableDocuments();
    const tree = new ReportTasksTree(connections, store, {
      create: () => vscode.commands.executeCommand('platformConsole.createReport'),
      open: () => vscode.commands.executeCommand('platformConsole.openReport'),
    });
    const poller = new ReportPoller({
      store,
      log,
      session: async () => {
        const api = await connections.api();
        const connection = connections.active;
        return api && connection && connections.signedIn ? { api, connection } : undefined;
      },
      onSettled: (task, connection) => {
        const { severity, message } = settledMessage(task, connection.name);
        if (severity === 'error') log.error(message);
        else log.info(message);
        void deps
          .ui()
          .notify(severity, log.scrub(message), ['Show'])
          .then((choice) => (choice === 'Show' ? tree.reveal(task.uuid, { focus: true, expand: true }) : undefined))
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
    const commands = registerReportCommands({ connections, log, ui: deps.ui, store, poller, tree: () => tree, documents });
    this.disposables.push(
      documents,
      tree,
      { dispose: () => poller.dispose() },
      ...commands,
      ...registerBillingCommands({ connections, log, ui: deps.ui, documents }),
      // Signed in, out, or switched: follow the (new) active connection's running tasks, and
      // forget the tasks of connections that are gone.
      connections.onDidChange(() => {
        void store.prune(connections.list().map((c) => c.id)).catch((error: unknown) => log.error('Could not forget report tasks of removed connections', error));
        void poller.resume();
      }),
    );
    this.api = { tree, store, poller, documents };
  }

  /** What activation runs: polling resumes for the tasks still running when the window closed. */
  start(): Promise<void> {
    return this.api.poller.resume().catch((error: unknown) => this.log.error('Could not resume following report tasks', error));
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }
}
