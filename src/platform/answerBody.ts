// Reading an answer's body with a size limit: byte by byte as it arrives, and past the
// limit the reading stops, what was read is dropped and the caller aborts the request, so an
// oversized answer never sits in memory whole.
import { PlatformError } from '../schema/errors';

const MiB = 1024 * 1024;

/** `8 MiB`, `64 MiB`, `1.5 MiB`. */
export function formatMiB(bytes: number): string {
  const mib = bytes / MiB;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

/** The body as text, or `tooLarge` once more than `limit` bytes arrived (the stream is cancelled). */
export async function readAnswer(body: ReadableStream<Uint8Array> | null, limit: number): Promise<{ text: string } | { tooLarge: true }> {
  if (!body) return { text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Dropped before anything else happens: only the chunk in hand is still referenced.
      chunks.length = 0;
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  // As Response.text() decodes: UTF-8, a leading BOM dropped, bad bytes as U+FFFD.
  return { text: new TextDecoder().decode(Buffer.concat(chunks, size)) };
}

/** The announced `Content-Length`, when there is a valid one. */
export function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  return value !== null && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** The error for an answer past its limit: a bad answer, not retried by the client. */
export function answerTooLarge(init: { limit: number; declared?: number; status: number; requestId?: string; method: string; path: string }): PlatformError {
  const announced = init.declared === undefined ? '' : ` (it announced ${formatMiB(init.declared)})`;
  return new PlatformError({
    kind: 'badResponse',
    status: init.status,
    message: `The answer was larger than ${formatMiB(init.limit)}${announced}: not read, and not asked for again.`,
    requestId: init.requestId,
    method: init.method,
    path: init.path.split('?')[0],
  });
}
