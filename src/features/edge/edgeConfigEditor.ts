// Edit Configuration…: an app's variables, response headers and secret references as a document
// the person reviews in a diff against the app's current values (read-only left side), then
// Apply to App: parsed and checked (nothing sent on a bad line), the app read again (a change
// since opening is reported, never overwritten), confirmed with the changes listed and sent as one
// PATCH of only the changed sections (the catalog operation setEdgeAppConfig: src/operations/
// edgeAppConfig.ts) on the connection the document was opened on.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { setEdgeAppConfig } from '../../operations/edgeAppConfig';
import { sendOperation } from '../../operations/operation';
import type { EdgeApp } from '../../schema/edge';
import { PlatformError } from '../../schema/errors';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { edgeAppIdOf, pickEdgeApp, reloadEdgeApp } from './edgeAppPick';
import type { EdgeTree } from './edgeTree';
import { anyChange, changeCount, configChanges, configInput, resolveSecretRefs, secretNamesOf, type KnownSecret } from './model/edgeConfigChanges';
import { configOfApp, parseConfig, serializeConfig, type EdgeAppConfig } from './model/edgeConfigDocument';
import { importLauncherEnv, LAUNCHER_FILES, mergeImport, type LauncherFile } from './model/edgeEnvImport';

export const EDGE_CONFIG_SCHEME = 'platform-console-edge-config';
export const EDGE_CONFIG_CURRENT_SCHEME = 'platform-console-edge-config-current';

interface Session {
  connectionId: string;
  appId: number;
  appName: string;
  /** The app's configuration when the document was opened: what "changed since" compares with. */
  opened: EdgeAppConfig;
  /** Secrets the app refers to (id and name): references by name resolve against these. */
  known: KnownSecret[];
}

export interface EdgeConfigDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
}

const knownOf = (config: EdgeAppConfig): KnownSecret[] =>
  Object.values(config.secrets).flatMap((r) => (r.id !== undefined && r.name ? [{ id: r.id, name: r.name }] : []));

/** Documents are named by connection and app name (the breadcrumb); the ids in the query keep them apart. */
const keyOf = (uri: vscode.Uri) => `${uri.path}?${uri.query}`;

/** The editable documents live in memory: saving keeps the text; only Apply to App sends anything. */
class ConfigFiles implements vscode.FileSystemProvider {
  private readonly files = new Map<string, Uint8Array>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  set(uri: vscode.Uri, text: string) {
    this.files.set(keyOf(uri), new TextEncoder().encode(text));
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(uri: vscode.Uri): vscode.FileStat {
    const data = this.files.get(keyOf(uri));
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: Date.now(), size: data.length };
  }
  readDirectory(): [string, vscode.FileType][] {
    return [];
  }
  createDirectory(): void {}
  readFile(uri: vscode.Uri): Uint8Array {
    const data = this.files.get(keyOf(uri));
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return data;
  }
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.files.set(keyOf(uri), content);
  }
  delete(uri: vscode.Uri): void {
    this.files.delete(keyOf(uri));
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions('the configuration document cannot be renamed');
  }
}

class CurrentConfig implements vscode.TextDocumentContentProvider {
  readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  set(uri: vscode.Uri, text: string) {
    this.texts.set(keyOf(uri), text);
    this.changed.fire(uri);
  }
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(keyOf(uri)) ?? '';
  }
}

