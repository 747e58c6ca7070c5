// "Create Secret…", "Delete Secret…" and "Check Secret Task…".
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { runWizard, stepIndex } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import { createSecret as createSecretOp } from '../../operations/cloudSecrets';
import { sendOperation } from '../../operations/operation';
import { NAME_STEP, SUMMARY_STEP, TYPED_TEXT_STEP, createSecretSteps, sendsPemV2 } from './createSecretFlow';
import type { SecretFlowState } from './secretFlowState';
import { secretInput, tlsInput } from './secretSummary';
import { createTlsSecret } from '../../operations/tlsSecret';
import { cloudTargetOf } from '../../ui/cloudTarget';
import { deleteCloudSecret } from './deleteSecret';
import { showSecretDetails } from './showSecret';
import { watchSecretTasks, type WatchedSecret } from './secretTaskWatch';

export type SecretCommandDeps = Pick<FeatureContext, 'connections' | 'log' | 'ui' | 'defaults' | 'documents' | 'registerBoundCommand'>;

export function registerSecretCommands(deps: SecretCommandDeps): vscode.Disposable[] {
  const unfinished = new Map<string, WatchedSecret>();

  /** Bound when the person starts: the POST, its Retry and the task watch all go to this connection. */
  const createSecret = async (bound: BoundConnection, state: SecretFlowState = {}, startAt?: number | string): Promise<void> => {
    const { log } = deps;
    const { api, connection } = bound;
    const ui = deps.ui();
    const defaults = deps.defaults.on(bound);
    // A platform connection takes a TLS certificate's PEM files as they are (v2); other servers a PKCS12 bundle (v1).
    const pemV2 = connection.dialect === 'platform';
    const steps = createSecretSteps({ defaults, pemV2, connection });
    const done = await runWizard(state, {
      title: `Create Secret on ${connection.name}`,
      steps,
      ui,
      startAt: typeof startAt === 'string' ? stepIndex(steps, startAt) : startAt,
    });
    if (!(done?.prepared || done?.tls)) return;
    await defaults.rememberMissing({ projectId: done.projectId!, regionId: done.regionId! });
    // What Retry refills: everything typed, never the payload (re-read from its file).
    const kept: SecretFlowState = { ...done, prepared: undefined, tls: undefined, payloadText: undefined, bundleWarnings: undefined };
    let taskIds: string[];
    try {
      // The request the summary confirmed (the operation's; v2: the PEM texts as read for it), sent once.
      const request = sendsPemV2(done, pemV2) ? createTlsSecret.requestFor!(tlsInput(done), done.tls!)! : createSecretOp.request(secretInput(done));
      const answer = await ui.progress(
        `Creating secret ${done.name} on ${connection.name}…`,
        false,
        async () => (await sendOperation(api, request)) as { tasks: string[] },
      );
      taskIds = answer.tasks;
    } catch (error) {
      const choice = await notifyError(`Could not create secret ${done.name}`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      if (choice === 'Retry') return createSecret(bound, kept, stepIndex(steps, kept.source === 'text' ? TYPED_TEXT_STEP : SUMMARY_STEP));
      return;
    }
    log.info(`Secret ${done.name}: submitted, task(s) ${taskIds.join(', ')}`);
    if (taskIds.length === 0) return void (await ui.notify('info', `Secret ${done.name} submitted; the platform returned no task to follow.`));
    await watchSecretTasks(api, { name: done.name!, taskIds, connectionId: connection.id }, { ui, log, unfinished });
  };

  return [
    deps.registerBoundCommand('platformConsole.createSecret', (bound, arg) => {
      // From a region's Secrets row: its project and region, the flow opening at the name (Back reaches them).
      // A row listed on another connection is refused by registerBoundCommand before this runs.
      const row = cloudTargetOf(arg, 'region');
      return row ? createSecret(bound, { projectId: row.projectId, regionId: row.regionId }, NAME_STEP) : createSecret(bound);
    }),
    deps.registerBoundCommand('platformConsole.deleteSecret', (bound, arg) => deleteCloudSecret(deps, bound, arg, unfinished)),
    deps.registerBoundCommand('platformConsole.showSecretDetails', (bound, arg) => showSecretDetails(deps, bound, arg)),
    // Signed out: its unfinished tasks cannot be checked any more (the key is gone).
    deps.connections.onDidSignOut((gone) => {
      for (const [id, watched] of unfinished) if (watched.connectionId === gone.id) unfinished.delete(id);
    }),
    deps.registerBoundCommand('platformConsole.checkSecretTask', async (bound) => {
      const { api, connection } = bound;
      const ui = deps.ui();
      const mine = [...new Map([...unfinished.values()].filter((w) => w.connectionId === connection.id).map((w) => [w.taskIds.join(), w])).values()];
      if (mine.length === 0) return void (await ui.notify('info', 'No secret task left to check on this connection.'));
      const picked = await ui.pick({
        title: 'Check Secret Task',
        step: 1,
        totalSteps: 1,
        canGoBack: false,
        placeholder: 'Secret whose task to follow again',
        items: mine.map((w) => ({ label: w.name, description: w.taskIds.join(', '), value: w })),
      });
      if (typeof picked === 'object') await watchSecretTasks(api, picked, { ui, log: deps.log, unfinished });
    }),
  ];
}
