// One Function Logs panel: a follower reads and merges in the extension host; the page gets the
// whole held list once per load (`reset`) and after that only what each read changed (`ops`).
// Filtering, scrolling and rendering happen in the page, without a round trip to this side.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import { compileFilter, type LogFilterSpec } from '../../protocol/logFilter';
import { exportCounts, exportText, type LogExportFormat } from '../../protocol/logExport';
import type { LogItem } from '../../protocol/logItems';
import type { Log } from '../../ui/log';
import { PanelHost, type PanelHandler, type PanelWatch } from '../../ui/panelHost';
import {
  targetLabel,
  type ExportFormat,
  type ExportScope,
  type FollowStatus,
  type LogsEvent,
  type LogsNotification,
  type LogsRequests,
  type LogsTarget,
} from '../../protocol/logs';
import { LogFollower, type FollowerSettings, type PollResult } from './model/logFollower';
import { logsNotificationSchema, logsRequestSchemas } from './logsMessages';
import { Backfill, awaitsPaint } from './model/backfill';
import { shownItems } from './model/shownItems';
import { WireEncoder, resetParts, type ResetChunk } from './model/logsWire';
import type { LogMemory } from './model/logMemory';
import type { LogOp } from './model/logTail';
import { readFullLine } from './model/fullLine';
import { oldestLineTime, type LogSource } from './model/logSource';
import { edgeLogSource } from './model/edgeLogSource';
import { describeTarget, fileStem } from './model/targetText';
import { toLogLine } from './model/logTail';
import { cutOf } from '../../protocol/logItems';
import type { LogsPanelWatch } from './logsPanelWatch';

export interface LogsSettings extends FollowerSettings {
  maxLines: number;
  /** What the held lines of all panels may take together (platformConsole.logs.maxMemoryMB). */
  maxMemoryMB: number;
}

