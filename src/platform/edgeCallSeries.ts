// A window of an edge app's calls with its slots: the figures of the whole window (edgeCallWindow.ts)
// and each slot's calls, 5xx and, when asked per slot, its p50/p90. The Edge view's "last hour" reads
// the calls per 5 minutes and the durations as one slot (exact percentiles, two requests); the agent
// tool reads both per slot.
import type { EdgeCallSlot, EdgeDurationSlot } from '../schema/edgeStats';
import { EDGE_STATS_STEP_MAX } from '../schema/edgeStats';
import type { PlatformApi } from './api';
import { summarizeWindow, type CallWindow } from './edgeCallWindow';

export interface CallSlotFigures {
  /** The slot's start, as the platform wrote it. */
  time: string;
  calls: number;
  calls5xx: number;
  /** Execution time in microseconds, when the durations were read per slot and the slot had calls. */
  p50Us?: number;
  p90Us?: number;
}

export interface CallSeries {
  /** The whole window; `step` is the slots' length. */
  window: CallWindow;
  slots: CallSlotFigures[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The slots' figures from the two answers (pure). */
export function slotFigures(callSlots: readonly EdgeCallSlot[], durationSlots: readonly EdgeDurationSlot[]): CallSlotFigures[] {
  const durations = new Map(durationSlots.flatMap((d) => (d.time != null ? [[d.time, d] as const] : [])));
  return callSlots.flatMap((slot) => {
    if (slot.time == null) return [];
    let calls = 0;
    let calls5xx = 0;
    for (const { status, count } of slot.count_by_status) {
      calls += count;
      if (status >= 500 && status < 600) calls5xx += count;
    }
    const d = calls > 0 ? durations.get(slot.time) : undefined;
    return [{ time: slot.time, calls, calls5xx, ...(d?.median != null && { p50Us: d.median }), ...(d?.perc90 != null && { p90Us: d.perc90 }) }];
  });
}

/**
 * Reads `[fromMs, toMs)` of one app: calls per `step` seconds, and durations per slot
 * (`durations: 'slots'`) or for the whole window as one slot (`'window'`, when it is at most a
 * day long: the platform's own p50/p90 of the window). Two requests, sent side by side.
 */
export async function readCallSeries(
  api: PlatformApi,
  appId: number,
  fromMs: number,
  toMs: number,
  step: number,
  options: { durations: 'slots' | 'window'; signal?: AbortSignal },
): Promise<CallSeries> {
  const from = iso(fromMs);
  const to = iso(toMs);
  const span = Math.max(1, Math.round((toMs - fromMs) / 1000));
  const durationStep = options.durations === 'window' && span <= EDGE_STATS_STEP_MAX ? span : step;
  const callQuery = { from, to, step, id: appId };
  const durationQuery = { from, to, step: durationStep, id: appId };
  const send = options.signal ? { signal: options.signal } : undefined;
  const [calls, durations] = await Promise.all([
    api.edge.getEdgeCallStats({ params: {}, query: callQuery }, send),
    api.edge.getEdgeDurationStats({ params: {}, query: durationQuery }, send),
  ]);
  const q = (s: number) => `from=${from}&to=${to}&step=${s}&id=${appId}`;
  const sources = [`GET /fastedge/v1/stats/calls?${q(step)}`, `GET /fastedge/v1/stats/app_duration?${q(durationStep)}`];
  // With the durations as one slot, p50/p90 are the platform's own for the window (exactPercentiles).
  const window = summarizeWindow({ appId, from, to, step }, calls.stats, durations.stats, sources);
  return { window, slots: slotFigures(calls.stats, durationStep === step ? durations.stats : []) };
}
