// Live status of the report tasks followed on the active connection: each Pending or InProgress
// task is read again after a delay growing from 2 s to 30 s (back to 2 s when its status moves)
// until it is Completed, Failed or Cancelled. One timer or one request per task at most; no
// timer at all when no task is active, so nothing ever spins. `resume()` is what activation (and
// a switch of connection) runs: it picks up the stored tasks that were still running.
// No VS Code import, so it is unit tested against the simulator.
import type { PlatformApi } from '../../platform/api';
import { PlatformError } from '../../schema/errors';
import { DEFAULT_POLL_DELAYS, isActiveReport, isTerminalStatus, pollDelay, reportStatus, type PollDelays, type TrackedReport } from './model/reportTasks';
import type { ReportTaskStore } from './reportTaskStore';

export interface PollConnection {
  id: string;
  name: string;
}

export interface ReportPollerDeps {
  store: ReportTaskStore;
  /** The active connection with its API; undefined while signed out. */
  session: () => Promise<{ connection: PollConnection; api: PlatformApi } | undefined>;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  /** A followed task went from Pending/InProgress (or unread) to Completed, Failed or Cancelled. */
  onSettled?: (task: TrackedReport, connection: PollConnection) => void;
  /** The key was refused while polling: polling stopped on that connection until resumed. */
  onRefused?: (error: PlatformError, connection: PollConnection) => void;
  /** The 2 s..30 s schedule's numbers, read each time a read is scheduled (tests make them shorter). */
  delays?: () => Partial<PollDelays> | undefined;
  now?: () => number;
  /** setTimeout/clearTimeout, replaced by unit tests that run the schedule by hand. */
  timers?: Timers;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Pending {
  timer?: unknown;
  request?: AbortController;
}

export class ReportPoller {
  private readonly pending = new Map<string, Pending>();
  /** Bumped by suspend(): answers and timers of an older generation are ignored. */
  private generation = 0;
  private disposed = false;

  private readonly timers: Timers;

  constructor(private readonly deps: ReportPollerDeps) {
    this.timers = deps.timers ?? realTimers;
  }

  private get now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private get delays(): PollDelays {
    return { ...DEFAULT_POLL_DELAYS, ...this.deps.delays?.() };
  }

  /** The uuids with a poll scheduled or in flight (empty: nothing polls). */
  get polling(): string[] {
    return [...this.pending.keys()];
  }

  /** Follows the active connection's stored tasks that are still running: each is read at once. */
  async resume(): Promise<void> {
    this.suspend();
    if (this.disposed) return;
    const generation = this.generation;
    const session = await this.deps.session();
    if (!session || generation !== this.generation) return;
    const active = this.deps.store.list(session.connection.id).filter((t) => !t.problem?.startsWith('No report task') && isActiveReport(t.snapshot));
    if (active.length) this.deps.log.info(`Report tasks on ${session.connection.name}: following ${active.length} still running`);
    for (const task of active) this.schedule(session.connection, task.uuid, 0, 0);
  }

  /** Stops every timer and request (a window closing, a switch of connection, sign out). */
  suspend(): void {
    this.generation++;
    for (const p of this.pending.values()) {
      if (p.timer !== undefined) this.timers.clear(p.timer);
      p.request?.abort();
    }
    this.pending.clear();
  }

  /**
   * Starts following a task just created or opened (its snapshot is fresh: first read after the
   * delay). A read for a connection that is no longer the active one is dropped when it is due.
   */
  follow(connection: PollConnection, uuid: string): void {
    const task = this.deps.store.get(connection.id, uuid);
    if (task && isActiveReport(task.snapshot)) this.schedule(connection, task.uuid, 0, pollDelay(0, this.delays));
  }

  /** Reads a task now, whatever its status; it is followed on if still running. */
  refresh(connection: PollConnection, uuid: string): void {
    if (this.pending.get(uuid)?.request) return; // a read is on its way
    this.schedule(connection, uuid, 0, 0, true);
  }

