// Create Secret…, Replace Value… and Delete Secret… for FastEdge secrets: values are typed into a
// masked box, never shown back, logged or put in a confirmation (only their length is said); a
// delete names the apps that refer to the secret (read from the apps before anything is sent) and
// asks for the name typed. The confirmations, classes and requests are the catalog operations'
// (src/operations/edgeSecrets.ts). Each runs on the connection it started on and is sent once.
import * as vscode from 'vscode';
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import { createEdgeSecret, deleteEdgeSecret, readEdgeSecret, replaceEdgeSecretValue, withUsers, type EdgeSecretThing } from '../../operations/edgeSecrets';
import { sendOperation, type OperationRequest } from '../../operations/operation';
import { PlatformError } from '../../schema/errors';
import type { EdgeSecret, EdgeSecretShort } from '../../schema/edgeSecrets';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { fieldStep } from '../../ui/operationSteps';
import { runWizard, stepIndex } from '../../ui/wizard';
import { revealInGroup } from './edgeAppPick';
import { EDGE_SECRETS_GROUP_ID, EdgeSecretNode } from './edgeSecretsGroup';
import type { EdgeTree } from './edgeTree';
import { createSecretSteps, replaceValueSteps, type CreateSecretState } from './edgeSecretSteps';
import { activeSlot, appsUsingText } from './model/edgeSecretRules';

export const EDGE_SECRET_COMMANDS = {
  create: 'platformConsole.createEdgeSecret',
  replace: 'platformConsole.replaceEdgeSecretValue',
  delete: 'platformConsole.deleteEdgeSecret',
} as const;

export interface EdgeSecretDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
}

/** An operation on one edge secret: its `secret_id` input is what the pick fills, by that input's title and rule. */
interface OnEdgeSecret {
  readonly name: string;
  readonly title: string;
  readonly fields: () => z.ZodObject<{ secret_id: z.ZodInt }>;
}

const secretLabel = (s: { id?: number | null; name?: string | null }) => `edge secret ${s.name || s.id} (${s.id})`;

