// Deploy to Edge App…: a .wasm (Explorer, editor title, palette, or an app's menu with a file
// picker) checked for `\0asm` before anything is sent, the app picked and read, the file hashed,
// the change confirmed, then the operation's own send: exactly that file's bytes streamed with a
// cancellable progress (a file changed after the confirmation is refused, nothing stored:
// fileSeal.ts), the app PATCHed to the new binary. Open App URL opens http(s) only; Roll Back points the app at the old binary
// (confirmed) when it still runs the one deployed. The confirmations, classes and requests are the
// catalog operations' (src/operations/edgeDeploy.ts). All on the connection it started on.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import {
  deployEdgeApp,
  readEdgeApp,
  rollBackEdgeApp,
  rollbackRefusal,
  type DeployThing,
  type Deployed as DeployAnswer,
  type EdgeAppThing,
} from '../../operations/edgeDeploy';
import { doneOn, sendOperation, sendWrite, type OperationRequest } from '../../operations/operation';
import { checkWasmFile } from '../../platform/binaryUpload';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { CREATE_NEW_APP, edgeAppIdOf, pickEdgeApp, reloadEdgeApp } from './edgeAppPick';
import { CREATE_EDGE_APP_COMMAND } from './edgeCreateCommand';
import { ListedAppNode } from './edgeListing';
import { openAppUrl } from './edgeOpenUrl';
import { PinNode } from './edgePinNode';
import type { EdgeTree } from './edgeTree';
import { deployedLine } from './model/edgeDeploy';
import type { EdgeWatches, RollBackOutcome } from './edgeWatches';

export const DEPLOY_EDGE_APP_COMMAND = 'platformConsole.deployEdgeApp';

export interface EdgeDeployDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
  /** After a deploy: the file is linked to the app (build drift). */
  onDeployed?: (file: string, connectionId: string, appId: number, appName: string) => Promise<void>;
  /** The watch each successful deploy starts (platformConsole.edge.watch.*). */
  watches: EdgeWatches;
}

/** What a deploy did: the app, its new binary and the one it had. */
export interface Deployed {
  appId: number;
  binary: number;
  previous?: number;
}

