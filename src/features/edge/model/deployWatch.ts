// The watch after a deploy, as a loop over injected reads and time (no VS Code): the window
// before the deploy read once, then every interval the calls since the deploy (one pair of stats
// requests) and the log's error lines, one poll at a time, each timed from the end of the last;
// the thresholds judged each poll, tripping once; it ends at the end of the window, on stop(),
// or when the connection's signal aborts (Sign Out).
import type { CallWindow } from '../../../platform/edgeCallWindow';
import { judgeWindows, type LogErrors, type WatchReport, type WatchThresholds } from '../../../platform/edgeWatchVerdict';

/** Time and timers: the real ones, or a clock a test (or the bench) moves. */
export interface WatchClock {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const realWatchClock: WatchClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

/** The product polls no faster than this (the tests inject a shorter interval through their hook). */
export const WATCH_INTERVAL_MS = 30_000;

export interface DeployWatchDeps {
  connectionName: string;
  appId: number;
  appName: string;
  binary: number;
  previous?: number;
  deployedAtMs: number;
  windowMs: number;
  intervalMs: number;
  thresholds: WatchThresholds;
  /** The connection's signal: it aborts on Sign Out, and the watch stops. */
  signal: AbortSignal;
  clock: WatchClock;
  readWindow(fromMs: number, toMs: number, signal: AbortSignal): Promise<CallWindow>;
  readLogErrors(fromMs: number, toMs: number, signal: AbortSignal): Promise<LogErrors>;
  /** After every change of the report (a poll, a stop). */
  onChange?(report: WatchReport): void;
  /** Once per watch, when a threshold is first crossed. */
  onTrip?(report: WatchReport): void;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DeployWatch {
  private readonly r: WatchReport;
  private readonly fromMs: number;
  private readonly endMs: number;
  private timer: unknown;
  private readonly stopper = new AbortController();
  private readonly signal: AbortSignal;
  private resolve!: (report: WatchReport) => void;
  private readonly onAbort = () => this.stop('signed out');
  /** Resolves with the last report once the watch has ended (finished or stopped). */
  readonly ended: Promise<WatchReport>;

  constructor(private readonly d: DeployWatchDeps) {
    // The platform's windows are whole seconds: the deploy's second is the boundary of both.
    this.fromMs = Math.floor(d.deployedAtMs / 1000) * 1000;
    this.endMs = this.fromMs + d.windowMs;
    this.signal = AbortSignal.any([d.signal, this.stopper.signal]);
    this.ended = new Promise((resolve) => (this.resolve = resolve));
    this.r = {
      connectionName: d.connectionName,
      appId: d.appId,
      appName: d.appName,
      binary: d.binary,
      ...(d.previous !== undefined ? { previous: d.previous } : {}),
      deployedAt: iso(this.fromMs),
      endsAt: iso(this.endMs),
      state: 'reading',
      thresholds: d.thresholds,
      polls: 0,
    };
  }

  /** A copy of the report as it stands. */
  get report(): WatchReport {
    return { ...this.r };
  }

  get running(): boolean {
    return this.r.state === 'reading' || this.r.state === 'watching';
  }

  /** Reads the window before the deploy, then polls until the end of the window. */
  start(): void {
    if (this.d.signal.aborted) return this.stop('signed out');
    this.d.signal.addEventListener('abort', this.onAbort, { once: true });
    void this.readBefore().then(() => this.schedule());
  }

  /** Ends the watch now (Stop Watching, a new deploy, a roll back); nothing more is sent. */
  stop(because: string): void {
    if (!this.running) return;
    this.d.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.r.state = 'stopped';
    this.r.stoppedBecause = because;
    this.stopper.abort(new Error(because));
    this.changed();
    this.finish(this.report);
  }

  /** What was done about a trip (a roll back, its refusal), said in the report. */
  setAction(action: string): void {
    this.r.action = action;
    this.changed();
  }

  private finish(report: WatchReport): void {
    this.d.signal.removeEventListener('abort', this.onAbort);
    this.resolve(report);
  }

  private changed(): void {
    this.d.onChange?.(this.report);
  }

  private async readBefore(): Promise<void> {
    try {
      this.r.before = await this.d.readWindow(this.fromMs - this.d.windowMs, this.fromMs, this.signal);
      delete this.r.lastError;
    } catch (error) {
      if (!this.running) return;
      this.r.lastError = `the window before the deploy could not be read: ${messageOf(error)}`;
    }
    if (this.r.state === 'reading') this.r.state = 'watching';
    this.changed();
  }

  private schedule(): void {
    if (!this.running) return;
    const wait = Math.max(0, Math.min(this.d.intervalMs, this.endMs - this.d.clock.now()));
    this.timer = this.d.clock.setTimer(() => void this.poll(), wait);
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    if (!this.running) return;
    // A window the platform accepts: `to` at least a second after `from` (it counts nothing after now).
    const toMs = Math.max(Math.min(this.d.clock.now(), this.endMs), this.fromMs + 1000);
    try {
      // Read once: again only when the first read failed.
      if (!this.r.before) await this.readBefore();
      if (!this.running) return;
      this.r.after = await this.d.readWindow(this.fromMs, toMs, this.signal);
      if (!this.running) return;
      this.r.logErrors = await this.d.readLogErrors(this.fromMs, toMs, this.signal);
      if (this.r.before) delete this.r.lastError;
    } catch (error) {
      if (!this.running) return;
      this.r.lastError = messageOf(error);
    }
    if (!this.running) return;
    this.r.polls++;
    this.judge();
    if (this.d.clock.now() >= this.endMs) {
      this.r.state = 'finished';
      this.changed();
      this.finish(this.report);
      return;
    }
    this.changed();
    this.schedule();
  }

  private judge(): void {
    if (this.r.tripped || !this.r.before || !this.r.after) return;
    const verdict = judgeWindows(this.r.before, this.r.after, this.d.thresholds);
    if (!verdict.tripped) return;
    this.r.tripped = { at: iso(this.d.clock.now()), reasons: verdict.reasons };
    this.d.onTrip?.(this.report);
  }
}
