// Live traffic for the demo: at `edgeTrafficPerMinute` calls a minute, every enabled app of the
// account is called through the same code path as its URL (edgeRuntime.ts), no HTTP. Made up to
// the clock when asked (the statistics and logs ask before they answer; a timer asks every few
// seconds), so a test moves the injected clock instead of waiting, and the same clock gives the same calls.
import { callEdgeApp } from './edgeRuntime';
import { EDGE_ACCOUNT_CLIENT } from './state/seedEdge';
import type { SimState } from './state/seed';

/** Calls made by one catch-up at most: a clock moved by days makes the last ones only. */
export const EDGE_TRAFFIC_CATCH_UP_MAX = 10_000;
/** How often a running simulator makes what is owed. */
export const EDGE_TRAFFIC_TICK_MS = 5_000;

const PATHS = ['/', '/', '/api/items', '/healthz', '/img/logo.png?w=320', '/login'];

/** A 32-bit integer hash (lowbias32). */
function mix(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Makes the calls owed from `state.edgeTrafficSinceMs` (exclusive) to `nowMs` (inclusive) at
 * `perMinute` calls a minute an app: app `a`'s k-th call is at k × interval plus an offset from
 * its id, so calls spread over the minute and do not depend on when they are made.
 */
export function catchUpTraffic(state: SimState, perMinute: number, nowMs: number): number {
  const since = state.edgeTrafficSinceMs;
  if (nowMs <= since) return 0;
  state.edgeTrafficSinceMs = nowMs;
  if (perMinute <= 0) return 0;
  const interval = 60_000 / perMinute;
  const calls: { atMs: number; appId: number; k: number }[] = [];
  for (const app of state.edgeApps.values()) {
    if (app.client_id !== EDGE_ACCOUNT_CLIENT || app.status !== 1) continue;
    const offset = mix(app.id) % Math.max(1, Math.floor(interval));
    const first = Math.floor((since - offset) / interval) + 1;
    const last = Math.floor((nowMs - offset) / interval);
    for (let k = Math.max(first, last - EDGE_TRAFFIC_CATCH_UP_MAX + 1); k <= last; k++)
      calls.push({ atMs: Math.round(k * interval + offset), appId: app.id, k });
  }
  calls.sort((a, b) => a.atMs - b.atMs || a.appId - b.appId);
  const made = calls.slice(-EDGE_TRAFFIC_CATCH_UP_MAX);
  for (const { atMs, appId, k } of made) {
    const app = state.edgeApps.get(appId)!;
    const h = mix(appId ^ k);
    callEdgeApp(state, app, { method: 'GET', path: PATHS[h % PATHS.length]!, clientIp: `198.51.100.${((h >>> 8) % 254) + 1}` }, atMs);
  }
  return made.length;
}
