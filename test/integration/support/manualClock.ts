import type { ScheduleClock } from '../../../src/ui/refreshSchedule';

/** A clock the test moves by hand: its timers run only in `advance`, in the order they fall due. */
export class ManualClock implements ScheduleClock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  readonly now = (): number => this.time;

  readonly setTimer = (run: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), run });
    return id;
  };

  readonly clearTimer = (timer: unknown): void => {
    this.timers.delete(timer as number);
  };

  /** Timers set and not yet run or cleared. */
  get pending(): number {
    return this.timers.size;
  }

  /** How long until the next timer falls due; undefined when none is set. */
  get nextDueIn(): number | undefined {
    const due = Math.min(...[...this.timers.values()].map((t) => t.at));
    return Number.isFinite(due) ? due - this.time : undefined;
  }

  /** Moves time on by `ms`, running each timer that falls due (not the async work it starts: await its state). */
  advance(ms: number): number {
    const end = this.time + ms;
    let ran = 0;
    for (;;) {
      const [id, timer] = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined || !timer) break;
      this.timers.delete(id);
      this.time = timer.at;
      timer.run();
      ran++;
    }
    this.time = end;
    return ran;
  }
}
