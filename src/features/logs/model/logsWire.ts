// Held log items as the webview receives them: a line is a small tuple whose pod is an index in a
// table the webview keeps (a function has a handful of pods; 100,000 lines repeat them), so the
// whole list stays compact to post and to hold.
import type { LogItem } from '../../../protocol/logItems';
import type { LogOp } from './logTail';
import type { HeldView } from './heldLines';
import type { WireOp } from '../../../protocol/logs';
import type { WireItem } from '../../../protocol/wireItems';
import { deflate } from 'node:zlib';
import { promisify } from 'node:util';
import { concatPacked, packedBody, type PackedItems } from '../../../protocol/packedItems';

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

  /** The pod's index in the page's table (a new pod is added, and named by takeNewPods). */
  readonly podIndex = (name: string): number => {
    let pod = this.index.get(name);
    if (pod === undefined) {
      pod = this.pods.length;
      this.pods.push(name);
      this.index.set(name, pod);
      this.fresh.push(name);
    }
    return pod;
  };

  item(item: LogItem): WireItem {
    if (item.kind === 'marker') return { reason: item.reason, text: item.text };
    return [item.timeText, this.podIndex(item.pod), item.message];
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

/** Text this long or longer is deflated (level 1: fast, and log text shrinks well). */
export const DEFLATE_FROM = 64 * 1024;

const deflateAsync = promisify(deflate);

/**
 * The older chunks deflated, their lengths, pods and text in one stream (`packedBody`): a remote
 * extension host (code-server, SSH, WSL, Codespaces) sends every byte through its connection; the
 * page inflates with DecompressionStream. The first part stays as it is (painted at once).
 * Deflated on libuv's thread pool: the extension host's thread stays free meanwhile, and with it
 * the connection, whose writes (a remote one compresses its frames too) each need a turn of it.
 * Should zlib fail, the chunk goes as it is (more bytes, the same lines).
 */
export async function deflated(items: PackedItems): Promise<PackedItems> {
  if (items.text.length < DEFLATE_FROM) return items;
  let body: Buffer;
  try {
    body = await deflateAsync(packedBody(items), { level: 1 });
  } catch {
    return items;
  }
  return {
    packed: true,
    count: items.count,
    text: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    deflated: true,
    bounds: new Uint32Array(0),
    pods: new Int32Array(0),
  };
}

/** Lines in the first message after a (re)load, and in each older chunk after it. */
export const RESET_FIRST = 2_000;
export const RESET_CHUNK = 50_000;
/** Lines packed per turn of the event loop while a chunk is made: a slice short enough not to hold the host. */
export const RESET_SLICE = 5_000;

/** An older chunk of a reset, to insert at the top, with the pods it names first. */
export interface ResetChunk {
  items: PackedItems;
  newPods: string[];
}

/**
 * The held list split for a page that just loaded: the newest `first` items (shown at once, the
 * page opens at the bottom), then older chunks, newest first, each to insert at the top; every
 * part packed in typed arrays (they cross to the page without JSON). The chunks are made as they
 * are taken, in steps (`Backfill`): `undefined` while a chunk is packed, `slice` lines per step
 * (the extension host's thread is never held long: the connection carrying the parts already
 * posted needs turns of it; a million lines are packed in about a quarter of a second in all,
 * from the held bytes, heldLines.ts), then the chunk as a
 * promise (deflated off the thread). `all` must not change while they are taken.
 */
export function resetParts(
  encoder: WireEncoder,
  all: Pick<HeldView, 'length' | 'packed'>,
  first = RESET_FIRST,
  chunk = RESET_CHUNK,
  slice = RESET_SLICE,
): { items: PackedItems; pods: string[]; pending: number; chunks: Generator<Promise<ResetChunk> | undefined> } {
  const head = Math.max(0, all.length - first);
  const items = all.packed(head, all.length, encoder.podIndex);
  const pods = encoder.podTable();
  function* chunks(): Generator<Promise<ResetChunk> | undefined> {
    for (let end = head; end > 0; end -= chunk) {
      const start = Math.max(0, end - chunk);
      const slices: PackedItems[] = [];
      for (let from = start; from < end; from += slice) {
        if (slices.length > 0) yield undefined;
        slices.push(all.packed(from, Math.min(end, from + slice), encoder.podIndex));
      }
      const newPods = encoder.takeNewPods();
      yield deflated(concatPacked(slices)).then((part) => ({ items: part, newPods }));
    }
  }
  return { items, pods, pending: head, chunks: chunks() };
}
