// What moved the log list: the person (its offset changed while its height stayed) or the layout
// (its height changed: a narrower panel, a status line that wraps). Only the person stops the
// list following its newest line; after a layout change, a following list shows it again.

export class ViewportWatch {
  private scrollTop = 0;
  private height = 0;
  private readonly observer: ResizeObserver;

  constructor(
    private readonly viewport: HTMLElement,
    onResized: () => void,
  ) {
    // A new height may move no row the virtualizer draws (the newest rows stay in its range), so
    // nothing else would tell the page.
    this.observer = new ResizeObserver(() => {
      this.height = viewport.clientHeight;
      onResized();
    });
    this.observer.observe(viewport);
  }

  /** The offset this page set, or saw in a scroll event it handled. */
  seen(): void {
    this.scrollTop = this.viewport.scrollTop;
  }

  /** The offset moved since it was last seen: the person's scroll, its event not handled yet. */
  movedSinceSeen(): boolean {
    return this.viewport.scrollTop !== this.scrollTop;
  }

  /** For a scroll event: whether the height changed since it was last seen (the layout's doing). */
  resizedSinceSeen(): boolean {
    const resized = this.viewport.clientHeight !== this.height;
    this.height = this.viewport.clientHeight;
    this.seen();
    return resized;
  }

  dispose(): void {
    this.observer.disconnect();
  }
}
