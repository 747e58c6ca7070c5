// The timestamp styles of the products: each backend writes its own.

/** `2025-06-15T10:30:00Z` (protection profiles, edge). */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** `2025-06-15T10:30:00.123Z` (billing, identity). */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** `2026-05-23T05:07:31`, no zone (cloud tasks). */
export function localSeconds(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC of the day `ms` falls in. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
