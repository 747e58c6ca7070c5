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

/** The `huge` fault's default size: past every answer limit of the client (64 MiB at most). */
export const HUGE_DEFAULT_BYTES = 96 * 1024 * 1024;

/**
 * `bytes` of a JSON answer that never ends well (`{"filler":["xxx…","xxx…",…`), 64 KiB at a time
 * as fast as the client reads, with `Content-Length` when `announce`: a client without a size
 * limit holds it all. Stops as soon as the client closes the connection.
 */
/** Resolves when a response that refused a write can take more, or is gone (the client stopped reading). */
export function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export async function hugeReply(res: ServerResponse, bytes: number, announce: boolean): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'application/json', ...(announce ? { 'Content-Length': bytes } : {}) });
  const head = Buffer.from('{"filler":[');
  const piece = Buffer.from(`"${'x'.repeat(64 * 1024 - 3)}",`);
  for (let sent = 0; sent < bytes && !res.destroyed; ) {
    const chunk = (sent === 0 ? head : piece).subarray(0, bytes - sent);
    sent += chunk.length;
    if (!res.write(chunk)) await drainedOrClosed(res);
  }
  if (!res.destroyed) res.end();
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
