// An edge app's logs, made per request from the app and the time range alone: every instant of
// the past holds the same entries on every read, so offset paging is stable and two reads of one
// range agree. About 28 entries a second (some seconds none): an hour holds some 100,000.
// Entries of one request share its request id (two lines each: the request and its answer).
// The entries real calls wrote (a 5xx answer's error line) are merged in by time.
import type { EdgeLogEvent } from './edgeLogEvents';

/** Entries a second hold on average (each second draws 0..2×this). */
export const EDGE_LOG_MEAN_PER_SECOND = 28;
/** The largest page answered (the client never asks for more: src/schema/edgeLogs.ts). */
export const EDGE_LOG_SIM_PAGE_MAX = 1000;
/** The default range the published file gives: the last hour. */
export const EDGE_LOG_DEFAULT_RANGE_MS = 3_600_000;

export const EDGES = ['ed-fra-01', 'ed-ams-02', 'ed-lon-01', 'ed-nyc-03', 'ed-sin-01', 'ed-syd-02'];
const PATHS = ['/', '/healthz', '/api/items', '/api/orders/42', '/img/logo.png?w=320', '/redirect', '/login'];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'GET'];
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 204, 301, 404, 500];
const WARNINGS = ['upstream slow: 812ms', 'cache store miss', 'env var LOG_LEVEL not set, using info'];
const ERRORS = ['panic: index out of bounds', 'fetch to origin failed: connection reset', 'out of fuel after 50ms'];

/** A 32-bit integer hash (lowbias32). */
function mix(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
const mix3 = (a: number, b: number, c: number) => mix(mix(mix(a) ^ b) ^ c);
const pick = <T>(items: readonly T[], bits: number): T => items[bits % items.length] as T;

/** How many entries the app wrote in second `s` (seconds since the epoch). */
export function entriesIn(appId: number, s: number): number {
  return mix3(appId, s, 0x51ed) % (2 * EDGE_LOG_MEAN_PER_SECOND + 1);
}

/** The cheap parts of entry `i` of second `s` (what the filters compare); the text is made on demand. */
interface Slot {
  ms: number;
  s: number;
  i: number;
  edge: string;
  clientIp: string;
  requestId: string;
}

function slot(appId: number, s: number, i: number, n: number): Slot {
  const request = mix3(appId, s, Math.floor(i / 2) + 1);
  const ms = s * 1000 + Math.floor((i * 1000) / Math.max(n, 1));
  return {
    ms,
    s,
    i,
    edge: pick(EDGES, request >>> 3),
    clientIp: `${(request & 1) === 0 ? '203.0.113' : '198.51.100'}.${((request >>> 8) % 254) + 1}`,
    requestId:
      mix(request ^ 0x2545f491)
        .toString(16)
        .padStart(8, '0') + request.toString(16).padStart(8, '0'),
  };
}

function text(appId: number, x: Slot): string {
  const a = mix3(appId, x.s, x.i + 0x1000);
  const level = a % 100;
  const method = pick(METHODS, a >>> 7);
  const path = pick(PATHS, a >>> 11);
  if (x.i % 2 === 0) return `${method} ${path} from ${x.clientIp}`;
  if (level < 4) return `ERROR ${pick(ERRORS, a >>> 15)}`;
  if (level < 12) return `WARN ${pick(WARNINGS, a >>> 15)}`;
  return `${pick(STATUSES, a >>> 15)} ${method} ${path} in ${((a >>> 20) % 120) + 1}ms`;
}

export interface EdgeLogFilter {
  fromMs: number;
  toMs: number;
  edge?: string;
  search?: string;
  clientIp?: string;
  requestId?: string;
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The published `log`. */
export interface EdgeLogEntryOut {
  id: string;
  app_name: string;
  timestamp: string;
  log: string;
  edge: string;
  client_ip: string;
  request_id: string;
}

/** One entry of a second: made from the seed, or written by a real call (edgeLogEvents.ts). */
type Entry = { ms: number; seed: Slot } | { ms: number; real: EdgeLogEvent };

/**
 * The entries of [fromMs, toMs] that match, `limit` of them from `offset` in `sort` order, and how
 * many match in all. Without field filters only the page's entries are made. `events`: the
 * entries the app's real calls wrote, merged in time order (a seeded entry first on a tie).
 */
export function edgeAppLogs(
  app: { id: number; name: string },
  f: EdgeLogFilter,
  events: readonly EdgeLogEvent[] = [],
): { count: number; logs: EdgeLogEntryOut[] } {
  const first = Math.floor(f.fromMs / 1000);
  const last = Math.floor(f.toMs / 1000);
  const fields = f.edge !== undefined || f.clientIp !== undefined || f.requestId !== undefined || f.search !== undefined;
  const search = f.search?.toLowerCase();
  const matches = (x: { ms: number; edge: string; clientIp: string; requestId: string }, line: () => string) =>
    x.ms >= f.fromMs &&
    x.ms <= f.toMs &&
    (f.edge === undefined || x.edge === f.edge) &&
    (f.clientIp === undefined || x.clientIp === f.clientIp) &&
    (f.requestId === undefined || x.requestId === f.requestId) &&
    (search === undefined || line().toLowerCase().includes(search));
  const realBySecond = new Map<number, EdgeLogEvent[]>();
  for (const e of events) if (matches(e, () => e.log)) realBySecond.set(Math.floor(e.ms / 1000), [...(realBySecond.get(Math.floor(e.ms / 1000)) ?? []), e]);
  const page: Entry[] = [];
  let count = 0;
  const take = (x: Entry) => {
    if (count >= f.offset && page.length < f.limit) page.push(x);
    count++;
  };
  const seconds = last - first + 1;
  for (let k = 0; k < seconds; k++) {
    const s = f.sort === 'desc' ? last - k : first + k;
    const n = entriesIn(app.id, s);
    const real = realBySecond.get(s) ?? [];
    // A whole second inside the range, before the page and unfiltered: counted without being made.
    const whole = s * 1000 >= f.fromMs && s * 1000 + 999 <= f.toMs;
    if (!fields && whole && (count + n + real.length <= f.offset || page.length >= f.limit)) {
      count += n + real.length;
      continue;
    }
    const entries: Entry[] = [];
    for (let i = 0; i < n; i++) {
      const x = slot(app.id, s, i, n);
      if (matches(x, () => text(app.id, x))) entries.push({ ms: x.ms, seed: x });
    }
    for (const e of real) entries.push({ ms: e.ms, real: e });
    entries.sort((a, b) => a.ms - b.ms);
    if (f.sort === 'desc') entries.reverse();
    for (const entry of entries) take(entry);
  }
  return {
    count,
    logs: page.map((entry) => {
      if ('real' in entry) {
        const e = entry.real;
        return {
          id: `${app.id}-${e.requestId}`,
          app_name: app.name,
          timestamp: new Date(e.ms).toISOString(),
          log: e.log,
          edge: e.edge,
          client_ip: e.clientIp,
          request_id: e.requestId,
        };
      }
      const x = entry.seed;
      return {
        id: `${app.id}-${x.s}-${x.i}`,
        app_name: app.name,
        timestamp: new Date(x.ms).toISOString(),
        log: text(app.id, x),
        edge: x.edge,
        client_ip: x.clientIp,
        request_id: x.requestId,
      };
    }),
  };
}
