// Times as people read them: how long ago, and an ISO date-time in UTC. Shared by the views.

/** A date-time with no zone ("2026-12-01T00:00:00", as the platform gives a secret's expiration). */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * Milliseconds since the epoch of an ISO date-time; undefined for anything else. One without a zone
 * is UTC, as the platform means it: JavaScript would read it in the machine's own zone.
 */
export function timeOf(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const ms = Date.parse(ZONELESS.test(iso) ? `${iso.replace(' ', 'T')}Z` : iso);
  return Number.isNaN(ms) ? undefined : ms;
}

const DAY_MS = 86_400_000;

/** "expired 3 days ago", "expired today", "expires in 12 days", "expires today": whole days, counted alike wherever an expiry is said. */
export function expiryInDays(at: number, now: number): string {
  const days = Math.floor(Math.abs(at - now) / DAY_MS);
  const span = days === 1 ? '1 day' : `${days} days`;
  if (at <= now) return days === 0 ? 'expired today' : `expired ${span} ago`;
  return days === 0 ? 'expires today' : `expires in ${span}`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago" (future times read as just now). */
export function relativeTime(ms: number | undefined, now: number): string | undefined {
  if (ms === undefined) return undefined;
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** `2026-04-01 12:00:05 UTC` for an ISO date-time; other text as it came. */
export function formatUtc(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const ms = timeOf(iso);
  if (ms === undefined) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