export interface LogsPanelDeps {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  /** FeatureContext.bindNamed: the panel reads on the connection it was opened on, whichever is active. */
  bindNamed: (id: string | undefined) => Promise<BoundConnection | undefined>;
  log: Log;
  settings(): LogsSettings;
  /** Where to save an export (the save dialog; tests answer it). */
  saveLocation(defaultUri: vscode.Uri, format: LogExportFormat): Promise<vscode.Uri | undefined>;
  /** Opens text as a read-only document. */
  openReadOnly(name: string, text: string): Promise<void>;
  /** The one memory budget of all panels (model/logMemory.ts). */
  memory: LogMemory;
  panelWatch?: PanelWatch;
  /** Told what the page is sent (under the tests only). */
  logsWatch?: LogsPanelWatch;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export class FunctionLogsPanel implements PanelHandler<LogsNotification, LogsRequests>, vscode.Disposable {
  readonly host: PanelHost<LogsNotification, LogsRequests, LogsEvent>;
  readonly follower: LogFollower;
  private readonly encoder = new WireEncoder();
  private generation = 0;
  private seq = 0;
  private readonly disposables: vscode.Disposable[] = [];
  /** Where the lines come from: a function's log or an edge app's (model/logSource.ts). */
  readonly source: LogSource;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private current: LogsTarget,
    private readonly deps: LogsPanelDeps,
  ) {
    const target = current;
    this.source = this.sourceFor(target);
    panel.title = `Logs: ${targetLabel(target)}`;
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'logs.svg');
    this.host = new PanelHost<LogsNotification, LogsRequests, LogsEvent>(panel, {
      extensionUri: deps.extensionUri,
      bundle: 'logs',
      rootElement: 'function-logs-app',
      styles: ['logs.css'],
      title: `Logs: ${targetLabel(target)}`,
      log: deps.log,
      notificationSchema: logsNotificationSchema,
      requestSchemas: logsRequestSchemas,
      retainContextWhenHidden: true,
      watch: deps.panelWatch,
    });
    const settings = deps.settings();
    this.follower = new LogFollower(
      {
        fetch: (limit, signal) => this.fetch(limit, signal),
        settings: () => deps.settings(),
        onMerge: (result) => {
          this.posted(result);
          // Every panel's lines together within the budget: this read may drop older lines anywhere.
          deps.memory.settle();
        },
        onStatus: () => this.host.post({ type: 'status', status: this.status() }),
        onError: (error, consecutive) => deps.log.error(`Logs of ${this.describe()}: read ${consecutive} in a row failed`, error),
      },
      {
        maxLines: settings.maxLines,
        visible: panel.visible,
        limits: () =>
          `to keep at most ${settings.maxLines.toLocaleString('en-US')} lines a panel and all panels' lines within ${deps.settings().maxMemoryMB.toLocaleString('en-US')} MB`,
      },
    );
    const leave = deps.memory.join({ tail: this.follower.tail, trimmed: (ops, dropped) => this.trimmed(ops, dropped) });
    this.disposables.push(
      panel.onDidChangeViewState(() => this.follower.setVisible(panel.visible)),
      deps.connections.onDidChange(() => this.follower.setBlocked(this.blockedReason())),
      this.host.onDidDispose(() => this.dispose()),
      { dispose: leave },
    );
    this.follower.setBlocked(this.blockedReason());
    this.host.connect(this);
    this.follower.start();
  }

  get target(): LogsTarget {
    return this.current;
  }

  /** "default/hello-world (project 1, region 1) on sim", "edge app hello (101; last hour) on sim". */
  describe(): string {
    return describeTarget(this.target);
  }

  /**
   * This panel's connection: its id, or (after signing out and in again) the one with its name and
   * URL. The panel follows it whichever connection is active: it was opened on it.
   */
  private own(): { id: string; name: string; baseUrl: string } | undefined {
    const t = this.current;
    return this.deps.connections
      .list()
      .find((c) => c.id === t.connectionId || (c.name.toLowerCase() === t.connectionName.toLowerCase() && c.baseUrl === t.baseUrl));
  }

  private blockedReason(): string | undefined {
    const own = this.own();
    if (!own) return `Paused: signed out of ${this.current.connectionName}. Sign in to it to follow again.`;
    if (own.id !== this.current.connectionId) this.current = { ...this.current, connectionId: own.id };
    return undefined;
  }

  /** Bound to this panel's connection for each read: once it is signed out, nothing is sent. */
  private async bound() {
    const bound = await this.deps.bindNamed(this.own()?.id);
    if (!bound) throw new Error(`Signed out of ${this.current.connectionName}`);
    return bound;
  }

  private sourceFor(t: LogsTarget): LogSource {
    if (t.kind === 'edgeApp') {
      return edgeLogSource(
        async (query, signal) => (await this.bound()).api.edge.listEdgeAppLogs({ params: { app_id: t.appId }, query }, { signal }),
        t.filters,
      );
    }
    const params = { project_id: t.projectId, region_id: t.regionId, namespace_name: t.namespace, function_name: t.functionName };
    return { newest: async (limit, signal) => (await (await this.bound()).api.faas.getFunctionLogs({ params, query: { limit } }, { signal })).logs };
  }

  private fetch(limit: number, signal: AbortSignal) {
    return this.source.newest(limit, signal);
  }

  /** An older page is being read (one at a time). */
  private olderRead: AbortController | undefined;

  /**
   * The next page back through the range (a source that pages): inserted above the held lines and
   * sent as such (not counted as new lines). Not offered once the panel holds its most lines.
   */
  async readOlder(): Promise<{ added: number; message: string }> {
    const pager = this.source.older;
    if (!pager) return { added: 0, message: 'This log cannot be paged back.' };
    const tail = this.follower.tail;
    if (tail.droppedCount > 0 || tail.size >= tail.maxLines)
      return { added: 0, message: 'The panel holds its most lines: older ones would push out the ones it has.' };
    if (this.olderRead) return { added: 0, message: 'Older lines are already being read.' };
    const oldest = oldestLineTime(tail.view());
    const controller = new AbortController();
    this.olderRead = controller;
    const settings = this.deps.settings();
    const limit = Math.min(settings.limit, tail.maxLines - tail.size);
    const reading = pager.next(oldest, limit, controller.signal);
    this.host.post({ type: 'status', status: this.status() });
    try {
      const entries = await reading;
      const result = tail.mergeOlder(entries.map(toLogLine));
      if (result.ops.length > 0) this.postOlder({ ...result, limit, fetches: 1 });
      this.deps.memory.settle();
      const more = pager.status();
      const message = `Read ${plural(result.added.length, 'older line')}${more.total !== undefined ? ` (${more.read.toLocaleString('en-US')} of ${plural(more.total, 'line')} in the range)` : ''}.`;
      this.deps.log.info(`Logs of ${this.describe()}: ${message}`);
      return { added: result.added.length, message };
    } finally {
      if (this.olderRead === controller) this.olderRead = undefined;
      this.host.post({ type: 'status', status: this.status() });
    }
  }

  /** Older lines go to the page as lines that were there before (no "N new lines"). */
  private postOlder(result: PollResult): void {
    if (!this.host.isReady) return;
    if (this.backfill?.hold(result)) return;
    const ops = this.encoder.ops(result.ops);
    this.seq++;
    this.deps.logsWatch?.ops(this);
    this.host.post({ type: 'ops', generation: this.generation, seq: this.seq, newPods: this.encoder.takeNewPods(), ops, older: true, sentAt: Date.now() });
  }

  /** The held lines, oldest first (markers included), as objects: a copy. */
  items(): LogItem[] {
    return this.follower.tail.snapshot();
  }

  status(): FollowStatus {
    const older = this.source.older;
    return older ? { ...this.follower.status(), older: older.status() } : this.follower.status();
  }

  private posted(result: PollResult): void {
    // A page that is not listening gets everything in its next reset.
    if (!this.host.isReady) return;
    // A read's changes refer to the whole held list: they follow a reset's last older chunk.
    if (this.backfill?.hold(result)) return;
    const ops = this.encoder.ops(result.ops);
    this.seq++;
    this.deps.logsWatch?.ops(this);
    this.host.post({ type: 'ops', generation: this.generation, seq: this.seq, newPods: this.encoder.takeNewPods(), ops, sentAt: Date.now() });
  }

  /** Older lines dropped for the memory budget (after a read of this panel or another): the page and the status are told. */
  private trimmed(ops: LogOp[], dropped: number): void {
    this.deps.log.info(`Logs of ${this.describe()}: ${plural(dropped, 'older line')} dropped to keep all panels within ${this.deps.settings().maxMemoryMB} MB`);
    this.posted({ added: [], ops, dropped, limit: 0, fetches: 0 });
    this.host.post({ type: 'status', status: this.status() });
  }

  /** A reset's older chunks still on their way (reads merged meanwhile wait behind them). */
  private backfill: Backfill<ResetChunk, PollResult> | undefined;

  /**
   * The whole held list for a page that just (re)loaded: the newest lines first, in a small message
   * the page paints at once (it opens at the bottom), then the older ones in chunks inserted above,
   * each packed a slice per turn of the event loop and deflated off the thread (model/backfill.ts,
   * model/logsWire.ts); the chunks come from a copy of the list as it was, and reads merged
   * meanwhile are posted after the last one. Many older lines (a million) leave only once the page
   * says the newest rows are painted: the crossing would take the cores that paint needs.
   */
  private sendReset(): void {
    this.backfill?.cancel();
    this.generation++;
    this.seq = 0;
    const generation = this.generation;
    const all = this.follower.tail.frozen();
    const parts = resetParts(this.encoder, all);
    const waits = awaitsPaint(parts.pending);
    this.host.post({
      type: 'reset',
      generation,
      target: this.target,
      maxLines: this.follower.tail.maxLines,
      maxMemoryMB: this.deps.settings().maxMemoryMB,
      pods: parts.pods,
      items: parts.items,
      pending: parts.pending,
      ...(waits && { awaitsPaint: true }),
      status: this.status(),
      sentAt: Date.now(),
    });
    this.backfill = new Backfill(
      parts.chunks,
      (chunk) => {
        this.seq++;
        this.host.post({
          type: 'ops',
          generation,
          seq: this.seq,
          newPods: chunk.newPods,
          ops: [{ op: 'insert', index: 0, items: chunk.items }],
          backfill: true,
          sentAt: Date.now(),
        });
      },
      (read) => this.posted(read),
    );
    this.deps.logsWatch?.reset(this, { items: all.length, generation, awaitsPaint: waits, backfill: this.backfill });
    if (waits) this.backfill.startWhenPainted();
    else this.backfill.start();
  }

  onReady(): void {
    this.sendReset();
  }

  onNotify(message: LogsNotification): void {
    switch (message.type) {
      case 'follow':
        return this.follower.setFollow(message.on);
      case 'retryNow':
        return this.follower.retryNow();
      case 'older':
        return void this.readOlder().then(
          (r) => this.host.post({ type: 'notice', text: r.message }),
          (error: unknown) => this.failed('read older lines', error),
        );
      case 'painted':
        if (message.generation === this.generation) this.backfill?.painted();
        return;
      case 'resync':
        this.deps.log.info(`Logs of ${this.describe()}: the page missed an update, sending everything again`);
        return this.sendReset();
      case 'export': {
        const { scope, format, filter } = message;
        return void this.export({ scope, format, filter }).then(
          (r) => this.host.post({ type: 'notice', text: r.message }),
          (error: unknown) => this.failed('export', error),
        );
      }
      case 'openInEditor':
        return void this.openInEditor({ filter: message.filter }).then(
          (r) => this.host.post({ type: 'notice', text: r.message }),
          (error: unknown) => this.failed('open in an editor', error),
        );
      case 'fullLine':
        return void this.showFullLine(message).then(
          (r) => this.host.post({ type: 'notice', text: r.message }),
          (error: unknown) => this.failed('read the full line', error),
        );
      case 'command':
        if (message.command === 'showLog') return this.deps.log.show();
        if (message.command === 'settings') return void vscode.commands.executeCommand('workbench.action.openSettings', 'platformConsole.logs');
        return void vscode.commands.executeCommand('platformConsole.signIn', {
          name: this.target.connectionName,
          baseUrl: this.current.baseUrl,
        });
    }
  }

  async onRequest<M extends keyof LogsRequests>(_method: M, params: LogsRequests[M]['params']): Promise<LogsRequests[M]['result']> {
    // The only request: copy.
    const { text, rows } = params;
    await vscode.env.clipboard.writeText(text);
    return { copied: true, message: `Copied ${plural(rows, 'line')}.` } as LogsRequests[M]['result'];
  }

  /** Says in the page (and the log) that an action failed. */
  private failed(what: string, error: unknown): void {
    this.deps.log.error(`Logs of ${this.describe()}: could not ${what}`, error);
    this.host.post({ type: 'notice', text: this.deps.log.scrub(`Could not ${what}: ${error instanceof Error ? error.message : String(error)}`) });
  }

  /** Writes the shown or all held lines; what it says is shown in the page (and logged). */
  async export(params: { scope: ExportScope; format: ExportFormat; filter: LogFilterSpec }): Promise<{ saved: boolean; message: string }> {
    const items = params.scope === 'all' ? this.items() : shownItems(this.follower.tail.view(), params.filter);
    const { lines, markers } = exportCounts(items);
    if (lines === 0 && markers === 0) return { saved: false, message: 'Nothing to export: no line is shown.' };
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const name = `${fileStem(this.target)}-${stamp}.${params.format}`;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
    const uri = await this.deps.saveLocation(vscode.Uri.joinPath(folder, name), params.format);
    if (!uri) return { saved: false, message: 'Export cancelled.' };
    try {
      await vscode.workspace.fs.writeFile(uri, Buffer.from(exportText(items, params.format), 'utf8'));
    } catch (error) {
      this.deps.log.error(`Could not export logs of ${this.describe()} to ${uri.fsPath}`, error);
      return { saved: false, message: this.deps.log.scrub(`Could not save ${uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`) };
    }
    const what = `${plural(lines, 'line')}${markers ? ` and ${plural(markers, 'marker')}` : ''}`;
    this.deps.log.info(`Logs of ${this.describe()}: exported ${what} to ${uri.fsPath}`);
    return { saved: true, message: `Exported ${what} to ${uri.fsPath}.` };
  }

  async openInEditor(params: { filter: LogFilterSpec }): Promise<{ opened: boolean; message: string }> {
    const items = shownItems(this.follower.tail.view(), params.filter);
    const { lines } = exportCounts(items);
    const filtered = compileFilter(params.filter).active;
    await this.deps.openReadOnly(`${fileStem(this.target)}${filtered ? '-filtered' : ''}.log`, exportText(items, 'log'));
    return { opened: true, message: `Opened ${plural(lines, 'line')} in an editor (read-only).` };
  }

  /**
   * A line held cut: read from the platform again (more lines each time, up to the largest limit,
   * until the answer reaches back to it) and opened whole, read-only; or said to be gone.
   */
  async showFullLine(line: { time: string; pod: string; message: string }): Promise<{ opened: boolean; message: string }> {
    const cut = cutOf(line.message);
    if (!cut) return { opened: false, message: 'This line is shown whole: nothing was cut from it.' };
    const settings = this.deps.settings();
    const result = await readFullLine(
      { time: line.time, pod: line.pod, ...cut },
      (limit) => this.fetch(limit, new AbortController().signal),
      settings.limit,
      settings.maxLimit,
    );
    if (!result.found) return { opened: false, message: result.reason };
    const stamp = line.time.replace(/[^0-9]/g, '').slice(0, 17);
    await this.deps.openReadOnly(`${fileStem(this.target)}-line-${stamp}.log`, result.message);
    return { opened: true, message: `Opened the full line (${plural(result.message.length, 'character')}) in an editor (read-only).` };
  }

  private disposed = false;

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.backfill?.cancel();
    this.follower.dispose();
    vscode.Disposable.from(...this.disposables).dispose();
    this.disposables.length = 0;
    this.host.dispose();
  }
}
