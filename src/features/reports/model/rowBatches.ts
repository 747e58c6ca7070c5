// When the rows read so far cross to the Report table page: the first at once (the first paint),
// then by size, up to BATCH_ROWS rows or BATCH_CELLS cells, so a slow download still makes few
// large messages (a message costs the page a draw, the crossing a copy); only a trickle slower
// than SLOW_BATCH_MS per batch is sent by time, so the page's count still moves. No vscode here.
import type { ReportRowCell } from '../../../protocol/packedRows';

export const BATCH_ROWS = 20_000;
/** A wide result's rows are cut sooner: about the bytes of 20,000 rows of 20 cells. */
export const BATCH_CELLS = 400_000;
export const SLOW_BATCH_MS = 1000;

export class RowBatches {
  private held: ReportRowCell[][] = [];
  private cells = 0;
  private sentAny = false;
  private lastSent: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastSent = now();
  }

  /** Holds `rows`; true when the rows held should be sent now (take()). */
  add(rows: readonly ReportRowCell[][]): boolean {
    for (const row of rows) {
      this.held.push(row);
      this.cells += row.length;
    }
    if (this.held.length === 0) return false;
    return !this.sentAny || this.held.length >= BATCH_ROWS || this.cells >= BATCH_CELLS || this.now() - this.lastSent >= SLOW_BATCH_MS;
  }

  get size(): number {
    return this.held.length;
  }

  /** The rows held, handed over once. */
  take(): ReportRowCell[][] {
    const rows = this.held;
    this.held = [];
    this.cells = 0;
    this.sentAny = true;
    this.lastSent = this.now();
    return rows;
  }
}
