// The Report table page's inbox (webview/reports/rowsInbox.ts): a batch that crossed deflated is
// inflated before it is handled, and a later message waits for it (a 'done' never overtakes its rows).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unpackRows, type ReportRowCell } from '../../src/protocol/packedRows';
import type { ReportTableEvent } from '../../src/protocol/reportTable';
import { rowsForPage } from '../../src/features/reports/model/rowsForPage';
import { RowsInbox, type ReadyEvent } from '../../webview/reports/rowsInbox';

const rows = (n: number, from = 0): ReportRowCell[][] => Array.from({ length: n }, (_, i) => [from + i, `company ${(from + i) % 40}`, 12.5]);

describe('report table inbox', () => {
  it('inflates a deflated batch and hands the messages over in the order they were posted', async () => {
    const handled: ReadyEvent[] = [];
    const failures: unknown[] = [];
    let settle: () => void;
    const finished = new Promise<void>((resolve) => (settle = resolve));
    const inbox = new RowsInbox(
      (e) => {
        handled.push(e);
        if (e.type === 'done') settle();
      },
      (error) => failures.push(error),
    );
    const first = await rowsForPage(rows(10));
    const big = await rowsForPage(rows(20_000, 10));
    assert.ok('deflated' in big && !('deflated' in first));
    const events: ReportTableEvent[] = [
      { type: 'rows', generation: 1, rows: first, sentAt: 0 },
      { type: 'rows', generation: 1, rows: big, sentAt: 0 },
      { type: 'done', generation: 1, rowCount: 20_010, bytes: 1, complete: true, maxMB: 128 },
    ];
    for (const e of events) inbox.receive(e);
    await finished;
    assert.deepEqual(failures, []);
    assert.deepEqual(
      handled.map((e) => e.type),
      ['rows', 'rows', 'done'],
    );
    const got = handled.flatMap((e) => (e.type === 'rows' ? unpackRows(e.rows) : []));
    assert.deepEqual(got, rows(20_010));
  });
});
