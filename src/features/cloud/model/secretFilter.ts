// Filter Secrets…: the platform's list of secrets takes only `limit` and `offset` (cloud_api.yaml),
// so the view reads a region's whole list and keeps the secrets that match here: a name part
// (plain text, any case: never a pattern the person types), a type and an expiry state.
import { SECRET_TYPES, type SecretType } from '../../../schema/cloud';
import type { SecretItem } from '../../../schema/cloudLists';
import { secretExpiry, type ExpiryState } from './cloudDisplay';

/** The list's largest page (cloud_api.yaml: `limit` at most 1000): the filter and Go to… read at it. */
export const SECRETS_PAGE_MAX = 1000;

/**
 * The most secrets a filter reads in one region: their items are ~500 bytes each (a region of
 * 10,000 is ~5 MB), so the read, matches kept or not, stays under ~50 MB. A longer list is refused.
 */
export const SECRET_FILTER_MAX = 100_000;

/** As long as the spec lets any filter text be (paging.ts filterText). */
export const NAME_PART_MAX = 255;

export interface SecretFilter {
  /** Part of the name, any case; '' for any name. */
  readonly name: string;
  readonly type?: SecretType;
  readonly expiry?: ExpiryState;
}

export const SECRET_FILTER_TYPES: readonly SecretType[] = SECRET_TYPES;
export const EXPIRY_STATES: readonly ExpiryState[] = ['expired', 'expiring', 'valid', 'never'];

/** A filter that keeps everything (no part set) is no filter. */
export function isNoFilter(filter: SecretFilter): boolean {
  return filter.name === '' && filter.type === undefined && filter.expiry === undefined;
}

/** Why a typed name part is refused, naming the field and the rule; undefined when it is fine. */
export function namePartProblem(text: string): string | undefined {
  if (text.length > NAME_PART_MAX) return `Name part: at most ${NAME_PART_MAX} characters (this one has ${text.length})`;
  // eslint-disable-next-line no-control-regex -- the rule is exactly "no control characters"
  if (/[\u0000-\u001f\u007f]/.test(text)) return 'Name part: plain text on one line, without control characters';
  return undefined;
}

/** The name a secret is shown (and matched) by: its name, else its id. */
export const secretLabel = (secret: SecretItem): string => secret.name || secret.id;

/** A matcher for one filter at one moment (`now`: the expiry states are those of that moment). */
export function secretMatcher(filter: SecretFilter, now: number): (secret: SecretItem) => boolean {
  const part = filter.name.trim().toLowerCase();
  return (secret) =>
    (part === '' || secretLabel(secret).toLowerCase().includes(part)) &&
    (filter.type === undefined || (secret.secret_type ?? '').toLowerCase() === filter.type) &&
    (filter.expiry === undefined || secretExpiry(secret.expiration, now).state === filter.expiry);
}

const count = (n: number) => n.toLocaleString('en-US');

/** The filter in words: 'name ~ "web" · certificate · expiring'. */
export function filterWords(filter: SecretFilter): string {
  const name = filter.name.trim();
  return [name ? `name ~ "${name}"` : undefined, filter.type, filter.expiry].filter(Boolean).join(' · ');
}

/** The filtered group's description: 'name ~ "web" · certificate · 12 of 2,300 match'. */
export function filteredDescription(filter: SecretFilter, matched: number, total: number): string {
  return `${filterWords(filter)} · ${count(matched)} of ${count(total)} match`;
}

/** A Go to… item's description: "certificate · expires in 12 days". */
export function goToDescription(secret: SecretItem, now: number): string {
  return [secret.secret_type, secretExpiry(secret.expiration, now).text].filter(Boolean).join(' · ');
}

/** What the filter's progress says after each page: "2,000 of 10,000 read · 12 match". */
export function filterProgress(read: number, total: number | undefined, matched: number): string {
  return `${total !== undefined ? `${count(read)} of ${count(total)}` : count(read)} read · ${count(matched)} match`;
}

/** Why a list is too long to filter, or undefined. */
export function tooManyToFilter(total: number | undefined, read: number): string | undefined {
  const n = Math.max(total ?? 0, read);
  return n > SECRET_FILTER_MAX ? `${count(n)} secrets: the filter reads at most ${count(SECRET_FILTER_MAX)} in a region` : undefined;
}
