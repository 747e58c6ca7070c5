// The body of POST /binaries/raw read as it arrives: only its size, its MD5 (the published
// `checksum`) and whether it begins with `\0asm` are kept, never the bytes.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WASM_MAGIC } from '../src/schema/edgeBinaries';

export interface UploadedBody {
  bytes: number;
  md5: string;
  /** It began with the WebAssembly magic bytes. */
  wasm: boolean;
}

export async function readUpload(req: IncomingMessage): Promise<UploadedBody> {
  const md5 = createHash('md5');
  const head: number[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    for (let i = 0; head.length < WASM_MAGIC.length && i < buf.length; i++) head.push(buf[i]!);
    md5.update(buf);
    bytes += buf.length;
  }
  return { bytes, md5: md5.digest('hex'), wasm: head.length === WASM_MAGIC.length && WASM_MAGIC.every((b, i) => head[i] === b) };
}
