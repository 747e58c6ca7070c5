// Log entries an app's real calls wrote (a 5xx answer's error line), kept in one ring bounded in
// entries for every app, and read beside the entries the logs make from the seed (edgeAppLogs.ts).

export interface EdgeLogEvent {
  appId: number;
  ms: number;
  log: string;
  edge: string;
  clientIp: string;
  requestId: string;
}

/** About 2 MB at most: entries are short lines. */
export const EDGE_LOG_EVENTS_CAP = 10_000;

export class EdgeLogEvents {
  readonly #ring: EdgeLogEvent[] = [];
  #next = 0;

  constructor(private readonly cap = EDGE_LOG_EVENTS_CAP) {}

  add(event: EdgeLogEvent): void {
    if (this.#ring.length < this.cap) this.#ring.push(event);
    else this.#ring[this.#next] = event;
    this.#next = (this.#next + 1) % this.cap;
  }

  get size(): number {
    return this.#ring.length;
  }

  /** The app's entries from `fromMs` to `toMs` (both inclusive), oldest first. */
  of(appId: number, fromMs: number, toMs: number): EdgeLogEvent[] {
    return this.#ring.filter((e) => e.appId === appId && e.ms >= fromMs && e.ms <= toMs).sort((a, b) => a.ms - b.ms);
  }
}
