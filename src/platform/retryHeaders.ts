// What a refusing server says about asking again: how long to wait, and whether to try at all.

/** Seconds or an HTTP date -> milliseconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long the server asks us to wait: `retry-after-ms` (milliseconds) first, then `Retry-After`
 * (seconds or a date), as the platform's own generated clients read them.
 */
export function retryAfterFromHeaders(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headers.get('retry-after'), now);
}

/** `x-should-retry: true|false`: the server's own word on whether asking again can help. */
export function shouldRetryHeader(headers: Headers): boolean | undefined {
  const value = headers.get('x-should-retry')?.trim().toLowerCase();
  return value === 'true' ? true : value === 'false' ? false : undefined;
}
