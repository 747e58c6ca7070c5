// Live pricing: each change waits a short pause, the request in flight is aborted, and only
// the newest request's answer is delivered (an older answer that arrives late is dropped, even
// if the server ignored the abort). The pause follows the person's typing (AdaptivePause): a
// little longer than their usual gap between keystrokes, never longer than the debounce.
// No `vscode` here, so it is unit tested with fake timers.

export interface LatestOnlyHandlers<I, O> {
  /** The request for `input` is about to be sent. */
  onSend?(input: I, sequence: number): void;
  onResult(output: O, input: I, sequence: number): void;
  /** Not called for aborted requests. */
  onError(error: unknown, input: I, sequence: number): void;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Milliseconds now (default Date.now). */
  now?(): number;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * How long to wait after a change before pricing it: until a few changes are seen, `max`; then
 * 1.4 × the person's usual gap between changes (the 75th percentile of the last six gaps under a
 * second), between `min` and `max`. Someone typing 60–120 ms apart gets about 150 ms instead of
 * the full debounce, so the final price comes sooner without a request per keystroke.
 */
export class AdaptivePause {
  private last: number | undefined;
  private readonly gaps: number[] = [];

  constructor(
    private readonly max: number,
    private readonly min = Math.min(120, max),
  ) {}

  /** Called at each change (at `now`): the pause before sending it. */
  next(now: number): number {
    if (this.last !== undefined) {
      const gap = now - this.last;
      if (gap >= 0 && gap < 1000) {
        this.gaps.push(gap);
        if (this.gaps.length > 6) this.gaps.shift();
      }
    }
    this.last = now;
    if (this.gaps.length < 3) return this.max;
    const sorted = [...this.gaps].sort((a, b) => a - b);
    const usual = sorted[Math.floor((sorted.length - 1) * 0.75)]!;
    return Math.min(this.max, Math.max(this.min, Math.round(usual * 1.4)));
  }
}

/** What the Price Preview session asks of its request scheduler. */
export interface PriceRequester<I> {
  /** Sends `input` (after the debounce, if any); returns its sequence number. */
  schedule(input: I, debounceMs?: number): number;
  /** Drops what is pending; returns the next sequence number. */
  cancel(): number;
  /** True while a request is waiting for its debounce or its answer. */
  readonly busy: boolean;
  dispose(): void;
}

export class LatestOnly<I, O> implements PriceRequester<I> {
  private sequence = 0;
  private timer: unknown;
  private inFlight: AbortController | undefined;
  private disposed = false;
  private readonly pause: AdaptivePause;

  constructor(
    private readonly send: (input: I, signal: AbortSignal) => Promise<O>,
    private readonly handlers: LatestOnlyHandlers<I, O>,
    debounceMs: number,
    private readonly timers: Timers = realTimers,
  ) {
    this.pause = new AdaptivePause(debounceMs);
  }

  /**
   * Sends `input` after `debounceMs` (0: at once; default: the adaptive pause), replacing
   * whatever was pending or in flight.
   */
  schedule(input: I, debounceMs = this.pause.next(this.timers.now?.() ?? Date.now())): number {
    const sequence = this.cancel();
    if (this.disposed) return sequence;
    const fire = () => {
      this.timer = undefined;
      void this.fire(input, sequence);
    };
    if (debounceMs <= 0) fire();
    else this.timer = this.timers.set(fire, debounceMs);
    return sequence;
  }

  /** Drops the pending and the in-flight request; their answers will not be delivered. */
  cancel(): number {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
    return ++this.sequence;
  }

  /** True while a request is waiting for its debounce or its answer. */
  get busy(): boolean {
    return this.timer !== undefined || this.inFlight !== undefined;
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private async fire(input: I, sequence: number): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    const current = () => !this.disposed && sequence === this.sequence;
    try {
      this.handlers.onSend?.(input, sequence);
      const output = await this.send(input, controller.signal);
      if (current()) this.handlers.onResult(output, input, sequence);
    } catch (error) {
      if (current() && !controller.signal.aborted) this.handlers.onError(error, input, sequence);
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }
}
