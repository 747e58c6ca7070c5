// The body of POST /binaries/raw read as it arrives: only its size, its MD5 (the published
// `checksum`), whether it begins with `\0asm` and its first 64 KB (where the simulator's behaviour
// section must be) are kept, never the rest of the bytes.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EDGE_BINARY_MAX_BYTES, WASM_MAGIC } from '../src/schema/edgeBinaries';
import { BodyTooLarge } from './bodySlots';
import { readSimSection, SIM_SECTION_WINDOW_BYTES, type SectionRead } from './edgeBehaviour';

export interface UploadedBody {
  bytes: number;
  md5: string;
  /** It began with the WebAssembly magic bytes. */
  wasm: boolean;
  /** Its `platform-console-sim` section: how its app answers, none, or why the section is refused. */
  section: SectionRead;
}

/** Stops reading at the platform's binary limit (BodyTooLarge): the caller answers 413 and closes. */
export function readUpload(req: IncomingMessage): Promise<UploadedBody> {
  return new Promise((resolve, reject) => {
    const md5 = createHash('md5');
    const head = Buffer.alloc(SIM_SECTION_WINDOW_BYTES);
    let headLength = 0;
    let bytes = 0;
    const onData = (buf: Buffer) => {
      if (headLength < head.length) headLength += buf.copy(head, headLength, 0, Math.min(buf.length, head.length - headLength));
      md5.update(buf);
      bytes += buf.length;
      if (bytes > EDGE_BINARY_MAX_BYTES) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge());
      }
    };
    req.on('data', onData);
    req.on('end', () => {
      const first = head.subarray(0, headLength);
      const wasm = first.length >= WASM_MAGIC.length && WASM_MAGIC.every((b, i) => first[i] === b);
      resolve({ bytes, md5: md5.digest('hex'), wasm, section: wasm ? readSimSection(first) : {} });
    });
    req.on('error', reject);
  });
}
