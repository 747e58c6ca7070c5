// A file as the person confirmed it: which file (device and inode), its size, modification time
// and SHA-256, all read from one open handle. At send time the file is opened again, must still be
// that file with that size and time, and its bytes are hashed as they stream; the last chunk is
// held back until the hash matches, so a file changed after the confirmation never reaches the
// server whole (the request is aborted short of its Content-Length) and nothing is stored.
import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { PlatformError } from '../schema/errors';

/** Read size: a few of these are in flight at most, whatever the file's size. */
const CHUNK_BYTES = 1024 * 1024;
// No link followed at the last step, and a FIFO does not block the open (it is refused as not a file).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export interface FileSeal {
  /** The path read (a real path: no link in it). */
  path: string;
  bytes: number;
  sha256: string;
  dev: number;
  ino: number;
  mtimeMs: number;
}

/** The refusal of a file that is not the one confirmed any more. */
export class FileChangedError extends PlatformError {
  constructor(path: string, how: string) {
    const message = `${nodePath.basename(path)} changed after it was confirmed: ${how}. Nothing was stored; confirm again to send the file as it is now.`;
    super({ kind: 'validation', message, issues: [{ path: 'file', message }] });
  }
}

const fileChanged = (path: string, how: string) => new FileChangedError(path, how);

/** A file opened for reading, with what `fstat` says of it; the caller closes `handle`. */
export interface OpenedFile {
  handle: FileHandle;
  info: Stats;
}

/** Opens a regular file for reading (no link followed at its last step), or says why not. */
export async function openRegularFile(path: string): Promise<{ ok: true; file: OpenedFile } | { ok: false; problem: string }> {
  let handle: FileHandle;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: code === 'ELOOP' ? 'it is a link' : `it cannot be read (${code ?? (error as Error).message})` };
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return { ok: false, problem: 'it is not a file' };
  }
  return { ok: true, file: { handle, info } };
}

/** The handle's bytes from the start, chunk by chunk (each a fresh buffer). */
async function* readChunks(handle: FileHandle, signal?: AbortSignal): AsyncGenerator<Buffer> {
  let position = 0;
  for (;;) {
    signal?.throwIfAborted();
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** The seal of an opened file: its identity from `fstat`, its SHA-256 from the same handle. */
export async function sealOpened(opened: OpenedFile, path: string, signal?: AbortSignal): Promise<FileSeal> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of readChunks(opened.handle, signal)) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const { info } = opened;
  // Grown or shrunk while it was read: the size shown would not be the bytes hashed.
  if (bytes !== info.size) {
    const problem = `it was being written while it was read (${info.size} bytes, then ${bytes}): try again once it is complete`;
    throw new PlatformError({ kind: 'validation', message: `${nodePath.basename(path)}: ${problem}`, issues: [{ path: 'file', message: problem }] });
  }
  return { path, bytes, sha256: hash.digest('hex'), dev: info.dev, ino: info.ino, mtimeMs: info.mtimeMs };
}

/** Opens, seals and closes a file (the editor's deploy); a file that cannot be read is a validation refusal. */
export async function sealFile(path: string, signal?: AbortSignal): Promise<FileSeal> {
  const opened = await openRegularFile(path);
  if (!opened.ok)
    throw new PlatformError({
      kind: 'validation',
      message: `${nodePath.basename(path)}: ${opened.problem}`,
      issues: [{ path: 'file', message: opened.problem }],
    });
  try {
    return await sealOpened(opened.file, path, signal);
  } finally {
    await opened.file.handle.close();
  }
}

/** The file opened again for sending: refused before a byte goes when it is not the sealed file, or its size or time moved. */
export async function reopenSealed(seal: FileSeal): Promise<OpenedFile> {
  const opened = await openRegularFile(seal.path);
  if (!opened.ok) throw fileChanged(seal.path, opened.problem);
  const { info } = opened.file;
  const how =
    info.dev !== seal.dev || info.ino !== seal.ino
      ? 'another file is now at its path'
      : info.size !== seal.bytes
        ? `its size is ${info.size} bytes, not the ${seal.bytes} confirmed`
        : Math.floor(info.mtimeMs) !== Math.floor(seal.mtimeMs) // to the millisecond: what a Date can set back; the hash covers the rest
          ? `it was modified at ${new Date(info.mtimeMs).toISOString()}, after the confirmed ${new Date(seal.mtimeMs).toISOString()}`
          : undefined;
  if (how) {
    await opened.file.handle.close();
    throw fileChanged(seal.path, how);
  }
  return opened.file;
}

/**
 * The sealed file's bytes from `handle`, hashed as they go. One chunk is always held back: it is
 * released only once the whole file is read and its size and SHA-256 are the sealed ones, so a
 * mismatch throws before the server has the complete body.
 */
export async function* sealedChunks(seal: FileSeal, handle: FileHandle, signal?: AbortSignal): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let read = 0;
  let held: Buffer | undefined;
  for await (const chunk of readChunks(handle, signal)) {
    read += chunk.length;
    if (read > seal.bytes) throw fileChanged(seal.path, `it grew past the ${seal.bytes} bytes confirmed while it was sent`);
    hash.update(chunk);
    if (held) yield held;
    held = chunk;
  }
  if (read !== seal.bytes) throw fileChanged(seal.path, `it shrank to ${read} bytes while it was sent, not the ${seal.bytes} confirmed`);
  const sha256 = hash.digest('hex');
  if (sha256 !== seal.sha256) throw fileChanged(seal.path, `the bytes read to send have SHA-256 ${sha256}, not the ${seal.sha256} confirmed`);
  if (held) yield held;
}
