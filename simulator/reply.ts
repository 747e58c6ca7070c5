// Writing answers: JSON, text, and a body sent a few bytes at a time.
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Absent for 204. */
  body?: string;
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body !== undefined) headers['Content-Length'] = Buffer.byteLength(reply.body);
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

/** Waits `ms`; false when the client left first or the simulator closed. */
export type Scheduler = (ms: number, res: ServerResponse) => Promise<boolean>;

/** The whole (valid) body, `chunkBytes` every `intervalMs`: headers first, so the client waits on the body. */
export async function trickleReply(res: ServerResponse, reply: Reply, chunkBytes: number, intervalMs: number, wait: Scheduler): Promise<void> {
  const body = Buffer.from(reply.body ?? '');
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': body.length });
  res.flushHeaders();
  for (let offset = 0; offset < body.length; offset += chunkBytes) {
    if (offset > 0 && !(await wait(intervalMs, res))) return;
    res.write(body.subarray(offset, offset + chunkBytes));
  }
  res.end();
}
