// Start the simulator from code: `const sim = await startSimulator({ apiKey: 'k' })`, then
// `sim.url`, `sim.controlToken` for the control API, and `await sim.close()` (ends open sockets,
// so tests never hang).
import { SimCore } from './core';
import { appOrigin } from './edgeAppUrl';
import { EDGE_TRAFFIC_TICK_MS } from './edgeTraffic';
import { controlTokenProblem, makeControlToken } from './controlToken';
import { faultSpec, type FaultSpec } from './faults';
import { DEFAULTS, type RuntimeOptions, type SimDialect, type SimulatorOptions } from './options';
import type { RequestWatcher, SeenRequest } from './requestLog';
import type { AppSeen } from './appServe';
import { SimServer } from './server';

export type { SimulatorOptions } from './options';
export type { FaultSpec } from './faults';

export interface Simulator {
  /** `http://127.0.0.1:<port>` (`http://[::1]:<port>` on IPv6), no trailing slash. */
  url: string;
  port: number;
  /** What the control API (/__sim/) wants in `X-Simulator-Token`: the one given, else a random one. */
  controlToken: string;
  /** Whose paths it serves. */
  dialect: SimDialect;
  close(): Promise<void>;
  setFault(fault: FaultSpec): void;
  clearFaults(route?: string): void;
  /** `{ 'POST createSecret': 2, ... }` */
  requestCounts(): Record<string, number>;
  /** `{ 'platform GET getEdgeApp': 1, 'both GET getTask': 3, ... }`: whose paths were used. */
  requestsByDialect(): Record<string, number>;
  /** `{ 'key node': 3, 'token 42 platform-console-mcp/0.1.0': 5 }`: which credential (never the credential) each client sent. */
  requestsByCredential(): Record<string, number>;
  /** The last request per `METHOD route`, optionally of one route; secret material redacted. */
  lastRequests(route?: string): Record<string, SeenRequest>;
  /**
   * Calls `watcher` with each API request as it arrives, body as sent (a secret's payload
   * included), until the returned function is called. In-process only: the simulator keeps none of it.
   */
  watchRequests(watcher: RequestWatcher): () => void;
  resetRequests(): void;
  /** Request bodies being read now, and requests waiting for a slot to read theirs (at most 16 read at once). */
  bodyReads(): { reading: number; waiting: number };
  /** Back to the seed's data. */
  reset(): void;
  setOptions(patch: Partial<RuntimeOptions>): void;
  /**
   * Changes an edge app behind the client's back (its read-only `url`, or the `binary` it runs, as
   * another person or tool might): in-process only, for tests of what the extension does with what it reads.
   */
  setEdgeAppFields(appId: number, fields: { url?: string; binary?: number }): void;
  /** Calls `watcher` with each request an app's URL receives (headers included) until the returned function is called. In-process only. */
  watchAppCalls(watcher: (seen: AppSeen) => void): () => void;
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const problem = options.controlToken === undefined ? undefined : controlTokenProblem(options.controlToken);
  if (problem) throw new Error(`controlToken ${problem}`);
  const controlToken = options.controlToken ?? makeControlToken();
  const core = new SimCore(options);
  const server = new SimServer(core, controlToken);
  const host = options.host ?? DEFAULTS.host;
  const port = await server.listen(options.port ?? 0, host);
  core.setAppOrigin(appOrigin(host, port));
  // Live traffic is also made between reads, so a person who deploys sees it come (no-op at rate 0).
  const traffic = setInterval(() => core.catchUpTraffic(), EDGE_TRAFFIC_TICK_MS);
  traffic.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    controlToken,
    dialect: core.dialect,
    close: () => {
      clearInterval(traffic);
      return server.close();
    },
    setFault: (fault) => void core.faults.set(faultSpec.parse(fault)),
    clearFaults: (route) => core.faults.clear(route),
    requestCounts: () => core.requests.counts(),
    bodyReads: () => server.bodyReads(),
    requestsByDialect: () => core.requests.byDialect(),
    requestsByCredential: () => core.requests.byCredential(),
    lastRequests: (route) => core.requests.last(route),
    watchRequests: (watcher) => core.requests.watch(watcher),
    resetRequests: () => core.requests.reset(),
    reset: () => core.reset(),
    setOptions: (patch) => core.setRuntime(patch),
    watchAppCalls: (watcher) => {
      core.appWatchers.add(watcher);
      return () => void core.appWatchers.delete(watcher);
    },
    setEdgeAppFields: (appId, fields) => {
      const app = core.state.edgeApps.get(appId);
      if (!app) throw new Error(`no edge app ${appId}`);
      if (fields.url !== undefined) app.url = fields.url;
      if (fields.binary !== undefined) app.binary = fields.binary;
    },
  };
}
