// Link to Edge App… (a .wasm in the Explorer or the editor title, the palette, an app's row) and
// Unlink from Edge App: a workspace .wasm remembered with the app it runs on, on the connection it
// was linked on (edgeLinkStore.ts). The app is picked from the platform's list (or typed) and read
// once for its name. A successful deploy links its file too (`linkDeployed`). Deploy Linked Build
// is the drift quick fix's command: the deploy, to the linked app, on the link's connection only.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { deployEdgeApp } from '../../operations/edgeDeploy';
import { checkWasmFile } from '../../platform/binaryUpload';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { edgeAppIdOf, pickEdgeApp } from './edgeAppPick';
import { ListedAppNode } from './edgeListing';
import type { EdgeLinkStore } from './edgeLinkStore';
import { PinNode } from './edgePinNode';
import type { EdgeTree } from './edgeTree';
import { launcherFolderOf, type EdgeLink } from './model/edgeLinks';

export const LINK_EDGE_APP_COMMAND = 'platformConsole.linkEdgeApp';
export const UNLINK_EDGE_APP_COMMAND = 'platformConsole.unlinkEdgeApp';
export const DEPLOY_LINKED_BUILD_COMMAND = 'platformConsole.deployLinkedEdgeBuild';
/** Internal (not contributed): the agent feature's deploy_edge_app links its file through it. */
export const LINK_DEPLOYED_FILE_COMMAND = 'platformConsole.linkDeployedEdgeFile';

export interface EdgeLinkDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand' | 'registerUnboundCommand'> {
  tree: EdgeTree;
  links: EdgeLinkStore;
}

const exists = async (uri: vscode.Uri) =>
  vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );

/** The link for a workspace file, its Launcher folder found from the file up to its workspace folder; undefined outside the workspace. */
export async function linkOf(file: vscode.Uri, connectionId: string, appId: number, appName: string): Promise<EdgeLink | undefined> {
  const top = vscode.workspace.getWorkspaceFolder(file);
  if (!top) return undefined;
  const folder = await launcherFolderOf(file.path, top.uri.path, (dir, name) => exists(file.with({ path: `${dir}/${name}` })));
  return { wasm: file.toString(), connectionId, appId, appName, folder: file.with({ path: folder }).toString(), linkedAt: Date.now() };
}

/** After a deploy: the deployed workspace file is linked to the app (a file outside the workspace is not remembered). */
export async function linkDeployed(links: EdgeLinkStore, file: string, connectionId: string, appId: number, appName: string): Promise<void> {
  const link = await linkOf(vscode.Uri.file(file), connectionId, appId, appName);
  if (link) await links.set(link);
}

export function registerEdgeLinkCommands(deps: EdgeLinkDeps): vscode.Disposable[] {
  const { links, log, tree } = deps;
  const pickWasm = async (title: string): Promise<vscode.Uri | undefined> =>
    (
      await vscode.window.showOpenDialog({
        canSelectMany: false,
        openLabel: 'Link',
        title,
        filters: { WebAssembly: ['wasm'] },
        defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      })
    )?.[0];

  const link = async (bound: BoundConnection, arg: unknown, second: unknown): Promise<EdgeLink | undefined> => {
    const ui = deps.ui();
    const fromApp = arg instanceof ListedAppNode || arg instanceof PinNode;
    const file = arg instanceof vscode.Uri ? arg : await pickWasm('Link to Edge App: pick a .wasm file in the workspace');
    if (!file) return undefined;
    const name = path.basename(file.fsPath);
    if (!vscode.workspace.getWorkspaceFolder(file)) {
      void ui.notify('error', `Cannot link ${name}: only a file in an open workspace folder can be linked (the link is kept per workspace).`);
      return undefined;
    }
    const wasm = await checkWasmFile(file.fsPath);
    if (!wasm.ok) {
      void ui.notify('error', `Cannot link ${name}: ${wasm.problem}.`);
      return undefined;
    }
    const appId = edgeAppIdOf(fromApp ? arg : second) ?? (await pickEdgeApp(deps, bound, deployEdgeApp, `Link ${name} to Edge App`, true));
    if (!appId) return undefined;
    let appName: string;
    try {
      appName = (await bound.api.edge.getOwnEdgeApp({ params: { app_id: appId } }, { signal: bound.signal })).name ?? '';
    } catch (error) {
      await notifyError(`Could not link ${name} to edge app ${appId}: the app could not be read`, error, { log, ui, connectionName: bound.connection.name });
      return undefined;
    }
    const made = await linkOf(file, bound.connection.id, appId, appName);
    if (!made) return undefined;
    await links.set(made);
    const done =
      `Linked ${name} to edge app ${appName || appId} on ${bound.connection.name}: ` + 'the Explorer and the Edge view say whether the app runs this build.';
    log.info(done);
    void ui.notify('info', done);
    return made;
  };

  const unlink = async (arg: unknown): Promise<boolean> => {
    const file = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    const found = file ? links.get(file) : undefined;
    if (!file || !found) {
      void deps.ui().notify('info', `${file ? path.basename(file.fsPath) : 'This file'} is not linked to an edge app.`);
      return false;
    }
    await links.remove(file);
    log.info(`Unlinked ${path.basename(file.fsPath)} from edge app ${found.appName || found.appId}.`);
    return true;
  };

  const deployLinked = async (arg: unknown): Promise<unknown> => {
    const file = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : undefined;
    const found = file ? links.get(file) : undefined;
    if (!file || !found) {
      void deps.ui().notify('info', `${file ? path.basename(file.fsPath) : 'This file'} is not linked to an edge app: use Deploy to Edge App….`);
      return undefined;
    }
    // The link belongs to one connection: the deploy runs only while the view shows it.
    if (found.connectionId !== tree.activeConnectionId) {
      void deps.ui().notify('warning', `${path.basename(file.fsPath)} is linked on another connection: switch to it to deploy. Nothing was sent.`);
      return undefined;
    }
    return vscode.commands.executeCommand('platformConsole.deployEdgeApp', file, found.appId);
  };

  // On the connection the Edge view shows (it follows the active one a moment behind).
  const onView = { connection: () => tree.activeConnectionId };
  return [
    deps.registerBoundCommand(LINK_EDGE_APP_COMMAND, (bound, arg, second) => link(bound, arg, Array.isArray(second) ? undefined : second), onView),
    deps.registerUnboundCommand(UNLINK_EDGE_APP_COMMAND, (arg) => unlink(arg)),
    deps.registerUnboundCommand(DEPLOY_LINKED_BUILD_COMMAND, (arg) => deployLinked(arg)),
    deps.registerUnboundCommand(LINK_DEPLOYED_FILE_COMMAND, async (file, connectionId, appId, appName) => {
      // Only what a deploy on a known connection gives: a path, the connection's id, the app's id.
      if (typeof file !== 'string' || typeof connectionId !== 'string' || typeof appId !== 'number') return false;
      await linkDeployed(links, file, connectionId, appId, typeof appName === 'string' ? appName : '');
      return true;
    }),
  ];
}
