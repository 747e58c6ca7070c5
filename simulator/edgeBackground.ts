// The calls the seeded enabled apps received in the day before the simulator started (or was
// reset), made on demand per minute from a hash of (app, minute): the Edge view's "last hour" has
// figures in a demo, with no memory spent and the same figures on every read.
import type { EdgeCall } from './edgeCalls';

/** How far back the seeded history reaches from the state's making. */
export const EDGE_BACKGROUND_SPAN_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;

export interface EdgeBackground {
  /** The apps with history: the named seeded apps of the account that were enabled. */
  appIds: readonly number[];
  fromMs: number;
  /** Exclusive: the instant the state was made; real calls take over from there. */
  toMs: number;
}

/** A 32-bit integer hash (lowbias32). */
function mix(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
const mix3 = (a: number, b: number, c: number) => mix(mix(mix(a) ^ b) ^ c);

/** Per 1,000 calls: 0.5% 5xx, 4% 4xx, 3% 3xx, the rest 2xx. */
function statusOf(h: number): number {
  const r = h % 1000;
  if (r < 5) return [500, 502, 503][(h >>> 10) % 3]!;
  if (r < 45) return [404, 404, 400, 403, 429][(h >>> 10) % 5]!;
  if (r < 75) return [301, 304][(h >>> 10) % 2]!;
  return r < 120 ? 204 : 200;
}

/** The calls `appId` received in the minute starting at `minuteMs`: 10 to 30 of them. */
export function backgroundMinute(appId: number, minuteMs: number): EdgeCall[] {
  const minute = minuteMs / MINUTE_MS;
  const n = 10 + (mix3(appId, minute, 0x6a11) % 21);
  return Array.from({ length: n }, (_, i) => {
    const h = mix3(appId, minute, i + 1);
    const slow = h % 53 === 0 ? 4_000 + ((h >>> 8) % 20_000) : 0;
    return { appId, atMs: minuteMs + ((h >>> 4) % MINUTE_MS), status: statusOf(mix(h ^ 0x5bd1)), durationUs: 350 + ((h >>> 12) % 1_650) + slow };
  });
}

/** The seeded history's calls of `appId` (every app with history when undefined) in [fromMs, toMs). */
export function* backgroundCalls(bg: EdgeBackground, appId: number | undefined, fromMs: number, toMs: number): Generator<EdgeCall> {
  const start = Math.max(fromMs, bg.fromMs);
  const end = Math.min(toMs, bg.toMs);
  if (start >= end) return;
  for (const id of appId === undefined ? bg.appIds : bg.appIds.filter((a) => a === appId)) {
    for (let m = Math.floor(start / MINUTE_MS) * MINUTE_MS; m < end; m += MINUTE_MS) {
      for (const call of backgroundMinute(id, m)) if (call.atMs >= start && call.atMs < end) yield call;
    }
  }
}
