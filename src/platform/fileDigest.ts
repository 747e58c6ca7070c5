// A file's digest (MD5 for drift: the platform's binary `checksum` is one) read in chunks through one
// reused buffer, so hashing a 50 MB .wasm holds about a megabyte, never the file. The size and
// modification time come from the same handle: a cache keys on them, and a file written while it
// was read is said, not hashed half-old.
import { createHash } from 'node:crypto';
import * as nodePath from 'node:path';
import { openRegularFile, type OpenedFile } from './fileSeal';

const CHUNK_BYTES = 1024 * 1024;

export interface FileDigest {
  /** Lower-case hex. */
  digest: string;
  bytes: number;
  mtimeMs: number;
}

/** The digest of an opened file's bytes from its start; the caller closes the handle. */
export async function digestOpened(opened: OpenedFile, algorithm = 'md5', signal?: AbortSignal): Promise<FileDigest> {
  const hash = createHash(algorithm);
  // One buffer for the whole file: update() has consumed a chunk before the next read overwrites it.
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(1, opened.info.size)));
  let bytes = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, bytes);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    bytes += bytesRead;
  }
  if (bytes !== opened.info.size) throw new Error(`it was being written while it was read (${opened.info.size} bytes, then ${bytes})`);
  return { digest: hash.digest('hex'), bytes, mtimeMs: opened.info.mtimeMs };
}

/** Opens, digests and closes a regular file; a file that cannot be read throws with why (named by its base name). */
export async function digestFile(path: string, algorithm = 'md5', signal?: AbortSignal): Promise<FileDigest> {
  const opened = await openRegularFile(path);
  if (!opened.ok) throw new Error(`${nodePath.basename(path)}: ${opened.problem}`);
  try {
    return await digestOpened(opened.file, algorithm, signal);
  } finally {
    await opened.file.handle.close();
  }
}
