// A reset's older chunks on their way to the page: made in steps, one per turn of the event loop
// (a million lines are twenty chunks, each packed in slices as it is taken, then deflated off the
// thread, so the extension host is never held for long: the connection carrying what was already
// posted needs turns of it too), posted in order, one made at a time (making the next while one
// is deflated gains nothing: the cores are busy with the crossing), and the reads
// merged meanwhile held back and posted after the last chunk, in order: their changes refer to
// the whole list, which the page has only then.

/**
 * From how many older lines a reset's chunks wait until the page says its newest rows are painted
 * (the megabytes crossing would take the cores that first paint needs). Below it they leave at
 * once: 100,000 lines are all held sooner that way (the wait is a round trip to the page).
 */
export const WAIT_FOR_PAINT_LINES = 200_000;
/** The longest they wait for that word (a page that never says is sent them anyway). */
export const WAIT_FOR_PAINT_MS = 1_000;

/** Whether a reset with this many older lines has them wait for the page's paint. */
export const awaitsPaint = (pending: number): boolean => pending >= WAIT_FOR_PAINT_LINES;

/** Runs `fn` after `ms` (a timer that keeps no process alive); returns its cancel. */
const after = (ms: number, fn: () => void): (() => void) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export class Backfill<Chunk, Read> {
  private readonly reads: Read[] = [];
  private state: 'waiting' | 'running' | 'done' | 'cancelled' = 'waiting';
  /** Cancels the wait for the page's paint (startWhenPainted). */
  private stopWaiting: (() => void) | undefined;

  constructor(
    /** Each step: `undefined` (work done, no chunk yet), a chunk, or a chunk still being made. */
    private readonly chunks: Iterator<Chunk | Promise<Chunk> | undefined>,
    private readonly postChunk: (chunk: Chunk) => void,
    private readonly postRead: (read: Read) => void,
    private readonly schedule: (step: () => void) => void = (step) => void setImmediate(step),
    private readonly timer: (ms: number, fn: () => void) => () => void = after,
  ) {}

  /** What started it: the caller at once, the page's paint, or the wait for it running out. */
  startedBy: 'caller' | 'paint' | 'timeout' | undefined;

  /** Posts the chunks, the first on the next turn (what was posted before them leaves first); once. */
  start(by: 'caller' | 'paint' | 'timeout' = 'caller'): void {
    if (this.state !== 'waiting') return;
    this.state = 'running';
    this.startedBy = by;
    this.stopWaiting?.();
    this.schedule(() => this.step());
  }

  /** Starts when the page says the reset's newest rows are painted (painted()), or after `timeoutMs` if it never does. */
  startWhenPainted(timeoutMs = WAIT_FOR_PAINT_MS): void {
    if (this.state !== 'waiting' || this.stopWaiting) return;
    this.stopWaiting = this.timer(timeoutMs, () => this.start('timeout'));
  }

  /** The page painted the reset's newest rows. */
  painted(): void {
    if (this.stopWaiting) this.start('paint');
  }

  /** Holds a read until the last chunk is posted; false when none is pending (post it now). */
  hold(read: Read): boolean {
    if (this.state !== 'waiting' && this.state !== 'running') return false;
    this.reads.push(read);
    return true;
  }

  /** A newer reset or a closed panel: no more chunks, and the held reads are dropped (a reset carries them). */
  cancel(): void {
    this.stopWaiting?.();
    if (this.state === 'done') return;
    this.state = 'cancelled';
    this.reads.length = 0;
  }

  get pending(): boolean {
    return this.state === 'waiting' || this.state === 'running';
  }

  private step(): void {
    if (this.state !== 'running') return;
    const next = this.chunks.next();
    if (next.done) {
      this.state = 'done';
      for (const read of this.reads.splice(0)) this.postRead(read);
      return;
    }
    const value = next.value;
    if (value instanceof Promise) {
      // A chunk that could not be made ends the backfill (the page keeps what it has).
      void value.then(
        (chunk) => this.post(chunk),
        () => this.cancel(),
      );
      return;
    }
    if (value === undefined) this.schedule(() => this.step());
    else this.post(value);
  }

  private post(chunk: Chunk): void {
    if (this.state !== 'running') return;
    this.postChunk(chunk);
    this.schedule(() => this.step());
  }
}
