// The calls an edge app's URL received (status and execution time), kept in a ring bounded in
// records, and the published statistics made from them: calls by status and durations per slot.
// The seeded history (edgeBackground.ts) is counted with them, made on demand.
import { backgroundCalls, type EdgeBackground } from './edgeBackground';

export interface EdgeCall {
  appId: number;
  atMs: number;
  status: number;
  /** Execution time in microseconds. */
  durationUs: number;
}

/** About 2.4 MB at most: four numbers a call. */
export const EDGE_CALLS_CAP = 100_000;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export class EdgeCallLog {
  readonly #ring: EdgeCall[] = [];
  #next = 0;

  /** `background`: the seeded history read beside the ring (simulator/edgeBackground.ts); none by default. */
  constructor(
    private readonly cap = EDGE_CALLS_CAP,
    private readonly background?: EdgeBackground,
  ) {}

  add(call: EdgeCall): void {
    if (this.#ring.length < this.cap) this.#ring.push(call);
    else this.#ring[this.#next] = call;
    this.#next = (this.#next + 1) % this.cap;
  }

  get size(): number {
    return this.#ring.length;
  }

  /** The calls of one app (or every app) from `fromMs` (inclusive) to `toMs` (exclusive), grouped by slot start. */
  #slots(appId: number | undefined, fromMs: number, toMs: number, stepMs: number): Map<number, EdgeCall[]> {
    const slots = new Map<number, EdgeCall[]>();
    for (let start = fromMs; start < toMs; start += stepMs) slots.set(start, []);
    const put = (call: EdgeCall) => slots.get(fromMs + Math.floor((call.atMs - fromMs) / stepMs) * stepMs)?.push(call);
    for (const call of this.#ring) {
      if ((appId !== undefined && call.appId !== appId) || call.atMs < fromMs || call.atMs >= toMs) continue;
      put(call);
    }
    if (this.background) for (const call of backgroundCalls(this.background, appId, fromMs, toMs)) put(call);
    return slots;
  }

  /** The published `call_stats`: every slot, its calls counted by status (none: an empty list). */
  callStats(appId: number | undefined, fromMs: number, toMs: number, stepMs: number) {
    return [...this.#slots(appId, fromMs, toMs, stepMs)].map(([start, calls]) => {
      const byStatus = new Map<number, number>();
      for (const c of calls) byStatus.set(c.status, (byStatus.get(c.status) ?? 0) + 1);
      return {
        time: new Date(start).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        count_by_status: [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => ({ status, count })),
      };
    });
  }

  /** The published `duration_stats` in microseconds, for the slots that had calls. */
  durationStats(appId: number | undefined, fromMs: number, toMs: number, stepMs: number) {
    return [...this.#slots(appId, fromMs, toMs, stepMs)].flatMap(([start, calls]) => {
      if (calls.length === 0) return [];
      const sorted = calls.map((c) => c.durationUs).sort((a, b) => a - b);
      return [
        {
          time: new Date(start).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          min: sorted[0] ?? 0,
          max: sorted[sorted.length - 1] ?? 0,
          avg: Math.round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
          median: percentile(sorted, 50),
          perc75: percentile(sorted, 75),
          perc90: percentile(sorted, 90),
        },
      ];
    });
  }
}
