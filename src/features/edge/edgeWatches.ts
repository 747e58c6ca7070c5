// The watch after Deploy to Edge App…: one DeployWatch (model/deployWatch.ts) per app and
// connection, its settings (platformConsole.edge.watch.*), a status bar item while one runs, a
// read-only live document refreshed on each poll, and the warning when it trips (Roll Back through
// the deploy's own roll back, Show Details, Stop Watching), or the automatic roll back the person
// turned on in their user settings. The last report per app stays for the agent tool.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { readCallWindow } from '../../platform/edgeCallWindow';
import { readLogErrors } from '../../platform/edgeLogErrors';
import { DEFAULT_THRESHOLDS, reportData, type WatchReport, type WatchThresholds } from '../../platform/edgeWatchVerdict';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { DeployWatch, WATCH_INTERVAL_MS, realWatchClock, type WatchClock } from './model/deployWatch';
import { figuresTable, statusText, tripMessage, watchMarkdown } from './model/deployWatchText';

export const SHOW_EDGE_WATCH_COMMAND = 'platformConsole.showEdgeWatch';
export const STOP_EDGE_WATCH_COMMAND = 'platformConsole.stopEdgeWatch';
/** True while a watch runs (the palette offers Show and Stop). */
export const WATCHING_CONTEXT = 'platformConsole.edgeWatching';

/** What a roll back from the watch came to, in the words the person is told. */
export type RollBackOutcome = { done: string } | { refused: string } | { failed: string } | undefined;

export interface WatchStart {
  bound: BoundConnection;
  appId: number;
  appName: string;
  binary: number;
  previous?: number;
  deployedAtMs: number;
  /** The deploy's own roll back: reads first; `automatic` skips the confirmation (the setting is it). */
  rollBack(automatic: boolean): Promise<RollBackOutcome>;
}

export type EdgeWatchesDeps = Pick<FeatureContext, 'log' | 'ui' | 'documents' | 'registerUnboundCommand'>;

interface Entry {
  watch: DeployWatch;
  start: WatchStart;
  /** The live document was opened once: later polls refresh it. */
  shown: boolean;
}

const config = () => vscode.workspace.getConfiguration('platformConsole.edge.watch');
const numberIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;

/** The thresholds from the settings; a value out of its range counts as the default. */
export function watchThresholds(): WatchThresholds {
  return {
    max5xxShare: numberIn(config().get('max5xxShare'), 0, 1, DEFAULT_THRESHOLDS.max5xxShare),
    p90Factor: numberIn(config().get('p90Factor'), 1, 100, DEFAULT_THRESHOLDS.p90Factor),
    minCalls: DEFAULT_THRESHOLDS.minCalls,
  };
}

