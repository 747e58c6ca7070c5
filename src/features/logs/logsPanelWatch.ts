// What Function Logs panels posted to their pages and what started a reset's older chunks: the
// composition root makes one under the tests only (they check what a page was sent), so a
// shipped panel keeps no counters.

/** What started a reset's older chunks (model/backfill.ts), undefined while they wait. */
export type BackfillStart = 'caller' | 'paint' | 'timeout' | undefined;

/** What one panel sent its page so far. */
export interface LogsPageSends {
  /** Whole lists sent (one per load of the page, or a resync). */
  resets: number;
  /** Changes of a read (or of a drop for the memory budget) posted to a listening page; not a reset's older chunks. */
  ops: number;
  /** The last reset: how many held lines it covered, its generation, whether it asked the page to say when painted. */
  lastResetItems: number;
  lastResetGeneration: number;
  lastResetAwaitsPaint: boolean;
  /** What started the last reset's older chunks. */
  backfillStartedBy: BackfillStart;
}

interface Record {
  sends: Omit<LogsPageSends, 'backfillStartedBy'>;
  backfill?: { readonly startedBy: BackfillStart };
}

export class LogsPanelWatch {
  private readonly records = new WeakMap<object, Record>();

  private record(panel: object): Record {
    let record = this.records.get(panel);
    if (!record) {
      record = { sends: { resets: 0, ops: 0, lastResetItems: 0, lastResetGeneration: 0, lastResetAwaitsPaint: false } };
      this.records.set(panel, record);
    }
    return record;
  }

  /** A reset was posted; `backfill` says later what started its older chunks. */
  reset(panel: object, reset: { items: number; generation: number; awaitsPaint: boolean; backfill: { readonly startedBy: BackfillStart } }): void {
    const record = this.record(panel);
    record.sends.resets++;
    record.sends.lastResetItems = reset.items;
    record.sends.lastResetGeneration = reset.generation;
    record.sends.lastResetAwaitsPaint = reset.awaitsPaint;
    record.backfill = reset.backfill;
  }

  /** A read's changes were posted. */
  ops(panel: object): void {
    this.record(panel).sends.ops++;
  }

  /** What `panel` sent so far (a copy). */
  sent(panel: object): LogsPageSends {
    const record = this.record(panel);
    return { ...record.sends, backfillStartedBy: record.backfill?.startedBy };
  }
}
