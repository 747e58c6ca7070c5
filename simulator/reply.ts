// Writing answers: JSON, text, a body made as it is sent, and a body sent a few bytes at a time.
import type { ServerResponse } from 'node:http';

/** A body made while it is sent (a report's result): called once per answer, its chunks written with backpressure. */
export type BodyStream = () => Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Absent for 204. */
  body?: string;
  /** Instead of `body`: sent chunked unless `headers` give its length. */
  stream?: BodyStream;
  /** The same kind of streamed body grown to about `bytes`: what the `huge` fault sends instead of its filler. */
  streamOfSize?: (bytes: number) => BodyStream;
}

/** What a handler returns to answer as it chooses (status, content type, a streamed body) rather than as JSON. */
export class HandlerReply {
  constructor(readonly reply: Reply) {}
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  if (reply.stream) {
    void streamReply(res, reply.status, reply.headers ?? {}, reply.stream);
    return;
  }
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body !== undefined) headers['Content-Length'] = Buffer.byteLength(reply.body);
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

/**
 * Writes each chunk as the client takes it, and stops the body's generator (its `finally` runs)
 * as soon as the client goes. A body that throws midway ends the connection without a proper end,
 * so the client sees a broken answer rather than a short one.
 */
export async function streamReply(res: ServerResponse, status: number, headers: Record<string, string>, stream: BodyStream): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  try {
    for await (const chunk of stream()) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await drainedOrClosed(res);
      if (res.destroyed) break;
    }
  } catch (error) {
    process.stderr.write(`simulator: a streamed answer failed: ${error instanceof Error ? error.message : String(error)}\n`);
    res.destroy();
    return;
  }
  if (!res.destroyed) res.end();
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
  if (reply.stream) return trickleStream(res, reply, reply.stream, chunkBytes, intervalMs, wait);
  const body = Buffer.from(reply.body ?? '');
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': body.length });
  res.flushHeaders();
  for (let offset = 0; offset < body.length; offset += chunkBytes) {
    if (offset > 0 && !(await wait(intervalMs, res))) return;
    res.write(body.subarray(offset, offset + chunkBytes));
  }
  res.end();
}

/** A streamed body at the trickle's pace; its generator stops when the client goes. */
async function trickleStream(res: ServerResponse, reply: Reply, stream: BodyStream, chunkBytes: number, intervalMs: number, wait: Scheduler): Promise<void> {
  res.writeHead(reply.status, reply.headers ?? {});
  res.flushHeaders();
  let first = true;
  for await (const chunk of stream()) {
    for (let offset = 0; offset < chunk.length; offset += chunkBytes) {
      if (!first && !(await wait(intervalMs, res))) return;
      first = false;
      res.write(chunk.subarray(offset, offset + chunkBytes));
    }
  }
  res.end();
}
