// An edge app's lifecycle from the Edge view and the palette: Enable, Disable, Start Debug Logging
// (says until when) and Delete. The app is read first so the confirmation names it as it is now;
// the words, facts, class and typed-name decision are the catalog operations'
// (src/operations/edgeApps.ts). The change is sent once on the connection the command started on,
// never retried; a 404 says the app is gone and its row leaves. The row changes in place (the app
// read again, or removed): the pages of apps in hand stay.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { PlatformError } from '../../schema/errors';
import { deleteEdgeApp, disableEdgeApp, enableEdgeApp, readEdgeApp, startEdgeAppDebug } from '../../operations/edgeApps';
import { doneOn, sendOperation, type OperationRequest } from '../../operations/operation';
import { edgeAppStatusWord, type EdgeApp } from '../../schema/edge';
import type { EdgeAppShort } from '../../schema/edgeApps';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { edgeAppIdOf, pickEdgeApp, reloadEdgeApp } from './edgeAppPick';
import type { EdgeTree } from './edgeTree';
import { actionRefusal, debugUntilText, type EdgeAppAction } from './model/edgeAppActions';

export interface EdgeAppCommandDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
}

export const EDGE_APP_COMMANDS: Record<EdgeAppAction, { command: string; title: string }> = {
  enable: { command: 'platformConsole.enableEdgeApp', title: 'Enable App' },
  disable: { command: 'platformConsole.disableEdgeApp', title: 'Disable App' },
  debug: { command: 'platformConsole.startEdgeAppDebug', title: 'Start Debug Logging' },
  delete: { command: 'platformConsole.deleteEdgeApp', title: 'Delete App' },
};

const appLabel = (app: { id: number; name?: string | null }) => `edge app ${app.name || app.id} (${app.id})`;
const OPERATIONS = { enable: enableEdgeApp, disable: disableEdgeApp, debug: startEdgeAppDebug, delete: deleteEdgeApp } as const;

