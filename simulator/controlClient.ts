// The control API (/__sim/) over HTTP, typed: for tests, benchmarks and the demo. Every call
// carries the simulator's control token; a body goes as application/json (the API takes no other).
import { CONTROL_TOKEN_HEADER } from './controlToken';
import type { FaultSpec } from './faults';
import type { FunctionRef, LogRecord } from './logs';
import type { RuntimeOptions } from './options';
import type { SeenRequest } from './requestLog';

export class SimulatorControl {
  /** `token`: `Simulator.controlToken`, or the one on the simulator's start line. */
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__sim/${path}`, {
      method,
      headers: { [CONTROL_TOKEN_HEADER]: this.token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulator control ${method} /__sim/${path}: HTTP ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async setFault(fault: FaultSpec): Promise<void> {
    await this.#call('POST', 'faults', fault);
  }

  async clearFaults(route?: string): Promise<void> {
    await this.#call('DELETE', route === undefined ? 'faults' : `faults/${encodeURIComponent(route)}`);
  }

  async counts(): Promise<Record<string, number>> {
    return (await this.#call<{ counts: Record<string, number> }>('GET', 'requests')).counts;
  }

  /** `{ 'platform GET getEdgeApp': 1, ... }`: whose paths the requests used. */
  async countsByDialect(): Promise<Record<string, number>> {
    return (await this.#call<{ byDialect: Record<string, number> }>('GET', 'requests')).byDialect;
  }

  async resetRequests(): Promise<void> {
    await this.#call('DELETE', 'requests');
  }

  /** Last request per `METHOD route`, optionally of one route; secret material redacted. */
  async lastRequests(route?: string): Promise<Record<string, SeenRequest>> {
    return (await this.#call<{ last: Record<string, SeenRequest> }>('GET', route ? `requests/last/${route}` : 'requests/last')).last;
  }

  /** Back to the seed's data; optionally clear faults and request counts too. */
  async reset(options: { seed?: number; profileCount?: number; faults?: boolean; requests?: boolean } = {}): Promise<void> {
    await this.#call('POST', 'reset', options);
  }

  async setOptions(patch: Partial<RuntimeOptions>): Promise<RuntimeOptions> {
    return this.#call('PATCH', 'options', patch);
  }

  async logRecord(fn: FunctionRef, since = 0): Promise<LogRecord> {
    return this.#call('GET', `logs/${logPath(fn)}?since=${since}`);
  }

  /**
   * Adds `append` lines at once and/or sets this function's rate (null: the global one) and the
   * length of the messages made from now on (null: as made).
   */
  async logs(
    fn: FunctionRef,
    change: { append?: number; ratePerSecond?: number | null; messageLength?: number | null },
  ): Promise<{ produced: number; kept: number; dropped: number }> {
    return this.#call('POST', `logs/${logPath(fn)}`, change);
  }
}

function logPath(fn: FunctionRef): string {
  return `${fn.projectId}/${fn.regionId}/${encodeURIComponent(fn.namespace)}/${encodeURIComponent(fn.name)}`;
}
