// The report task poller: its backoff schedule run by hand, then against the simulator over
// HTTP: Completed and Failed reached, a "reload" (a new poller on the same stored state)
// resuming, nothing polled when no task runs, 404, 500 and a refused key.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import type { TrackedReport } from '../../src/features/reports/model/reportTasks';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import type { ReportTask } from '../../src/schema/billing';
import { PlatformError } from '../../src/schema/errors';
import { HttpClient } from '../../src/platform/http';
import { ReportPoller, type PollConnection, type ReportPollerDeps, type Timers } from '../../src/features/reports/reportPoller';
import { MAX_TRACKED, ReportTaskStore, tasksKey, templatesKey, type StateStore } from '../../src/features/reports/reportTaskStore';

const KEY = 'poller-test-key';
const CONN: PollConnection = { id: 'conn-1', name: 'sim' };

/** globalState as VS Code keeps it: values in memory, copied as JSON. */
function memento(): StateStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(key: string) => data.get(key) as T | undefined,
    update: async (key: string, value: unknown) => {
      if (value === undefined) data.delete(key);
      else data.set(key, JSON.parse(JSON.stringify(value)));
    },
    keys: () => [...data.keys()],
  };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** Timers run by hand: the delays asked for are recorded. */
function manualTimers() {
  const queue: { run: () => void; ms: number; cancelled: boolean; ran: boolean }[] = [];
  const timers: Timers = {
    set: (run, ms) => {
      const t = { run, ms, cancelled: false, ran: false };
      queue.push(t);
      return t;
    },
    clear: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
  };
  const waiting = () => queue.filter((t) => !t.cancelled && !t.ran);
  return {
    timers,
    waiting,
    async fire(): Promise<number> {
      const [next] = waiting();
      if (!next) throw new Error('no timer waiting');
      next.ran = true;
      next.run();
      await settle();
      return next.ms;
    },
  };
}

const report = (uuid: string, status: string, over: Partial<ReportTask> = {}): ReportTask =>
  ({
    uuid,
    status,
    created_at: '2026-04-01T00:00:00Z',
    task_type: 'Report',
    processing_notes: { errors: status === 'Failed' ? [{ message: 'boom' }] : [] },
    ...over,
  }) as ReportTask;

