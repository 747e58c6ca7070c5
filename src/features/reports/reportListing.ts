// The account's report tasks as the platform lists them (paths.md §2): newest first, a page at a
// time (100, the most the platform serves), filtered by status on the server; the first page read
// again every few seconds while one of them runs (one list request, not one per task) and merged
// into the pages in hand. A server without the list (404: a spec-only server) is remembered and
// the view shows the tasks followed here alone, as before.
import type { BoundConnection } from '../../connections/connectionManager';
import type { ReportTask } from '../../schema/billing';
import { nextOffset } from '../../schema/paging';
import { isActiveReport, type ReportStatus } from './model/reportTasks';
import { valueText } from '../../schema/valueText';
import { realClock, type ScheduleClock } from '../../ui/refreshSchedule';

/** The most billing's list serves a page (billingLists.ts). */
export const REPORTS_PAGE = 100;
export const LISTED_RUNNING_REFRESH_MS = 5000;

export class ReportListing {
  /** Undefined until the server answered once; false: it has no list (followed tasks only). */
  available: boolean | undefined;
  tasks: ReportTask[] = [];
  total: number | undefined;
  next: number | undefined;
  error: unknown;
  /** A later page's failure: the view's Load more row becomes its Retry. */
  moreError: unknown;
  loading = false;
  status: ReportStatus | undefined;
  pageSize = REPORTS_PAGE;
  private generation = 0;
  private first: Promise<void> | undefined;
  private timer: unknown;

  constructor(
    private readonly bind: () => Promise<BoundConnection | undefined>,
    /**
     * What the view shows changed: `rows` true when a running task's re-read changed some tasks
     * (the view redraws only those rows, or its roots when tasks came or went); false: all of it.
     * A later page (loadMore) tells nothing: the view's Load more row redraws once (rowChunks.ts).
     */
    private readonly changed: (rows: boolean) => void,
    private readonly logError: (what: string, error: unknown) => void,
    /** The view is visible: only then is a running task's list read again. */
    private readonly visible: () => boolean,
    private readonly refreshMs = LISTED_RUNNING_REFRESH_MS,
    /** Timers: the real ones, or a clock a test moves by hand. */
    private clock: Pick<ScheduleClock, 'setTimer' | 'clearTimer'> = realClock,
  ) {}

  /** The re-reads' timers on another clock from now on (a test moves one by hand); undefined: the real one. */
  useClock(clock: Pick<ScheduleClock, 'setTimer' | 'clearTimer'> | undefined): void {
    this.stopTimer();
    this.clock = clock ?? realClock;
    this.schedule(this.generation);
  }

  reset(): void {
    this.generation++;
    this.stopTimer();
    this.available = undefined;
    this.tasks = [];
    this.total = this.next = undefined;
    this.error = this.moreError = undefined;
    this.status = undefined;
    this.first = undefined;
  }

  dispose(): void {
    this.generation++;
    this.stopTimer();
  }

  ensure(): Promise<void> {
    this.first ??= this.reload();
    return this.first;
  }

  /** The first page again (Refresh, a new filter, a running task's turn). */
  reload(): Promise<void> {
    this.first = this.read(0);
    return this.first;
  }

  loadMore(): Promise<void> {
    return this.next === undefined || this.loading ? Promise.resolve() : this.read(this.next);
  }

  /** A task deleted on the server: out of the list at once, without reading it again. */
  forget(uuid: string): void {
    const before = this.tasks.length;
    this.tasks = this.tasks.filter((t) => t.uuid.toLowerCase() !== uuid.toLowerCase());
    if (this.tasks.length === before) return;
    if (this.total !== undefined) this.total = Math.max(this.tasks.length, this.total - 1);
    if (this.next !== undefined) this.next = Math.max(0, this.next - 1);
    this.changed(false);
  }

  setStatus(status: ReportStatus | undefined): Promise<void> {
    this.status = status;
    this.tasks = [];
    return this.reload();
  }

  /**
   * `quiet`: a running task's turn. The view shows no progress for it and is told only when the
   * answer differs: redrawn every few seconds, it would swallow clicks (a row opened as the list
   * is redrawn stays closed) and make a screen reader read the list again. A later page (offset >
   * 0) shows no progress either: the view's Load more row does.
   */
  private async read(offset: number, quiet = false): Promise<void> {
    // A new list (first page, Refresh, a filter) leaves the older reads' answers unused; a running
    // task's re-read merges into the list in hand, so a Load more under way still lands.
    const generation = offset === 0 && !quiet ? ++this.generation : this.generation;
    if (offset === 0) this.stopTimer();
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (bound.lists.isMissing('listReports')) {
      this.available = false;
      return this.changed(false);
    }
    const first = offset === 0 && !quiet;
    if (!quiet) this.loading = true;
    if (first) this.changed(false);
    let moved = first;
    try {
      const query = { ordering: '-created_at' as const, limit: this.pageSize, offset, ...(this.status ? { status: this.status } : {}) };
      const page = await bound.api.billing.listReports({ params: {}, query });
      if (generation !== this.generation) return;
      this.available = true;
      if (quiet) moved = this.merge(page.results, page.count ?? undefined);
      else {
        this.error = this.moreError = undefined;
        this.tasks = offset === 0 ? page.results : [...this.tasks, ...page.results.filter((t) => !this.tasks.some((k) => k.uuid === t.uuid))];
        this.total = page.count ?? undefined;
        this.next = nextOffset(offset, page.results.length, this.total, this.pageSize);
      }
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listReports', error)) {
        this.available = false;
        moved = true;
      } else {
        this.available ??= true;
        if (offset > 0) this.moreError = error;
        else if (!quiet) this.error = error;
        moved ||= offset === 0 && !quiet;
        this.logError('Could not load the report tasks', error);
      }
    } finally {
      if (generation === this.generation && !quiet) this.loading = false;
    }
    if (moved) this.changed(quiet);
    if (offset === 0) this.schedule(generation);
  }

  /**
   * A running task's turn: the first page merged into the pages in hand. A task read again replaces
   * its old answer where it is; a new one goes first (the next page's offset moves with it); a task
   * in the page's span that the answer lacks left the list (deleted, or out of the status filter).
   * True when anything the view shows changed.
   */
  private merge(page: ReportTask[], total: number | undefined): boolean {
    const fresh = new Map(page.map((t) => [t.uuid, t]));
    const whole = page.length < this.pageSize;
    const oldest = page.at(-1)?.created_at ?? '';
    let moved = total !== this.total;
    const kept: ReportTask[] = [];
    for (const task of this.tasks) {
      const again = fresh.get(task.uuid);
      fresh.delete(task.uuid);
      if (again) {
        if (valueText(again) !== valueText(task)) moved = true;
        kept.push(valueText(again) === valueText(task) ? task : again);
      } else if (whole || (task.created_at ?? '') < oldest) kept.push(task);
      else moved = true;
    }
    const added = [...fresh.values()];
    if (added.length > 0) moved = true;
    if (this.next !== undefined) this.next += added.length - (this.tasks.length - kept.length);
    this.tasks = [...added, ...kept];
    this.total = total;
    return moved;
  }

  /** While a listed task runs (and the view shows), the first page is read again in a moment. */
  private schedule(generation: number): void {
    if (!this.tasks.some((t) => isActiveReport(t))) return;
    this.stopTimer();
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      if (generation !== this.generation) return;
      if (this.visible()) this.first = this.read(0, true);
      else this.schedule(generation);
    }, this.refreshMs);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
