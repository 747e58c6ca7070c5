// An edge app's URL, run: what a call answers depends on the app's status and on the binary it
// runs now (its `platform-console-sim` section, else a greeting). Each call an enabled app
// answers is recorded for the statistics, and a 5xx one writes an error line to the app's logs.
import { headerAllowed } from './edgeBehaviour';
import { EDGES } from './edgeAppLogs';
import type { SimState } from './state/seed';
import type { EdgeApp } from './state/types';

export interface AppCall {
  method: string;
  /** The path below the app's URL, query included (`/` at least). */
  path: string;
  clientIp: string;
}

export interface AppAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What an app that is not enabled answers: the platform's edge serves no code for it. */
export const NOT_SERVING: Readonly<Record<number, { status: number; why: string }>> = {
  0: { status: 404, why: 'is a draft: it is not deployed' },
  2: { status: 403, why: 'is disabled' },
  3: { status: 429, why: 'exceeded its hourly call limit' },
  4: { status: 429, why: 'exceeded its daily call limit' },
  5: { status: 403, why: 'is suspended' },
};

/** Header names in lower case, so the binary's `content-type` replaces the default one. */
function text(status: number, body: string, headers: Record<string, string> = {}): AppAnswer {
  const out: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return { status, headers: out, body };
}

/** The app whose URL path segment is `<name>-<client id>`, of any client: an app's URL is public. */
export function appBySlug(state: SimState, slug: string): EdgeApp | undefined {
  for (const app of state.edgeApps.values()) if (`${app.name}-${app.client_id}` === slug) return app;
  return undefined;
}

/** A 32-bit integer hash (lowbias32): the same call gets the same default execution time. */
function mix(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A binary without a section runs in 300..1,499 microseconds, from the app and the instant. */
export const defaultDurationUs = (appId: number, atMs: number): number => 300 + (mix(mix(appId) ^ atMs) % 1200);

/**
 * Runs one call to `app` at `nowMs`: the answer, recorded in `state.edgeCalls` when the app is
 * enabled (a refused call runs no code, so the platform counts none).
 */
export function callEdgeApp(state: SimState, app: EdgeApp, call: AppCall, nowMs: number): AppAnswer {
  if (app.status !== 1) {
    const refusal = NOT_SERVING[app.status] ?? { status: 503, why: `has status ${app.status}` };
    return text(refusal.status, `app ${app.name} ${refusal.why}\n`);
  }
  const behaviour = state.edgeBinaries.get(app.binary)?.behaviour ?? {};
  const status = behaviour.status ?? 200;
  const durationUs = behaviour.durationMs !== undefined ? Math.round(behaviour.durationMs * 1000) : defaultDurationUs(app.id, nowMs);
  state.edgeCalls.add({ appId: app.id, atMs: nowMs, status, durationUs });
  if (status >= 500) {
    const requestId = (mix(app.id ^ nowMs) * 2 ** 20 + (state.edgeLogEvents.size % 2 ** 20)).toString(16).padStart(16, '0');
    state.edgeLogEvents.add({
      appId: app.id,
      ms: nowMs,
      log: `ERROR ${status} ${call.method} ${call.path} in ${Math.max(1, Math.round(durationUs / 1000))}ms`,
      edge: EDGES[0]!,
      clientIp: call.clientIp,
      requestId,
    });
  }
  // The app's configured response headers, then the binary's; those Node cannot write are left out.
  const extra = [...Object.entries(app.rsp_headers), ...Object.entries(behaviour.headers ?? {})].filter(([name, value]) => headerAllowed(name, value));
  return text(status, behaviour.body ?? `Hello from ${app.name}`, Object.fromEntries(extra));
}