export function registerEdgeAppCommands(deps: EdgeAppCommandDeps): vscode.Disposable[] {
  const { log, tree } = deps;

  const pickApp = (bound: BoundConnection, action: keyof typeof OPERATIONS) => pickEdgeApp(deps, bound, OPERATIONS[action], EDGE_APP_COMMANDS[action].title);

  /** The view read again after a change: the account's list, and the app's pin when it has one. */
  const refresh = (id: number) => reloadEdgeApp(tree, id);

  const gone = async (bound: BoundConnection, id: number, what: string) => {
    log.info(`No edge app ${id} on ${bound.connection.name}: ${what}`);
    void deps.ui().notify('warning', `Edge app ${id} is gone on ${bound.connection.name}: ${what}. Its row is removed.`);
    tree.listing.appsNode(tree).remove(id);
    const pin = tree.pinNode('app', id);
    if (pin) await tree.refreshPins(pin);
  };

  /** The app as the platform has it now (so the confirmation names it); undefined when it could not be read. */
  const readApp = async (bound: BoundConnection, id: number): Promise<EdgeApp | undefined> => {
    const ui = deps.ui();
    try {
      return await ui.progress(`Reading edge app ${id} from ${bound.connection.name}…`, false, () => readEdgeApp(bound.api, { app_id: id }));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') return void (await gone(bound, id, 'nothing was sent'));
      await notifyError(`Could not read edge app ${id} from ${bound.connection.name}`, error, { log, ui, connectionName: bound.connection.name });
      return undefined;
    }
  };

  /** Sends once; a 404 is "gone", anything else the usual error with Show Log. */
  const send = async <T>(
    bound: BoundConnection,
    id: number,
    doing: string,
    failed: string,
    work: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> => {
    const ui = deps.ui();
    try {
      return { ok: true, value: await ui.progress(`${doing} on ${bound.connection.name}…`, false, work) };
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        await gone(bound, id, 'the change was not applied');
        return { ok: false };
      }
      const { connection } = bound;
      // Never retried: the person decides after reading why.
      await notifyError(failed, error, {
        log,
        ui,
        connectionName: connection.name,
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      return { ok: false };
    }
  };

  /** The change as the catalog operation describes it: confirmed (the modal, or the name typed for Delete), then sent once. */
  const confirmAndSend = async (action: EdgeAppAction, bound: BoundConnection, app: EdgeApp & { id: number }, doing: string) => {
    const op = OPERATIONS[action];
    const input = { app_id: app.id };
    let request: OperationRequest;
    try {
      request = op.request(input);
    } catch (error) {
      await notifyError(`Nothing was sent for ${appLabel(app)}`, error, { log, ui: deps.ui(), connectionName: bound.connection.name });
      return { ok: false } as const;
    }
    if (!(await confirmOperation(deps.ui(), op, input, app, bound.connection))) return { ok: false } as const;
    return send(bound, app.id, `${doing} ${appLabel(app)}`, `Could not ${EDGE_APP_COMMANDS[action].title.toLowerCase()} ${appLabel(app)}`, () =>
      sendOperation(bound.api, request),
    );
  };

  const change = async (action: Exclude<EdgeAppAction, 'delete'>, bound: BoundConnection, app: EdgeApp & { id: number }): Promise<boolean> => {
    const ui = deps.ui();
    const { connection } = bound;
    const refusal = actionRefusal(action, app.status, edgeAppStatusWord(app.status));
    if (refusal) {
      void ui.notify('info', `Nothing sent: ${appLabel(app)} on ${connection.name}: ${refusal}.`);
      return false;
    }
    const verb = { enable: 'Enabling', disable: 'Disabling', debug: 'Starting debug logging for' }[action];
    const sent = await confirmAndSend(action, bound, app, verb);
    if (!sent.ok) return false;
    let debugUntil = (sent.value as EdgeAppShort | undefined)?.debug_until;
    if (action === 'debug' && !debugUntil) {
      // An answer without the window: the app read again says until when.
      debugUntil = (await readEdgeApp(bound.api, { app_id: app.id }).catch(() => undefined))?.debug_until;
    }
    await refresh(app.id);
    // The operation's words, as the chat tool and MCP answer; what the command adds after them.
    const more =
      action === 'enable'
        ? `${appLabel(app)} serves at ${app.url || 'its URL'}`
        : action === 'disable'
          ? `${appLabel(app)} no longer serves at ${app.url || 'its URL'}`
          : `${appLabel(app)}, ${debugUntilText(debugUntil, new Date()) ?? '(the platform did not say until when)'}`;
    const done = doneOn(OPERATIONS[action], { app_id: app.id }, app, sent.value, connection.name, more);
    log.info(done);
    void ui.notify('info', done);
    return true;
  };

  const remove = async (bound: BoundConnection, app: EdgeApp & { id: number }): Promise<boolean> => {
    const { connection } = bound;
    const sent = await confirmAndSend('delete', bound, app, 'Deleting');
    if (!sent.ok) return false;
    const pin = tree.pinNode('app', app.id);
    if (pin) await tree.unpin('app', app.id);
    tree.listing.appsNode(tree).remove(app.id);
    const done = doneOn(
      OPERATIONS.delete,
      { app_id: app.id },
      app,
      sent.value,
      connection.name,
      `${appLabel(app)} no longer serves at ${app.url || 'its URL'}`,
    );
    log.info(done);
    void deps.ui().notify('info', done);
    return true;
  };

  /** The app the command acts on: the row it was run on, else picked; resolves true once a change was sent and accepted. */
  const run = async (action: EdgeAppAction, bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const given = edgeAppIdOf(arg);
    const id = given ?? (await pickApp(bound, action));
    if (id === undefined) return false;
    const read = await readApp(bound, id);
    if (!read) return false;
    const app = { ...read, id };
    return action === 'delete' ? remove(bound, app) : change(action, bound, app);
  };

  // On the connection the Edge view shows (it follows the active one a moment behind).
  const onView = { connection: () => tree.activeConnectionId };
  return (Object.keys(EDGE_APP_COMMANDS) as EdgeAppAction[]).map((action) =>
    deps.registerBoundCommand(EDGE_APP_COMMANDS[action].command, (bound, arg) => run(action, bound, arg), onView),
  );
}
