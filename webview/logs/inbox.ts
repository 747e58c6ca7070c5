// What the extension posts, handled in the order it was posted: a reset's older chunks arrive
// deflated (logsWire.ts) and are inflated first (DecompressionStream, off the main thread's
// parsing), so a later message waits for an earlier one's inflation instead of overtaking it.
import type { LogsEvent, WireOp } from '../../src/protocol/logs';
import { fromPackedBody, isPacked, type ItemList } from '../../src/protocol/packedItems';

async function inflate(items: ItemList): Promise<ItemList> {
  if (!isPacked(items) || !items.deflated) return items;
  // The bytes written to the stream at once (a Blob's stream would hand them to the browser's
  // blob store and read them back in pieces).
  const inflater = new DecompressionStream('deflate');
  const writer = inflater.writable.getWriter();
  void writer.write(items.text as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  return fromPackedBody(items.count, new Uint8Array(await new Response(inflater.readable).arrayBuffer()));
}

async function inflateOp(op: WireOp): Promise<WireOp> {
  return op.op === 'dropFront' ? op : { ...op, items: await inflate(op.items) };
}

export async function inflated(event: LogsEvent): Promise<LogsEvent> {
  if (event.type === 'reset') return { ...event, items: await inflate(event.items) };
  if (event.type === 'ops') return { ...event, ops: await Promise.all(event.ops.map(inflateOp)) };
  return event;
}

/**
 * Hands events to `handle` one at a time, in arrival order, each inflated first; when `handle`
 * returns a promise, the next event waits for it (a reset's first rows are painted before its
 * older chunks take the thread).
 */
export class Inbox {
  private last: Promise<void> = Promise.resolve();

  constructor(
    /** `receivedAt`: Date.now() when the message reached the page (before its inflation). */
    private readonly handle: (event: LogsEvent, receivedAt: number) => void | Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {}

  receive(event: LogsEvent): void {
    const receivedAt = Date.now();
    const ready = inflated(event);
    this.last = this.last.then(() => ready).then((e) => this.handle(e, receivedAt), this.failed);
  }
}
