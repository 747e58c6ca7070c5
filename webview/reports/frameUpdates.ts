// Draws at most once per frame, however many messages asked for it: a read of 500,000 rows sends
// dozens, and each draw costs the same whatever the rows. A hidden panel gets no frames, so a
// timer draws anyway after MAX_WAIT_MS (the counts and the state attributes stay current).
const MAX_WAIT_MS = 100;

export class FrameUpdates {
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly update: () => void) {}

  /** An update at the next frame (or after MAX_WAIT_MS without one); more requests before it join it. */
  request(): void {
    if (this.frame !== undefined || this.timer !== undefined) return;
    this.frame = requestAnimationFrame(() => this.run());
    this.timer = setTimeout(() => this.run(), MAX_WAIT_MS);
  }

  cancel(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = this.timer = undefined;
  }

  private run(): void {
    this.cancel();
    this.update();
  }
}
