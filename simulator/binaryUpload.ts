// The body of POST /binaries/raw read as it arrives: only its size, its MD5 (the published
// `checksum`) and whether it begins with `\0asm` are kept, never the bytes.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EDGE_BINARY_MAX_BYTES, WASM_MAGIC } from '../src/schema/edgeBinaries';
import { BodyTooLarge } from './bodySlots';

export interface UploadedBody {
  bytes: number;
  md5: string;
  /** It began with the WebAssembly magic bytes. */
  wasm: boolean;
}

/** Stops reading at the platform's binary limit (BodyTooLarge): the caller answers 413 and closes. */
export function readUpload(req: IncomingMessage): Promise<UploadedBody> {
  return new Promise((resolve, reject) => {
    const md5 = createHash('md5');
    const head: number[] = [];
    let bytes = 0;
    const onData = (buf: Buffer) => {
      for (let i = 0; head.length < WASM_MAGIC.length && i < buf.length; i++) head.push(buf[i]!);
      md5.update(buf);
      bytes += buf.length;
      if (bytes > EDGE_BINARY_MAX_BYTES) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge());
      }
    };
    req.on('data', onData);
    req.on('end', () => resolve({ bytes, md5: md5.digest('hex'), wasm: head.length === WASM_MAGIC.length && WASM_MAGIC.every((b, i) => head[i] === b) }));
    req.on('error', reject);
  });
}
