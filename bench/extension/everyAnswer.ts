// The naive way to price live, the baseline of bench/pricing.bench.mjs (pricingBaseline.ts): every
// change is sent at once, nothing is aborted, and every answer is delivered as it arrives, in
// whatever order, even one for a form that has changed since. LatestOnly is what the extension uses.
import type { LatestOnlyHandlers, PriceRequester } from '../../src/features/pricing/model/priceRequests';

export class EveryAnswer<I, O> implements PriceRequester<I> {
  private sequence = 0;
  private inFlight = 0;
  private disposed = false;

  constructor(
    private readonly send: (input: I, signal: AbortSignal) => Promise<O>,
    private readonly handlers: LatestOnlyHandlers<I, O>,
  ) {}

  /** Sends at once, whatever is in flight; the debounce is ignored. */
  schedule(input: I): number {
    const sequence = ++this.sequence;
    if (!this.disposed) void this.fire(input, sequence);
    return sequence;
  }

  /** Nothing is aborted: answers already asked for are still delivered. */
  cancel(): number {
    return ++this.sequence;
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  dispose(): void {
    this.disposed = true;
  }

  private async fire(input: I, sequence: number): Promise<void> {
    this.inFlight++;
    try {
      this.handlers.onSend?.(input, sequence);
      const output = await this.send(input, new AbortController().signal);
      if (!this.disposed) this.handlers.onResult(output, input, sequence);
    } catch (error) {
      if (!this.disposed) this.handlers.onError(error, input, sequence);
    } finally {
      this.inFlight--;
    }
  }
}
