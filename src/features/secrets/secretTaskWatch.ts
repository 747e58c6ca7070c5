// After a secret is submitted or its deletion sent: watch its tasks under a cancellable progress notification.
// Cancelling stops watching (the platform keeps working) and leaves the tasks to check later.
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import type { PlatformApi } from '../../platform/api';
import { PlatformError } from '../../schema/errors';
import { pollTasks, type TaskOutcome } from '../../platform/taskPoller';
import { taskTimeoutMs } from '../../ui/settings';

export interface WatchedSecret {
  name: string;
  taskIds: string[];
  connectionId: string;
  /** What the tasks do (creation when absent). */
  action?: 'create' | 'delete';
}

export interface SecretWatchDeps {
  ui: FlowUi;
  log: Log;
  /** Tasks whose watch was cancelled or timed out, for "Check Secret Task…". */
  unfinished: Map<string, WatchedSecret>;
}

const short = (id: string) => id.slice(0, 8);

export async function watchSecretTasks(api: PlatformApi, secret: WatchedSecret, deps: SecretWatchDeps): Promise<TaskOutcome[] | undefined> {
  const { ui, log } = deps;
  const deleting = secret.action === 'delete';
  let outcomes: TaskOutcome[];
  try {
    outcomes = await ui.progress(`${deleting ? 'Deleting' : 'Creating'} secret ${secret.name}`, true, (report, signal) =>
      pollTasks((id, s) => api.cloud.getTask({ params: { task_id: id } }, { signal: s }), secret.taskIds, {
        signal,
        timeoutMs: taskTimeoutMs(),
        onChange: (task, state) => {
          log.info(`Secret ${secret.name}: task ${task.id} is ${state ?? 'in an unknown state'}`);
          report(`task ${short(task.id)}: ${state ?? 'unknown'}`);
        },
        // The person sees why nothing moves, in the progress notification; the watch goes on.
        onTransientError: (id, error) => {
          log.info(`Secret ${secret.name}: polling task ${id} failed, trying again: ${error.message}`);
          report(log.scrub(`task ${short(id)}: could not check, trying again (${error.message})`));
        },
      }),
    );
  } catch (error) {
    // Signed out: the key is gone, so the tasks cannot be checked again from here.
    const signedOut = error instanceof PlatformError && error.kind === 'signedOut';
    if (!signedOut) for (const id of secret.taskIds) deps.unfinished.set(id, secret);
    const ids = secret.taskIds.map(short).join(', ');
    const choice =
      error instanceof PlatformError && error.kind === 'cancelled'
        ? await ui.notify('info', `Stopped watching secret ${secret.name} (task ${ids}). The platform keeps working on it.`, ['Check Task'])
        : await notifyError(`${signedOut ? 'Stopped following' : 'Could not follow'} secret ${secret.name} (task ${ids})`, error, {
            log,
            ui,
            actions: signedOut ? [] : ['Check Task'],
          });
    if (choice === 'Check Task') return watchSecretTasks(api, secret, deps);
    return undefined;
  }
  for (const id of secret.taskIds) deps.unfinished.delete(id);
  const failed = outcomes.filter((o) => o.state === 'ERROR');
  if (failed.length === 0) {
    const ids = outcomes.flatMap((o) => {
      const created = o.task.created_resources?.secrets;
      return Array.isArray(created) ? created.map(String) : [];
    });
    // Not awaited: the toast stays until dismissed, and the caller reads the view again meanwhile.
    void ui.notify('info', deleting ? `Secret ${secret.name} deleted.` : `Secret ${secret.name} created${ids.length ? ` (id ${ids.join(', ')})` : ''}.`);
  } else {
    const reasons = failed.map((o) => o.error ?? 'the task ended in ERROR without a reason').join('; ');
    const what = `Secret ${secret.name} was not ${deleting ? 'deleted' : 'created'}`;
    log.error(what, reasons);
    const choice = await ui.notify('error', log.scrub(`${what}: ${reasons}`), ['Show Log']);
    if (choice === 'Show Log') log.show();
  }
  return outcomes;
}
