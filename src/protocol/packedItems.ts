// Many log items in a few typed arrays: what a page that just loaded receives (100,000 lines in
// chunks). VS Code hands ArrayBuffers to a webview as they are, without JSON; 100,000 small arrays
// of three values each are what made the crossing slow. Shared by both sides: no DOM, no Node.
import { isWireLine, type WireItem } from './wireItems';

/** Pod column of a marker row: a gap, or a count of dropped lines. */
export const PACKED_GAP = -1;
export const PACKED_DROPPED = -2;

/**
 * `count` items; item i: pod `pods[i]` (or a marker code), time and message the UTF-16 ranges
 * [bounds[2i], bounds[2i+1]) and [bounds[2i+1], bounds[2i+2]) of `text` once decoded as UTF-8.
 */
export interface PackedItems {
  packed: true;
  count: number;
  /**
   * UTF-8. When `deflated` (a reset's big parts: fewer bytes through a remote connection), the
   * zlib-deflated `packedBody` instead: the lengths, the pods and the text in one stream, `bounds`
   * and `pods` empty (the bounds alone were a fifth of a chunk's bytes, undeflated).
   */
  text: Uint8Array;
  deflated?: boolean;
  bounds: Uint32Array;
  pods: Int32Array;
}

/** A list of items as one op or reset carries them: tuples (a read's few), or packed (a reset's many). */
export type ItemList = WireItem[] | PackedItems;

export function isPacked(items: ItemList): items is PackedItems {
  return !Array.isArray(items);
}

export function itemCount(items: ItemList): number {
  return isPacked(items) ? items.count : items.length;
}

const encoder = new TextEncoder();
// A leading U+FEFF is a line's own character here, not a byte order mark to drop (dropping it would shift every line after).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function packItems(items: readonly WireItem[]): PackedItems {
  const count = items.length;
  const pods = new Int32Array(count);
  const bounds = new Uint32Array(2 * count + 1);
  const parts = new Array<string>(2 * count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const item = items[i]!;
    let time = '';
    let message: string;
    if (isWireLine(item)) {
      [time, pods[i], message] = item;
    } else {
      message = item.text;
      pods[i] = item.reason === 'gap' ? PACKED_GAP : PACKED_DROPPED;
    }
    parts[2 * i] = time;
    parts[2 * i + 1] = message;
    bounds[2 * i] = at;
    at += time.length;
    bounds[2 * i + 1] = at;
    at += message.length;
  }
  bounds[2 * count] = at;
  return { packed: true, count, text: encoder.encode(parts.join('')), bounds, pods };
}

/** Several packed lists as one, in order (a chunk packed in slices, one per turn of the event loop). */
export function concatPacked(parts: readonly PackedItems[]): PackedItems {
  if (parts.length === 1) return parts[0]!;
  let count = 0;
  let bytes = 0;
  for (const part of parts) {
    if (part.deflated) throw new Error('packed items deflated: concatenate them before');
    count += part.count;
    bytes += part.text.length;
  }
  const text = new Uint8Array(bytes);
  const bounds = new Uint32Array(2 * count + 1);
  const pods = new Int32Array(count);
  let item = 0;
  let at = 0;
  let offset = 0;
  for (const part of parts) {
    text.set(part.text, at);
    at += part.text.length;
    pods.set(part.pods, item);
    // Bounds are UTF-16 offsets into the decoded text: each part's shift by what came before.
    for (let i = 0; i < 2 * part.count; i++) bounds[2 * item + i] = offset + part.bounds[i]!;
    item += part.count;
    offset += part.bounds[2 * part.count]!;
  }
  bounds[2 * count] = offset;
  return { packed: true, count, text, bounds, pods };
}

/**
 * One byte stream for deflating: 2 × count field lengths (Uint32, small numbers deflate to little,
 * where rising offsets do not), count pods (Int32), the UTF-8 text. Typed arrays in the platform's
 * byte order, as the undeflated parts cross already (little-endian on every host VS Code runs on).
 */
export function packedBody(items: PackedItems): Uint8Array {
  const { count, bounds, pods, text } = items;
  const body = new Uint8Array(12 * count + text.length);
  const lengths = new Uint32Array(body.buffer, 0, 2 * count);
  for (let i = 0; i < 2 * count; i++) lengths[i] = bounds[i + 1]! - bounds[i]!;
  body.set(new Uint8Array(pods.buffer, pods.byteOffset, 4 * count), 8 * count);
  body.set(text, 12 * count);
  return body;
}

/** Packed items back from `packedBody`'s stream. */
export function fromPackedBody(count: number, body: Uint8Array): PackedItems {
  // Typed array views need 4-byte alignment (a Node Buffer may sit anywhere in its pool).
  const bytes = body.byteOffset % 4 === 0 ? body : body.slice();
  const lengths = new Uint32Array(bytes.buffer, bytes.byteOffset, 2 * count);
  const bounds = new Uint32Array(2 * count + 1);
  for (let i = 0; i < 2 * count; i++) bounds[i + 1] = bounds[i]! + lengths[i]!;
  const pods = new Int32Array(bytes.buffer, bytes.byteOffset + 8 * count, count);
  return { packed: true, count, text: bytes.subarray(12 * count), bounds, pods };
}

/**
 * Each item of the list, in order: a line (pod >= 0) or a marker (its reason, its text as
 * `message`). `message` is `source.substring(at, at + message.length)`: the decoded text of the
 * whole list when packed (a reader may read it there: faster than reading through a slice).
 */
export function eachItem(
  items: ItemList,
  visit: (time: string, pod: number, message: string, marker: 'gap' | 'dropped' | undefined, source: string, at: number) => void,
): void {
  if (!isPacked(items)) {
    for (const item of items) {
      if (isWireLine(item)) visit(item[0], item[1], item[2], undefined, item[2], 0);
      else visit('', -1, item.text, item.reason, item.text, 0);
    }
    return;
  }
  if (items.deflated) throw new Error('packed items still deflated: inflate them first');
  // One decode for the whole list; each field a substring of it.
  const text = decoder.decode(items.text);
  const { bounds, pods } = items;
  for (let i = 0; i < items.count; i++) {
    const pod = pods[i]!;
    const at = bounds[2 * i + 1]!;
    const message = text.substring(at, bounds[2 * i + 2]);
    if (pod >= 0) visit(text.substring(bounds[2 * i]!, at), pod, message, undefined, text, at);
    else visit('', -1, message, pod === PACKED_GAP ? 'gap' : 'dropped', text, at);
  }
}

/** Back to tuples (tests, and the key scan of what crosses to a page). */
export function unpackItems(items: ItemList): WireItem[] {
  const out: WireItem[] = [];
  eachItem(items, (time, pod, message, marker) => out.push(marker ? { reason: marker, text: message } : [time, pod, message]));
  return out;
}
