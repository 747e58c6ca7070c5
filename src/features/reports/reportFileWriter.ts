// Writes a streamed body to a file without holding it: chunks go to a temporary file beside the
// chosen one as the disk takes them (pipeline backpressure), and only a whole download is renamed
// over the chosen name. A failure or a cancel removes the temporary file; an existing file is
// never touched until the new one is complete. No VS Code: unit-tested with node --test.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { temporaryFileName } from './model/reportFiles';

export interface WriteOptions {
  /** Stops the write (the caller's Cancel); the temporary file is removed. */
  signal?: AbortSignal;
  /** The bytes written so far, after each chunk. */
  onBytes?: (bytes: number) => void;
}

/** Resolves with the byte count once `target` holds the whole body; rejects with the body's or the disk's error. */
export async function writeBodyToFile(body: AsyncIterable<Uint8Array>, target: string, options: WriteOptions = {}): Promise<{ bytes: number }> {
  const temporary = join(dirname(target), temporaryFileName(basename(target), randomBytes(6).toString('hex')));
  // 'wx': a name taken by anything else is never overwritten.
  const file = createWriteStream(temporary, { flags: 'wx' });
  let bytes = 0;
  const counted = async function* () {
    for await (const chunk of body) {
      bytes += chunk.byteLength;
      yield chunk;
      options.onBytes?.(bytes);
    }
  };
  try {
    await pipeline(counted, file, options.signal ? { signal: options.signal } : {});
    await rename(temporary, target);
    return { bytes };
  } catch (error) {
    // The handle is closed before the file goes (Windows cannot remove an open file).
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
