// Start the simulator from code: `const sim = await startSimulator({ apiKey: 'k' })`, then
// `sim.url`, and `await sim.close()` (ends open sockets, so tests never hang).
import { SimCore } from './core';
import { faultSpec, type FaultSpec } from './faults';
import { DEFAULTS, type RuntimeOptions, type SimDialect, type SimulatorOptions } from './options';
import type { SeenRequest } from './requestLog';
import { SimServer } from './server';

export type { SimulatorOptions } from './options';
export type { FaultSpec } from './faults';

export interface Simulator {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  /** Whose paths it serves. */
  dialect: SimDialect;
  close(): Promise<void>;
  setFault(fault: FaultSpec): void;
  clearFaults(route?: string): void;
  /** `{ 'POST createSecret': 2, ... }` */
  requestCounts(): Record<string, number>;
  /** `{ 'platform GET getEdgeApp': 1, 'both GET getTask': 3, ... }`: whose paths were used. */
  requestsByDialect(): Record<string, number>;
  /** The last request per `METHOD route`, optionally of one route. */
  lastRequests(route?: string): Record<string, SeenRequest>;
  resetRequests(): void;
  /** Back to the seed's data. */
  reset(): void;
  setOptions(patch: Partial<RuntimeOptions>): void;
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const core = new SimCore(options);
  const server = new SimServer(core);
  const host = options.host ?? DEFAULTS.host;
  const port = await server.listen(options.port ?? 0, host);
  return {
    url: `http://${host}:${port}`,
    port,
    dialect: core.dialect,
    close: () => server.close(),
    setFault: (fault) => void core.faults.set(faultSpec.parse(fault)),
    clearFaults: (route) => core.faults.clear(route),
    requestCounts: () => core.requests.counts(),
    requestsByDialect: () => core.requests.byDialect(),
    lastRequests: (route) => core.requests.last(route),
    resetRequests: () => core.requests.reset(),
    reset: () => core.reset(),
    setOptions: (patch) => core.setRuntime(patch),
  };
}
