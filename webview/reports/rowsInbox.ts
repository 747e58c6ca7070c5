// What the extension posts to the Report table page, handled in the order it was posted: a batch of
// rows that crossed deflated (protocol/deflatedRows.ts) is inflated first (DecompressionStream, off
// the main thread), and a later message waits for it instead of overtaking it (a 'done' before its last rows).
import { fromRowsBody } from '../../src/protocol/deflatedRows';
import type { PackedRows } from '../../src/protocol/packedRows';
import type { ReportTableEvent } from '../../src/protocol/reportTable';

type RowsEvent = Extract<ReportTableEvent, { type: 'rows' }>;
/** An event as the page handles it: rows packed, never deflated. */
export type ReadyEvent = Exclude<ReportTableEvent, RowsEvent> | (Omit<RowsEvent, 'rows'> & { rows: PackedRows });

async function ready(event: ReportTableEvent): Promise<ReadyEvent> {
  if (event.type !== 'rows') return event;
  const rows = event.rows;
  if (!('deflated' in rows)) return { ...event, rows };
  // The whole body written at once (a Blob's stream would go through the browser's blob store).
  const inflater = new DecompressionStream('deflate');
  const writer = inflater.writable.getWriter();
  void writer.write(rows.body as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const body = new Uint8Array(await new Response(inflater.readable).arrayBuffer());
  return { ...event, rows: fromRowsBody(rows.count, rows.sizes, body) };
}

export class RowsInbox {
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly handle: (event: ReadyEvent) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  receive(event: ReportTableEvent): void {
    const prepared = ready(event);
    this.last = this.last.then(() => prepared).then((e) => this.handle(e), this.failed);
  }
}
