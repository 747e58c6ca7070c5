// Build drift in the editor: each workspace .wasm linked to an edge app (on the active connection
// only) is hashed (MD5, streamed, once per path+size+mtime) and compared with the checksum of the
// binary its app runs. The answer decorates the file in the Explorer, gives the app's row its words,
// and a file whose app runs another build gets a Problems entry. Checked again when a linked file
// changes (a rebuild rewrites it), when a link changes, the connection changes or the view refreshes.
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import { digestFile } from '../../platform/fileDigest';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import type { EdgeLinkStore } from './edgeLinkStore';
import type { AppBuild } from './edgeNodes';
import type { EdgeTree } from './edgeTree';
import type { EdgeLink } from './model/edgeLinks';
import { HashCache, compareBuild, driftBadge, driftProblem, driftTooltip, driftWords, readAppSide, type BuildDrift, type FileSide } from './model/edgeDrift';

export const BUILD_DRIFT_DIAGNOSTICS = 'platformConsole.edgeBuildDrift';
/** Context keys: the linked .wasm files, and those whose app runs another build (menus' `resourcePath in …`). */
export const LINKED_WASM_KEY = 'platformConsole.edge.linkedWasm';
export const OTHER_BUILD_KEY = 'platformConsole.edge.otherBuildWasm';

/** One linked file's last answer, with the names it is said with. */
export interface BuildCheck {
  link: EdgeLink;
  drift: BuildDrift;
  appName: string;
  connectionName: string;
  /** The Launcher folder's fastedge-config.test.json when there is one: a text file, where the Problems entry's quick fix works too. */
  configFile?: vscode.Uri;
}

/** The Launcher's test config: the drift entry is repeated there (a .wasm has no text model for quick fixes). */
export const LAUNCHER_CONFIG_FILE = 'fastedge-config.test.json';
export const DRIFT_CODE = 'edge-build-drift';

export interface BuildDriftDeps extends Pick<FeatureContext, 'bindNamed' | 'log'> {
  connections: ConnectionManager;
  links: EdgeLinkStore;
  tree: EdgeTree;
}

