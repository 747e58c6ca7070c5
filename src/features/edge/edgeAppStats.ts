// Each edge app's last hour of calls, read when its row is expanded (never when the list loads: a
// thousand apps must not cost two thousand requests), once, and kept until the view is refreshed
// or shows another connection. An answer to a read started before that is dropped.
import type { BoundConnection } from '../../connections/connectionManager';
import { readCallSeries, type CallSeries } from '../../platform/edgeCallSeries';
import { LAST_HOUR_STEP, lastHourWindow } from './model/edgeLastHour';
import { isNotFound } from './edgeFetch';

export type AppStatsState =
  | { status: 'loading' }
  | { status: 'ok'; series: CallSeries; readAt: Date }
  | { status: 'notFound'; error: unknown }
  | { status: 'error'; error: unknown };

export class EdgeAppStats {
  private readonly states = new Map<number, AppStatsState>();
  /** Who shows a read still on its way: redrawn when it ends. */
  private readonly waiting = new Map<AppStatsState, Set<() => void>>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      /** The connection the view shows now. */
      bind: () => Promise<BoundConnection | undefined>;
      logError: (what: string, error: unknown) => void;
      now: () => Date;
    },
  ) {}

  /** What is known of the app's last hour; starts the read the first time it is asked, and calls `redraw` when it ends. */
  state(appId: number, redraw?: () => void): AppStatsState {
    let state = this.states.get(appId);
    if (!state) {
      state = { status: 'loading' };
      this.states.set(appId, state);
      this.track(this.read(appId, state));
    }
    if (state.status === 'loading' && redraw) this.waiting.set(state, (this.waiting.get(state) ?? new Set()).add(redraw));
    return state;
  }

  /** Without reading: what is kept (the tests and the chart row). */
  peek(appId: number): AppStatsState | undefined {
    return this.states.get(appId);
  }

  /** Forgets one app (Retry, the pin refreshed): the next look reads again. */
  forget(appId: number): void {
    this.states.delete(appId);
  }

  /** Forgets every app (Refresh, another connection); answers on their way are dropped. */
  clear(): void {
    this.states.clear();
  }

  /** Resolves when every read started so far has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async read(appId: number, loading: AppStatsState): Promise<void> {
    let next: AppStatsState;
    try {
      const bound = await this.deps.bind();
      if (!bound) throw new Error('Not signed in to the connection this view shows');
      const { fromMs, toMs } = lastHourWindow(this.deps.now());
      const series = await readCallSeries(bound.api, appId, fromMs, toMs, LAST_HOUR_STEP, { durations: 'window', signal: bound.signal });
      next = { status: 'ok', series, readAt: this.deps.now() };
    } catch (error) {
      if (!isNotFound(error)) this.deps.logError(`Could not read the last hour of edge app ${appId}`, error);
      next = isNotFound(error) ? { status: 'notFound', error } : { status: 'error', error };
    }
    const redraws = this.waiting.get(loading) ?? new Set();
    this.waiting.delete(loading);
    // Forgotten meanwhile (Refresh, Retry, another connection): a newer read, or none, decides.
    if (this.states.get(appId) !== loading) return;
    this.states.set(appId, next);
    for (const redraw of redraws) redraw();
  }
}