export class EdgeWatches extends Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly item = this._register(vscode.window.createStatusBarItem('platformConsole.edgeWatch', vscode.StatusBarAlignment.Left, 49));
  private intervalMs: number | undefined;
  private clock: WatchClock = realWatchClock;
  /** Moves the minutes left between polls, only while a watch runs. */
  private ticker: ReturnType<typeof setInterval> | undefined;
  private watching = false;

  constructor(private readonly deps: EdgeWatchesDeps) {
    super();
    this.item.name = 'Platform Console Deploy Watch';
    this.item.command = SHOW_EDGE_WATCH_COMMAND;
    this._registerAll(
      deps.registerUnboundCommand(SHOW_EDGE_WATCH_COMMAND, (arg?: unknown) => this.show(typeof arg === 'string' ? arg : undefined)),
      deps.registerUnboundCommand(STOP_EDGE_WATCH_COMMAND, (arg?: unknown) => this.stopPicked(typeof arg === 'string' ? arg : undefined)),
    );
    this._register({ dispose: () => clearInterval(this.ticker) });
    this._register({ dispose: () => this.stopAll('the extension stopped') });
  }

  /** Under the tests: the poll interval (undefined: 30 s, the product's) for watches started from now on. */
  setInterval(ms: number | undefined): void {
    this.intervalMs = ms;
  }

  /** Stops every running watch (the tests' reset between files). */
  stopAll(because: string): void {
    for (const e of this.running()) e.watch.stop(because);
  }

  /** Under the bench: the clock of watches started from now on. */
  useClock(clock: WatchClock | undefined): void {
    this.clock = clock ?? realWatchClock;
  }

  /** Every watch's report, running or the last one per app, newest first. */
  reports(): WatchReport[] {
    return [...this.entries.values()].map((e) => e.watch.report).sort((a, b) => b.deployedAt.localeCompare(a.deployedAt));
  }

  /** The watch of this app on this connection, if any (running or ended). */
  watchOf(connectionId: string, appId: number): DeployWatch | undefined {
    return this.entries.get(`${connectionId}:${appId}`)?.watch;
  }

  /** Starts watching after a deploy (unless the setting is 0); a running watch of the same app stops. */
  start(start: WatchStart): DeployWatch | undefined {
    const key = `${start.bound.connection.id}:${start.appId}`;
    this.entries.get(key)?.watch.stop('a new deploy of the app');
    const minutes = numberIn(config().get('minutes'), 0, 60, 5);
    if (minutes <= 0) return undefined;
    const { api } = start.bound;
    const watch = new DeployWatch({
      connectionName: start.bound.connection.name,
      appId: start.appId,
      appName: start.appName,
      binary: start.binary,
      ...(start.previous !== undefined ? { previous: start.previous } : {}),
      deployedAtMs: start.deployedAtMs,
      windowMs: minutes * 60_000,
      intervalMs: this.intervalMs ?? WATCH_INTERVAL_MS,
      thresholds: watchThresholds(),
      signal: start.bound.signal,
      clock: this.clock,
      readWindow: (fromMs, toMs, signal) => readCallWindow(api, start.appId, fromMs, toMs, signal),
      readLogErrors: (fromMs, toMs, signal) => readLogErrors(api, start.appId, fromMs, toMs, signal),
      onChange: () => this.changed(key),
      onTrip: (report) => void this.tripped(key, report).catch((error) => this.deps.log.error('The deploy watch could not act on its signal', error)),
    });
    this.entries.set(key, { watch, start, shown: false });
    this.deps.log.info(`[${start.bound.connection.name}] watching edge app ${start.appName || start.appId} for ${minutes} min after the deploy`);
    watch.start();
    this.render();
    return watch;
  }

  private running(): Entry[] {
    return [...this.entries.values()].filter((e) => e.watch.running);
  }

  private changed(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.shown) this.deps.documents.update(this.view(entry));
    const r = entry?.watch.report;
    if (r && !entry.watch.running)
      this.deps.log.info(`[${r.connectionName}] deploy watch of edge app ${r.appName || r.appId} ${r.state}${r.stoppedBecause ? `: ${r.stoppedBecause}` : ''}`);
    this.render();
  }

  private render(): void {
    const running = this.running();
    if (this.watching !== running.length > 0) {
      this.watching = running.length > 0;
      void vscode.commands.executeCommand('setContext', WATCHING_CONTEXT, this.watching);
      clearInterval(this.ticker);
      this.ticker = this.watching ? setInterval(() => this.render(), 15_000) : undefined;
    }
    const newest = running.sort((a, b) => b.start.deployedAtMs - a.start.deployedAtMs)[0];
    if (!newest) return this.item.hide();
    const r = newest.watch.report;
    const now = this.clock.now();
    this.item.text = `${statusText(r, now)}${running.length > 1 ? ` (+${running.length - 1})` : ''}`;
    const tip = new vscode.MarkdownString(
      [
        `**Deploy watch**: ${escapeMarkdown(r.appName || `app ${r.appId}`)} on ${escapeMarkdown(r.connectionName)}`,
        '',
        ...figuresTable(r),
        '',
        ...[...(r.before?.sources ?? []), ...(r.after?.sources ?? [])].map((s) => `- \`${s}\``),
        '',
        'Click for the details.',
      ].join('\n'),
    );
    this.item.tooltip = tip;
    this.item.backgroundColor = r.tripped ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  private view(entry: Entry) {
    const r = entry.watch.report;
    return {
      name: `Deploy watch ${r.appName || 'app'} ${r.appId}`,
      connectionName: r.connectionName,
      markdown: watchMarkdown(r, this.clock.now()),
      json: `${JSON.stringify(reportData(r), null, 2)}\n`,
      reload: () =>
        Promise.resolve({ markdown: watchMarkdown(entry.watch.report, this.clock.now()), json: JSON.stringify(reportData(entry.watch.report), null, 2) }),
    };
  }

  /** The live document of a watch (the newest running one, else the newest): opened once, refreshed on each poll. */
  async show(key?: string): Promise<vscode.Uri | undefined> {
    const entry =
      (key && this.entries.get(key)) ||
      this.running().sort((a, b) => b.start.deployedAtMs - a.start.deployedAtMs)[0] ||
      [...this.entries.values()].sort((a, b) => b.start.deployedAtMs - a.start.deployedAtMs)[0];
    if (!entry) {
      void this.deps.ui().notify('info', 'No deploy has been watched in this window yet: Deploy to Edge App… starts a watch.');
      return undefined;
    }
    entry.shown = true;
    return this.deps.documents.show(this.view(entry));
  }

  private async stopPicked(key?: string): Promise<void> {
    const running = this.running();
    let entry = key ? this.entries.get(key) : running.length === 1 ? running[0] : undefined;
    if (!entry && running.length > 1) {
      const picked = await this.deps.ui().pick({
        title: 'Stop Watching',
        step: 1,
        totalSteps: 1,
        canGoBack: false,
        placeholder: 'The deploy watch to stop',
        items: running.map((e) => ({ label: e.watch.report.appName || `app ${e.watch.report.appId}`, description: e.watch.report.connectionName, value: e })),
      });
      entry = typeof picked === 'object' ? picked : undefined;
    }
    entry?.watch.stop('Stop Watching');
  }

  private async tripped(key: string, report: WatchReport): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    const { watch, start } = entry;
    const message = tripMessage(report);
    this.deps.log.info(`[${report.connectionName}] deploy watch tripped: ${message}`);
    const automatic = config().get<string>('rollBack') === 'automatic';
    if (automatic && start.previous !== undefined) {
      // The person turned automatic roll back on in their user settings: that is the confirmation.
      const outcome = await start.rollBack(true);
      const said = this.outcome(watch, outcome, true);
      void this.deps
        .ui()
        .notify('warning', `${message} ${said}`, ['Show Details'])
        .then((chosen) => (chosen === 'Show Details' ? this.show(key) : undefined));
      return;
    }
    const actions = [...(start.previous !== undefined ? ['Roll Back'] : []), 'Show Details', 'Stop Watching'];
    const chosen = await this.deps.ui().notify('warning', message, actions);
    if (chosen === 'Roll Back') this.outcome(watch, await start.rollBack(false), false);
    else if (chosen === 'Show Details') await this.show(key);
    else if (chosen === 'Stop Watching') watch.stop('Stop Watching');
  }

  /** Says what the roll back did in the report; a roll back done ends the watch. */
  private outcome(watch: DeployWatch, outcome: RollBackOutcome, automatic: boolean): string {
    if (!outcome) return 'Not rolled back: cancelled.';
    if ('done' in outcome) {
      const done = automatic ? `${outcome.done} Automatically: platformConsole.edge.watch.rollBack is "automatic".` : outcome.done;
      watch.setAction(done);
      watch.stop('rolled back');
      return done;
    }
    const said = 'refused' in outcome ? outcome.refused : outcome.failed;
    watch.setAction(said);
    return said;
  }
}