export class EdgeBuildDrift extends Disposable implements vscode.FileDecorationProvider {
  private readonly results = new Map<string, BuildCheck>();
  /** Bumped per check of a file: an older answer is dropped. */
  private readonly generations = new Map<string, number>();
  private readonly decorations = this._register(new vscode.EventEmitter<vscode.Uri[]>());
  readonly onDidChangeFileDecorations = this.decorations.event;
  private readonly changed = this._register(new vscode.EventEmitter<BuildCheck | undefined>());
  /** Fired after a file's answer changes (undefined: answers were dropped). */
  readonly onDidChange = this.changed.event;
  readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection(BUILD_DRIFT_DIAGNOSTICS));
  readonly cache = new HashCache(async (path) => (await digestFile(path)).digest);

  constructor(private readonly deps: BuildDriftDeps) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/*.wasm'));
    const onFile = (uri: vscode.Uri) => {
      const link = deps.links.get(uri);
      if (link) void this.check(link);
    };
    this._registerAll(
      vscode.window.registerFileDecorationProvider(this),
      watcher.onDidChange(onFile),
      watcher.onDidCreate(onFile),
      watcher.onDidDelete(onFile),
      deps.links.onDidChange(() => void this.checkAll()),
      deps.connections.onDidChange(() => void this.onConnections()),
      deps.tree.onDidRefreshAll(() => void this.checkAll()),
    );
    deps.tree.buildOf = (appId) => this.appBuild(appId);
    void this.checkAll();
  }

  private get activeId(): string | undefined {
    return this.deps.connections.signedIn ? this.deps.connections.active?.id : undefined;
  }

  /** The last answer for a file, when it is linked on the active connection. */
  get(uri: vscode.Uri): BuildCheck | undefined {
    const found = this.results.get(uri.toString());
    return found && found.link.connectionId === this.activeId ? found : undefined;
  }

  /** The app row's words: the first linked file's answer (the count when several are linked). */
  appBuild(appId: number): AppBuild | undefined {
    const checks = [...this.results.values()].filter((c) => c.link.appId === appId && c.link.connectionId === this.activeId);
    const first = checks[0];
    if (!first) return undefined;
    const file = vscode.Uri.parse(first.link.wasm).path.split('/').pop() ?? first.link.wasm;
    const more = checks.length > 1 ? ` (+${checks.length - 1} linked)` : '';
    return { words: `${driftWords(first.drift)}${more}`, tooltip: `${file}: ${driftTooltip(first.drift, first.appName, first.connectionName)}` };
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const check = this.get(uri);
    if (!check) return undefined;
    const tooltip = driftTooltip(check.drift, check.appName, check.connectionName);
    const color = check.drift.kind === 'other' ? new vscode.ThemeColor('list.warningForeground') : undefined;
    return new vscode.FileDecoration(driftBadge(check.drift), tooltip, color);
  }

  private async onConnections(): Promise<void> {
    // Sign Out: the links of connections that no longer exist go (as the Edge view's pins do).
    await this.deps.links
      .prune(this.deps.connections.list().map((c) => c.id))
      .catch((e: unknown) => this.deps.log.error('Could not drop the edge links of removed connections', e));
    await this.checkAll();
  }

  /** Checks every link of the active connection again; answers of other links are dropped. */
  async checkAll(): Promise<void> {
    const active = this.activeId;
    const links = this.deps.links.all();
    const live = new Set(links.filter((l) => l.connectionId === active).map((l) => l.wasm));
    const dropped = [...this.results.keys()].filter((wasm) => !live.has(wasm));
    const apps = dropped.flatMap((wasm) => this.results.get(wasm)?.link.appId ?? []);
    for (const wasm of dropped) {
      this.results.delete(wasm);
      this.generations.set(wasm, (this.generations.get(wasm) ?? 0) + 1);
    }
    if (dropped.length)
      this.publish(
        dropped.map((w) => vscode.Uri.parse(w)),
        undefined,
        apps,
      );
    await Promise.all(links.filter((l) => live.has(l.wasm)).map((l) => this.check(l)));
  }

  /** Checks one linked file: its MD5 (kept while the file is unchanged) against its app's binary. */
  async check(link: EdgeLink): Promise<BuildCheck | undefined> {
    if (link.connectionId !== this.activeId) return undefined;
    const generation = (this.generations.get(link.wasm) ?? 0) + 1;
    this.generations.set(link.wasm, generation);
    const uri = vscode.Uri.parse(link.wasm);
    const bound = await this.deps.bindNamed(link.connectionId);
    const [file, app] = await Promise.all([
      this.fileSide(uri.fsPath),
      bound ? readAppSide(bound.api, link.appId, bound.signal) : Promise.resolve({ problem: 'the connection is signed out' }),
    ]);
    if (this.generations.get(link.wasm) !== generation || this.deps.links.get(uri)?.appId !== link.appId) return undefined;
    const drift = compareBuild(file, app);
    const appName = 'appName' in app ? app.appName : link.appName || `app ${link.appId}`;
    const configFile = vscode.Uri.joinPath(vscode.Uri.parse(link.folder), LAUNCHER_CONFIG_FILE);
    const hasConfig =
      drift.kind === 'other' &&
      (await vscode.workspace.fs.stat(configFile).then(
        () => true,
        () => false,
      ));
    if (this.generations.get(link.wasm) !== generation) return undefined;
    const check: BuildCheck = { link, drift, appName, connectionName: bound?.connection.name ?? link.connectionId, ...(hasConfig && { configFile }) };
    // A file linked to another app since: the row of the app it was linked to loses its words too.
    const before = this.results.get(link.wasm)?.link.appId;
    this.results.set(link.wasm, check);
    this.publish([uri], check, before === undefined ? [link.appId] : [link.appId, before]);
    return check;
  }

  private async fileSide(path: string): Promise<FileSide> {
    try {
      const info = await stat(path);
      return { md5: await this.cache.md5(path, info.size, info.mtimeMs), bytes: info.size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.cache.forget(path);
      return { problem: code === 'ENOENT' ? 'it is missing' : error instanceof Error ? error.message : String(error) };
    }
  }

  /** The Problems entries from the answers: one on each .wasm whose app runs another build, repeated on its Launcher config file. */
  private diagnose(checks: readonly BuildCheck[]): void {
    const byFile = new Map<string, { uri: vscode.Uri; entries: vscode.Diagnostic[] }>();
    const add = (uri: vscode.Uri, entry: vscode.Diagnostic) => {
      const kept = byFile.get(uri.toString()) ?? { uri, entries: [] };
      kept.entries.push(entry);
      byFile.set(uri.toString(), kept);
    };
    for (const check of checks) {
      if (check.drift.kind !== 'other') continue;
      const wasm = vscode.Uri.parse(check.link.wasm);
      const message = driftProblem(check.drift, check.appName, check.link.appId, check.connectionName);
      const entry = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), message, vscode.DiagnosticSeverity.Warning);
      entry.source = 'Platform Console';
      entry.code = DRIFT_CODE;
      // Where the build is: the quick fix on the config file deploys this file.
      entry.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(wasm, new vscode.Position(0, 0)), 'the linked build')];
      add(wasm, entry);
      if (check.configFile) add(check.configFile, entry);
    }
    this.diagnostics.clear();
    for (const { uri, entries } of byFile.values()) this.diagnostics.set(uri, entries);
  }

  private publish(uris: vscode.Uri[], check: BuildCheck | undefined, appIds: readonly number[]): void {
    const active = this.activeId;
    const mine = [...this.results.values()].filter((c) => c.link.connectionId === active);
    this.diagnose(mine);
    const linked = this.deps.links.all().filter((l) => l.connectionId === active);
    void vscode.commands.executeCommand(
      'setContext',
      LINKED_WASM_KEY,
      linked.map((l) => vscode.Uri.parse(l.wasm).fsPath),
    );
    const other = mine.filter((c) => c.drift.kind === 'other').map((c) => vscode.Uri.parse(c.link.wasm).fsPath);
    void vscode.commands.executeCommand('setContext', OTHER_BUILD_KEY, other);
    this.decorations.fire(uris);
    // The rows of the apps whose answer changed, not the whole view: a long apps list is not built again (#57).
    for (const appId of new Set(appIds)) this.deps.tree.refreshApp(appId);
    this.changed.fire(check);
  }
}
