// Pull to .env files: an edge app's variables, response headers and secret names written into a
// linked folder's FastEdge Launcher dotenv files (model/configPull.ts). Local files only, nothing
// sent: a diff of every file it would change first (secret lines' local values masked on both
// sides), then a modal; each file read again before writing, and one changed meanwhile stops all.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { setEdgeAppConfig } from '../../operations/edgeAppConfig';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { edgeAppIdOf, pickEdgeApp } from './edgeAppPick';
import type { EdgeConfigDrift } from './edgeConfigDrift';
import { PULL_COMMAND } from './edgeConfigDrift';
import type { EdgeLinkStore } from './edgeLinkStore';
import type { EdgeTree } from './edgeTree';
import { readLauncherFiles } from './launcherFiles';
import { maskSecretValues, planPull } from './model/configPull';
import { configOfApp } from './model/edgeConfigDocument';

export const PULL_DIFF_SCHEME = 'platform-console-edge-pull';

export interface EdgeConfigPullDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
  links: EdgeLinkStore;
  drift: EdgeConfigDrift;
}

/** The texts the diffs show, by URI (both sides are ours: the current side masked as well). */
class PullTexts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  set(uri: vscode.Uri, text: string) {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

export function registerEdgeConfigPull(deps: EdgeConfigPullDeps): vscode.Disposable[] {
  const { log, tree, links } = deps;
  const texts = new PullTexts();
  let shown = 0;

  /** The folder to write: given (a quick fix), the app's one linked folder, one picked among several, or one chosen. */
  const folderFor = async (bound: BoundConnection, appId: number, given: unknown): Promise<vscode.Uri | undefined> => {
    if (given instanceof vscode.Uri) return given;
    const folders = [...new Set(links.linksOf(bound.connection.id, appId).map((l) => l.folder))];
    if (folders.length === 1) return vscode.Uri.parse(folders[0]!);
    if (folders.length > 1) {
      const picked = await deps.ui().pick({
        title: 'Pull to .env files',
        step: 1,
        totalSteps: 1,
        canGoBack: false,
        placeholder: 'The folder whose FastEdge Launcher .env files get the app configuration',
        items: folders.map((f) => ({ label: vscode.workspace.asRelativePath(vscode.Uri.parse(f)), value: f })),
      });
      return typeof picked === 'string' ? vscode.Uri.parse(picked) : undefined;
    }
    const chosen = await vscode.window.showOpenDialog({
      canSelectFiles: false,
      canSelectFolders: true,
      canSelectMany: false,
      openLabel: 'Pull .env files here',
      title: 'Folder for the FastEdge Launcher .env files',
    });
    return chosen?.[0];
  };

  const pull = async (bound: BoundConnection, arg?: unknown, folderArg?: unknown): Promise<boolean> => {
    const ui = deps.ui();
    const appId = edgeAppIdOf(arg) ?? (await pickEdgeApp(deps, bound, setEdgeAppConfig, 'Pull to .env files'));
    if (appId === undefined) return false;
    const folder = await folderFor(bound, appId, folderArg);
    if (!folder) return false;
    let app;
    try {
      app = await ui.progress(`Reading edge app ${appId} from ${bound.connection.name}…`, false, () =>
        bound.api.edge.getOwnEdgeApp({ params: { app_id: appId } }),
      );
    } catch (error) {
      await notifyError(`Could not read edge app ${appId} from ${bound.connection.name}`, error, { log, ui, connectionName: bound.connection.name });
      return false;
    }
    const label = `edge app ${app.name || appId}`;
    const files = await readLauncherFiles(folder);
    const plan = planPull(configOfApp(app), files, label);
    const where = vscode.workspace.asRelativePath(folder);
    if (!plan.ok) {
      void ui.notify('error', `Nothing written to ${where}: ${plan.problems.join('; ')}.`);
      return false;
    }
    if (plan.edits.length === 0) {
      void ui.notify('info', `The .env files in ${where} already hold the configuration of ${label}: nothing to write.`);
      return false;
    }
    // Every file it would change, current against proposed, before anything is written.
    const run = ++shown;
    for (const edit of plan.edits) {
      const left = vscode.Uri.from({ scheme: PULL_DIFF_SCHEME, path: `/${run}/now/${edit.file}` });
      const right = vscode.Uri.from({ scheme: PULL_DIFF_SCHEME, path: `/${run}/pulled/${edit.file}` });
      texts.set(left, edit.before === undefined ? '' : maskSecretValues(edit.file, edit.before));
      texts.set(right, maskSecretValues(edit.file, edit.after));
      const state = edit.before === undefined ? 'new file' : 'now';
      await vscode.commands.executeCommand('vscode.diff', left, right, `${edit.file} (${state}) ↔ pulled from ${app.name || appId}`, { preview: false });
    }
    const n = plan.edits.length;
    const button = `Write ${n} file${n === 1 ? '' : 's'}`;
    const detail = [
      ...plan.edits.map((e) => `${e.file}: ${e.before === undefined ? 'created' : 'changed'}`),
      ...(plan.keptLocal.length ? [`Kept as they are (not on the app): ${plan.keptLocal.join(', ')}.`] : []),
      'Secret values are not written: a secret is a name with no value; its value stays on the platform.',
      'Nothing is sent to the platform.',
    ].join('\n');
    if ((await ui.confirm(`Write the configuration of ${label} on ${bound.connection.name} into ${where}?`, detail, [button])) !== button) return false;
    // A file changed since the diff was made is never overwritten: all are checked before any is written.
    const now = new Map((await readLauncherFiles(folder)).map((f) => [f.file, f.text]));
    const moved = plan.edits.filter((e) => now.get(e.file) !== e.before);
    if (moved.length) {
      void ui.notify(
        'warning',
        `Nothing written: ${moved.map((e) => e.file).join(', ')} changed in ${where} after the diff was shown. Pull again to see it as it is now.`,
      );
      return false;
    }
    for (const edit of plan.edits) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, edit.file), new TextEncoder().encode(edit.after));
    const done = `Wrote ${plan.edits.map((e) => e.file).join(', ')} in ${where} from ${label} on ${bound.connection.name}; nothing was sent to the platform.`;
    log.info(done);
    void ui.notify('info', done);
    await deps.drift.refresh();
    return true;
  };

  const onView = { connection: (_arg?: unknown, _folder?: unknown, linked?: unknown) => (typeof linked === 'string' ? linked : tree.activeConnectionId) };
  return [vscode.workspace.registerTextDocumentContentProvider(PULL_DIFF_SCHEME, texts), deps.registerBoundCommand(PULL_COMMAND, pull, onView)];
}
