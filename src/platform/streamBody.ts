// A success's body read as it arrives (a report's result): each chunk waited for at most a
// while, the connection closed as soon as the reader stops, every failure one PlatformError.
import type { PlatformError } from '../schema/errors';
import type { CallOptions } from './httpOptions';

export interface StreamOptions extends CallOptions {
  /** The `Accept` header sent (default `application/json`). */
  accept?: string;
  /** Once the body flows, the longest wait for its next chunk (default: the timeout). */
  idleTimeoutMs?: number;
}

/** A success whose body is read as it arrives, never held whole. */
export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The length the server announced, if it did. */
  declaredBytes?: number;
  /**
   * The body, chunk by chunk; read it once. A stall, a cancel, Sign Out or a reset fails it with a
   * PlatformError; leaving the loop early closes the connection.
   */
  body: AsyncIterable<Uint8Array>;
}

export interface StreamFailures {
  /** Nothing arrived within the idle time. */
  stalled: () => PlatformError;
  /** The caller cancelled or signed out: its error, or undefined when neither happened. */
  cancelled: () => PlatformError | undefined;
  /** The connection broke (reset, closed early). */
  broken: (error: unknown) => PlatformError;
}

export async function* bodyChunks(
  response: Response,
  controller: AbortController,
  idleMs: number,
  release: () => void,
  failures: StreamFailures,
): AsyncGenerator<Uint8Array> {
  let stalled = false;
  // One timer for the whole body, not one per chunk (thousands for a large result): each chunk
  // only notes when it came; the timer, when it fires, waits on for what is left of the idle time.
  let lastChunkAt = Date.now();
  const check = () => {
    const quiet = Date.now() - lastChunkAt;
    if (quiet < idleMs) {
      idle = setTimeout(check, idleMs - quiet);
      return;
    }
    stalled = true;
    controller.abort();
  };
  let idle = setTimeout(check, idleMs);
  const reader = response.body?.getReader();
  let finished = false;
  try {
    if (!reader) {
      finished = true;
      return;
    }
    for (;;) {
      lastChunkAt = Date.now();
      let next: { done: true; value?: undefined } | { done: false; value: Uint8Array };
      try {
        next = (await reader.read()) as typeof next;
      } catch (error) {
        if (stalled) throw failures.stalled();
        throw failures.cancelled() ?? failures.broken(error);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    clearTimeout(idle);
    release();
    // Left early (a cancel, a failure downstream): the server stops sending.
    if (!finished) {
      controller.abort();
      await reader?.cancel().catch(() => undefined);
    }
  }
}
