// A .wasm stored on the platform: its first bytes checked, its SHA-256 read in one pass, and the
// upload streamed from disk (bounded memory, bytes counted, cancellable, sent once). The platform's
// limits (size, the account's binary count) are told as limits, not as a generic failure.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { PlatformError } from '../schema/errors';
import { storeEdgeBinaryEndpoint, WASM_MAGIC, type EdgeBinaryShort } from '../schema/edgeBinaries';
import type { HttpClient } from './http';

/** Read size: a few of these are in flight at most, whatever the file's size. */
const CHUNK_BYTES = 1024 * 1024;

export interface WasmFile {
  path: string;
  bytes: number;
}

/** The file's size when it begins with `\0asm`; otherwise why it is not WebAssembly. */
export async function checkWasmFile(path: string): Promise<{ ok: true; file: WasmFile } | { ok: false; problem: string }> {
  let handle;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { ok: false, problem: 'it is not a file' };
    handle = await open(path, 'r');
    const head = Buffer.alloc(WASM_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < WASM_MAGIC.length || WASM_MAGIC.some((b, i) => head[i] !== b)) {
      return { ok: false, problem: 'it is not WebAssembly (a .wasm module begins with the bytes 00 61 73 6d, "\\0asm")' };
    }
    return { ok: true, file: { path, bytes: info.size } };
  } catch (error) {
    return { ok: false, problem: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    await handle?.close();
  }
}

/** The file's SHA-256 (hex), read as a stream. */
export async function sha256OfFile(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES, signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Bytes handed to the connection so far, as they go. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  timeoutMs?: number;
}

/** `POST /binaries/raw` with the file's bytes streamed from disk; the platform's answer, or its refusal told as a limit. */
export async function uploadEdgeBinary(http: HttpClient, file: WasmFile, options: UploadOptions = {}): Promise<EdgeBinaryShort> {
  const chunks = async function* () {
    let sent = 0;
    for await (const chunk of createReadStream(file.path, { highWaterMark: CHUNK_BYTES, signal: options.signal })) {
      const bytes = chunk as Buffer;
      yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      sent += bytes.byteLength;
      options.onProgress?.(sent, file.bytes);
    }
  };
  try {
    return await http.upload(storeEdgeBinaryEndpoint, { params: {} }, { contentType: 'application/octet-stream', bytes: file.bytes, chunks }, { signal: options.signal, timeoutMs: options.timeoutMs });
  } catch (error) {
    throw error instanceof PlatformError ? asBinaryLimit(error) : error;
  }
}

/** A 429 is the account's binary count, a 413 (or a 400 that says so) the size: said as the platform's limits. */
export function asBinaryLimit(error: PlatformError): PlatformError {
  const said = error.serverMessage ? `: ${error.serverMessage}` : '';
  const size = error.status === 413 || (error.status === 400 && /\b(size|too large|exceed)/i.test(error.serverMessage ?? ''));
  let message: string | undefined;
  if (error.status === 429) message = `The account's binary limit is reached — delete unused binaries, then deploy again (HTTP 429${said})`;
  else if (size) message = `The file is larger than the platform's binary size limit (HTTP ${error.status}${said})`;
  if (!message) return error;
  return new PlatformError({ ...error, kind: error.kind, message: error.requestId ? `${message} [request id ${error.requestId}]` : message, issues: error.issues, cause: error });
}
