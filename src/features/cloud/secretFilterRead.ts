// Filter Secrets…' read: the region's whole list at the API's largest page (the server cannot
// filter), only the matches kept; refused past SECRET_FILTER_MAX; stopped by the signal (Cancel),
// and then nothing is kept.
import type { BoundConnection } from '../../connections/connectionManager';
import type { SecretItem } from '../../schema/cloudLists';
import { nextOffset } from '../../schema/paging';
import type { CloudPlace } from '../../ui/cloudTarget';
import { SECRETS_PAGE_MAX, filterProgress, secretMatcher, tooManyToFilter, type SecretFilter } from './model/secretFilter';

/** A region's secrets that match a filter, as read at one moment. */
export interface FilteredSecrets {
  readonly filter: SecretFilter;
  readonly items: readonly SecretItem[];
  /** The region's length when it was read. */
  readonly total: number;
}

export type FilterRead = { done: FilteredSecrets } | { tooMany: string } | { cancelled: true };

export async function readFiltered(
  bound: BoundConnection,
  place: CloudPlace,
  filter: SecretFilter,
  now: number,
  report: (message: string) => void,
  signal: AbortSignal,
): Promise<FilterRead> {
  const matches = secretMatcher(filter, now);
  const params = { project_id: place.projectId, region_id: place.regionId };
  const items: SecretItem[] = [];
  const seen = new Set<string>();
  let read = 0;
  for (let offset: number | undefined = 0; offset !== undefined; ) {
    if (signal.aborted) return { cancelled: true };
    const page = await bound.api.cloud.listSecrets({ params, query: { limit: SECRETS_PAGE_MAX, offset } }, { signal });
    if (signal.aborted) return { cancelled: true };
    const total = page.count ?? undefined;
    read += page.results.length;
    const tooMany = tooManyToFilter(total, read);
    if (tooMany) return { tooMany };
    // A secret created meanwhile shifts the pages: one already kept is not kept twice.
    for (const secret of page.results) {
      if (seen.has(secret.id) || !matches(secret)) continue;
      seen.add(secret.id);
      items.push(secret);
    }
    report(filterProgress(read, total, items.length));
    offset = nextOffset(offset, page.results.length, total, SECRETS_PAGE_MAX);
    if (offset === undefined) return { done: { filter, items, total: Math.max(total ?? 0, read) } };
  }
  return { done: { filter, items, total: read } };
}