  /** Stops following a task (removed from the list). */
  forget(uuid: string): void {
    const p = this.pending.get(uuid);
    if (p?.timer !== undefined) this.timers.clear(p.timer);
    p?.request?.abort();
    this.pending.delete(uuid);
  }

  private schedule(connection: PollConnection, uuid: string, attempt: number, delayMs: number, force = false): void {
    if (this.disposed) return;
    this.forget(uuid);
    const generation = this.generation;
    const entry: Pending = {};
    entry.timer = this.timers.set(() => {
      entry.timer = undefined;
      void this.poll(generation, connection, uuid, attempt, force).catch((error: unknown) =>
        this.deps.log.error(`Report task ${uuid}: polling stopped`, error),
      );
    }, delayMs);
    this.pending.set(uuid, entry);
  }

  private async poll(generation: number, connection: PollConnection, uuid: string, attempt: number, force: boolean): Promise<void> {
    const { store, log } = this.deps;
    const done = () => {
      if (generation === this.generation) this.pending.delete(uuid);
    };
    const before = store.get(connection.id, uuid);
    const session = await this.deps.session();
    if (generation !== this.generation) return;
    if (!before || !session || session.connection.id !== connection.id || (!force && !isActiveReport(before.snapshot))) return done();
    const request = new AbortController();
    const mine = this.pending.get(uuid);
    if (mine) mine.request = request;
    let task;
    try {
      task = await session.api.billing.getReport({ params: { id: uuid } }, { signal: request.signal });
    } catch (error) {
      if (generation !== this.generation || request.signal.aborted) return;
      return this.failed(connection, uuid, attempt, error, done);
    }
    if (generation !== this.generation || request.signal.aborted) return;
    done();
    const previous = reportStatus(before.snapshot);
    const status = reportStatus(task);
    const entry = await store.update(connection.id, uuid, { snapshot: task, checkedAt: this.now, problem: undefined });
    if (!entry || generation !== this.generation) return;
    const moved = status !== previous || !before.snapshot;
    if (moved) log.info(`Report task ${uuid} on ${connection.name}: ${previous ?? 'not read yet'} -> ${status ?? task.status ?? 'no status'}`);
    if (isActiveReport(task)) {
      const next = moved ? 0 : attempt + 1;
      this.schedule(connection, uuid, next, pollDelay(next, this.delays));
    } else if (isTerminalStatus(status) && !isTerminalStatus(previous)) {
      this.deps.onSettled?.(entry, connection);
    }
  }

  private async failed(connection: PollConnection, uuid: string, attempt: number, error: unknown, done: () => void): Promise<void> {
    const { store, log } = this.deps;
    const generation = this.generation;
    const kind = error instanceof PlatformError ? error.kind : undefined;
    if (kind === 'unauthorized') {
      log.error(`Report tasks on ${connection.name}: the key was refused; polling stopped`, error);
      await store.update(connection.id, uuid, { problem: `API key rejected by ${connection.name}` });
      this.suspend();
      this.deps.onRefused?.(error as PlatformError, connection);
      return;
    }
    if (kind === 'notFound' || kind === 'forbidden' || kind === 'validation') {
      done();
      const problem = kind === 'notFound' ? `No report task ${uuid} on ${connection.name}` : (error as PlatformError).message;
      log.error(`Report task ${uuid}: not followed any more`, error);
      await store.update(connection.id, uuid, { problem });
      return;
    }
    // A server error, a timeout, the network: try again later, further apart.
    const message = error instanceof Error ? error.message : String(error);
    log.info(`Report task ${uuid} on ${connection.name}: could not read its status, trying again: ${message}`);
    await store.update(connection.id, uuid, { problem: message });
    if (generation !== this.generation) return;
    const next = attempt + 1;
    const wait = Math.max(pollDelay(next, this.delays), error instanceof PlatformError ? Math.min(error.retryAfterMs ?? 0, this.delays.maxMs) : 0);
    this.schedule(connection, uuid, next, wait);
  }

  dispose(): void {
    this.suspend();
    this.disposed = true;
  }
}
