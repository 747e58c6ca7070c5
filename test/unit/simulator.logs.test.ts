import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SimulatorControl } from '../../simulator/controlClient';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { LogLine } from '../../simulator/logs';

const KEY = 'logs-key-a41b';
const HELLO = { projectId: 1, regionId: 1, namespace: 'default', name: 'hello-world' };
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/;

let clock = Date.now();
let sim: Simulator;
let control: SimulatorControl;

const fetchLogs = async (query = '', fn = 'hello-world', ns = 'default'): Promise<LogLine[]> => {
  const res = await probe(sim.url, 'GET', `/cloud/v1/faas/namespaces/1/1/${ns}/functions/${fn}/logs${query}`, { apiKey: KEY });
  assert.equal(res.status, 200, res.text);
  return (res.json as { logs: LogLine[] }).logs;
};
const sameLines = (a: readonly LogLine[], b: readonly LogLine[]) => assert.deepEqual([...a].sort(byAll), [...b].sort(byAll));
const byAll = (x: LogLine, y: LogLine) => (x.Time + x.Pod + x.Message < y.Time + y.Pod + y.Message ? -1 : 1);

before(async () => {
  sim = await startSimulator({ apiKey: KEY, now: () => clock, logRatePerSecond: 5, logRecordCap: 5_000 });
  control = new SimulatorControl(sim.url, sim.controlToken);
});
after(() => sim.close());
beforeEach(async () => {
  await control.reset();
  await control.setOptions({ logOrder: 'asc', logRatePerSecond: 5 });
});

describe('function logs', () => {
  it('start with a minute of history: RFC 3339 nanosecond times, several pods, levels', async () => {
    const logs = await fetchLogs();
    assert.ok(logs.length >= 295 && logs.length <= 300, String(logs.length));
    assert.ok(logs.every((l) => TIME.test(l.Time)));
    assert.ok(new Set(logs.map((l) => l.Pod)).size >= 2);
    assert.ok(logs.every((l) => /^ \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d (INFO|WARN|ERROR) /.test(l.Message)));
    assert.ok(Date.parse(logs.at(-1)!.Time) <= clock);
  });

  it('are produced at the rate as time passes, and the rate can change', async () => {
    const before = (await control.logRecord(HELLO)).produced;
    clock += 10_000;
    assert.equal((await control.logRecord(HELLO)).produced - before, 50);
    await control.setOptions({ logRatePerSecond: 0 });
    clock += 10_000;
    assert.equal((await control.logRecord(HELLO)).produced - before, 50, 'rate 0 produces nothing');
    await control.logs(HELLO, { ratePerSecond: 20 });
    clock += 1_000;
    assert.equal((await control.logRecord(HELLO)).produced - before, 70, 'a function can have its own rate');
  });

  it('limit returns the newest entries, default 1000', async () => {
    clock += 400_000;
    const record = await control.logRecord(HELLO);
    assert.ok(record.logs.length > 1000);
    assert.deepEqual(await fetchLogs(), record.logs.slice(-1000));
    assert.deepEqual(await fetchLogs('?limit=5'), record.logs.slice(-5));
    const refused = await probe(sim.url, 'GET', '/cloud/v1/faas/namespaces/1/1/default/functions/hello-world/logs?limit=0', { apiKey: KEY });
    assert.equal(refused.status, 400);
    assert.ok('limit' in (refused.json as { invalid_fields: object }).invalid_fields);
  });

  it('batch order: asc by default, desc, or shuffled (same lines)', async () => {
    const asc = await fetchLogs('?limit=200');
    const times = asc.map((l) => l.Time);
    assert.deepEqual(times, [...times].sort());
    await control.setOptions({ logOrder: 'desc' });
    assert.deepEqual(await fetchLogs('?limit=200'), [...asc].reverse());
    await control.setOptions({ logOrder: 'shuffled' });
    const shuffled = await fetchLogs('?limit=200');
    assert.notDeepEqual(shuffled, asc);
    sameLines(shuffled, asc);
  });

  it('sometimes repeat a Time and sometimes repeat a whole line; never go back in time', async () => {
    clock += 2_000_000;
    const { logs } = await control.logRecord(HELLO);
    let sameTime = 0;
    let duplicates = 0;
    for (let i = 1; i < logs.length; i++) {
      const [a, b] = [logs[i - 1]!, logs[i]!];
      assert.ok(a.Time <= b.Time, `${a.Time} > ${b.Time}`);
      if (a.Time === b.Time) sameTime++;
      if (a.Time === b.Time && a.Pod === b.Pod && a.Message === b.Message) duplicates++;
    }
    assert.ok(duplicates > 10, `duplicates ${duplicates}`);
    assert.ok(sameTime > duplicates, `same time ${sameTime}`);
  });

  it('keeps a bounded record; "since" reads only what is new', async () => {
    const first = await control.logRecord(HELLO);
    clock += 2_000;
    const fresh = await control.logRecord(HELLO, first.produced);
    assert.equal(fresh.from, first.produced);
    assert.equal(fresh.logs.length, 10);
    assert.deepEqual(fresh.logs, await fetchLogs('?limit=10'));
    await control.logs(HELLO, { append: 6_000 });
    const capped = await control.logRecord(HELLO);
    assert.equal(capped.kept, 5_000);
    assert.equal(capped.dropped, capped.produced - 5_000);
    assert.equal(capped.logs.length, 5_000);
  });

  it('bulk-appends 100,000 lines quickly and serves them with limit=100000', async () => {
    const big = await startSimulator({ apiKey: KEY, logRatePerSecond: 0 });
    try {
      const bigControl = new SimulatorControl(big.url, big.controlToken);
      const started = performance.now();
      const result = await bigControl.logs(HELLO, { append: 100_000 });
      const elapsed = performance.now() - started;
      assert.equal(result.produced, 100_000);
      assert.ok(elapsed < 1000, `append took ${Math.round(elapsed)} ms`);
      const res = await probe(big.url, 'GET', '/cloud/v1/faas/namespaces/1/1/default/functions/hello-world/logs?limit=100000', { apiKey: KEY });
      const logs = (res.json as { logs: LogLine[] }).logs;
      assert.equal(logs.length, 100_000);
      assert.ok(
        logs.every((l, i) => i === 0 || logs[i - 1]!.Time < l.Time),
        'appended lines have distinct, rising times',
      );
    } finally {
      await big.close();
    }
  });

  it('control can add a function; unknown functions are 404; other functions have their own lines', async () => {
    const missing = await probe(sim.url, 'GET', '/cloud/v1/faas/namespaces/1/1/default/functions/new-fn/logs', { apiKey: KEY });
    assert.equal(missing.status, 404);
    await control.logs({ ...HELLO, name: 'new-fn' }, { append: 3 });
    assert.ok((await fetchLogs('', 'new-fn')).length >= 3);
    assert.ok((await fetchLogs('?limit=1', 'hello-world', 'staging')).length === 1);
    const other = await fetchLogs('?limit=50', 'image-resize');
    assert.ok(other.length > 0 && other.every((l) => l.Pod.startsWith('image-resize-')));
  });
});
