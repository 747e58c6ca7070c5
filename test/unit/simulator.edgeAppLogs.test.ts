// The simulator's edge app logs over HTTP, in both dialects: the published answer `{count, logs,
// offset}`, entries made from the app and the range alone (two reads agree, pages do not overlap),
// every filter applied, sort both ways, the page bound, 100,000 entries in an hour, 404 and 400s.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edgeLogsResponse } from '../../src/schema/edgeLogs';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'edge-logs-key-77a1';
type Entry = { id: string; timestamp: string; log: string; edge: string; client_ip: string; request_id: string; app_name: string };
type Answer = { count: number; logs: Entry[]; offset: number };

const TO = '2026-11-20T12:00:00Z';
const HOUR_BEFORE = '2026-11-20T11:00:00Z';

for (const dialect of ['spec', 'platform'] as const) {
  const prefix = dialect === 'spec' ? '/edge/v1' : '/fastedge/v1';
  describe(`edge app logs (${dialect} dialect's paths)`, { timeout: 60_000 }, () => {
    let sim: Simulator;
    const get = async (query: string, app = 101) => probe(sim.url, 'GET', `${prefix}/apps/${app}/logs?${query}`, { apiKey: KEY });
    const page = async (query: string) => {
      const r = await get(query);
      assert.equal(r.status, 200, r.text);
      assert.equal(edgeLogsResponse.safeParse(r.json).success, true);
      return r.json as Answer;
    };
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect: 'both' });
    });
    after(() => sim.close());

    it('answers the published shape, newest first by default; an hour holds about 100,000 entries', async () => {
      const a = await page(`from=${HOUR_BEFORE}&to=${TO}&limit=3`);
      assert.ok(a.count > 90_000 && a.count < 112_000, `count ${a.count}`);
      assert.equal(a.offset, 0);
      assert.equal(a.logs.length, 3);
      for (const key of ['id', 'app_name', 'timestamp', 'log', 'edge', 'client_ip', 'request_id']) assert.ok(key in a.logs[0]!, `log lacks ${key}`);
      const times = a.logs.map((l) => Date.parse(l.timestamp));
      assert.deepEqual(
        times,
        [...times].sort((x, y) => y - x),
      );
      assert.ok(times[0]! <= Date.parse(TO));
    });

    it('pages are stable and disjoint: offset/limit walk back without a repeat, and a second read agrees', async () => {
      const q = `from=2026-11-20T11:59:00Z&to=${TO}`;
      const all = await page(`${q}&limit=1000`);
      const first = await page(`${q}&limit=400&offset=0`);
      const second = await page(`${q}&limit=400&offset=400`);
      assert.equal(second.offset, 400);
      assert.deepEqual(
        [...first.logs, ...second.logs].map((l) => l.id),
        all.logs.slice(0, 800).map((l) => l.id),
      );
      assert.deepEqual((await page(`${q}&limit=400&offset=400`)).logs, second.logs);
      const asc = await page(`${q}&limit=1000&sort=asc`);
      assert.equal(asc.count, all.count);
      const tenSeconds = `from=2026-11-20T11:59:50Z&to=${TO}&limit=1000`;
      const desc10 = await page(tenSeconds);
      const asc10 = await page(`${tenSeconds}&sort=asc`);
      assert.ok(desc10.count > 0 && desc10.count < 1000);
      assert.deepEqual(
        asc10.logs.map((l) => l.id),
        desc10.logs.map((l) => l.id).reverse(),
      );
    });

    it('applies request_id, client_ip, edge and search; count is what matches', async () => {
      const base = `from=${HOUR_BEFORE}&to=${TO}`;
      const one = (await page(`${base}&limit=1`)).logs[0]!;
      const byRequest = await page(`${base}&request_id=${one.request_id}`);
      assert.ok(byRequest.count >= 1 && byRequest.count <= 4, `count ${byRequest.count}`);
      assert.ok(byRequest.logs.every((l) => l.request_id === one.request_id));
      const byIp = await page(`${base}&client_ip=${one.client_ip}&limit=50`);
      assert.ok(byIp.logs.length > 0 && byIp.logs.every((l) => l.client_ip === one.client_ip));
      const byEdge = await page(`${base}&edge=${one.edge}&limit=50`);
      assert.ok(byEdge.count < 60_000 && byEdge.logs.every((l) => l.edge === one.edge));
      const bySearch = await page(`${base}&search=panic&limit=50`);
      assert.ok(bySearch.count > 0 && bySearch.logs.every((l) => l.log.toLowerCase().includes('panic')));
      assert.equal((await page(`${base}&request_id=nothing-like-this`)).count, 0);
    });

    it('answers at most 1000 a page; a later `to` stops at now; 404 for an unknown app; 400 for a range backwards', async () => {
      assert.equal((await page(`from=${HOUR_BEFORE}&to=${TO}&limit=5000`)).logs.length, 1000);
      const future = await page(`from=${new Date(Date.now() - 60_000).toISOString()}&to=2099-01-01T00:00:00Z&limit=1`);
      assert.ok(Date.parse(future.logs[0]!.timestamp) <= Date.now());
      assert.equal((await get('limit=1', 999_999)).status, 404);
      assert.equal((await get(`from=${TO}&to=${HOUR_BEFORE}`)).status, 400);
      assert.equal((await get('sort=sideways')).status, 400);
    });
  });
}
