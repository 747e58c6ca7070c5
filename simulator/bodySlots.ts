// The bounds on reading request bodies: only an authenticated request's body is read (server.ts),
// each up to a size, and at most BODY_READ_CONCURRENCY at once. A request beyond that waits with
// its bytes unread (TCP holds the sender back) rather than being refused: the client never retries
// a POST, so a 503 would fail a person's write, while a wait costs a socket and no memory.
import type { IncomingMessage } from 'node:http';

export const BODY_READ_CONCURRENCY = 16;
/** A JSON body (10 MiB): far above any request the API takes. */
export const JSON_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export class BodyTooLarge extends Error {}

/** Whether the request announces a body (a length above 0, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

export class BodySlots {
  #reading = 0;
  readonly #waiting = new Set<() => void>();

  constructor(private readonly limit = BODY_READ_CONCURRENCY) {}

  counts(): { reading: number; waiting: number } {
    return { reading: this.#reading, waiting: this.#waiting.size };
  }

  /** A release once a slot is this request's; undefined when its connection closed while it waited. */
  acquire(req: IncomingMessage): Promise<(() => void) | undefined> {
    if (this.#reading < this.limit) return Promise.resolve(this.#take());
    return new Promise((resolve) => {
      const socket = req.socket;
      const onClose = () => {
        this.#waiting.delete(turn);
        resolve(undefined);
      };
      const turn = () => {
        socket.off('close', onClose);
        resolve(this.#take());
      };
      this.#waiting.add(turn);
      socket.once('close', onClose);
    });
  }

  #take(): () => void {
    this.#reading++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#reading--;
      const next = this.#waiting.values().next();
      if (!next.done) {
        this.#waiting.delete(next.value);
        next.value();
      }
    };
  }
}
