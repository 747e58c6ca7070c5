// The Protection Profiles view's pages: the first page where the server pages; the whole list
// where it does not (404/405: a spec-only server, remembered for the connection so it is asked
// once); and the next pages, appended to what is in hand (by Load more and by Go to…).
import type { BoundConnection } from '../../connections/connectionManager';
import type { ProfileListQuery, ProtectionProfile } from '../../schema/security';
import type { Log } from '../../ui/log';
import type { ProfileNode } from './profileNodes';

/** The most the paged list gives in one answer (its `limit`). */
export const PAGE_MAX = 10_000;

/** The list in hand and its rows. */
export interface LoadedList {
  kind: 'loaded';
  /** Every profile read: the pages read so far where the server pages, else the whole array. */
  profiles: ProtectionProfile[];
  /** The rows, kept per profile index until the list is read again: a redraw makes no new node. */
  nodes: (ProfileNode | undefined)[];
  /** Rows shown: all read where the server pages; a page at a time of the whole array otherwise. */
  shown: number;
  /** How many the list holds, where known: the page's count where it pages, else the array's length. */
  total: number | undefined;
  /** The server pages: "Load more" asks it for the next page. */
  paged: boolean;
  /** The server has pages after those read (paged only). */
  more: boolean;
}

/** What the view holds: nothing yet, a load running, its error, or the list with its rows. */
export type LoadState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; error: unknown } | LoadedList;

/** Rows are left to show: in hand, or on the server's next pages. */
export function hasMore(list: LoadedList): boolean {
  return list.shown < list.profiles.length || (list.paged && list.more);
}

export interface FirstPageAsk {
  /** The page query (filters, order, limit, offset 0) and the whole list's query (filters and order). */
  paged: ProfileListQuery & { limit: number; offset: number };
  whole: ProfileListQuery;
  log: Log;
}

type PageAnswer = { count?: number | null; next?: string | null; results: ProtectionProfile[] };

/** The total and whether pages are left, from one page's answer: its count, else its `next` link. */
function pageEnd(page: PageAnswer, inHand: number): { total: number | undefined; more: boolean } {
  if (page.results.length === 0) return { total: inHand, more: false };
  const total = typeof page.count === 'number' ? Math.max(page.count, inHand) : undefined;
  return { total, more: total !== undefined ? inHand < total : page.next != null };
}

export async function firstProfilePage(bound: BoundConnection, ask: FirstPageAsk, signal: AbortSignal): Promise<Omit<LoadedList, 'kind' | 'nodes' | 'shown'>> {
  const { api, lists } = bound;
  if (!lists.isMissing('listProtectionProfilesPaged')) {
    try {
      const page = await api.security.listProtectionProfilesPaged({ params: {}, query: ask.paged }, { signal });
      return { profiles: page.results, ...pageEnd(page, page.results.length), paged: true };
    } catch (error) {
      if (!lists.noteMissing('listProtectionProfilesPaged', error)) throw error;
      ask.log.info(`${bound.connection.name} does not page protection profiles: the whole list is read at once`);
    }
  }
  const profiles = await api.security.listProtectionProfiles({ params: {}, query: ask.whole }, { signal });
  return { profiles, total: profiles.length, paged: false, more: false };
}

/**
 * The next page of a paged list (from the number in hand: a profile deleted meanwhile leaves no
 * gap), appended to `list`; a profile created meanwhile shifts the pages, so one already in hand
 * is not added twice. Returns how many were added.
 */
export async function appendProfilePage(
  bound: BoundConnection,
  list: LoadedList,
  query: ProfileListQuery & { limit: number },
  signal?: AbortSignal,
): Promise<ProtectionProfile[]> {
  const page = await bound.api.security.listProtectionProfilesPaged({ params: {}, query: { ...query, offset: list.profiles.length } }, { signal });
  const seen = new Set(list.profiles.map((p) => p.id));
  const fresh = page.results.filter((p) => !seen.has(p.id));
  list.profiles.push(...fresh);
  Object.assign(list, pageEnd(page, list.profiles.length));
  return fresh;
}
