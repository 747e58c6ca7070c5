// "Delete Report Task": the task deleted on the server (not only forgotten here, which Remove
// from List does), after the catalog operation's modal (src/operations/removals.ts); sent once.
// The row leaves the view when the platform confirms, or says the task is already gone.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { runWizard } from '../../ui/wizard';
import { PlatformError } from '../../schema/errors';
import { doneOn, sendOperation } from '../../operations/operation';
import { deleteReportTask } from '../../operations/removals';
import { reportLabel, shortUuid, type TrackedReport } from './model/reportTasks';
import type { ReportPoller } from './reportPoller';
import { taskConnection, taskFromArgument, taskPickStep, type TaskCommandDeps } from './reportTaskTarget';

export interface DeleteReportDeps extends TaskCommandDeps, Pick<FeatureContext, 'log' | 'registerBoundCommand'> {
  poller: ReportPoller;
}

export function registerDeleteReport(deps: DeleteReportDeps): vscode.Disposable {
  const { log, store, poller } = deps;

  /** Gone from the list here and from the view's copy of the platform's list. */
  const forget = async (connectionId: string, uuid: string) => {
    poller.forget(uuid);
    deps.tree()?.listing.forget(uuid);
    await store.remove(connectionId, [uuid]);
    deps.tree()?.refresh();
  };

  /** A typed UUID: its answer first, so the confirmation can name its template and creation time. */
  const readTask = async (bound: BoundConnection, task: TrackedReport): Promise<TrackedReport | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    try {
      const snapshot = await ui.progress(`Reading report task ${shortUuid(task.uuid)} from ${connection.name}…`, false, () =>
        deleteReportTask.read(bound.api, { id: task.uuid }),
      );
      return { ...task, snapshot: snapshot.task };
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        // A row of the view that the server no longer knows: gone already, so it leaves the list.
        const followed = store.get(connection.id, task.uuid) !== undefined;
        log.info(`No report task ${task.uuid} on ${connection.name}: nothing to delete${followed ? '; removed from the list' : ''}`);
        if (followed) await forget(connection.id, task.uuid);
        void ui.notify('warning', `No report task ${task.uuid} on ${connection.name}: ${followed ? 'it is no longer listed' : 'nothing was deleted'}.`);
        return undefined;
      }
      await notifyError(`Could not read report task ${task.uuid} from ${connection.name}`, error, { log, ui, connectionName: connection.name });
      return undefined;
    }
  };

  const remove = async (bound: BoundConnection, task: TrackedReport): Promise<boolean> => {
    const ui = deps.ui();
    const { connection, api } = bound;
    const label = reportLabel(task);
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    const thing = task.snapshot && { task: task.snapshot, ...(task.templateCode ? { templateCode: task.templateCode } : {}) };
    const confirmed = await confirmOperation(ui, deleteReportTask, { id: task.uuid }, thing, connection);
    if (!confirmed) return false;
    const what = `report task ${label} (${shortUuid(task.uuid)})`;
    let answer: unknown;
    try {
      answer = await ui.progress(`Deleting ${what} on ${connection.name}…`, false, () => sendOperation(api, deleteReportTask.request({ id: task.uuid })));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        log.info(`Report task ${task.uuid} was already gone on ${connection.name}: removed from the list`);
        await forget(connection.id, task.uuid);
        void ui.notify('info', `The ${what} was already gone on ${connection.name}; it is no longer listed.`);
        return true;
      }
      // Never retried: the person decides after reading why.
      await notifyError(`Could not delete ${what}`, error, {
        log,
        ui,
        connectionName: connection.name,
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      return false;
    }
    log.info(`Report task ${task.uuid} (${label}) deleted on ${connection.name}`);
    await forget(connection.id, task.uuid);
    // The operation's words, as the chat tool and MCP answer; the task as the list names it after them.
    void ui.notify('info', doneOn(deleteReportTask, { id: task.uuid }, thing || undefined, answer, connection.name, label));
    return true;
  };

  return deps.registerBoundCommand(
    'platformConsole.deleteReportTask',
    async (bound, arg) => {
      const given = taskFromArgument(arg, deps);
      const done = await runWizard<{ task?: TrackedReport }>(
        { task: given?.task },
        {
          title: `Delete Report Task (${bound.connection.name})`,
          ui: deps.ui(),
          steps: [
            taskPickStep({ noun: 'report task', offer: () => true, tree: deps.tree, logError: (error) => log.error('Could not load the report tasks', error) }),
          ],
        },
      );
      if (!done?.task) return false;
      const task = done.task.snapshot ? done.task : await readTask(bound, done.task);
      return task ? remove(bound, task) : false;
    },
    { connection: taskConnection(deps) },
  );
}
