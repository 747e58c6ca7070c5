// When a view reads again on its own (pinned edge clients, DDoS attacks): every interval while it is visible,
// paused while it is hidden, and due at once on showing again when a refresh was missed.
// No VS Code here: visibility and time come in, so the rules are tested with a fake clock.

export interface RefreshScheduleDeps {
  /** Whether the view is visible now. */
  visible(): boolean;
  /** The interval in ms; 0 or less turns auto-refresh off. */
  intervalMs(): number;
  /** The refresh itself; the next one is timed from when it ends. */
  tick(): Promise<unknown>;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Intervals shorter than this are raised to it (a typo must not flood the platform). */
export const MIN_REFRESH_INTERVAL_MS = 1000;

export class RefreshSchedule {
  private timer: unknown;
  private running = false;
  private last: number;
  private disposed = false;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: RefreshScheduleDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.last = this.now();
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
    this.timer = this.setTimer(() => void this.fire(), due);
  }

  get scheduled(): boolean {
    return this.timer !== undefined;
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
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
  }
}
