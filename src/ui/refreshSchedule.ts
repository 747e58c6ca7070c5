// When a view reads again on its own (pinned edge clients, DDoS attacks): every interval while it is visible,
// paused while it is hidden, and due at once on showing again when a refresh was missed.
// No VS Code here: visibility and time come in, so the rules are tested with a fake clock.

/** Time and timers: the real ones, or a clock a test moves by hand. */
export interface ScheduleClock {
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface RefreshScheduleDeps extends Partial<ScheduleClock> {
  /** Whether the view is visible now. */
  visible(): boolean;
  /** The interval in ms; 0 or less turns auto-refresh off. */
  intervalMs(): number;
  /** The refresh itself; the next one is timed from when it ends. */
  tick(): Promise<unknown>;
}

export const realClock: ScheduleClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

/** Intervals shorter than this are raised to it (a typo must not flood the platform). */
export const MIN_REFRESH_INTERVAL_MS = 1000;

export class RefreshSchedule {
  private timer: unknown;
  private running = false;
  private last: number;
  private disposed = false;
  private clock: ScheduleClock;

  constructor(private readonly deps: RefreshScheduleDeps) {
    this.clock = { now: deps.now ?? realClock.now, setTimer: deps.setTimer ?? realClock.setTimer, clearTimer: deps.clearTimer ?? realClock.clearTimer };
    this.last = this.now();
  }

  private now(): number {
    return this.clock.now();
  }

  /**
   * Runs the schedule on another clock from now on (the integration tests move one by hand);
   * undefined: the real one. The next refresh is timed from the switch.
   */
  useClock(clock: ScheduleClock | undefined): void {
    this.cancel();
    this.clock = clock ?? realClock;
    this.last = this.now();
    this.update();
  }

  /** The interval actually used (0: off). */
  interval(): number {
    const ms = this.deps.intervalMs();
    if (!Number.isFinite(ms) || ms <= 0) return 0;
    return Math.max(MIN_REFRESH_INTERVAL_MS, ms);
  }

  /** A refresh happened by other means (manual, first load): the next one is an interval later. */
  markRefreshed(): void {
    this.last = this.now();
    this.update();
  }

  /** Re-reads visibility and interval; call on every change of either. */
  update(): void {
    this.cancel();
    if (this.disposed || this.running || !this.deps.visible()) return;
    const interval = this.interval();
    if (interval === 0) return;
    const due = Math.max(0, this.last + interval - this.now());
    this.timer = this.clock.setTimer(() => void this.fire(), due);
  }

  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** A refresh is running now (the next is scheduled when it ends). */
  get refreshing(): boolean {
    return this.running;
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    if (this.disposed || !this.deps.visible()) return;
    this.running = true;
    try {
      await this.deps.tick();
    } catch {
      // The tick reports its own failures (as nodes); the schedule goes on.
    } finally {
      this.running = false;
      this.last = this.now();
      this.update();
    }
  }

  private cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
  }
}
