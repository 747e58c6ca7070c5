// A paged platform list read a page at a time for a picker's "Load more…": every item read so far,
// whether pages are left, and (as the other lists) a list the server lacks answered as unavailable.
import type { EndpointName } from '../schema/endpoints';
import { isListMissing, type Loaded, type PlatformLists } from './platformLists';

export interface ListPage<T> {
  results: T[];
  count?: number | null;
  next?: string | null;
}

export interface ListPagesOptions<T> {
  lists: PlatformLists;
  endpoint: EndpointName;
  /** One page starting at `offset`. */
  read: (offset: number) => Promise<ListPage<T>>;
  /**
   * Whether a 404 is remembered for the connection (the list is missing there). Off where a 404
   * may mean only the parent is unknown (a reseller's settings): then it counts for this read alone.
   */
  rememberMissing?: boolean;
}

export class ListPages<T> {
  private items: T[] = [];
  private next = false;
  private total: number | undefined;

  constructor(private readonly options: ListPagesOptions<T>) {}

  /** The first page again (a new pick, Retry). */
  first(): Promise<Loaded<T>> {
    this.items = [];
    this.next = false;
    this.total = undefined;
    return this.more();
  }

  /** The next page; resolves with every item read so far. Never rejects. */
  async more(): Promise<Loaded<T>> {
    const { lists, endpoint } = this.options;
    if (lists.isMissing(endpoint)) return { unavailable: true };
    try {
      const page = await this.options.read(this.items.length);
      this.items.push(...page.results);
      this.total = typeof page.count === 'number' ? page.count : undefined;
      this.next = Boolean(page.next) && page.results.length > 0 && (this.total === undefined || this.items.length < this.total);
      return { items: [...this.items] };
    } catch (error) {
      const missing = this.options.rememberMissing === false ? isListMissing(error, endpoint) : lists.noteMissing(endpoint, error);
      return missing ? { unavailable: true } : { error };
    }
  }

  hasMore(): boolean {
    return this.next;
  }

  /** "50 of 120 shown" (or "50 shown" when the server gives no total). */
  shown(): string {
    return this.total === undefined ? `${this.items.length} shown` : `${this.items.length} of ${this.total} shown`;
  }
}
