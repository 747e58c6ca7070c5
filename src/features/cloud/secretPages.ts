// One region's secrets, a page at a time (an account may hold thousands): the first page when the
// group opens, Load more after it. Kept per (connection, project, region) until Refresh. The first
// page redraws the group (its count); a later page is redrawn by its Load more row (rowChunks.ts).
import type { BoundConnection } from '../../connections/connectionManager';
import type { SecretItem } from '../../schema/cloudLists';
import { nextOffset } from '../../schema/paging';
import { SECRETS_PAGE_MAX } from './model/secretFilter';

export const SECRETS_PAGE = 100;

export class SecretPages {
  items: SecretItem[] = [];
  total: number | undefined;
  next: number | undefined;
  error: unknown;
  loading = false;
  /** The server has no secrets list (a spec-only server). */
  unavailable = false;
  /** A later page's failure (the first page's is `error`): the Load more row becomes its Retry. */
  moreError: unknown;
  private started: Promise<void> | undefined;
  /** Grows with each first page read: rows built for an older one are not reused. */
  generation = 0;

  constructor(
    private readonly bind: () => Promise<BoundConnection | undefined>,
    private readonly where: { projectId: number; regionId: number },
    private readonly changed: () => void,
    private readonly logError: (what: string, error: unknown) => void,
  ) {}

  /** The first page, read once. */
  ensure(): Promise<void> {
    this.started ??= this.read(0);
    return this.started;
  }

  reload(): Promise<void> {
    this.started = this.read(0);
    return this.started;
  }

  /** The next page; the caller redraws (one redraw per page: LoadMoreNode). */
  loadMore(): Promise<void> {
    return this.next === undefined || this.loading ? Promise.resolve() : this.read(this.next);
  }

  /**
   * Go to…: the pages after those in hand, at the API's largest page, until one holds a secret
   * `wanted` takes or the list ends. Appended in order only once the reads end (a Cancel or a failure
   * keeps nothing); Load more waits meanwhile. The caller redraws once. True when rows were added.
   */
  async readUntil(bound: BoundConnection, wanted: (secret: SecretItem) => boolean, report: (read: string) => void, signal: AbortSignal): Promise<boolean> {
    if (this.loading || this.next === undefined) return false;
    const generation = this.generation;
    const params = { project_id: this.where.projectId, region_id: this.where.regionId };
    const known = new Set(this.items.map((s) => s.id));
    const added: SecretItem[] = [];
    let next: number | undefined = this.next;
    let total = this.total;
    this.loading = true;
    try {
      while (next !== undefined && !signal.aborted) {
        const offset: number = next;
        const page = await bound.api.cloud.listSecrets({ params, query: { limit: SECRETS_PAGE_MAX, offset } }, { signal });
        if (signal.aborted || generation !== this.generation) return false;
        const fresh = page.results.filter((s) => !known.has(s.id));
        for (const s of fresh) known.add(s.id);
        added.push(...fresh);
        total = page.count ?? undefined;
        next = nextOffset(offset, page.results.length, total, SECRETS_PAGE_MAX);
        const read = (this.items.length + added.length).toLocaleString('en-US');
        report(total !== undefined ? `${read} of ${total.toLocaleString('en-US')} read` : `${read} read`);
        if (fresh.some(wanted)) break;
      }
      if (signal.aborted) return false;
      this.items = [...this.items, ...added];
      this.total = total;
      this.next = next;
      this.moreError = undefined;
      return added.length > 0;
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  private async read(offset: number): Promise<void> {
    const generation = offset === 0 ? ++this.generation : this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    this.loading = true;
    try {
      const params = { project_id: this.where.projectId, region_id: this.where.regionId };
      const page = await bound.api.cloud.listSecrets({ params, query: { limit: SECRETS_PAGE, offset } });
      if (generation !== this.generation) return;
      const known = new Set(offset === 0 ? [] : this.items.map((s) => s.id));
      this.items = offset === 0 ? page.results : [...this.items, ...page.results.filter((s) => !known.has(s.id))];
      this.total = page.count ?? undefined;
      this.next = nextOffset(offset, page.results.length, this.total, SECRETS_PAGE);
      this.error = undefined;
      this.moreError = undefined;
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listSecrets', error)) this.unavailable = true;
      else {
        if (offset === 0) this.error = error;
        else this.moreError = error;
        this.logError(`Could not load the secrets of project ${this.where.projectId}, region ${this.where.regionId}`, error);
      }
    } finally {
      if (generation === this.generation) this.loading = false;
    }
    // The first page redraws the group: its count comes with it (the redraw reads the children
    // again from what is kept here, without asking the server again).
    if (offset === 0) this.changed();
  }
}
