// Follows one function's log: reads the newest lines every interval while it is wanted (the
// panel visible, Follow on, the panel's connection active), merges them into the held list, and
// says what changed. A failed read keeps every line held and tries again by itself, waiting
// longer each time; errors retrying cannot fix (key rejected, no such function) stop until Retry.
// No `vscode` here: the panel wires it, the unit tests drive it with a fake fetch and clock.
import type { RawLogEntry } from '../../../protocol/logItems';
import { LogTail, pollInto, toLogLine, type MergeResult } from './logTail';
import { PlatformError } from '../../../schema/errors';
import type { FollowStatus } from '../../../protocol/logs';

export interface FollowerSettings {
  /** Lines asked for per read. */
  limit: number;
  /** The largest limit a read may grow to while closing a gap. */
  maxLimit: number;
  intervalMs: number;
}

export type PollResult = MergeResult & { limit: number; fetches: number };

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FollowerDeps {
  fetch(limit: number, signal: AbortSignal): Promise<readonly RawLogEntry[]>;
  settings(): FollowerSettings;
  /** A read changed the held list. */
  onMerge(result: PollResult): void;
  onStatus(status: FollowStatus): void;
  /** A read failed (for the log); `consecutive` counts failures in a row. */
  onError?(error: unknown, consecutive: number): void;
  timers?: Timers;
  now?: () => number;
}

/** Longest wait between two attempts after failures. */
export const MAX_BACKOFF_MS = 60_000;

/** Errors a later attempt cannot fix by itself. */
const NOT_RETRIED = new Set(['unauthorized', 'forbidden', 'notFound', 'validation']);

export function isRetriedError(error: unknown): boolean {
  return !(error instanceof PlatformError && NOT_RETRIED.has(error.kind));
}

/** Wait before the attempt after `failures` failures in a row: the interval doubled each time, at most a minute. */
export function backoffMs(intervalMs: number, failures: number): number {
  return Math.min(MAX_BACKOFF_MS, Math.max(intervalMs, 1000) * 2 ** Math.max(0, failures));
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class LogFollower {
  readonly tail: LogTail;
  private follow = true;
  private visible: boolean;
  private blockedReason: string | undefined;
  private timer: unknown;
  private inFlight: AbortController | undefined;
  private failures = 0;
  private lastError: { message: string; autoRetry: boolean; signIn: boolean } | undefined;
  private lastReadAt: number | undefined;
  private lastLimit: number | undefined;
  private reads = 0;
  private disposed = false;
  private readonly timers: Timers;
  private readonly now: () => number;

  constructor(
    private readonly deps: FollowerDeps,
    options: { maxLines: number; visible?: boolean; limits?: () => string },
  ) {
    this.tail = new LogTail(options.maxLines, options.limits);
    this.visible = options.visible ?? true;
    this.timers = deps.timers ?? defaultTimers;
    this.now = deps.now ?? Date.now;
  }

  /** Reads at once (when wanted), then keeps following. */
  start(): void {
    this.kick();
  }

  get wanted(): boolean {
    return !this.disposed && this.follow && this.visible && this.blockedReason === undefined;
  }

  /** Reads that completed, failed or not. */
  get readCount(): number {
    return this.reads;
  }

  get following(): boolean {
    return this.follow;
  }

  /** No read on its way and none scheduled: nothing is read until something wakes it (tests await this). */
  get idle(): boolean {
    return this.timer === undefined && this.inFlight === undefined;
  }

  setVisible(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    this.kick();
  }

  setFollow(on: boolean): void {
    if (this.follow === on) return;
    this.follow = on;
    if (on) this.lastError = this.lastError && { ...this.lastError, autoRetry: true };
    this.kick();
  }

  /** A reason not to read (another connection is active, signed out), or undefined to go on. */
  setBlocked(reason: string | undefined): void {
    if (this.blockedReason === reason) return;
    this.blockedReason = reason;
    if (reason === undefined && this.lastError) this.lastError = { ...this.lastError, autoRetry: true };
    this.kick();
  }

  /** Retry by hand: at once, whatever the backoff or a stop said. */
  retryNow(): void {
    if (this.lastError) this.lastError = { ...this.lastError, autoRetry: true };
    this.clearTimer();
    this.kick(true);
  }

  /** Reads now (or schedules the next read) if following is wanted; otherwise says why not. */
  private kick(force = false): void {
    if (this.disposed) return;
    this.clearTimer();
    if (!this.wanted) return this.publish();
    if (this.inFlight) return this.publish(); // its end schedules the next read
    if (!force && this.lastError && !this.lastError.autoRetry) return this.publish();
    void this.read();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (!this.wanted) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (this.wanted && !this.inFlight) void this.read();
    }, ms);
  }

  private async read(): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    this.publish();
    const settings = this.deps.settings();
    try {
      const result = await pollInto(
        this.tail,
        async (limit) => (await this.deps.fetch(limit, controller.signal)).map(toLogLine),
        settings.limit,
        settings.maxLimit,
      );
      if (this.disposed) return;
      this.failures = 0;
      this.lastError = undefined;
      this.lastReadAt = this.now();
      this.lastLimit = result.limit;
      if (result.ops.length > 0) this.deps.onMerge(result);
    } catch (error) {
      if (this.disposed) return;
      this.failures++;
      const autoRetry = isRetriedError(error);
      this.lastError = {
        message: error instanceof Error ? error.message : String(error),
        autoRetry,
        signIn: error instanceof PlatformError && error.kind === 'unauthorized',
      };
      this.deps.onError?.(error, this.failures);
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
      this.reads++;
    }
    if (this.disposed) return;
    if (!this.lastError) this.schedule(this.deps.settings().intervalMs);
    else if (this.lastError.autoRetry) this.schedule(backoffMs(this.deps.settings().intervalMs, this.failures));
    this.publish();
  }

  status(): FollowStatus {
    const settings = this.deps.settings();
    const base: FollowStatus = {
      state: 'following',
      follow: this.follow,
      intervalSeconds: settings.intervalMs / 1000,
      limit: settings.limit,
      ...(this.lastReadAt !== undefined && { lastReadAt: new Date(this.lastReadAt).toISOString() }),
      ...(this.lastLimit !== undefined && { lastLimit: this.lastLimit }),
      ...(this.tail.droppedCount > 0 && { dropped: this.tail.droppedCount }),
    };
    const error = this.lastError;
    const paused = !this.follow ? 'Paused: Follow is off' : (this.blockedReason ?? (!this.visible ? 'Paused while the panel is hidden' : undefined));
    if (paused) return { ...base, state: 'paused', reason: paused, ...(error && { error: error.message, signIn: error.signIn }) };
    if (error && !error.autoRetry) {
      return {
        ...base,
        state: 'stopped',
        error: error.message,
        signIn: error.signIn,
        reason: 'Following stopped: retrying would not help. Fix the cause, then Retry.',
      };
    }
    if (error && !this.inFlight) {
      return {
        ...base,
        state: 'retrying',
        error: error.message,
        signIn: error.signIn,
        retryInSeconds: Math.round(backoffMs(settings.intervalMs, this.failures) / 1000),
      };
    }
    if (this.inFlight && this.lastReadAt === undefined && this.tail.size === 0) return { ...base, state: 'loading', ...(error && { error: error.message }) };
    return { ...base, ...(error && { state: 'retrying', error: error.message, signIn: error.signIn }) };
  }

  private publish(): void {
    if (!this.disposed) this.deps.onStatus(this.status());
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clearTimer();
    this.inFlight?.abort();
    this.inFlight = undefined;
  }
}
