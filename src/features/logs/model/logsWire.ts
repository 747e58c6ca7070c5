// Held log items as the webview receives them: a line is a small tuple whose pod is an index in a
// table the webview keeps (a function has a handful of pods; 100,000 lines repeat them), so the
// whole list stays compact to post and to hold.
import type { LogItem } from '../../../protocol/logItems';
import type { LogOp } from './logTail';
import type { WireItem, WireOp } from '../../../protocol/logs';
import { deflateSync } from 'node:zlib';
import { packItems, packedBody, type PackedItems } from '../../../protocol/packedItems';

export class WireEncoder {
  private readonly pods: string[] = [];
  private readonly index = new Map<string, number>();
  /** Pods added since the last takeNewPods(). */
  private fresh: string[] = [];

  /** The whole pod table (for a reset: the webview starts a new one). */
  podTable(): string[] {
    this.fresh = [];
    return [...this.pods];
  }

  /** Pods first seen since the last call: the webview appends them to its table. */
  takeNewPods(): string[] {
    const fresh = this.fresh;
    this.fresh = [];
    return fresh;
  }

  item(item: LogItem): WireItem {
    if (item.kind === 'marker') return { reason: item.reason, text: item.text };
    let pod = this.index.get(item.pod);
    if (pod === undefined) {
      pod = this.pods.length;
      this.pods.push(item.pod);
      this.index.set(item.pod, pod);
      this.fresh.push(item.pod);
    }
    return [item.timeText, pod, item.message];
  }

  items(items: readonly LogItem[]): WireItem[] {
    const out = new Array<WireItem>(items.length);
    for (let i = 0; i < items.length; i++) out[i] = this.item(items[i]!);
    return out;
  }

  ops(ops: readonly LogOp[]): WireOp[] {
    return ops.map((op) => (op.op === 'dropFront' ? op : { ...op, items: this.items(op.items) }));
  }
}

/** Text this long or longer is deflated (level 1: about 16 ms and a sixth of the bytes for 3 MB of log text). */
export const DEFLATE_FROM = 64 * 1024;

/**
 * The older chunks deflated, their lengths, pods and text in one stream (`packedBody`): a remote
 * extension host (code-server, SSH, WSL, Codespaces) sends every byte through its connection; the
 * page inflates with DecompressionStream. The first part stays as it is (painted at once).
 */
export function deflated(items: PackedItems): PackedItems {
  if (items.text.length < DEFLATE_FROM) return items;
  const body = deflateSync(packedBody(items), { level: 1 });
  return { packed: true, count: items.count, text: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), deflated: true, bounds: new Uint32Array(0), pods: new Int32Array(0) };
}

/** Lines in the first message after a (re)load, and in each older chunk after it. */
export const RESET_FIRST = 2_000;
export const RESET_CHUNK = 50_000;

/**
 * The held list split for a page that just loaded: the newest `first` items (shown at once, the
 * page opens at the bottom), then older chunks, newest first, each to insert at the top; every
 * part packed in typed arrays (they cross to the page without JSON). The chunks are encoded as
 * they are taken (a million lines take a second or two in all): the first part can leave at once.
 * `all` must not change while they are taken.
 */
export function resetParts(
  encoder: WireEncoder,
  all: readonly LogItem[],
  first = RESET_FIRST,
  chunk = RESET_CHUNK,
): { items: PackedItems; pods: string[]; pending: number; chunks: Generator<{ items: PackedItems; newPods: string[] }> } {
  const head = Math.max(0, all.length - first);
  const items = packItems(encoder.items(all.slice(head)));
  const pods = encoder.podTable();
  function* chunks(): Generator<{ items: PackedItems; newPods: string[] }> {
    for (let end = head; end > 0; end -= chunk) {
      const part = deflated(packItems(encoder.items(all.slice(Math.max(0, end - chunk), end))));
      yield { items: part, newPods: encoder.takeNewPods() };
    }
  }
  return { items, pods, pending: head, chunks: chunks() };
}
