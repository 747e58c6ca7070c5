// Live pricing: each change waits a short debounce, the request in flight is aborted, and only
// the newest request's answer is delivered (an older answer that arrives late is dropped, even
// if the server ignored the abort). No `vscode` here, so it is unit tested with fake timers.

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
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

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

  constructor(
    private readonly send: (input: I, signal: AbortSignal) => Promise<O>,
    private readonly handlers: LatestOnlyHandlers<I, O>,
    private readonly debounceMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Sends `input` after the debounce (0: at once), replacing whatever was pending or in flight. */
  schedule(input: I, debounceMs = this.debounceMs): number {
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
