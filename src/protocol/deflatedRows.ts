// Packed report rows (packedRows.ts) as one deflated byte stream. In a remote window (code-server,
// SSH, WSL, Codespaces) every byte a message holds crosses the extension host's WebSocket in
// 256 KB pieces the workbench reads one at a time: that crossing, not the page, held the 500,000-row
// table (#57 item 5). The cell kinds, the text lengths and the repeated texts deflate to a fraction.
// Shared by both sides: no DOM, no Node (the deflating is the caller's: zlib there, DecompressionStream here).
import type { PackedRows } from './packedRows';

/** `count` rows whose parts, in the order numbers, ends, text lengths, kinds, text, are `body` once inflated. */
export interface DeflatedRows {
  deflated: true;
  count: number;
  /** Each part's element count: numbers (8 bytes each), ends, text lengths (4 bytes each), kinds, text (1 byte each). */
  sizes: [numbers: number, ends: number, textLengths: number, kinds: number, text: number];
  body: Uint8Array;
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** The parts in one stream, the numbers first so each part starts aligned for its view. */
export function rowsBody(p: PackedRows): { sizes: DeflatedRows['sizes']; bytes: Uint8Array } {
  const parts = [p.numbers, p.ends, p.textLengths, p.kinds, p.text];
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(bytesOf(part), at);
    at += part.byteLength;
  }
  return { sizes: [p.numbers.length, p.ends.length, p.textLengths.length, p.kinds.length, p.text.length], bytes };
}

/** The packed rows back from the inflated stream; a stream whose length does not match its sizes is refused. */
export function fromRowsBody(count: number, sizes: DeflatedRows['sizes'], bytes: Uint8Array): PackedRows {
  const [numbers, ends, textLengths, kinds, text] = sizes;
  const total = numbers * 8 + ends * 4 + textLengths * 4 + kinds + text;
  if (bytes.byteLength !== total) throw new Error(`deflated rows: ${bytes.byteLength} bytes where the sizes say ${total}`);
  // A copy when the stream does not start 8-byte aligned (a view of numbers needs it).
  const own = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const { buffer, byteOffset } = own;
  let at = byteOffset;
  const take = <T>(make: (b: ArrayBufferLike, offset: number, n: number) => T, n: number, size: number): T => {
    const view = make(buffer, at, n);
    at += n * size;
    return view;
  };
  return {
    packed: true,
    count,
    numbers: take((b, o, n) => new Float64Array(b, o, n), numbers, 8),
    ends: take((b, o, n) => new Uint32Array(b, o, n), ends, 4),
    textLengths: take((b, o, n) => new Uint32Array(b, o, n), textLengths, 4),
    kinds: take((b, o, n) => new Uint8Array(b, o, n), kinds, 1),
    text: take((b, o, n) => new Uint8Array(b, o, n), text, 1),
  };
}
