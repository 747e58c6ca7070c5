// Faults on demand: what a route should do wrong, for how many requests, set from the CLI or
// the control API. Route is an endpoint name from endpoints.ts, or `*` for every route.
import * as z from 'zod';
import { endpoints } from '../src/schema/endpoints';

export const FAULT_KINDS = ['status', 'rateLimit', 'latency', 'timeout', 'reset', 'malformed', 'html', 'trickle', 'huge'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const ROUTE_NAMES = Object.keys(endpoints);

export const faultSpec = z.strictObject({
  route: z.string().refine((r) => r === '*' || ROUTE_NAMES.includes(r), `must be "*" or one of ${ROUTE_NAMES.join(', ')}`),
  kind: z.enum(FAULT_KINDS, `must be one of ${FAULT_KINDS.join(', ')}`),
  /** `status`: the code to answer (400..599); `html`: the page's status (default 502). */
  status: z.int().min(400).max(599).optional(),
  /** `status` 400: the field the refusal names (default: the first field of the request). */
  field: z.string().min(1).optional(),
  /** `rateLimit`: the Retry-After seconds (default 1). */
  retryAfterSeconds: z.number().min(0).optional(),
  /** `latency`: added delay (default 1000). `trickle`: delay between chunks (default 200). */
  ms: z.int().min(0).optional(),
  /** `trickle`: bytes per chunk (default 8). */
  chunkBytes: z.int().min(1).optional(),
  /** `huge`: bytes of the answer (default 96 MiB: past every answer limit of the client). */
  bytes: z.int().min(1).optional(),
  /** `huge`: announce the size in `Content-Length` (default: chunked, no length). */
  announce: z.boolean().optional(),
  /** `status`, `rateLimit`: send `x-should-retry: true|false`, the server's word on asking again. */
  shouldRetry: z.boolean().optional(),
  /** Fire this many times, then clear; absent: until cleared. */
  times: z.int().min(1).optional(),
});
export type FaultSpec = z.output<typeof faultSpec>;

export interface ActiveFault extends FaultSpec {
  /** Left to fire, when `times` was given. */
  remaining?: number;
  fired: number;
}

/**
 * `route=kind[:arg][@times]`: `getTask=status:503@1`, `*=latency:300`, `createSecret=rateLimit:2`.
 * The argument is the status for `status` and `html`, seconds for `rateLimit`, ms for `latency`
 * and `trickle`, MiB for `huge`.
 */
export function parseFaultFlag(flag: string): FaultSpec {
  const m = /^([^=]+)=([A-Za-z]+)(?::([0-9.]+))?(?:@(\d+))?$/.exec(flag.trim());
  if (!m) throw new Error(`--fault ${flag}: expected <route>=<kind>[:<arg>][@<times>]`);
  const [, route, kind, arg, times] = m;
  const spec: Record<string, unknown> = { route, kind };
  if (arg !== undefined) {
    const value = Number(arg);
    if (kind === 'status' || kind === 'html') spec.status = value;
    else if (kind === 'rateLimit') spec.retryAfterSeconds = value;
    else if (kind === 'latency' || kind === 'trickle') spec.ms = value;
    else if (kind === 'huge') spec.bytes = Math.round(value * 1024 * 1024);
    else throw new Error(`--fault ${flag}: ${kind} takes no argument`);
  }
  if (times !== undefined) spec.times = Number(times);
  const result = faultSpec.safeParse(spec);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`--fault ${flag}: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'invalid'}`);
  }
  if (result.data.kind === 'status' && result.data.status === undefined) throw new Error(`--fault ${flag}: status needs a code, e.g. status:503`);
  return result.data;
}

export class FaultRegistry {
  readonly #faults = new Map<string, ActiveFault>();

  set(spec: FaultSpec): ActiveFault {
    const fault: ActiveFault = { ...spec, remaining: spec.times, fired: 0 };
    this.#faults.set(spec.route, fault);
    return fault;
  }

  clear(route?: string): void {
    if (route === undefined) this.#faults.clear();
    else this.#faults.delete(route);
  }

  list(): ActiveFault[] {
    return [...this.#faults.values()].map((f) => ({ ...f }));
  }

  /** The fault for this request, counted as fired; a route's own fault wins over `*`. */
  take(route: string): ActiveFault | undefined {
    const fault = this.#faults.get(route) ?? this.#faults.get('*');
    if (!fault) return undefined;
    fault.fired++;
    if (fault.remaining !== undefined) {
      fault.remaining--;
      if (fault.remaining <= 0) this.#faults.delete(fault.route);
    }
    return { ...fault };
  }
}
