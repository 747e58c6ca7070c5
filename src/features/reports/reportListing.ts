// The account's report tasks as the platform lists them (paths.md §2): newest first, a page at a
// time, filtered by status on the server; read again every few seconds while one of them runs
// (one list request, not one per task). A server without the list (404: a spec-only server) is
// remembered and the view shows the tasks followed here alone, as before.
import type { BoundConnection } from '../../connections/connectionManager';
import type { ReportTask } from '../../schema/billing';
import { nextOffset } from '../../schema/paging';
import { isActiveReport, type ReportStatus } from './model/reportTasks';
import { valueText } from '../../schema/valueText';
import { realClock, type ScheduleClock } from '../../ui/refreshSchedule';

export const REPORTS_PAGE = 50;
export const LISTED_RUNNING_REFRESH_MS = 5000;

export class ReportListing {
  /** Undefined until the server answered once; false: it has no list (followed tasks only). */
  available: boolean | undefined;
  tasks: ReportTask[] = [];
  total: number | undefined;
  next: number | undefined;
  error: unknown;
  loading = false;
  status: ReportStatus | undefined;
  pageSize = REPORTS_PAGE;
  private generation = 0;
  private first: Promise<void> | undefined;
  private timer: unknown;

  constructor(
    private readonly bind: () => Promise<BoundConnection | undefined>,
    private readonly changed: () => void,
    private readonly logError: (what: string, error: unknown) => void,
    /** The view is visible: only then is a running task's list read again. */
    private readonly visible: () => boolean,
    private readonly refreshMs = LISTED_RUNNING_REFRESH_MS,
    /** Timers: the real ones, or a clock a test moves by hand. */
    private readonly clock: Pick<ScheduleClock, 'setTimer' | 'clearTimer'> = realClock,
  ) {}

  reset(): void {
    this.generation++;
    this.stopTimer();
    this.available = undefined;
    this.tasks = [];
    this.total = this.next = undefined;
    this.error = undefined;
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
    this.changed();
  }

  setStatus(status: ReportStatus | undefined): Promise<void> {
    this.status = status;
    this.tasks = [];
    return this.reload();
  }

  /**
   * `quiet`: a running task's turn. The view shows no progress for it and is told only when the
   * answer differs: redrawn every few seconds, it would swallow clicks (a row opened as the list
   * is redrawn stays closed) and make a screen reader read the list again.
   */
  private async read(offset: number, quiet = false): Promise<void> {
    const generation = offset === 0 ? ++this.generation : this.generation;
    this.stopTimer();
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (bound.lists.isMissing('listReports')) {
      this.available = false;
      return this.changed();
    }
    const before = quiet ? this.shown() : undefined;
    this.loading = !quiet;
    if (!quiet) this.changed();
    try {
      const query = { ordering: '-created_at' as const, limit: this.pageSize, offset, ...(this.status ? { status: this.status } : {}) };
      const page = await bound.api.billing.listReports({ params: {}, query });
      if (generation !== this.generation) return;
      this.available = true;
      this.error = undefined;
      this.tasks = offset === 0 ? page.results : [...this.tasks, ...page.results.filter((t) => !this.tasks.some((k) => k.uuid === t.uuid))];
      this.total = page.count ?? undefined;
      this.next = nextOffset(offset, page.results.length, this.total, this.pageSize);
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listReports', error)) this.available = false;
      else {
        this.available ??= true;
        this.error = error;
        this.logError('Could not load the report tasks', error);
      }
    } finally {
      if (generation === this.generation) this.loading = false;
    }
    if (before === undefined || this.shown() !== before) this.changed();
    this.schedule(generation);
  }

  /** What the view shows of the listing, as text (to tell whether a quiet read changed it). */
  private shown(): string {
    const { available, tasks, total, next, error, status } = this;
    return JSON.stringify({ available, tasks, total, next, status, error: error === undefined ? undefined : valueText(error) });
  }

  /** While a listed task runs (and the view shows), the first page is read again in a moment. */
  private schedule(generation: number): void {
    if (!this.tasks.some((t) => isActiveReport(t))) return;
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
