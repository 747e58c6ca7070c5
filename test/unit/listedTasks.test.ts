import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedTasks } from '../../src/features/reports/model/listedTasks';
import type { TrackedReport } from '../../src/features/reports/model/reportTasks';
import type { ReportTask } from '../../src/schema/billing';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 26, 12);
const listed = (i: number, status = 'Completed') =>
  ({ uuid: `5F2B4C1E-0000-4000-8000-${String(i).padStart(12, '0')}`, status, created_at: new Date(T0 - i * HOUR).toISOString() }) as unknown as ReportTask;
const followed = (i: number, status = 'Completed'): TrackedReport => {
  const task = listed(i, status);
  return { uuid: task.uuid.toLowerCase(), addedAt: 0, snapshot: task, templateCode: 'ResellerExpenses' };
};
const cache = new Map<ReportTask, TrackedReport>();
const tracked = (t: ReportTask) => {
  if (!cache.has(t)) cache.set(t, { uuid: t.uuid.toLowerCase(), addedAt: 0, snapshot: t });
  return cache.get(t)!;
};
const ids = (tasks: TrackedReport[]) => tasks.map((t) => Number(t.uuid.slice(-12)));

describe('listedTasks: the Report Tasks view merged with the tasks followed here', () => {
  it('a followed task older than the pages read waits for its page, so a page only adds rows at the end', () => {
    const page = [0, 1, 2].map((i) => listed(i));
    const mine = [followed(1), followed(10)];
    const first = listedTasks({ followed: mine, listed: page, status: undefined, whole: false, tracked });
    assert.deepEqual(ids(first), [0, 1, 2], 'the followed one in the page shown once (as followed), the older one not yet');
    assert.equal(first[1], mine[0], 'the followed task stands for its listed row');
    const more = [...page, ...[3, 4, 10, 11].map((i) => listed(i))];
    const second = listedTasks({ followed: mine, listed: more, status: undefined, whole: false, tracked });
    assert.deepEqual(ids(second), [0, 1, 2, 3, 4, 10, 11]);
    assert.deepEqual(second.slice(0, 3), first, 'the rows before stay, the same objects');
    assert.deepEqual(ids(listedTasks({ followed: [followed(40)], listed: page, status: undefined, whole: true, tracked })), [0, 1, 2, 40], 'whole: every one');
  });

  it('the status filter applies to the followed tasks too', () => {
    const page = [listed(0, 'Failed'), listed(2, 'Failed')];
    const merged = listedTasks({ followed: [followed(1, 'Completed')], listed: page, status: 'Failed', whole: false, tracked });
    assert.deepEqual(ids(merged), [0, 2]);
  });
});
