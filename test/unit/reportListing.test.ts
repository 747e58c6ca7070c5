import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReportListing } from '../../src/features/reports/reportListing';
import type { BoundConnection } from '../../src/connections/connectionManager';
import type { ReportTask } from '../../src/schema/billing';
import { ManualClock } from '../integration/support/manualClock';

/** A listing against a scripted server: `answer` is what the next list request returns. */
function listing() {
  const clock = new ManualClock();
  let answer: ReportTask[] = [];
  let requests = 0;
  let changes = 0;
  const bound = {
    lists: { isMissing: () => false, noteMissing: () => false },
    api: {
      billing: {
        listReports: async () => {
          requests++;
          return { count: answer.length, results: answer };
        },
      },
    },
  } as unknown as BoundConnection;
  const list = new ReportListing(
    async () => bound,
    () => changes++,
    (what, error) => assert.fail(`${what}: ${String(error)}`),
    () => true,
    10,
    clock,
  );
  return {
    list,
    /** Moves the clock past one re-read and awaits that read (ensure() answers the current one). */
    tick: async () => {
      clock.advance(10);
      await list.ensure();
    },
    pending: () => clock.pending,
    answer: (tasks: ReportTask[]) => (answer = tasks),
    requests: () => requests,
    changes: () => changes,
  };
}

const task = (status: string, updated = '2026-11-26T02:00:00Z') =>
  ({ uuid: '5f2b4c1e-0000-4000-8000-000000000001', status, created_at: '2026-11-26T01:00:00Z', updated_at: updated }) as unknown as ReportTask;

describe("ReportListing: a running task's list read again", () => {
  it('the view is told only when a re-read changed something; the first read and a Refresh show their progress', async (t) => {
    const h = listing();
    t.after(() => h.list.dispose());
    h.answer([task('InProgress')]);
    await h.list.ensure();
    assert.equal(h.changes(), 2, 'loading shown, then the list');
    const afterFirst = h.changes();
    await h.tick();
    await h.tick();
    assert.equal(h.requests(), 3, 'read again while the task runs');
    assert.equal(h.changes(), afterFirst, 'the same answer: the view is not redrawn');
    h.answer([task('InProgress', '2026-11-26T02:00:05Z')]);
    await h.tick();
    assert.equal(h.changes(), afterFirst + 1, 'a changed answer: told once');
    h.answer([task('Completed', '2026-11-26T02:00:09Z')]);
    await h.tick();
    assert.equal(h.changes(), afterFirst + 2);
    assert.equal(h.pending(), 0, 'nothing runs once no task runs: no timer left');
    const settled = h.requests();
    await h.tick();
    assert.equal(h.requests(), settled, 'no more reads');
    await h.list.reload();
    assert.equal(h.changes(), afterFirst + 4, 'a Refresh shows its progress even when nothing changed');
  });
});

/** A listing against a server holding `all` (newest first), paged by limit and offset as the platform does. */
function pagedListing(all: { tasks: ReportTask[] }) {
  const clock = new ManualClock();
  const told: boolean[] = [];
  const offsets: number[] = [];
  const bound = {
    lists: { isMissing: () => false, noteMissing: () => false },
    api: {
      billing: {
        listReports: async ({ query }: { query: { limit: number; offset: number } }) => {
          offsets.push(query.offset);
          return { count: all.tasks.length, results: all.tasks.slice(query.offset, query.offset + query.limit) };
        },
      },
    },
  } as unknown as BoundConnection;
  const list = new ReportListing(
    async () => bound,
    (rows) => told.push(rows),
    (what, error) => assert.fail(`${what}: ${String(error)}`),
    () => true,
    10,
    clock,
  );
  return { list, clock, told, offsets };
}

const numbered = (i: number, status = 'Completed') =>
  ({
    uuid: `5f2b4c1e-0000-4000-8000-${String(i).padStart(12, '0')}`,
    status,
    created_at: new Date(Date.UTC(2026, 10, 26) - i * 60_000).toISOString(),
  }) as unknown as ReportTask;

describe('ReportListing: pages in hand', () => {
  it("Load more tells nothing (the view's Load more row redraws); a running task's re-read merges into the pages read, never drops them", async (t) => {
    const all = { tasks: Array.from({ length: 250 }, (_, i) => numbered(i, i === 0 ? 'InProgress' : 'Completed')) };
    const h = pagedListing(all);
    t.after(() => h.list.dispose());
    h.list.pageSize = 100;
    await h.list.ensure();
    h.told.length = 0;
    await h.list.loadMore();
    assert.equal(h.list.tasks.length, 200);
    assert.deepEqual(h.told, [], 'a later page tells nothing');
    const unchanged = h.list.tasks[5];
    // A new task on top, the running one done: the first page read again.
    all.tasks = [numbered(-1, 'Pending'), { ...all.tasks[0]!, status: 'Completed' } as ReportTask, ...all.tasks.slice(1)];
    h.clock.advance(10);
    await h.list.ensure();
    assert.deepEqual(h.told, [true], 'told once, as rows');
    assert.equal(h.list.tasks.length, 201, 'the pages in hand kept, the new task added');
    assert.equal(h.list.tasks[0]!.uuid, numbered(-1).uuid);
    assert.equal(h.list.tasks[1]!.status, 'Completed', 'read again in place');
    assert.equal(h.list.tasks[6], unchanged, 'an unchanged task keeps its object');
    assert.equal(h.list.next, 201, 'the next page moved with the new task');
    await h.list.loadMore();
    assert.equal(h.list.tasks.length, 251);
    assert.equal(new Set(h.list.tasks.map((x) => x.uuid)).size, 251, 'each once');
    assert.deepEqual(h.offsets, [0, 100, 0, 201]);
  });
});

describe('ReportListing: Load more beside a running task’s re-read', () => {
  it('a page asked before a re-read answers after it is kept (the re-read does not start a new list)', async (t) => {
    const clock = new ManualClock();
    const all = Array.from({ length: 250 }, (_, i) => ({
      ...task(i === 0 ? 'InProgress' : 'Completed'),
      uuid: `5f2b4c1e-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    })) as ReportTask[];
    let release: (() => void) | undefined;
    const bound = {
      lists: { isMissing: () => false, noteMissing: () => false },
      api: {
        billing: {
          listReports: async ({ query }: { query: { offset: number; limit: number } }) => {
            // The later page is held until the test lets it go: the re-read answers first.
            if (query.offset > 0) await new Promise<void>((resolve) => (release = resolve));
            return { count: all.length, results: all.slice(query.offset, query.offset + query.limit) };
          },
        },
      },
    } as unknown as BoundConnection;
    const list = new ReportListing(
      async () => bound,
      () => undefined,
      (what, error) => assert.fail(`${what}: ${String(error)}`),
      () => true,
      10,
      clock,
    );
    t.after(() => list.dispose());
    await list.ensure();
    assert.equal(list.tasks.length, 100);
    const more = list.loadMore();
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(10);
    await list.ensure();
    release?.();
    await more;
    assert.equal(list.tasks.length, 200, 'the second page is in the list');
    assert.equal(new Set(list.tasks.map((r) => r.uuid)).size, 200);
  });
});
