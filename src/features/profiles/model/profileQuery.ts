// What the Protection Profiles view asks the server for: the name and client filters and the
// order (endpoint 14's `name`, `client_id`, `order_by`), how they read in the view's
// description, and how they are remembered per connection.
import { profileListQuery, type ProfileListQuery } from '../../../schema/security';

/** The fields the view sorts by: creation time and name (the and the spec's example). */
export const SORT_FIELDS = ['created_at', 'name'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface SortKey {
  field: SortField;
  descending: boolean;
}

export interface ProfileFilters {
  /** Case-insensitive substring of the name (the server decides how it matches). */
  name?: string;
  clientId?: number;
  /** Empty: the server's default order (newest first). */
  sort: SortKey[];
}

export const NO_FILTERS: ProfileFilters = { sort: [] };

const FILTERS_KEY_PREFIX = 'platformConsole.protectionProfiles.filters.';

/** globalState key of a connection's filters (the connection id, never anything secret). */
export function filtersStateKey(connectionId: string): string {
  return `${FILTERS_KEY_PREFIX}${connectionId}`;
}

/** Keys of filters whose connection is gone (signed out): they are dropped. */
export function staleFilterKeys(keys: readonly string[], liveConnectionIds: readonly string[]): string[] {
  const live = new Set(liveConnectionIds);
  return keys.filter((k) => k.startsWith(FILTERS_KEY_PREFIX) && !live.has(k.slice(FILTERS_KEY_PREFIX.length)));
}

/** `created_at,-name`: comma-separated field names, a leading `-` for descending (our assumption, shared with the simulator). */
export function buildOrderBy(keys: readonly SortKey[]): string | undefined {
  if (keys.length === 0) return undefined;
  return keys.map((k) => `${k.descending ? '-' : ''}${k.field}`).join(',');
}

/** The reverse of buildOrderBy; undefined when the text names a field the view does not sort by, or one twice. */
export function parseOrderBy(text: string | undefined): SortKey[] | undefined {
  if (text === undefined || !text.trim()) return [];
  const keys: SortKey[] = [];
  for (const part of text.split(',')) {
    const token = part.trim();
    const descending = token.startsWith('-');
    const field = descending ? token.slice(1) : token;
    if (!(SORT_FIELDS as readonly string[]).includes(field)) return undefined;
    if (keys.some((k) => k.field === field)) return undefined;
    keys.push({ field: field as SortField, descending });
  }
  return keys;
}

/** The query of endpoint 14 for these filters; only what is set is sent. */
export function listQuery(filters: ProfileFilters): ProfileListQuery {
  const query: ProfileListQuery = {};
  if (filters.name) query.name = filters.name;
  if (filters.clientId !== undefined) query.client_id = filters.clientId;
  const orderBy = buildOrderBy(filters.sort);
  if (orderBy) query.order_by = orderBy;
  return query;
}

/** Filters narrow the list (name, client); an order alone does not. */
export function isFiltered(filters: ProfileFilters): boolean {
  return Boolean(filters.name) || filters.clientId !== undefined;
}

const FIELD_WORDS: Record<SortField, string> = { created_at: 'created', name: 'name' };

/** "name ↑", "created ↓". */
export function sortKeyText(key: SortKey): string {
  return `${FIELD_WORDS[key.field]} ${key.descending ? '↓' : '↑'}`;
}

/** "name ~ 'web'", "client 3", joined by `joiner`; empty when nothing filters. */
export function filterParts(filters: ProfileFilters): string[] {
  const parts: string[] = [];
  if (filters.name) parts.push(`name ~ '${filters.name}'`);
  if (filters.clientId !== undefined) parts.push(`client ${filters.clientId}`);
  return parts;
}

/** The view's description: "name ~ 'web' · client 3 · by name ↑, created ↓"; empty with no filter and the default order. */
export function describeFilters(filters: ProfileFilters): string {
  const parts = filterParts(filters);
  if (filters.sort.length > 0) parts.push(`by ${filters.sort.map(sortKeyText).join(', ')}`);
  return parts.join(' · ');
}

/** The empty state: "No profiles match name ~ 'x'", or that there are none at all. */
export function emptyMessage(filters: ProfileFilters): string {
  const parts = filterParts(filters);
  return parts.length ? `No profiles match ${parts.join(' and ')}` : 'No protection profiles on this connection';
}

/** "Name filter: must be at most 255 characters" (the client's own rule), or undefined. */
export function nameFilterProblem(text: string): string | undefined {
  const result = profileListQuery.shape.name.safeParse(text);
  return result.success ? undefined : `Name filter: ${result.error.issues[0]?.message ?? 'invalid'}`;
}

/** A client id typed in a box: empty (no filter) or a whole number 1..1e9. */
export function clientFilterProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (!/^\d+$/.test(trimmed)) return 'Client ID: must be a whole number between 1 and 1000000000';
  const result = profileListQuery.shape.client_id.safeParse(Number(trimmed));
  return result.success ? undefined : `Client ID: ${result.error.issues[0]?.message ?? 'invalid'}`;
}