describe('ReportPoller schedule (timers by hand)', () => {
  it('2 s, then doubling to 30 s while nothing moves, back to 2 s when the status moves; stops when settled', async () => {
    const uuid = '11111111-1111-4111-8111-111111111111';
    const script = ['Pending', 'InProgress', 'InProgress', 'InProgress', 'InProgress', 'InProgress', 'InProgress', 'Completed'];
    let reads = 0;
    const api = { billing: { getReport: async () => report(uuid, script[Math.min(reads++, script.length - 1)]!) } } as unknown as PlatformApi;
    const store = new ReportTaskStore(memento());
    await store.add(CONN.id, uuid, { templateCode: 'T', snapshot: report(uuid, 'Pending'), now: 1 });
    const settled: TrackedReport[] = [];
    const clock = manualTimers();
    const poller = new ReportPoller({
      store,
      log: { info() {}, error() {} },
      session: async () => ({ connection: CONN, api }),
      onSettled: (t) => settled.push(t),
      timers: clock.timers,
    });
    await poller.resume();
    assert.equal(await clock.fire(), 0, 'a task still running when the window opened is read at once');
    const delays: number[] = [];
    while (clock.waiting().length) delays.push(await clock.fire());
    // Pending again (no move) -> 4 s; InProgress (moved) -> 2 s; then 4, 8, 16, 30, 30; then Completed.
    assert.deepEqual(delays, [4000, 2000, 4000, 8000, 16000, 30000, 30000]);
    assert.equal(reads, 8);
    assert.equal(settled.length, 1);
    assert.equal(settled[0]?.snapshot?.status, 'Completed');
    assert.deepEqual(poller.polling, []);
    assert.equal(store.get(CONN.id, uuid)?.snapshot?.status, 'Completed');
  });

  it('follow() starts at the 2 s delay; injected delays replace the defaults, read at each schedule; forget() stops', async () => {
    const uuid = '22222222-2222-4222-8222-222222222222';
    const api = { billing: { getReport: async () => report(uuid, 'InProgress') } } as unknown as PlatformApi;
    const store = new ReportTaskStore(memento());
    const clock = manualTimers();
    let delays: { minMs: number; maxMs: number } | undefined = { minMs: 100, maxMs: 250 };
    const poller = new ReportPoller({
      store,
      log: { info() {}, error() {} },
      session: async () => ({ connection: CONN, api }),
      timers: clock.timers,
      delays: () => delays,
    });
    await poller.resume();
    await store.add(CONN.id, uuid, { snapshot: report(uuid, 'Pending'), now: 1 });
    poller.follow(CONN, uuid);
    assert.deepEqual(
      clock.waiting().map((t) => t.ms),
      [100],
    );
    await clock.fire(); // Pending -> InProgress: moved
    await clock.fire();
    await clock.fire();
    assert.deepEqual(
      clock.waiting().map((t) => t.ms),
      [250],
    );
    assert.deepEqual(poller.polling, [uuid]);
    poller.forget(uuid);
    assert.deepEqual(clock.waiting(), []);
    assert.deepEqual(poller.polling, []);
    // Changed delays apply from the next schedule; none given: the 2 s default.
    await store.update(CONN.id, uuid, { snapshot: report(uuid, 'Pending') });
    delays = { minMs: 50, maxMs: 250 };
    poller.follow(CONN, uuid);
    assert.deepEqual(
      clock.waiting().map((t) => t.ms),
      [50],
    );
    delays = undefined;
    poller.follow(CONN, uuid);
    assert.deepEqual(
      clock.waiting().map((t) => t.ms),
      [2000],
    );
    poller.dispose();
  });

  it('a settled or unknown status is not polled; a task of another connection is not read', async () => {
    const store = new ReportTaskStore(memento());
    await store.add(CONN.id, 'a', { snapshot: report('a', 'Completed'), now: 1 });
    await store.add(CONN.id, 'b', { snapshot: report('b', 'Archived'), now: 2 });
    await store.add('other', 'c', { snapshot: report('c', 'Pending'), now: 3 });
    const clock = manualTimers();
    const poller = new ReportPoller({
      store,
      log: { info() {}, error() {} },
      session: async () => ({ connection: CONN, api: {} as PlatformApi }),
      timers: clock.timers,
    });
    await poller.resume();
    assert.deepEqual(clock.waiting(), []);
    // Followed just as the connection switched: dropped when due (the API here has no billing at all).
    poller.follow({ id: 'other', name: 'x' }, 'c');
    await clock.fire();
    assert.deepEqual(clock.waiting(), []);
    assert.deepEqual(poller.polling, []);
  });
});

