// The simulator's edge store list in both dialects, as published (`{count, stores}`): paged by
// limit and offset, narrowed to one app's by app_id (404 for an unknown app), app_count from the
// apps that refer to each store; the client parses it with the published schema.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edgeStoreList } from '../../src/schema/edgeStores';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'edge-stores-key-8c41';

for (const dialect of ['spec', 'platform'] as const) {
  const prefix = dialect === 'spec' ? '/edge/v1' : '/fastedge/v1';
  describe(`edge stores (${dialect} dialect's paths)`, { timeout: 30_000 }, () => {
    let sim: Simulator;
    const list = async (query: string) => probe(sim.url, 'GET', `${prefix}/kv${query}`, { apiKey: KEY });
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect: 'both' });
    });
    after(() => sim.close());

    it('pages by limit and offset with the total', async () => {
      const first = edgeStoreList.parse((await list('?limit=2')).json);
      assert.equal(first.count, 3);
      assert.deepEqual(
        first.stores.map((s) => [s.id, s.name, s.app_count]),
        [
          [126, 'resized-cache', 1],
          [127, 'geo-table', 0],
        ],
      );
      const rest = edgeStoreList.parse((await list('?limit=2&offset=2')).json);
      assert.deepEqual(
        rest.stores.map((s) => s.id),
        [128],
      );
      assert.equal(edgeStoreList.parse((await list('')).json).stores.length, 3, 'default page of 50');
    });

    it("one app's stores by app_id; an unknown app is 404; a limit out of range is refused", async () => {
      assert.deepEqual(
        edgeStoreList.parse((await list('?app_id=102')).json).stores.map((s) => s.id),
        [126],
      );
      assert.deepEqual(edgeStoreList.parse((await list('?app_id=101')).json).stores, []);
      assert.equal((await list('?app_id=999999')).status, 404);
      assert.equal((await list('?limit=1001')).status, 400);
    });
  });
}
