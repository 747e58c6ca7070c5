// Configuration drift as Problems entries: for each linked folder, the app's variables, response
// headers and secret references against the Launcher's dotenv files there (model/configDrift.ts),
// on the line each difference comes from, with quick fixes (Apply to App through the configuration
// diff, Pull to .env files). Read again when a dotenv file there changes, a link changes or the
// Edge view refreshes: one app read per linked app and folder, nothing read without links.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import type { EdgeLinkStore } from './edgeLinkStore';
import type { EdgeTree } from './edgeTree';
import { readLauncherFiles } from './launcherFiles';
import { appSecretNames, configDrift, readLocalConfig, type DriftKind } from '../../ui/text/configDrift';
import { configOfApp } from './model/edgeConfigDocument';

export const DRIFT_COLLECTION = 'platformConsole.edgeConfigDrift';
/** The Problems entries' source: the quick fixes are offered on these only. */
export const DRIFT_SOURCE = 'Platform Console (edge config)';
export const PULL_COMMAND = 'platformConsole.pullEdgeAppConfig';
export const IMPORT_COMMAND = 'platformConsole.importEdgeAppEnv';

/** A linked app and the folder compared with it. */
interface Target {
  connectionId: string;
  appId: number;
  appName: string;
  folder: string;
}

export interface EdgeConfigDriftDeps extends Pick<FeatureContext, 'bindNamed' | 'log'> {
  links: EdgeLinkStore;
  tree: EdgeTree;
}

const keyOf = (uri: vscode.Uri, line: number, message: string) => `${uri.toString()}\u0000${line}\u0000${message}`;

export class EdgeConfigDrift extends Disposable implements vscode.CodeActionProvider {
  readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection(DRIFT_COLLECTION));
  /** Which app and folder each entry is about (the quick fixes' arguments), by file, line and message. */
  private readonly targets = new Map<string, { target: Target; kind: DriftKind }>();
  private watchers: vscode.Disposable[] = [];
  private running: Promise<void> | undefined;
  private again = false;
  private readonly refreshed = this._register(new vscode.EventEmitter<void>());
  /** Fired when a refresh has set the Problems entries (the tests await it). */
  readonly onDidRefresh = this.refreshed.event;
  /** App reads made by refreshes (the tests count them). */
  appReads = 0;

  constructor(private readonly deps: EdgeConfigDriftDeps) {
    super();
    this._registerAll(
      deps.links.onDidChange(() => {
        this.watch();
        void this.refresh();
      }),
      deps.tree.onDidRefreshAll(() => void this.refresh()),
      vscode.languages.registerCodeActionsProvider({ scheme: 'file', pattern: '**/.env*' }, this, {
        providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
      }),
      { dispose: () => this.unwatch() },
    );
    this.watch();
    if (deps.links.all().length) void this.refresh();
  }

  private linked(): Target[] {
    const seen = new Map<string, Target>();
    for (const l of this.deps.links.all()) seen.set(`${l.connectionId}\u0000${l.appId}\u0000${l.folder}`, l);
    return [...seen.values()];
  }

  private unwatch(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
  }

  /** One watcher per linked folder, on the Launcher's dotenv files only. */
  private watch(): void {
    this.unwatch();
    const folders = [...new Set(this.linked().map((t) => t.folder))];
    this.watchers = folders.map((folder) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.parse(folder), '.env*'));
      const again = () => void this.refresh();
      watcher.onDidChange(again);
      watcher.onDidCreate(again);
      watcher.onDidDelete(again);
      return watcher;
    });
  }

  /** Reads every linked app again and sets the entries; a refresh asked meanwhile runs once after it. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.readAll().catch((error: unknown) => this.deps.log.error('Could not compare the edge app configuration with the .env files', error));
      } while (this.again);
      this.running = undefined;
      this.refreshed.fire();
    })();
    return this.running;
  }

  private async readAll(): Promise<void> {
    const entries = new Map<string, vscode.Diagnostic[]>();
    const targets = new Map<string, { target: Target; kind: DriftKind }>();
    for (const target of this.linked()) {
      const folder = vscode.Uri.parse(target.folder);
      const files = await readLauncherFiles(folder);
      if (files.length === 0) continue;
      const bound = await this.deps.bindNamed(target.connectionId);
      if (!bound) continue;
      let app;
      try {
        this.appReads++;
        app = await bound.api.edge.getOwnEdgeApp({ params: { app_id: target.appId } });
      } catch (error) {
        this.deps.log.error(`Could not read edge app ${target.appId} on ${bound.connection.name} to compare its configuration`, error);
        continue;
      }
      const config = configOfApp(app);
      const label = `edge app ${app.name || target.appName || target.appId} (${bound.connection.name})`;
      for (const d of configDrift(config, readLocalConfig(files, appSecretNames(config)), label)) {
        const uri = vscode.Uri.joinPath(folder, d.file);
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(d.line - 1, 0, d.line - 1, Number.MAX_SAFE_INTEGER),
          d.message,
          vscode.DiagnosticSeverity.Warning,
        );
        diagnostic.source = DRIFT_SOURCE;
        diagnostic.code = d.kind;
        const list = entries.get(uri.toString()) ?? [];
        list.push(diagnostic);
        entries.set(uri.toString(), list);
        targets.set(keyOf(uri, d.line - 1, d.message), { target, kind: d.kind });
      }
    }
    this.diagnostics.clear();
    for (const [uri, list] of entries) this.diagnostics.set(vscode.Uri.parse(uri), list);
    this.targets.clear();
    for (const [k, v] of targets) this.targets.set(k, v);
  }

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== DRIFT_SOURCE) continue;
      const found = this.targets.get(keyOf(doc.uri, diagnostic.range.start.line, diagnostic.message));
      if (!found) continue;
      const { target, kind } = found;
      const folder = vscode.Uri.parse(target.folder);
      const name = target.appName || `app ${target.appId}`;
      if (kind !== 'missingLocally') {
        const apply = new vscode.CodeAction(`Apply to App: review these .env files against ${name}`, vscode.CodeActionKind.QuickFix);
        apply.command = { title: 'Apply to App', command: IMPORT_COMMAND, arguments: [target.appId, folder, target.connectionId] };
        apply.diagnostics = [diagnostic];
        actions.push(apply);
      }
      if (kind === 'missingLocally' || kind === 'differentValue') {
        const pull = new vscode.CodeAction(`Pull to .env files: write ${name}'s values here`, vscode.CodeActionKind.QuickFix);
        pull.command = { title: 'Pull to .env files', command: PULL_COMMAND, arguments: [target.appId, folder, target.connectionId] };
        pull.diagnostics = [diagnostic];
        actions.push(pull);
      }
    }
    return actions;
  }
}
