// Delete Secret…: from a Cloud view secret row or the palette (project, region and the secret picked
// from the list). The secret is read first; the typed confirmation and the request are the catalog
// operation's (src/operations/cloudSecrets.ts); one DELETE, then its task followed.
import * as vscode from 'vscode';
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import { deleteCloudSecret as op, type SecretThing } from '../../operations/cloudSecrets';
import { sendOperation, type OperationRequest } from '../../operations/operation';
import type { SecretItem } from '../../schema/cloudLists';
import { endpoints } from '../../schema/endpoints';
import { PlatformError } from '../../schema/errors';
import { cloudLocationSteps, type CloudLocation } from '../../ui/cloudLocation';
import { cloudTargetOf } from '../../ui/cloudTarget';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { fieldStep } from '../../ui/operationSteps';
import { confirmOperation } from '../../ui/confirmOperation';
import { runWizard } from '../../ui/wizard';
import { watchSecretTasks, type WatchedSecret } from './secretTaskWatch';

type Deps = Pick<FeatureContext, 'log' | 'ui' | 'defaults'>;

interface SecretAt extends CloudLocation {
  secret_id?: string;
}

const refreshView = (): Promise<unknown> => Promise.resolve(vscode.commands.executeCommand('platformConsole.refreshCloud')).catch(() => undefined);

/**
 * The secret the command acts on: the row's, or picked; undefined when cancelled. A row listed on
 * another connection never gets here: ctx.registerBoundCommand refuses it first (#54).
 */
export async function secretPlace(
  deps: Pick<FeatureContext, 'ui' | 'defaults' | 'log'>,
  bound: BoundConnection,
  arg: unknown,
  title = `Delete Secret on ${bound.connection.name}`,
): Promise<{ projectId: number; regionId: number; secretId: string } | undefined> {
  const ui = deps.ui();
  const row = cloudTargetOf(arg, 'secret');
  if (row) return { projectId: row.projectId, regionId: row.regionId, secretId: row.id };
  const defaults = deps.defaults.on(bound);
  const done = await runWizard<SecretAt>(
    {},
    {
      title,
      ui,
      steps: [
        ...cloudLocationSteps<SecretAt>(defaults),
        // The secret is the operation's `secret_id` input (Show Secret Details reads by the same id and rule).
        fieldStep(op, 'secret_id', {
          list: (s) => {
            const where = { project_id: s.projectId!, region_id: s.regionId! };
            return {
              noun: 'secret',
              load: (fresh: boolean) =>
                bound.lists.load(
                  'listSecrets',
                  `${where.project_id}/${where.region_id}`,
                  async () => (await bound.api.cloud.listSecrets({ params: where, query: { limit: 1000 } })).results,
                  { fresh },
                ),
              missing: () => bound.lists.isMissing('listSecrets'),
              logError: (error: unknown) => deps.log.error('Could not list the secrets', error),
              item: (x: SecretItem) => ({
                label: x.name || x.id,
                description: [x.secret_type, x.status].filter(Boolean).join(' · '),
                detail: x.id,
                value: x.id,
              }),
              enterLabel: 'Enter a secret ID…',
            };
          },
        }),
      ],
    },
  );
  if (done?.projectId === undefined || done.regionId === undefined || !done.secret_id) return undefined;
  await defaults.rememberMissing({ projectId: done.projectId, regionId: done.regionId });
  return { projectId: done.projectId, regionId: done.regionId, secretId: done.secret_id };
}

/** True once the delete was accepted and its task watched to the end (or left to Check Task). */
export async function deleteCloudSecret(deps: Deps, bound: BoundConnection, arg: unknown, unfinished: Map<string, WatchedSecret>): Promise<boolean> {
  const { log } = deps;
  const ui = deps.ui();
  const { connection, api } = bound;
  const at = await secretPlace(deps, bound, arg);
  if (!at) return false;
  const input = { project_id: at.projectId, region_id: at.regionId, secret_id: at.secretId };
  // A typed id the platform's rules refuse is said with the field and the rule, before any read.
  let request: OperationRequest;
  try {
    request = op.request(input);
  } catch (error) {
    await notifyError(`Nothing was sent for secret ${at.secretId}`, error, { log, ui, connectionName: connection.name });
    return false;
  }
  let secret: SecretThing;
  try {
    secret = await ui.progress(`Reading secret ${at.secretId} from ${connection.name}…`, false, () => op.read(api, input));
  } catch (error) {
    const gone = error instanceof PlatformError && error.kind === 'notFound';
    await notifyError(
      gone ? `Secret ${at.secretId} is gone on ${connection.name}; nothing was sent` : `Could not read secret ${at.secretId} from ${connection.name}`,
      error,
      { log, ui, connectionName: connection.name },
    );
    if (gone) await refreshView();
    return false;
  }
  const name = secret.name || secret.id;
  // The words, facts and typed-name decision are the catalog operation's: the chat tool and MCP confirm the same.
  if (!(await confirmOperation(ui, op, input, secret, connection))) return false;
  let taskIds: string[];
  try {
    const sent = await ui.progress(`Deleting secret ${name} on ${connection.name}…`, false, () => sendOperation(api, request));
    taskIds = (sent as z.output<typeof endpoints.deleteSecret.response>).tasks;
  } catch (error) {
    // Never retried: the person reads why and decides.
    await notifyError(`Could not delete secret ${name} on ${connection.name}`, error, {
      log,
      ui,
      connectionName: connection.name,
      signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
    });
    await refreshView();
    return false;
  }
  log.info(`Secret ${name}: deletion sent on ${connection.name}, task(s) ${taskIds.join(', ')}`);
  await refreshView();
  if (taskIds.length > 0) await watchSecretTasks(api, { name, taskIds, connectionId: connection.id, action: 'delete' }, { ui, log, unfinished });
  else void ui.notify('info', `Deletion of secret ${name} sent; the platform returned no task to follow.`);
  await refreshView();
  return true;
}
