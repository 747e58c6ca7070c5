// Read by the benchmark: how long a data message takes from its arrival in the page (and from its
// posting in the extension, clocks of one machine) to the paint that shows it, written into the
// page element's data attributes (resetPaintMs, resetTotalMs, opsPaintMs, opsTotalMs, backfillTotalMs).
export class PaintTimer {
  private start: number | undefined;
  private kind: 'reset' | 'ops' = 'reset';
  /** When the extension posted the message (Date.now() there): post -> painted, transfer included. */
  private sentAt = 0;
  private resetSentAt = 0;

  constructor(private readonly dataset: DOMStringMap) {}

  arrived(kind: 'reset' | 'ops', sentAt: number): void {
    this.start = performance.now();
    this.kind = kind;
    this.sentAt = sentAt;
    if (kind === 'reset') {
      this.resetSentAt = sentAt;
      delete this.dataset.backfillSteps;
    }
  }

  /** An older chunk of the reset: when it arrived and when it was applied, ms after the reset's posting. */
  chunk(arrived: number): void {
    const steps = this.dataset.backfillSteps ? `${this.dataset.backfillSteps} ` : '';
    this.dataset.backfillSteps = `${steps}${arrived - this.resetSentAt}/${Date.now() - this.resetSentAt}`;
  }

  /** The last of a reset's older lines arrived. */
  backfillDone(): void {
    this.dataset.backfillTotalMs = String(Date.now() - this.resetSentAt);
  }

  /** The page rendered: the next frame is the paint. */
  rendered(): void {
    if (this.start === undefined) return;
    const { start, kind, sentAt } = this;
    this.start = undefined;
    requestAnimationFrame(() => {
      this.dataset[kind === 'reset' ? 'resetPaintMs' : 'opsPaintMs'] = (performance.now() - start).toFixed(1);
      this.dataset[kind === 'reset' ? 'resetTotalMs' : 'opsTotalMs'] = String(Date.now() - sentAt);
    });
  }
}