/** Filters read back from globalState, leniently: anything that does not fit is dropped. */
export function restoreFilters(raw: unknown): ProfileFilters {
  if (typeof raw !== 'object' || raw === null) return { sort: [] };
  const value = raw as Record<string, unknown>;
  const filters: ProfileFilters = { sort: [] };
  if (typeof value.name === 'string' && value.name && !nameFilterProblem(value.name)) filters.name = value.name;
  if (typeof value.clientId === 'number' && !clientFilterProblem(String(value.clientId))) filters.clientId = value.clientId;
  if (typeof value.orderBy === 'string') filters.sort = parseOrderBy(value.orderBy) ?? [];
  return filters;
}

/** What globalState keeps: plain JSON, the order as its wire text. */
export function storedFilters(filters: ProfileFilters): { name?: string; clientId?: number; orderBy?: string } {
  return { name: filters.name, clientId: filters.clientId, orderBy: buildOrderBy(filters.sort) };
}

// ---------- paging ----------

/** The API returns one array: the view shows this many, then "Load more". */
export const DEFAULT_PAGE_SIZE = 200;

const count = (n: number) => n.toLocaleString('en-US');

/** How many rows to show after one more "Load more" click. */
export function nextShown(total: number, shown: number, pageSize: number): number {
  return Math.min(total, shown + pageSize);
}

/** "Load more (9,800 more)" where the total is known, else "Load more" (every long list's Load more says it alike). */
export function loadMoreLabel(total: number | undefined, shown: number): string {
  return total === undefined ? 'Load more' : `Load more (${count(Math.max(0, total - shown))} more)`;
}

/** "200 of 10,000 shown", or "200 shown" where the total is not known. */
export function shownText(total: number | undefined, shown: number): string {
  return total === undefined ? `${count(shown)} shown` : `${count(shown)} of ${count(total)} shown`;
}

/**
 * Rows to show so that row `index` (0-based) is among them, a whole page at a time: what Go to…
 * shows of a list held whole (a spec-only server) before it reveals the row.
 */
export function shownFor(index: number, shown: number, pageSize: number, length: number): number {
  if (index < shown) return shown;
  return Math.min(length, Math.ceil((index + 1) / pageSize) * pageSize);
}

/**
 * The view's filter that hides a profile ("name ~ 'web'", "client 3"), as far as can be told here:
 * the client exactly, the name as the simulator matches it (any case, a part of it). Undefined when
 * the filters let it through (the server may still match a name otherwise: Go to… then reads on).
 */
export function hidingFilter(filters: ProfileFilters, profile: { name?: string | null; client_id?: number | null }): string | undefined {
  const hides: string[] = [];
  if (filters.name && !(profile.name ?? '').toLowerCase().includes(filters.name.toLowerCase())) hides.push(`name ~ '${filters.name}'`);
  if (filters.clientId !== undefined && profile.client_id !== filters.clientId) hides.push(`client ${filters.clientId}`);
  return hides.length > 0 ? hides.join(' and ') : undefined;
}