describe('ReportPoller against the simulator', () => {
  let sim: Simulator;
  let api: PlatformApi;
  const gets = () => sim.requestCounts()['GET getReport'] ?? 0;
  const log = { info() {}, error() {} };

  before(async () => {
    sim = await startSimulator({ apiKey: KEY, reportDurationMs: 300 });
    api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 5000, retryBaseMs: 5 }));
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
  });
  after(() => sim.close());

  const poller = (store: ReportTaskStore, over: Partial<ReportPollerDeps> = {}) =>
    new ReportPoller({ store, log, session: async () => ({ connection: CONN, api }), delays: () => ({ minMs: 20, maxMs: 60 }), ...over });

  async function create(store: ReportTaskStore, code: string): Promise<string> {
    const task = await api.billing.createReport({ params: {}, body: { template_code: code, parameters: { date_from: '2026-04-01', date_to: '2026-04-30' } } });
    assert.equal(task.status, 'Pending');
    await store.add(CONN.id, task.uuid, { templateCode: code, snapshot: task, now: Date.now() });
    return task.uuid;
  }

  it('follows a new report to Completed, and a Fail template to Failed; then nothing polls', async () => {
    const store = new ReportTaskStore(memento());
    const settled: TrackedReport[] = [];
    const p = poller(store, { onSettled: (t) => settled.push(t) });
    await p.resume();
    const ok = await create(store, 'ResellerExpenses');
    const bad = await create(store, 'ResellerFail');
    p.follow(CONN, ok);
    p.follow(CONN, bad);
    await until(() => settled.length === 2);
    const byUuid = Object.fromEntries(settled.map((t) => [t.uuid, t.snapshot?.status]));
    assert.deepEqual(byUuid, { [ok]: 'Completed', [bad]: 'Failed' });
    assert.equal(store.get(CONN.id, bad)?.snapshot?.processing_notes?.errors?.length, 1);
    assert.deepEqual(p.polling, []);
    const count = gets();
    await sleep(250);
    assert.equal(gets(), count, 'no request once every task settled');
    p.dispose();
  });

  it('a reload (a new poller on the same stored state) resumes a task still running', async () => {
    const state = memento();
    const first = new ReportTaskStore(state);
    const p1 = poller(first);
    await p1.resume();
    sim.setOptions({ reportDurationMs: 500 });
    const uuid = await create(first, 'ResellerPlans');
    p1.follow(CONN, uuid);
    p1.dispose(); // the window closes before the first read
    const closed = gets();
    await sleep(150);
    assert.equal(gets(), closed, 'a disposed poller sends nothing');
    assert.ok(state.data.has(tasksKey(CONN.id)));

    const second = new ReportTaskStore(state);
    assert.equal(second.get(CONN.id, uuid)?.snapshot?.status, 'Pending', 'the list and last snapshot survived');
    const settled: TrackedReport[] = [];
    const p2 = poller(second, { onSettled: (t) => settled.push(t) });
    await p2.resume();
    await until(() => settled.length === 1);
    assert.equal(settled[0]?.uuid, uuid);
    assert.equal(second.get(CONN.id, uuid)?.templateCode, 'ResellerPlans');
    p2.dispose();
    sim.setOptions({ reportDurationMs: 300 });
  });

  it('resuming with only settled tasks sends nothing at all', async () => {
    const store = new ReportTaskStore(memento());
    for (const status of ['Completed', 'Failed', 'Cancelled'] as const) {
      const uuid = SEEDED_REPORTS[status];
      await store.add(CONN.id, uuid, { snapshot: await api.billing.getReport({ params: { id: uuid } }), now: Date.now() });
    }
    sim.resetRequests();
    const p = poller(store);
    await p.resume();
    await sleep(200);
    assert.equal(gets(), 0);
    assert.deepEqual(p.polling, []);
    p.dispose();
  });

  it('a task the platform does not know (404) is marked and no longer polled', async () => {
    const store = new ReportTaskStore(memento());
    const uuid = '0badc0de-0000-4000-8000-000000000000';
    await store.add(CONN.id, uuid, { snapshot: report(uuid, 'Pending'), now: Date.now() });
    const p = poller(store);
    await p.resume();
    await until(() => store.get(CONN.id, uuid)?.problem !== undefined);
    assert.equal(store.get(CONN.id, uuid)?.problem, `No report task ${uuid} on sim`);
    await sleep(150);
    assert.equal(gets(), 1);
    assert.deepEqual(p.polling, []);
    p.dispose();
  });

  it('a 500 is noted and polling goes on, further apart; the next good read clears it', async () => {
    const store = new ReportTaskStore(memento());
    const settled: TrackedReport[] = [];
    const p = poller(store, { onSettled: (t) => settled.push(t) });
    await p.resume();
    const uuid = await create(store, 'ResellerCredits');
    sim.setFault({ route: 'getReport', kind: 'status', status: 500, times: 2 });
    p.follow(CONN, uuid);
    await until(() => store.get(CONN.id, uuid)?.problem !== undefined);
    assert.match(store.get(CONN.id, uuid)?.problem ?? '', /HTTP 500/);
    await until(() => settled.length === 1);
    assert.equal(store.get(CONN.id, uuid)?.problem, undefined);
    p.dispose();
  });

  it('a refused key stops polling on the connection and says so once', async () => {
    const store = new ReportTaskStore(memento());
    const wrong = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: 'wrong', timeoutMs: 5000 }));
    await store.add(CONN.id, SEEDED_REPORTS.Pending, { snapshot: report(SEEDED_REPORTS.Pending, 'Pending'), now: 1 });
    await store.add(CONN.id, SEEDED_REPORTS.InProgress, { snapshot: report(SEEDED_REPORTS.InProgress, 'InProgress'), now: 2 });
    const refused: PlatformError[] = [];
    const p = poller(store, { session: async () => ({ connection: CONN, api: wrong }), onRefused: (e) => refused.push(e) });
    await p.resume();
    await until(() => refused.length > 0);
    await sleep(150);
    assert.equal(refused.length, 1);
    assert.equal(refused[0]?.kind, 'unauthorized');
    assert.deepEqual(p.polling, []);
    assert.ok(gets() <= 2);
    p.dispose();
  });
});

