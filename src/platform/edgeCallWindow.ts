// One window of an edge app's calls, read from the platform's statistics and said in figures:
// calls, calls by status class, the 5xx share, p50 and p90 execution time. The watch after a
// deploy, the Edge view's "last hour" and the agent tools read windows the same way.
import { pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import type { EdgeCallSlot, EdgeDurationSlot } from '../schema/edgeStats';
import type { PlatformApi } from './api';

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'other';

export interface CallWindow {
  appId: number;
  /** ISO times, `to` exclusive, and the slot length in seconds: what was asked. */
  from: string;
  to: string;
  step: number;
  calls: number;
  byClass: Record<StatusClass, number>;
  /** 5xx calls over all calls, 0..1; undefined without calls. */
  share5xx?: number;
  /** Execution time in microseconds; undefined without calls. */
  p50Us?: number;
  p90Us?: number;
  /**
   * True when p50/p90 are the platform's own for the whole window (one slot); false when the
   * window came back in several slots and they are the slots' figures weighted by their calls.
   */
  exactPercentiles: boolean;
  /** Where the figures came from: the two requests, as method and path with their query. */
  sources: string[];
}

export const statusClass = (status: number): StatusClass => (status >= 100 && status < 600 ? (`${Math.floor(status / 100)}xx` as StatusClass) : 'other');

const emptyClasses = (): Record<StatusClass, number> => ({ '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, other: 0 });

/** A weighted percentile of slot figures: the value where the running weight reaches `p` of the total. */
function weighted(points: readonly { value: number; weight: number }[], p: number): number | undefined {
  const sorted = points.filter((x) => x.weight > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((a, x) => a + x.weight, 0);
  if (total === 0) return undefined;
  let run = 0;
  for (const x of sorted) {
    run += x.weight;
    if (run >= p * total) return x.value;
  }
  return sorted[sorted.length - 1]?.value;
}

/** The figures of a window from the two answers (pure: the tests and the simulator's checks use it). */
export function summarizeWindow(
  ask: { appId: number; from: string; to: string; step: number },
  callSlots: readonly EdgeCallSlot[],
  durationSlots: readonly EdgeDurationSlot[],
  sources: string[] = [],
): CallWindow {
  const byClass = emptyClasses();
  const callsAt = new Map<string, number>();
  let calls = 0;
  for (const slot of callSlots) {
    let inSlot = 0;
    for (const { status, count } of slot.count_by_status) {
      byClass[statusClass(status)] += count;
      inSlot += count;
    }
    calls += inSlot;
    if (slot.time != null) callsAt.set(slot.time, (callsAt.get(slot.time) ?? 0) + inSlot);
  }
  const timed = durationSlots.filter((d) => d.median != null || d.perc90 != null);
  const weightOf = (d: EdgeDurationSlot) => (timed.length === 1 ? 1 : ((d.time != null ? callsAt.get(d.time) : undefined) ?? 1));
  const p50Us = weighted(
    timed.flatMap((d) => (d.median == null ? [] : [{ value: d.median, weight: weightOf(d) }])),
    0.5,
  );
  const p90Us = weighted(
    timed.flatMap((d) => (d.perc90 == null ? [] : [{ value: d.perc90, weight: weightOf(d) }])),
    0.9,
  );
  return {
    ...ask,
    calls,
    byClass,
    share5xx: calls > 0 ? byClass['5xx'] / calls : undefined,
    p50Us: calls > 0 ? p50Us : undefined,
    p90Us: calls > 0 ? p90Us : undefined,
    exactPercentiles: timed.length <= 1,
    sources,
  };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Reads one window: both statistics with the window as one slot (`step` = its length in whole
 * seconds, so the platform's own percentiles cover it), on the connection `api` belongs to.
 */
export async function readCallWindow(api: PlatformApi, appId: number, fromMs: number, toMs: number, signal?: AbortSignal): Promise<CallWindow> {
  const from = iso(fromMs);
  const to = iso(toMs);
  const step = Math.max(1, Math.round((toMs - fromMs) / 1000));
  const query = { from, to, step, id: appId };
  const options = signal ? { signal } : undefined;
  const [calls, durations] = await Promise.all([
    api.edge.getEdgeCallStats({ params: {}, query }, options),
    api.edge.getEdgeDurationStats({ params: {}, query }, options),
  ]);
  const q = `from=${from}&to=${to}&step=${step}&id=${appId}`;
  // The paths as sent, in the connection's dialect (the spec's /edge/v1/…, the platform's /fastedge/v1/…).
  const dialect = api.http.dialect;
  const sources = [`GET ${pathIn(endpoints.getEdgeCallStats, dialect)}?${q}`, `GET ${pathIn(endpoints.getEdgeDurationStats, dialect)}?${q}`];
  return summarizeWindow({ appId, from, to, step }, calls.stats, durations.stats, sources);
}
