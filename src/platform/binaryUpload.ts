// A .wasm stored on the platform: its first bytes checked, and the upload streamed from disk
// (bounded memory, bytes counted, cancellable, sent once) and checked against the file the person
// confirmed (fileSeal.ts). The platform's limits (size, the account's binary count) are told as
// limits, not as a generic failure.
import { PlatformError } from '../schema/errors';
import { storeEdgeBinaryEndpoint, WASM_MAGIC, type EdgeBinaryShort } from '../schema/edgeBinaries';
import { realpath } from 'node:fs/promises';
import { basename } from 'node:path';
import { FileChangedError, openRegularFile, reopenSealed, sealOpened, sealedChunks, type FileSeal, type OpenedFile } from './fileSeal';
import type { HttpClient } from './http';

export interface WasmFile {
  path: string;
  bytes: number;
}

/** The file's size when it begins with `\0asm`; otherwise why it is not WebAssembly (its real path opened once). */
export async function checkWasmFile(path: string): Promise<{ ok: true; file: WasmFile } | { ok: false; problem: string }> {
  // A file the person picked may be a link (a build's output): followed here, not when opened.
  const opened = await openRegularFile(await realpath(path).catch(() => path));
  if (!opened.ok) return opened;
  try {
    const problem = await wasmProblem(opened.file);
    return problem ? { ok: false, problem } : { ok: true, file: { path, bytes: opened.file.info.size } };
  } catch (error) {
    return { ok: false, problem: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    await opened.file.handle.close();
  }
}

/** Why an opened file is not WebAssembly, or undefined when it begins with `\0asm`. */
export async function wasmProblem(opened: OpenedFile): Promise<string | undefined> {
  const head = Buffer.alloc(WASM_MAGIC.length);
  const { bytesRead } = await opened.handle.read(head, 0, head.length, 0);
  if (bytesRead < WASM_MAGIC.length || WASM_MAGIC.some((b, i) => head[i] !== b))
    return 'it is not WebAssembly (a .wasm module begins with the bytes 00 61 73 6d, "\\0asm")';
  return undefined;
}

/** The .wasm opened once, checked for `\0asm` and sealed (size, time, SHA-256) from that handle; a refusal names why. */
export async function sealWasmFile(given: string, signal?: AbortSignal): Promise<FileSeal> {
  // The seal names the real path: the upload opens that again, and it must be the same file.
  const path = await realpath(given).catch(() => given);
  const opened = await openRegularFile(path);
  const refused = (problem: string) =>
    new PlatformError({ kind: 'validation', message: `${basename(path)}: ${problem}`, issues: [{ path: 'file', message: problem }] });
  if (!opened.ok) throw refused(opened.problem);
  try {
    const problem = await wasmProblem(opened.file);
    if (problem) throw refused(problem);
    return await sealOpened(opened.file, path, signal);
  } finally {
    await opened.file.handle.close();
  }
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Bytes handed to the connection so far, as they go. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  timeoutMs?: number;
}

/**
 * `POST /binaries/raw` with the sealed file's bytes streamed from disk: the file the person
 * confirmed (same file, size and time, or nothing is sent) and its bytes checked against the
 * confirmed SHA-256 as they go (a mismatch aborts the request before its last chunk: nothing is
 * stored). The platform's answer, or its refusal told as a limit.
 */
export async function uploadEdgeBinary(http: HttpClient, seal: FileSeal, options: UploadOptions = {}): Promise<EdgeBinaryShort> {
  const opened = await reopenSealed(seal);
  let changed: FileChangedError | undefined;
  const chunks = async function* () {
    let sent = 0;
    try {
      for await (const bytes of sealedChunks(seal, opened.handle, options.signal)) {
        yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        sent += bytes.byteLength;
        options.onProgress?.(sent, seal.bytes);
      }
    } catch (error) {
      if (error instanceof FileChangedError) changed = error;
      throw error;
    }
  };
  try {
    return await http.upload(
      storeEdgeBinaryEndpoint,
      { params: {} },
      { contentType: 'application/octet-stream', bytes: seal.bytes, chunks },
      { signal: options.signal, timeoutMs: options.timeoutMs },
    );
  } catch (error) {
    // The body's own refusal, however fetch reports the aborted request.
    if (changed) throw changed;
    throw error instanceof PlatformError ? asBinaryLimit(error) : error;
  } finally {
    await opened.handle.close();
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
  return new PlatformError({
    ...error,
    kind: error.kind,
    message: error.requestId ? `${message} [request id ${error.requestId}]` : message,
    issues: error.issues,
    cause: error,
  });
}
