// What the person chooses when minting an agent token (#56), as pure rules: the expiry choices and
// the product's cap, the default name, the roles least powerful first with what each governs in the
// platform's words, and how an expiry reads in the list. No vscode: unit-tested in plain Node.
import { TOKEN_ROLES_LEAST_FIRST } from '../../../operations/agentTokens';
import { TOKEN_NAME_MAX } from '../../../schema/iamTokens';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The product's cap on a token's life. The platform's published file states no limit: this is our choice. */
export const MAX_TOKEN_LIFETIME_MS = 30 * DAY_MS;
export const DEFAULT_EXPIRY_MS = 8 * HOUR_MS;

/** The expiry choices offered (a date and time typed is the last one). */
export const EXPIRY_CHOICES: readonly { readonly label: string; readonly ms: number }[] = [
  { label: '1 hour', ms: HOUR_MS },
  { label: '8 hours', ms: DEFAULT_EXPIRY_MS },
  { label: '24 hours', ms: DAY_MS },
  { label: '7 days', ms: 7 * DAY_MS },
];

/** RFC 3339 in UTC to the second, the form the product sends as `exp_date`. */
export const utcSeconds = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** `2026-11-29 17:05`, in UTC. */
const minuteText = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** `Platform Console agent · <connection> · <yyyy-mm-dd hh:mm>` (UTC), the connection shortened so it fits the platform's limit. */
export function defaultTokenName(connectionName: string, nowMs: number): string {
  const head = 'Platform Console agent · ';
  const tail = ` · ${minuteText(nowMs)}`;
  const room = TOKEN_NAME_MAX - head.length - tail.length;
  const name = connectionName.length > room ? `${connectionName.slice(0, room - 1)}…` : connectionName;
  return `${head}${name}${tail}`;
}

const TYPED = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?\s*(Z|UTC|[+-]\d{2}:\d{2})?$/i;

/** The words of the typed expiry's form, said in its prompt and its refusals. */
export const TYPED_EXPIRY_FORM = '2026-12-01 18:00 in UTC, or with an offset: 2026-12-01T18:00+01:00';

/**
 * A typed expiry: a date and time in UTC (no zone, `Z` or `UTC`) or with an offset, in the future
 * and at most MAX_TOKEN_LIFETIME_MS away. The instant, or the problem naming the field and the rule.
 */
export function typedExpiry(text: string, nowMs: number): { ms: number } | { problem: string } {
  const m = TYPED.exec(text.trim());
  const parsed = m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${!m[7] || /^(z|utc)$/i.test(m[7]) ? 'Z' : m[7]}`) : Number.NaN;
  // Date.parse rolls 2026-02-31 over to March: the date must read back as typed.
  const real = m && !Number.isNaN(parsed) && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) <= 31 && Number(m[4]) < 24 && Number(m[5]) < 60;
  if (!real) return { problem: `Expires: must be a date and time, ${TYPED_EXPIRY_FORM}` };
  return expiryProblem(parsed, nowMs) ?? { ms: parsed };
}

/** The product's rules on an expiry: in the future, and within the cap. */
export function expiryProblem(ms: number, nowMs: number): { problem: string } | undefined {
  if (ms <= nowMs) return { problem: 'Expires: must be in the future' };
  if (ms - nowMs > MAX_TOKEN_LIFETIME_MS) return { problem: `Expires: at most 30 days from now (until ${minuteText(nowMs + MAX_TOKEN_LIFETIME_MS)} UTC)` };
  return undefined;
}

/**
 * The roles, least powerful first, each with what it governs in the platform's words (Gcore's
 * "About Users", https://gcore.com/docs/account-settings/users/about-users). None is read-only.
 */
export const ROLE_CHOICES: readonly { readonly name: (typeof TOKEN_ROLES_LEAST_FIRST)[number]; readonly governs: string }[] = [
  { name: 'Purge and Prefetch only (API)', governs: '"View statistics and settings. Make API calls to Purge and Prefetch."' },
  {
    name: 'Purge and Prefetch only (API+Web)',
    governs: '"View statistics and settings. Make API calls to Purge and Prefetch. Perform Purge and Prefetch in the Gcore Customer Portal."',
  },
  { name: 'Users', governs: '"Can look through statistics and resource settings but can\'t change anything except their own personal data."' },
  { name: 'Engineers', governs: '"Change service settings and view statistics. Perform Purge and Prefetch in the Gcore Customer Portal and via API."' },
  { name: 'Administrators', governs: '"Have full rights to manage services and view statistics." Can add and delete users and create tokens of any role.' },
];

/** What every role description adds: the roles govern CDN and streaming only, so no token is read-only. */
export const ROLES_SCOPE =
  'Roles govern CDN and streaming only: DNS, storage and protection ignore them (any role can change them) and Cloud has per-project roles. ' +
  'No role makes a token read-only.';

/** "expires in 7 h 59 min", "expired 5 min ago": the list's words for a token's expiry. */
export function expiryRelative(expiresAtMs: number, nowMs: number): string {
  const span = Math.abs(expiresAtMs - nowMs);
  const days = Math.floor(span / DAY_MS);
  const hours = Math.floor((span % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((span % HOUR_MS) / MINUTE_MS);
  const words = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : minutes > 0 ? `${minutes} min` : 'less than a minute';
  return expiresAtMs <= nowMs ? `expired ${words} ago` : `expires in ${words}`;
}

/** The soonest expiry among `records` (ms), or undefined when there is none: the one timer is set for it. */
export function soonestExpiry(records: readonly { readonly expiresAt: string }[]): number | undefined {
  const times = records.map((r) => Date.parse(r.expiresAt)).filter((t) => !Number.isNaN(t));
  return times.length ? Math.min(...times) : undefined;
}
