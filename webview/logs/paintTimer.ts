// Read by the benchmark: how long a data message takes from its arrival in the page (and from its
// posting in the extension, clocks of one machine) to the paint that shows it, written into the
// page element's data attributes (resetPaintMs, resetTotalMs, opsPaintMs, opsTotalMs, backfillTotalMs),
// and from the page's start to its first rows (openPaintMs: what a person opening the panel waits).
// It also tells the page when a message's rows were painted (painted()).
/** The longest a message waits for the paint of the one before it. */
const MAX_WAIT_MS = 100;

export class PaintTimer {
  private start: number | undefined;
  private showPainted: (() => void) | undefined;
  private kind: 'reset' | 'ops' = 'reset';
  /** When the extension posted the message (Date.now() there): post -> painted, transfer included. */
  private sentAt = 0;
  private resetSentAt = 0;

  /** When this page started (its script ran): the person's wait for the first rows counts from here. */
  private readonly pageStart = performance.now();

  constructor(private readonly dataset: DOMStringMap) {}

  arrived(kind: 'reset' | 'ops', sentAt: number): void {
    this.start = performance.now();
    this.showPainted?.();
    this.showPainted = undefined;
    this.kind = kind;
    this.sentAt = sentAt;
    if (kind === 'reset') {
      this.resetSentAt = sentAt;
      delete this.dataset.backfillSteps;
    }
  }

  /** An older chunk of the reset: when it was posted, reached the page, was inflated and was applied, ms after the reset's posting. */
  chunk(posted: number, received: number, inflated: number): void {
    const steps = this.dataset.backfillSteps ? `${this.dataset.backfillSteps} ` : '';
    const t = this.resetSentAt;
    this.dataset.backfillSteps = `${steps}${posted - t}/${received - t}/${inflated - t}/${Date.now() - t}`;
  }

  /** The last of a reset's older lines arrived. */
  backfillDone(): void {
    this.dataset.backfillTotalMs = String(Date.now() - this.resetSentAt);
  }

  /**
   * Settles once the rows of the message that just arrived were painted (the task after the next
   * frame), or after `MAX_WAIT_MS` if no frame comes (a hidden panel draws none): what waits for it
   * (a reset's older chunks, inbox.ts) does not hold up the first rows a person sees.
   */
  painted(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_WAIT_MS);
      this.showPainted = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The page rendered: the next frame is the paint. */
  rendered(): void {
    const showPainted = this.showPainted;
    this.showPainted = undefined;
    if (showPainted) requestAnimationFrame(() => setTimeout(showPainted, 0));
    if (this.start === undefined) return;
    const { start, kind, sentAt } = this;
    this.start = undefined;
    requestAnimationFrame(() => {
      this.dataset[kind === 'reset' ? 'resetPaintMs' : 'opsPaintMs'] = (performance.now() - start).toFixed(1);
      this.dataset[kind === 'reset' ? 'resetTotalMs' : 'opsTotalMs'] = String(Date.now() - sentAt);
      if (kind === 'reset') this.dataset.openPaintMs ??= (performance.now() - this.pageStart).toFixed(0);
    });
  }
}
