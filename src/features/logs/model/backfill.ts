// A reset's older chunks on their way to the page: one posted per turn of the event loop (a
// million lines are twenty chunks, each encoded as it is taken, so the extension host is never
// blocked for the whole), and the reads merged meanwhile held back and posted after the last
// chunk, in order: their changes refer to the whole list, which the page has only then.

export class Backfill<Chunk, Read> {
  private readonly reads: Read[] = [];
  private state: 'waiting' | 'running' | 'done' | 'cancelled' = 'waiting';

  constructor(
    private readonly chunks: Iterator<Chunk>,
    private readonly postChunk: (chunk: Chunk) => void,
    private readonly postRead: (read: Read) => void,
    private readonly schedule: (step: () => void) => void = (step) => void setImmediate(step),
  ) {}

  /** Posts the chunks, the first on the next turn (what was posted before them leaves first). */
  start(): void {
    if (this.state !== 'waiting') return;
    this.state = 'running';
    this.schedule(() => this.step());
  }

  /** Holds a read until the last chunk is posted; false when none is pending (post it now). */
  hold(read: Read): boolean {
    if (this.state !== 'waiting' && this.state !== 'running') return false;
    this.reads.push(read);
    return true;
  }

  /** A newer reset or a closed panel: no more chunks, and the held reads are dropped (a reset carries them). */
  cancel(): void {
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
    this.postChunk(next.value);
    this.schedule(() => this.step());
  }
}
