// What the connections write to the log: the room only needs these lines, not the editor's log.
import type { RequestLogEntry } from '../platform/http';

export interface ConnectionLog {
  /** A key to scrub from every line from now on. */
  addSecret(secret: string): void;
  request(connection: string, entry: RequestLogEntry): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}
