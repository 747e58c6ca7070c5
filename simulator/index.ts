// Start the simulator from code: `const sim = await startSimulator({ apiKey: 'k' })`, then
// `sim.url`, and `await sim.close()` (ends open sockets, so tests never hang).
import { SimCore } from './core';
import { faultSpec, type FaultSpec } from './faults';
import { DEFAULTS, type RuntimeOptions, type SimulatorOptions } from './options';
import { SimServer } from './server';

export type { SimulatorOptions } from './options';
export type { FaultSpec } from './faults';

export interface Simulator {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
  setFault(fault: FaultSpec): void;
  clearFaults(route?: string): void;
  /** `{ 'POST createSecret': 2, ... }` */
  requestCounts(): Record<string, number>;
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
    close: () => server.close(),
    setFault: (fault) => void core.faults.set(faultSpec.parse(fault)),
    clearFaults: (route) => core.faults.clear(route),
    requestCounts: () => core.requests.counts(),
    resetRequests: () => core.requests.reset(),
    reset: () => core.reset(),
    setOptions: (patch) => core.setRuntime(patch),
  };
}