export function registerEdgeConfigEditor(deps: EdgeConfigDeps): vscode.Disposable[] {
  const { log, tree } = deps;
  const files = new ConfigFiles();
  const current = new CurrentConfig();
  const sessions = new Map<string, Session>();

  const docUri = (bound: BoundConnection, appId: number, name: string) =>
    vscode.Uri.from({
      scheme: EDGE_CONFIG_SCHEME,
      path: `/${bound.connection.name.replace(/[/\\]/g, '_')}/${name || `app-${appId}`}.env`,
      query: new URLSearchParams({ connection: bound.connection.id, app: String(appId) }).toString(),
    });
  const leftUri = (uri: vscode.Uri) => uri.with({ scheme: EDGE_CONFIG_CURRENT_SCHEME });
  const heading = (bound: BoundConnection, app: EdgeApp & { id: number }) => [
    `Edge app ${app.name || app.id} (id ${app.id}) on ${bound.connection.name}: review, then Apply to App (editor title).`,
  ];

  /** The account's FastEdge secrets (id and name), or undefined when the server has no list or it failed (logged). */
  const accountSecrets = async (bound: BoundConnection): Promise<KnownSecret[] | undefined> => {
    if (bound.lists.isMissing('listEdgeSecrets')) return undefined;
    try {
      const { secrets } = await bound.api.edge.listEdgeSecrets({ params: {}, query: {} });
      return (secrets ?? []).flatMap((s) => (s.id && s.name ? [{ id: s.id, name: s.name }] : []));
    } catch (error) {
      if (!bound.lists.noteMissing('listEdgeSecrets', error)) log.error('Could not list the edge secrets to resolve references', error);
      return undefined;
    }
  };

  const readApp = async (bound: BoundConnection, id: number): Promise<(EdgeApp & { id: number }) | undefined> => {
    try {
      const app = await deps
        .ui()
        .progress(`Reading edge app ${id} from ${bound.connection.name}…`, false, () => bound.api.edge.getOwnEdgeApp({ params: { app_id: id } }));
      return { ...app, id };
    } catch (error) {
      await notifyError(`Could not read edge app ${id} from ${bound.connection.name}`, error, { log, ui: deps.ui(), connectionName: bound.connection.name });
      return undefined;
    }
  };

  /** Opens (or reopens, replacing the text) the diff of the app's current values and its editable document. */
  const open = async (bound: BoundConnection, app: EdgeApp & { id: number }): Promise<vscode.Uri> => {
    const config = configOfApp(app);
    const uri = docUri(bound, app.id, app.name ?? '');
    const text = serializeConfig(config, heading(bound, app));
    sessions.set(uri.toString(), {
      connectionId: bound.connection.id,
      appId: app.id,
      appName: app.name || String(app.id),
      opened: config,
      known: knownOf(config),
    });
    current.set(leftUri(uri), text);
    files.set(uri, text);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (doc && doc.getText() !== text) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
      await vscode.workspace.applyEdit(edit);
    }
    await vscode.commands.executeCommand('vscode.diff', leftUri(uri), uri, `${app.name || app.id}: current ↔ to apply (${bound.connection.name})`);
    return uri;
  };

  const edit = async (bound: BoundConnection, arg?: unknown): Promise<vscode.Uri | undefined> => {
    const id = edgeAppIdOf(arg) ?? (await pickEdgeApp(deps, bound, setEdgeAppConfig, 'Edit Configuration'));
    if (id === undefined) return undefined;
    const app = await readApp(bound, id);
    return app ? open(bound, app) : undefined;
  };

  /** The session of a document given (the title button passes its URI) or of the active editor. */
  const sessionOf = (arg: unknown): { uri: vscode.Uri; session: Session } | undefined => {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    const session = uri && sessions.get(uri.toString());
    return uri && session ? { uri, session } : undefined;
  };

  const apply = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const ui = deps.ui();
    const found = sessionOf(arg);
    if (!found)
      return (void (await ui.notify('info', 'Apply to App works on an edge app configuration document: open one with Edit Configuration… on an app.')), false);
    const { uri, session } = found;
    const doc = await vscode.workspace.openTextDocument(uri);
    const parsed = parseConfig(doc.getText());
    if (!parsed.ok) {
      const lines = parsed.problems.map((p) => `line ${p.line}: ${p.message}`);
      log.info(`Edge app ${session.appName} configuration not applied: ${lines.join('; ')}`);
      void ui.notify('error', `Nothing sent: ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? `; and ${lines.length - 3} more` : ''}.`);
      return false;
    }
    const app = await readApp(bound, session.appId);
    if (!app) return false;
    const now = configOfApp(app);
    if (anyChange(configChanges(session.opened, now))) {
      const reopen = 'Reopen';
      const choice = await ui.notify(
        'warning',
        `Nothing sent: edge app ${session.appName} on ${bound.connection.name} changed since this document was opened. Reopen it to edit the app as it is now (your edits here are replaced).`,
        [reopen],
      );
      if (choice === reopen) await open(bound, app);
      return false;
    }
    const known = [...session.known, ...knownOf(now)];
    let resolved = resolveSecretRefs(parsed.config, known);
    // A reference the app does not use yet (or given by id) is looked up in the account's secrets.
    const listed = !resolved.ok || Object.values(parsed.config.secrets).some((r) => !r.name) ? await accountSecrets(bound) : undefined;
    if (listed) resolved = resolveSecretRefs(parsed.config, [...known, ...listed]);
    if (!resolved.ok) {
      void ui.notify(
        'error',
        `Nothing sent: ${resolved.problems.join('; ')}.${listed ? '' : ' This server does not list its secrets: refer to a secret the app does not use yet by its id.'}`,
      );
      return false;
    }
    const changes = configChanges(now, resolved.config);
    if (!anyChange(changes))
      return (void ui.notify('info', `Nothing to apply: the document matches edge app ${session.appName} on ${bound.connection.name}.`), false);
    // The words, facts, class (destructive when values are lost) and request are the catalog operation's: the chat tool and MCP confirm the same.
    const input = configInput(session.appId, resolved.config, changes);
    const thing = { app, secretNames: secretNamesOf(now, resolved.config) };
    const request = setEdgeAppConfig.requestFor!(input, thing);
    if (!request) return (void ui.notify('info', `Nothing to apply: the document matches edge app ${session.appName} on ${bound.connection.name}.`), false);
    if (!(await confirmOperation(ui, setEdgeAppConfig, input, thing, bound.connection))) return false;
    try {
      await ui.progress(`Applying the configuration of edge app ${session.appName} on ${bound.connection.name}…`, false, () =>
        sendOperation(bound.api, request),
      );
    } catch (error) {
      const gone = error instanceof PlatformError && error.kind === 'notFound';
      await notifyError(
        gone
          ? `Edge app ${session.appId} is gone on ${bound.connection.name}; the change was not applied`
          : `Could not apply the configuration of edge app ${session.appName}`,
        error,
        {
          log,
          ui,
          connectionName: bound.connection.name,
        },
      );
      return false;
    }
    const done = `Applied to edge app ${session.appName} on ${bound.connection.name}: ${changeCount(changes)}.`;
    log.info(done);
    void ui.notify('info', done);
    const after = await bound.api.edge.getOwnEdgeApp({ params: { app_id: session.appId } }).catch(() => undefined);
    if (after) {
      const config = configOfApp(after);
      const text = serializeConfig(config, heading(bound, { ...after, id: session.appId }));
      sessions.set(uri.toString(), { ...session, opened: config, known: [...session.known, ...knownOf(config)] });
      current.set(leftUri(uri), text);
    }
    await reloadEdgeApp(tree, session.appId);
    return true;
  };

  /** Reads the Launcher's .env files of a folder into the document (opening it first from an app row). */
  const importEnv = async (bound: BoundConnection, arg?: unknown, folderArg?: unknown): Promise<boolean> => {
    const ui = deps.ui();
    let found = sessionOf(arg);
    if (!found) {
      const uri = await edit(bound, arg);
      found = uri ? sessionOf(uri) : undefined;
      if (!found) return false;
    }
    const folder =
      (folderArg instanceof vscode.Uri ? folderArg : undefined) ??
      (
        await vscode.window.showOpenDialog({
          canSelectFiles: false,
          canSelectFolders: true,
          canSelectMany: false,
          openLabel: 'Import .env files',
          title: 'Folder with the FastEdge Launcher .env files',
        })
      )?.[0];
    if (!folder) return false;
    const read: { file: LauncherFile; text: string }[] = [];
    for (const file of LAUNCHER_FILES) {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, file)).then(
        (b) => b,
        () => undefined,
      );
      if (bytes) read.push({ file, text: new TextDecoder().decode(bytes) });
    }
    if (read.length === 0) return (void ui.notify('info', `No ${LAUNCHER_FILES.join(', ')} in ${folder.fsPath}: nothing imported.`), false);
    const { uri, session } = found;
    const doc = await vscode.workspace.openTextDocument(uri);
    const base = parseConfig(doc.getText());
    if (!base.ok)
      return (
        void ui.notify('error', `The document has errors (line ${base.problems[0]?.line}: ${base.problems[0]?.message}); fix them before importing.`),
        false
      );
    const imported = importLauncherEnv(read, new Set(session.known.map((s) => s.name)), new Set(Object.keys(base.config.secrets)));
    const merged = serializeConfig(mergeImport(base.config, imported.config), [
      `Edge app ${session.appName} (id ${session.appId}): imported from ${imported.files.join(', ')}; review, then Apply to App.`,
    ]);
    const replace = new vscode.WorkspaceEdit();
    replace.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), merged);
    await vscode.workspace.applyEdit(replace);
    const notes = [`Imported ${imported.files.join(', ')} into the configuration of ${session.appName}; nothing is sent until Apply to App.`];
    if (imported.missingSecrets.length) {
      notes.push(
        `Secret values are not copied. Create these Edge Secrets (or change the references) before applying: ${imported.missingSecrets.map((m) => `${m.key} -> ${m.suggestedName}`).join(', ')}.`,
      );
    }
    if (imported.skipped.length) log.info(`Import for ${session.appName} skipped: ${imported.skipped.join('; ')}`);
    void ui.notify(imported.missingSecrets.length ? 'warning' : 'info', notes.join(' '));
    return true;
  };

  // Edit binds the connection the Edge view shows; a configuration document binds the one it was opened on.
  const onView = { connection: () => tree.activeConnectionId };
  // A drift quick fix names the link's connection (third argument): the app it compared is on that one.
  const onDocument = {
    connection: (arg: unknown, _folder?: unknown, linked?: unknown) =>
      (typeof linked === 'string' ? linked : undefined) ?? sessionOf(arg)?.session.connectionId ?? tree.activeConnectionId,
  };
  return [
    vscode.workspace.registerFileSystemProvider(EDGE_CONFIG_SCHEME, files, { isCaseSensitive: true }),
    vscode.workspace.registerTextDocumentContentProvider(EDGE_CONFIG_CURRENT_SCHEME, current),
    deps.registerBoundCommand('platformConsole.editEdgeAppConfig', edit, onView),
    deps.registerBoundCommand('platformConsole.applyEdgeAppConfig', apply, onDocument),
    deps.registerBoundCommand('platformConsole.importEdgeAppEnv', (bound, arg, folder) => importEnv(bound, arg, folder), onDocument),
  ];
}