describe('ReportTaskStore', () => {
  it('adds newest first, keeps what is known on re-add, updates and removes', async () => {
    const state = memento();
    const store = new ReportTaskStore(state);
    const changes: string[] = [];
    store.onDidChange((id) => changes.push(id));
    await store.add('c', 'AAAA', { templateCode: 'T1', now: 1 });
    await store.add('c', 'bbbb', { now: 2 });
    await store.add('c', 'aaaa', { snapshot: report('aaaa', 'Pending'), now: 3 });
    assert.deepEqual(
      store.list('c').map((t) => t.uuid),
      ['aaaa', 'bbbb'],
    );
    const a = store.get('c', 'AAAA')!;
    assert.equal(a.templateCode, 'T1');
    assert.equal(a.addedAt, 1);
    assert.equal(a.checkedAt, 3);
    assert.equal(await store.update('c', 'gone', { problem: 'x' }), undefined);
    await store.update('c', 'bbbb', { problem: 'HTTP 500' });
    assert.equal(store.get('c', 'bbbb')?.problem, 'HTTP 500');
    await store.remove('c', ['BBBB']);
    assert.deepEqual(
      store.list('c').map((t) => t.uuid),
      ['aaaa'],
    );
    assert.deepEqual(store.list('other'), []);
    assert.deepEqual(changes, ['c', 'c', 'c', 'c', 'c']);
  });

  it('remembers template codes per connection and forgets removed connections', async () => {
    const state = memento();
    const store = new ReportTaskStore(state);
    await store.rememberTemplate('c1', 'A');
    await store.rememberTemplate('c1', 'B');
    await store.rememberTemplate('c2', 'Z');
    await store.add('c2', 'u', { now: 1 });
    assert.deepEqual(store.recentTemplates('c1'), ['B', 'A']);
    assert.deepEqual(store.recentTemplates('c2'), ['Z']);
    state.data.set('platformConsole.unrelated', 1);
    await store.prune(['c1']);
    assert.deepEqual([...state.data.keys()].sort(), [templatesKey('c1'), 'platformConsole.unrelated'].sort());
  });

  it(`keeps at most ${MAX_TRACKED} tasks, dropping the oldest finished ones first`, async () => {
    const store = new ReportTaskStore(memento());
    await store.add('c', 'old-running', { snapshot: report('old-running', 'InProgress'), now: 0 });
    for (let i = 1; i < MAX_TRACKED; i++) await store.add('c', `done-${i}`, { snapshot: report(`done-${i}`, 'Completed'), now: i });
    await store.add('c', 'newest', { now: MAX_TRACKED + 1 });
    const uuids = store.list('c').map((t) => t.uuid);
    assert.equal(uuids.length, MAX_TRACKED);
    assert.ok(uuids.includes('old-running'), 'a running task is kept');
    assert.ok(!uuids.includes('done-1'), 'the oldest finished one went');
    assert.equal(uuids[0], 'newest');
  });

  it('keeps only the fields the view shows, each bounded, however large the answer (added and updated)', async () => {
    const state = memento();
    const store = new ReportTaskStore(state);
    const huge = (n: number) => 'x'.repeat(n);
    const answer = {
      ...report('big', 'Completed'),
      task_type: huge(5_000),
      result_blob: huge(2_000_000),
      download_url: 'https://files.example/report.csv?token=secret-token',
      parameters: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, huge(10_000)])),
      processing_notes: { period: '2026-11', errors: Array.from({ length: 1_000 }, () => ({ message: huge(10_000) })), warnings: [], worker_group_id: 'w1' },
    } as ReportTask;
    await store.add('c', 'big', { snapshot: answer, now: 1 });
    await store.update('c', 'big', { snapshot: answer, checkedAt: 2 });
    const bytes = JSON.stringify(state.data.get(tasksKey('c'))).length;
    assert.ok(bytes < 16_000, `${bytes} bytes stored for one task`);
    const kept = store.get('c', 'big')!.snapshot!;
    assert.equal((kept as Record<string, unknown>).result_blob, undefined, 'a field the view does not show is not kept');
    assert.equal((kept as Record<string, unknown>).download_url, undefined);
    assert.equal(kept.status, 'Completed');
    assert.equal(kept.processing_notes?.period, '2026-11');
    assert.equal(kept.processing_notes?.worker_group_id, 'w1');
    assert.equal(kept.processing_notes?.errors?.length, 20);
    assert.match(String(kept.processing_notes?.errors?.[0]), /^x+…$/);
    assert.equal(Object.keys(kept.parameters ?? {}).length, 20);
  });

  it('ignores what is not a task list (a corrupted value)', () => {
    const state = memento();
    state.data.set(tasksKey('c'), 'nonsense');
    state.data.set(templatesKey('c'), [1, 'A']);
    const store = new ReportTaskStore(state);
    assert.deepEqual(store.list('c'), []);
    assert.deepEqual(store.recentTemplates('c'), ['A']);
  });
});
