// The Protection Profiles view's first load: the first page where the server pages; the whole
// list where it does not (404/405: a spec-only server, remembered for the connection so it is asked once).
import type { BoundConnection } from '../../connections/connectionManager';
import type { ProfileListQuery, ProtectionProfile } from '../../schema/security';
import type { Log } from '../../ui/log';
import type { ProfileNode } from './profileNodes';

/** What the view holds: nothing yet, a load running, its error, or the list with its rows. */
export type LoadState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | {
      kind: 'loaded';
      profiles: ProtectionProfile[];
      nodes: (ProfileNode | undefined)[];
      shown: number;
      /** How many the server has: the page's count where it pages, else the array's length. */
      total: number;
      /** The server pages: "Load more" asks it for the next page. */
      paged: boolean;
      loadingMore?: boolean;
    };

export interface FirstPageAsk {
  /** The page query (filters, order, limit, offset 0) and the whole list's query (filters and order). */
  paged: ProfileListQuery & { limit: number; offset: number };
  whole: ProfileListQuery;
  pageSize: number;
  log: Log;
}

export async function firstProfilePage(
  bound: BoundConnection,
  ask: FirstPageAsk,
  signal: AbortSignal,
): Promise<{ profiles: ProtectionProfile[]; total: number; paged: boolean }> {
  const { api, lists } = bound;
  if (!lists.isMissing('listProtectionProfilesPaged')) {
    try {
      const page = await api.security.listProtectionProfilesPaged({ params: {}, query: ask.paged }, { signal });
      // The platform sends the count; without one, a `next` link says there is at least a page more.
      const total = page.count ?? page.results.length + (page.next != null ? ask.pageSize : 0);
      return { profiles: page.results, total: Math.max(total, page.results.length), paged: true };
    } catch (error) {
      if (!lists.noteMissing('listProtectionProfilesPaged', error)) throw error;
      ask.log.info(`${bound.connection.name} does not page protection profiles: the whole list is read at once`);
    }
  }
  const profiles = await api.security.listProtectionProfiles({ params: {}, query: ask.whole }, { signal });
  return { profiles, total: profiles.length, paged: false };
}
