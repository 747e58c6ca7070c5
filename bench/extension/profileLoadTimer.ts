// When the list answer arrived and when the view's roots for it were handed to VS Code, with the
// extension host's heap at both: what bench/profilesTree.bench.mjs pairs with the moment the rows
// appear in the workbench's DOM. Times are epoch milliseconds with sub-millisecond precision
// (performance.timeOrigin + performance.now()), comparable with the browser's on the same machine.
// The benches' build hands it to the view when PLATFORM_CONSOLE_PROFILE_TIMINGS_FILE is set (the
// benchmark sets it): each load appends one JSON line to that file.
import { appendBenchRecord } from './benchRecord';
import { performance } from 'node:perf_hooks';
import type { ProfileLoadObserver } from '../../src/features/profiles/index';

export const TIMINGS_FILE_ENV = 'PLATFORM_CONSOLE_PROFILE_TIMINGS_FILE';

export interface LoadTimings {
  /** The list request was sent. */
  requestedAt: number;
  /** The client handed over the checked array (HTTP answer read, JSON parsed, shapes checked). */
  receivedAt: number;
  /** roots() returned the first page of rows to VS Code. */
  rootsAt?: number;
  count: number;
  pageSize: number;
  shown?: number;
  heapAtReceived: number;
  heapAtRoots?: number;
}

const now = () => performance.timeOrigin + performance.now();

export class LoadTimer implements ProfileLoadObserver {
  private requestedAt = 0;
  private pending: LoadTimings | undefined;

  constructor(private readonly file: string) {}

  requested(): void {
    this.requestedAt = now();
    this.pending = undefined;
  }

  received(count: number, pageSize: number): void {
    this.pending = { requestedAt: this.requestedAt, receivedAt: now(), count, pageSize, heapAtReceived: process.memoryUsage().heapUsed };
  }

  /** Only the first roots() after an answer counts; later redraws (Load more, edits) do not. */
  rootsReturned(shown: number): void {
    const timings = this.pending;
    if (!timings) return;
    this.pending = undefined;
    timings.rootsAt = now();
    timings.shown = shown;
    timings.heapAtRoots = process.memoryUsage().heapUsed;
    appendBenchRecord(this.file, timings);
  }
}
