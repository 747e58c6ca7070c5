// When the DDoS Attacks view reads again on its own: every interval while it is visible and
// signed in; stopped when hidden or signed out, and due at once on showing again when a refresh
// was missed. No VS Code here: visibility and timers come in, so a fake clock tests it.

export interface AttackRefreshDeps {
  /** Visible and signed in. */
  active(): boolean;
  intervalMs: number;
  tick(): Promise<unknown>;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class AttackRefresh {
  private timer: unknown;
  private running = false;
  private disposed = false;
  private last: number;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: AttackRefreshDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.last = this.now();
  }

  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** A read happened by other means (first load, Refresh, a filter): the next is an interval later. */
  markRead(): void {
    this.last = this.now();
    this.update();
  }

  /** Call on every change of visibility or sign-in. */
  update(): void {
    this.cancel();
    if (this.disposed || this.running || !this.deps.active()) return;
    this.timer = this.setTimer(() => void this.fire(), Math.max(0, this.last + this.deps.intervalMs - this.now()));
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    if (this.disposed || !this.deps.active()) return;
    this.running = true;
    try {
      await this.deps.tick();
    } catch {
      // The read shows its own failure (an error row); the schedule goes on.
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
