// The DDoS Attacks view's rows, a page at a time: the first page with the filters' range fixed as
// it is read (Load more pages that same set), and the minute's re-read of the newest page merged in
// (new attacks first, known ones updated in place), so 10,000 rows in hand cost one request a minute.
import type { BoundConnection } from '../../connections/connectionManager';
import type { EventLogsQuery } from '../../schema/ddosEvents';
import { filterQuery, type AttackFilters } from './model/attackFilters';
import { attackRow, ongoingFirst, type AttackRow } from './model/attackRows';

/** Rows asked for per page: VS Code builds a row for each one a page adds (PAGE_MAX 500 would be 500 rows a click). */
export const ATTACK_PAGE_SIZE = 100;
/** The largest page the platform serves (Go to… reads the whole list at it). */
export const ATTACK_PAGE_MAX = 500;

export type AttackQuery = Pick<EventLogsQuery, 'date_from' | 'date_to' | 'alert_type' | 'targeted_ip_addresses'>;

/** What a re-read of the newest page found: attacks not seen before, and known ones whose event changed. */
export interface Merged {
  added: AttackRow[];
  changed: AttackRow[];
}

const same = (a: AttackRow, b: AttackRow) => JSON.stringify(a.event) === JSON.stringify(b.event);

export class AttackPages {
  /** In the view's order: the ongoing attacks of the first page first, then newest first; later pages after. */
  rows: AttackRow[] = [];
  /** How many the first page's set holds (the server's count). */
  count: number | undefined;
  /** Attacks the re-reads added since the first page (newer than its set). */
  arrived = 0;
  /** The range and filters of the first page (Load more asks the same set). */
  query: AttackQuery = {};
  /** The next offset in that set; undefined when it is all read. */
  next: number | undefined;
  /** A later page's failure: the Load more row becomes its Retry. */
  moreError: unknown;
  private readonly byId = new Map<string, AttackRow>();

  /** The list's length as far as it is known: the first page's set and what arrived since. */
  get total(): number | undefined {
    return this.count === undefined ? undefined : this.count + this.arrived;
  }

  /** The first page again, with the range up to now. */
  async first(bound: BoundConnection, filters: AttackFilters, nowMs: number): Promise<void> {
    const query = filterQuery(filters, nowMs);
    const answer = await bound.api.security.listDdosEvents({
      params: {},
      query: { ...query, ordering: '-attack_start_time', limit: ATTACK_PAGE_SIZE, offset: 0 },
    });
    const rows = answer.results.map(attackRow);
    this.query = query;
    this.rows = ongoingFirst(rows);
    this.byId.clear();
    for (const row of rows) this.byId.set(row.id, row);
    this.count = answer.count ?? undefined;
    this.arrived = 0;
    this.next = this.nextOffset(0, rows.length);
    this.moreError = undefined;
  }

  /** The next page of the same set, appended (rows already in hand skipped). */
  async more(bound: BoundConnection): Promise<void> {
    const offset = this.next;
    if (offset === undefined) return;
    try {
      const answer = await bound.api.security.listDdosEvents({
        params: {},
        query: { ...this.query, ordering: '-attack_start_time', limit: ATTACK_PAGE_SIZE, offset },
      });
      const added = answer.results.map(attackRow).filter((r) => !this.byId.has(r.id));
      for (const row of added) this.byId.set(row.id, row);
      this.rows = [...this.rows, ...added];
      this.count = answer.count ?? this.count;
      this.next = this.nextOffset(offset, answer.results.length);
      this.moreError = undefined;
    } catch (error) {
      this.moreError = error;
      throw error;
    }
  }

  /**
   * The newest page again (the range moved on to now): attacks not in hand go first (the ongoing
   * ones among them first), a known attack whose event changed is replaced where it is.
   */
  async reread(bound: BoundConnection, filters: AttackFilters, nowMs: number): Promise<Merged> {
    const query = filterQuery(filters, nowMs);
    const answer = await bound.api.security.listDdosEvents({
      params: {},
      query: { ...query, ordering: '-attack_start_time', limit: ATTACK_PAGE_SIZE, offset: 0 },
    });
    const added: AttackRow[] = [];
    const changed: AttackRow[] = [];
    const replaced = new Map<string, AttackRow>();
    for (const row of answer.results.map(attackRow)) {
      const known = this.byId.get(row.id);
      if (!known) added.push(row);
      else if (!same(known, row)) {
        changed.push(row);
        replaced.set(row.id, row);
      }
      this.byId.set(row.id, row);
    }
    if (replaced.size > 0) this.rows = this.rows.map((r) => replaced.get(r.id) ?? r);
    if (added.length > 0) {
      this.rows = [...ongoingFirst(added), ...this.rows];
      this.arrived += added.length;
    }
    return { added, changed };
  }

  private nextOffset(offset: number, read: number): number | undefined {
    const next = offset + read;
    if (read === 0) return undefined;
    if (this.count !== undefined) return next < this.count ? next : undefined;
    return read >= ATTACK_PAGE_SIZE ? next : undefined;
  }
}
