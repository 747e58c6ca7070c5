import type { RequestLogEntry } from './http';

/** One log line per request: `GET /cloud/v1/tasks/… -> 200 in 42 ms (2 retries)`. */
export function formatRequestLine(entry: RequestLogEntry): string {
  const status = entry.status === undefined ? entry.outcome : String(entry.status);
  const retries = entry.retries === 1 ? '1 retry' : `${entry.retries} retries`;
  const request = entry.requestId ? ` [request id ${entry.requestId}]` : '';
  return `${entry.method} ${entry.path} -> ${status} in ${entry.ms} ms (${retries})${request}`;
}