export function registerEdgeSecretCommands(deps: EdgeSecretDeps): vscode.Disposable[] {
  const { log, tree } = deps;
  const secrets = tree.listing.secrets;

  const failed = (bound: BoundConnection, what: string, error: unknown, actions: string[] = []) => {
    const { connection } = bound;
    return notifyError(what, error, {
      log,
      ui: deps.ui(),
      connectionName: connection.name,
      actions,
      signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
    });
  };

  const revealSecret = (id: number) =>
    revealInGroup(tree, EDGE_SECRETS_GROUP_ID, (n) => n instanceof EdgeSecretNode && n.secret.id === id, `edge secret ${id}`, log);

  /** The operation's request, or the refusal said (field and rule) with nothing sent. */
  const checked = (bound: BoundConnection, build: () => OperationRequest, what: string): OperationRequest | undefined => {
    try {
      return build();
    } catch (error) {
      void failed(bound, `Nothing was sent for ${what}`, error);
      return undefined;
    }
  };

  // ---------- create ----------

  const create = async (bound: BoundConnection, state: CreateSecretState, startAt?: number): Promise<{ id: number; name: string } | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    await secrets.ensure();
    const steps = createSecretSteps(secrets.names());
    const done = await runWizard(state, { title: `Create Edge Secret (${connection.name})`, steps, ui, startAt });
    if (!done?.name || done.value === undefined) return undefined;
    const { name, comment, value } = done;
    const input = { name, value, ...(comment ? { comment } : {}) };
    const request = checked(bound, () => createEdgeSecret.request(input), `edge secret ${name}`);
    if (!request) return undefined;
    // Nothing to read: the secret is new. The words, facts and class are the operation's.
    if (!(await confirmOperation(ui, createEdgeSecret, input, undefined, connection))) return undefined;
    let made: EdgeSecret;
    try {
      made = (await ui.progress(`Creating edge secret ${name} on ${connection.name}…`, false, () => sendOperation(bound.api, request))) as EdgeSecret;
    } catch (error) {
      // Retry reopens the value step with everything kept: Enter confirms again, Back edits.
      const choice = await failed(bound, `Could not create edge secret ${name} on ${connection.name}`, error, ['Retry']);
      return choice === 'Retry' ? create(bound, done, stepIndex(steps, 'value')) : undefined;
    }
    const id = made.id ?? 0;
    const line = `Created ${secretLabel({ id, name })} on ${connection.name}; apps can refer to it by name.`;
    log.info(line);
    await secrets.reload(true);
    await revealSecret(id);
    void ui.notify('info', line);
    return { id, name };
  };

  // ---------- the secret a command acts on ----------

  /** The secret's id for `op`'s `secret_id`: picked from the account's secrets, or typed by that input's title and rule. */
  const pickSecret = async (bound: BoundConnection, op: OnEdgeSecret): Promise<number | undefined> => {
    const done = await runWizard<{ secret_id?: number }>(
      {},
      {
        title: `${op.title} (${bound.connection.name})`,
        ui: deps.ui(),
        steps: [
          fieldStep(op, 'secret_id', {
            list: () => ({
              noun: 'edge secret',
              load: (fresh) =>
                bound.lists.load('listEdgeSecrets', '', async () => (await bound.api.edge.listEdgeSecrets({ params: {}, query: {} })).secrets ?? [], {
                  fresh,
                }),
              missing: () => bound.lists.isMissing('listEdgeSecrets'),
              item: (s: EdgeSecretShort) => ({
                label: s.name || `Secret ${s.id}`,
                description: `${appsUsingText(s.app_count)} · id ${s.id}`,
                detail: s.comment || undefined,
                value: s.id ?? 0,
              }),
              logError: (error) => log.error('Could not list the edge secrets', error),
            }),
          }),
        ],
      },
    );
    return done?.secret_id;
  };

  const secretIdOf = (arg: unknown): number | undefined =>
    arg instanceof EdgeSecretNode ? (arg.secret.id ?? undefined) : typeof arg === 'number' ? arg : undefined;

  /** The secret as the platform has it now; a 404 says it is gone and reads the list again. */
  const readSecret = async (bound: BoundConnection, id: number): Promise<EdgeSecretThing | undefined> => {
    try {
      return await deps.ui().progress(`Reading edge secret ${id} from ${bound.connection.name}…`, false, () => readEdgeSecret(bound.api, id));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        void deps.ui().notify('warning', `Edge secret ${id} is gone on ${bound.connection.name}: nothing was sent. The list is read again.`);
        await secrets.reload(true);
        return undefined;
      }
      await failed(bound, `Could not read edge secret ${id} from ${bound.connection.name}`, error);
      return undefined;
    }
  };

  /** The secret the command acts on (the row's, else picked), read now; undefined when cancelled or unreadable. */
  const target = async (
    bound: BoundConnection,
    arg: unknown,
    op: typeof replaceEdgeSecretValue | typeof deleteEdgeSecret,
  ): Promise<EdgeSecretThing | undefined> => {
    const id = secretIdOf(arg) ?? (await pickSecret(bound, op));
    return id ? readSecret(bound, id) : undefined;
  };

  // ---------- replace a value ----------

  const replace = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const thing = await target(bound, arg, replaceEdgeSecretValue);
    if (!thing) return false;
    const { secret } = thing;
    const { connection } = bound;
    const ui = deps.ui();
    const now = Math.floor(Date.now() / 1000);
    const slots = (secret.secret_slots ?? []).map((s) => ({ slot: s.slot ?? 0, checksum: s.checksum }));
    const slot = activeSlot(slots, now)?.slot ?? 0;
    let value: string | undefined;
    for (;;) {
      const done = await runWizard<{ value?: string }>(
        { value },
        {
          title: `Replace Value of ${secret.name || secret.id} (${connection.name})`,
          ui,
          // The slot is the one in use (not asked); the value box keeps what was typed for Retry (masked).
          steps: replaceValueSteps(),
        },
      );
      if (done?.value === undefined) return false;
      value = done.value;
      const input = { secret_id: secret.id, slot, value };
      const request = checked(bound, () => replaceEdgeSecretValue.request(input), secretLabel(secret));
      if (!request) return false;
      if (!(await confirmOperation(ui, replaceEdgeSecretValue, input, thing, connection))) return false;
      try {
        await ui.progress(`Replacing the value of ${secretLabel(secret)} on ${connection.name}…`, false, () => sendOperation(bound.api, request));
      } catch (error) {
        // Retry asks again with the value kept (masked): Enter confirms again.
        if ((await failed(bound, `Could not replace the value of ${secretLabel(secret)} on ${connection.name}`, error, ['Retry'])) === 'Retry') continue;
        return false;
      }
      break;
    }
    const line = `Replaced the value of ${secretLabel(secret)} on ${connection.name} (slot ${slot}).`;
    log.info(line);
    await secrets.reload(true);
    void ui.notify('info', line);
    return true;
  };

  // ---------- delete ----------

  const remove = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const found = await target(bound, arg, deleteEdgeSecret);
    if (!found) return false;
    const { secret } = found;
    const { connection } = bound;
    const ui = deps.ui();
    let thing: EdgeSecretThing;
    try {
      thing = await ui.progress(`Finding the apps that use ${secretLabel(secret)}…`, false, () => withUsers(bound.api, found));
    } catch (error) {
      await failed(bound, `Could not read which apps use ${secretLabel(secret)} on ${connection.name}; nothing was sent`, error);
      return false;
    }
    const count = secret.app_count ?? 0;
    // force only when the person was told which apps lose it; an unused one that gained a user meanwhile answers 409.
    const input = { secret_id: secret.id, ...(count > 0 ? { force: true } : {}) };
    const request = checked(bound, () => deleteEdgeSecret.request(input), secretLabel(secret));
    if (!request) return false;
    // The typed name, facts and class are the operation's: the chat tool and MCP confirm the same.
    if (!(await confirmOperation(ui, deleteEdgeSecret, input, thing, connection))) return false;
    try {
      await ui.progress(`Deleting ${secretLabel(secret)} on ${connection.name}…`, false, () => sendOperation(bound.api, request));
    } catch (error) {
      await failed(bound, `Could not delete ${secretLabel(secret)} on ${connection.name}`, error);
      await secrets.reload(true);
      return false;
    }
    const line = `Deleted ${secretLabel(secret)} on ${connection.name}${count ? `; ${count === 1 ? '1 app' : `${count} apps`} no longer refer to it` : ''}.`;
    log.info(line);
    await tree.listing.reload();
    void ui.notify('info', line);
    return true;
  };

  // On the connection the Edge view shows (it follows the active one a moment behind); a row
  // listed on another one is refused before the handler runs.
  const onView = { connection: () => tree.activeConnectionId };
  return [
    deps.registerBoundCommand(EDGE_SECRET_COMMANDS.create, (bound) => create(bound, {}), onView),
    deps.registerBoundCommand(EDGE_SECRET_COMMANDS.replace, replace, onView),
    deps.registerBoundCommand(EDGE_SECRET_COMMANDS.delete, remove, onView),
  ];
}
