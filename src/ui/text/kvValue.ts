// An edge store's value as a person (or a model) is shown it: the platform sends it plain or in
// base64 (binary bytes), or, for a large value in a listing, only its SHA-256. Bytes that are valid
// UTF-8 without control characters (tab and line ends allowed) are text; anything else a hex dump.
// Bounded in bytes: at most `max` are decoded and shown, the rest counted. No VS Code here.

/** The published largest value (`encoded_value.value` maxLength): 1 MiB. */
export const KV_VALUE_SHOWN_MAX = 1_048_576;

export type KvValueShown =
  | { readonly kind: 'text'; readonly text: string; readonly bytes: number; readonly cut: boolean }
  | { readonly kind: 'hex'; readonly text: string; readonly bytes: number; readonly cut: boolean }
  | { readonly kind: 'hash'; readonly text: string };

/** C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The bytes a value stands for, or undefined for a hash (`sha256`: the value is not there). */
export function kvValueBytes(value: string, encoding: string | null | undefined): Uint8Array | undefined {
  if (encoding === 'sha256') return undefined;
  if (encoding === 'base64') return Uint8Array.from(Buffer.from(value, 'base64'));
  return new TextEncoder().encode(value);
}

/** The bytes as text when they are valid UTF-8 without control characters; undefined otherwise. */
export function kvText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return CONTROL.test(text) ? undefined : text;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** `00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|`, 16 bytes a line. */
export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const row = bytes.subarray(at, at + 16);
    const cells = [...row].map(hex2);
    const left = cells.slice(0, 8).join(' ');
    const right = cells.slice(8).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${at.toString(16).padStart(8, '0')}  ${left.padEnd(23)}  ${right.padEnd(23)}  |${ascii}|`);
  }
  return lines.join('\n');
}

/** A value shown: text, a hex dump, or the hash the platform gave instead of it; at most `max` bytes decoded. */
export function showKvValue(value: string, encoding: string | null | undefined, max = KV_VALUE_SHOWN_MAX): KvValueShown {
  const bytes = kvValueBytes(value, encoding);
  if (!bytes) return { kind: 'hash', text: value };
  const cut = bytes.length > max;
  const part = cut ? bytes.subarray(0, max) : bytes;
  const whole = kvText(bytes);
  // A cut may fall inside a UTF-8 character: its broken end is dropped.
  if (whole !== undefined) return { kind: 'text', text: cut ? new TextDecoder().decode(part).replace(/\uFFFD+$/, '') : whole, bytes: bytes.length, cut };
  return { kind: 'hex', text: hexDump(part), bytes: bytes.length, cut };
}

/** "12 bytes", "1.5 KiB", "1 MiB". */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const units = ['KiB', 'MiB', 'GiB'];
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${Number(n.toFixed(1))} ${units[unit]}`;
}

/** The value in a few words: "12 bytes of text", "16 bytes, binary", "a SHA-256 (the value is over 1 KiB)". */
export function kvValueWords(value: string, encoding: string | null | undefined): string {
  const bytes = kvValueBytes(value, encoding);
  if (!bytes) return 'larger than 1 KiB (listed by its SHA-256)';
  return `${byteSize(bytes.length)}${kvText(bytes) === undefined ? ', binary' : ' of text'}`;
}