export function registerEdgeDeployCommand(deps: EdgeDeployDeps): vscode.Disposable[] {
  const { log, tree } = deps;

  const refresh = (id: number) => reloadEdgeApp(tree, id);

  const failed = (bound: BoundConnection, what: string, error: unknown) =>
    notifyError(what, error, {
      log,
      ui: deps.ui(),
      connectionName: bound.connection.name,
      signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: bound.connection.name, baseUrl: bound.connection.baseUrl }),
    });

  const pickFile = async (): Promise<string | undefined> => {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Deploy',
      title: 'Deploy to Edge App: pick a .wasm file',
      filters: { WebAssembly: ['wasm'] },
    });
    return picked?.[0]?.fsPath;
  };

  /** The operation's request, or the refusal said (field and rule) with nothing sent. */
  const checked = async (bound: BoundConnection, build: () => OperationRequest, what: string): Promise<OperationRequest | undefined> => {
    try {
      return build();
    } catch (error) {
      await failed(bound, `Nothing was sent for ${what}`, error);
      return undefined;
    }
  };

  /**
   * Roll Back: reads the app first, refuses when it no longer runs the binary deployed, confirms
   * (unless `automatic`: the person's setting is the confirmation, #55), sends once, says it.
   */
  const rollBack = async (bound: BoundConnection, app: EdgeAppThing, from: number, to: number, automatic = false): Promise<RollBackOutcome> => {
    // Read first: an app changed since the deploy (another person, another tool) is not rolled back over.
    let now: EdgeAppThing;
    try {
      now = await deps
        .ui()
        .progress(`Reading edge app ${app.name || app.id} on ${bound.connection.name}…`, true, (_report, signal) => readEdgeApp(bound.api, app.id, signal));
    } catch (error) {
      const what = `Could not roll back edge app ${app.name || app.id}: it could not be read first, nothing was sent`;
      await failed(bound, what, error);
      return { failed: `${what}.` };
    }
    const refusal = rollbackRefusal(now, from, bound.connection.name);
    if (refusal) {
      log.info(refusal);
      if (!automatic) void deps.ui().notify('warning', refusal);
      return { refused: refusal };
    }
    const input = { app_id: app.id, from_binary: from, binary: to };
    const request = await checked(bound, () => rollBackEdgeApp.request(input), `edge app ${app.name || app.id}`);
    if (!request) return { failed: `Could not roll back edge app ${app.name || app.id}: nothing was sent.` };
    if (!automatic && !(await confirmOperation(deps.ui(), rollBackEdgeApp, input, now, bound.connection))) return undefined;
    let answer: unknown;
    try {
      answer = await deps
        .ui()
        .progress(`Rolling back edge app ${app.name || app.id} on ${bound.connection.name}…`, false, () => sendOperation(bound.api, request));
    } catch (error) {
      await failed(bound, `Could not roll back edge app ${app.name || app.id}`, error);
      return { failed: `Could not roll back edge app ${app.name || app.id}.` };
    }
    await refresh(app.id);
    // The operation's words, as the chat tool and MCP answer; the app's name after them.
    const done = doneOn(rollBackEdgeApp, input, now, answer, bound.connection.name, `binary ${from} -> ${to} (${app.name || 'no name'})`);
    log.info(done);
    // The watch's automatic roll back says it in its own warning, with the figures.
    if (!automatic) void deps.ui().notify('info', done);
    return { done };
  };

  const deploy = async (bound: BoundConnection, fileArg: unknown, appArg: unknown): Promise<Deployed | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    const filePath = fileArg instanceof vscode.Uri ? fileArg.fsPath : typeof fileArg === 'string' ? fileArg : await pickFile();
    if (!filePath) return undefined;
    const name = path.basename(filePath);
    const wasm = await checkWasmFile(filePath);
    if (!wasm.ok) {
      log.info(`Deploy refused before sending: ${name}: ${wasm.problem}`);
      void ui.notify('error', `Cannot deploy ${name}: ${wasm.problem}. Nothing was sent.`);
      return undefined;
    }
    let target = edgeAppIdOf(appArg) ?? (await pickEdgeApp(deps, bound, deployEdgeApp, deployEdgeApp.title, true));
    if (target === CREATE_NEW_APP) target = (await vscode.commands.executeCommand<{ id: number } | undefined>(CREATE_EDGE_APP_COMMAND))?.id;
    if (target === undefined) return undefined;
    const id = target;
    const input = { app_id: id, file: filePath };
    if (!(await checked(bound, () => deployEdgeApp.request(input), `${name} to edge app ${id}`))) return undefined;
    let thing: DeployThing;
    try {
      // Opened once: checked for `\0asm` and hashed from one handle; what is uploaded is checked against this.
      thing = await ui.progress(`Reading edge app ${id} and hashing ${name}…`, true, (_report, signal) => deployEdgeApp.read(bound.api, input, signal));
    } catch (error) {
      await failed(bound, `Could not prepare the deploy of ${name} to edge app ${id}`, error);
      return undefined;
    }
    const { app, file } = thing;
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    if (!(await confirmOperation(ui, deployEdgeApp, input, thing, connection))) return undefined;
    const started = Date.now();
    let deployed: DeployAnswer;
    try {
      // Both requests are the operation's (the upload, then the PATCH): sent once each.
      deployed = (await ui.progress(`Deploying ${name} to edge app ${app.name || id} on ${connection.name}`, true, (report, signal) =>
        sendWrite(bound.api, deployEdgeApp, input, thing, { signal, report }),
      )) as DeployAnswer;
    } catch (error) {
      await failed(bound, `Could not deploy ${name} to edge app ${app.name || id}`, error);
      return undefined;
    }
    const { binary, previous } = deployed;
    const deployedAtMs = Date.now();
    log.info(deployedLine(name, file.bytes, deployedAtMs - started, app, binary, connection.name));
    // The watch compares the calls from now on with as long before (platformConsole.edge.watch.minutes; 0: none).
    deps.watches.start({
      bound,
      appId: id,
      appName: app.name ?? '',
      binary,
      ...(previous !== undefined ? { previous } : {}),
      deployedAtMs,
      rollBack: (automatic) => (previous === undefined ? Promise.resolve(undefined) : rollBack(bound, app, binary, previous, automatic)),
    });
    await deps.onDeployed?.(filePath, connection.id, id, app.name ?? '').catch((e: unknown) => log.error(`Could not link ${name} to edge app ${id}`, e));
    await refresh(id);
    const actions = [...(app.url ? ['Open App URL'] : []), ...(previous ? ['Roll Back'] : [])];
    void ui
      .notify(
        'info',
        doneOn(deployEdgeApp, input, thing, deployed, connection.name, `binary ${previous ?? '(none)'} -> ${binary} (${app.name || 'no name'})`),
        actions,
      )
      .then(async (chosen) => {
        if (chosen === 'Open App URL' && app.url) await openAppUrl(app.url, deps);
        // Rolled back from here: the watch of the binary deployed has nothing left to watch.
        if (chosen !== 'Roll Back' || !previous) return;
        const outcome = await rollBack(bound, app, binary, previous);
        if (outcome && 'done' in outcome) deps.watches.watchOf(connection.id, id)?.stop('rolled back');
      });
    return { appId: id, binary, previous };
  };

  // On the connection the Edge view shows (it follows the active one a moment behind).
  const onView = { connection: () => tree.activeConnectionId };
  return [
    deps.registerBoundCommand(
      DEPLOY_EDGE_APP_COMMAND,
      (bound, arg, second) => {
        // From an app's menu the app comes first and the file is picked; from a file, the file.
        const fromApp = arg instanceof ListedAppNode || arg instanceof PinNode;
        return deploy(bound, fromApp ? undefined : arg, fromApp ? arg : Array.isArray(second) ? undefined : second);
      },
      onView,
    ),
  ];
}
