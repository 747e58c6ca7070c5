// Watches the cloud's asynchronous tasks until each is FINISHED or ERROR.
import { taskState, type Task } from '../schema/cloud';
import { PlatformError, type PlatformErrorKind } from '../schema/errors';
import { abortableSleep } from './sleep';

export interface TaskOutcome {
  id: string;
  state: 'FINISHED' | 'ERROR';
  /** The platform's error text for a failed task. */
  error?: string;
  task: Task;
}

export interface TaskPollOptions {
  signal?: AbortSignal;
  /** Give up after this long in total (default 2 hours, as the platform's own client). */
  timeoutMs?: number;
  /** First delay between polls of one task (default 1 s); grows by half each time. */
  minDelayMs?: number;
  /** The steady delay between polls once grown (default 3 s, the platform's own client's interval). */
  maxDelayMs?: number;
  /** Called once for each task every time its state changes (the first reading included). */
  onChange?: (task: Task, state: string | undefined) => void;
  /** Called when one poll fails but polling goes on (a 5xx, a network error). */
  onTransientError?: (taskId: string, error: PlatformError) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** The platform's own client (gcore-python) polls every 3 s for at most 7,200 s. */
export const TASK_POLL_INTERVAL_MS = 3000;
export const DEFAULT_TASK_TIMEOUT_MS = 2 * 60 * 60_000;

/** Errors after which asking again cannot help. */
const FATAL: ReadonlySet<PlatformErrorKind> = new Set(['unauthorized', 'forbidden', 'notFound', 'validation', 'badResponse', 'cancelled', 'signedOut']);

/**
 * Polls every task id until FINISHED or ERROR (any other state, listed or not, means "keep
 * polling"), with a delay growing from `minDelayMs` to `maxDelayMs`. Resolves with every outcome
 * in the order of `ids`; rejects with `timeout`, `cancelled` or the first fatal error.
 */
export async function pollTasks(
  getTask: (id: string, signal?: AbortSignal) => Promise<Task>,
  ids: readonly string[],
  options: TaskPollOptions = {},
): Promise<TaskOutcome[]> {
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const minDelay = options.minDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? TASK_POLL_INTERVAL_MS;
  const deadline = now() + timeoutMs;
  const cancelled = () => new PlatformError({ kind: 'cancelled', message: 'Stopped watching the task.' });

  // One failing watch stops the others: they share the caller's signal through our own.
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort();
  if (options.signal?.aborted) inner.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = inner.signal;
  let firstError: unknown;
  /** What a stopped watch rejects with: the first fatal error, else `cancelled`. */
  const stopped = (): unknown => firstError ?? cancelled();

  const watchOne = async (id: string): Promise<TaskOutcome> => {
    let delay = minDelay;
    let lastState: string | undefined | null = null;
    for (;;) {
      if (signal.aborted) throw stopped();
      try {
        const task = await getTask(id, signal);
        const state = taskState(task);
        if (state !== lastState) {
          lastState = state;
          options.onChange?.(task, state);
        }
        if (state === 'FINISHED') return { id, state, task };
        if (state === 'ERROR') return { id, state, task, error: task.error ?? undefined };
      } catch (error) {
        if (signal.aborted) throw stopped();
        if (!(error instanceof PlatformError) || FATAL.has(error.kind)) throw error;
        options.onTransientError?.(id, error);
      }
      const left = deadline - now();
      if (left <= 0) {
        throw new PlatformError({
          kind: 'timeout',
          message:
            `Task ${id} did not finish within ${Math.round(timeoutMs / 1000)} s (last state ${lastState ?? 'unknown'}). ` +
            'The platform may still complete it.',
        });
      }
      try {
        await sleep(Math.min(delay, left), signal);
      } catch {
        throw stopped();
      }
      delay = Math.min(maxDelay, Math.round(delay * 1.5));
    }
  };

  try {
    return await Promise.all(
      ids.map((id) =>
        watchOne(id).catch((error: unknown) => {
          firstError ??= error;
          inner.abort();
          throw firstError;
        }),
      ),
    );
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
