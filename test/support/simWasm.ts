// A WebAssembly module the simulator "runs": its first section is a custom section named
// `platform-console-sim` whose payload is JSON saying how the app's URL answers (status, body,
// headers, execution time). Without one, a deployed app answers 200.
export const SIM_WASM_SECTION = 'platform-console-sim';

export interface SimBehaviour {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Execution time the simulator records for each call, in milliseconds. */
  durationMs?: number;
}

const leb128 = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
};

/** `\0asm`, version 1, the behaviour section, then `padding` bytes of another custom section (a bigger file, a new checksum). */
export function simWasm(behaviour: SimBehaviour = {}, padding = 0): Uint8Array {
  const name = new TextEncoder().encode(SIM_WASM_SECTION);
  const payload = new TextEncoder().encode(JSON.stringify(behaviour));
  const content = [...leb128(name.length), ...name, ...payload];
  const bytes = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00, ...leb128(content.length), ...content];
  if (padding === 0) return Uint8Array.from(bytes);
  // Filled in place, never spread: padding of many megabytes stays one allocation.
  const padName = new TextEncoder().encode('padding');
  const padSize = leb128(leb128(padName.length).length + padName.length + padding);
  const head = [...bytes, 0x00, ...padSize, ...leb128(padName.length), ...padName];
  const out = new Uint8Array(head.length + padding);
  out.set(head);
  out.fill(0x2e, head.length);
  return out;
}
