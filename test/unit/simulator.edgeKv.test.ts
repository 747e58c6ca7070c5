// The simulator's edge store data in both dialects, in the published shapes: the store
// (`kv_store`), its keys by prefix (`search`) and page with the total, a value over 1024 bytes
// listed as its sha256, one key (`store_entry` plus `count`: a kv pair, a sorted set's items by
// score, paged), PUT /data adding, overwriting and deleting keys (the store's revision and size
// follow), a key past its expiry gone; unknown stores and keys 404.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { edgeKvEntry, edgeKvEntryList, edgeStore } from '../../src/schema/edgeKv';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_BINARY_BASE64 } from '../../simulator/state/seedEdgeStores';

const KEY = 'edge-kv-key-3d71';

for (const dialect of ['spec', 'platform'] as const) {
  const prefix = dialect === 'spec' ? '/edge/v1' : '/fastedge/v1';
  describe(`edge store data (${dialect} dialect's paths)`, { timeout: 30_000 }, () => {
    let sim: Simulator;
    const call = (method: string, path: string, body?: unknown) => probe(sim.url, method, `${prefix}/kv${path}`, { apiKey: KEY, body });
    const keys = async (query: string) => edgeKvEntryList.parse((await call('GET', `/127/data${query}`)).json);
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect: 'both' });
    });
    beforeEach(() => sim.reset());
    after(() => sim.close());

    it('the store as published; an unknown store is 404', async () => {
      const store = edgeStore.parse((await call('GET', '/127')).json);
      assert.deepEqual([store.name, store.comment, store.app_count, store.size, store.revision], ['geo-table', 'Country overrides', 0, 18_432, 7]);
      assert.match(store.updated_at ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.equal((await call('GET', '/999')).status, 404);
    });

    it('keys in key order, by prefix, paged with the total; each kind as published', async () => {
      const all = await keys('');
      assert.equal(all.count, 11);
      assert.deepEqual(
        all.entries.map((e) => [e.key, e.datatype]),
        [
          ['blob/pixel', 'kv'],
          ['country/AT', 'kv'],
          ['country/BR', 'kv'],
          ['country/DE', 'kv'],
          ['country/FR', 'kv'],
          ['country/GB', 'kv'],
          ['country/JP', 'kv'],
          ['country/US', 'kv'],
          ['seen-ips', 'bloom_filter'],
          ['session/7f3a', 'kv'],
          ['top-countries', 'sorted_set'],
        ],
      );
      assert.deepEqual(all.entries[0]!.payload, { value: SEEDED_BINARY_BASE64, encoding: 'base64' });
      assert.match(all.entries[9]!.payload?.expiry ?? '', /Z$/, 'the session key expires');
      assert.equal(all.entries[8]!.payload, undefined, 'a bloom filter lists no payload');
      const page = await keys('?search=country%2F&limit=3&offset=3');
      assert.equal(page.count, 7, 'the total of the prefix');
      assert.deepEqual(
        page.entries.map((e) => e.key),
        ['country/FR', 'country/GB', 'country/JP'],
      );
      assert.deepEqual((await keys('?search=nothing')).entries, []);
      assert.equal((await call('GET', '/127/data?limit=10001')).status, 400);
      assert.equal((await call('GET', '/999/data')).status, 404);
    });

    it('one key: a kv pair with count 1; a sorted set by score, paged; a key not there is 404 (a slash in a key is one segment)', async () => {
      const de = edgeKvEntry.parse((await call('GET', '/127/data/country%2FDE')).json);
      assert.deepEqual([de.key, de.datatype, de.count, de.payload], ['country/DE', 'kv', 1, { value: 'eu-central', encoding: 'plain' }]);
      const set = edgeKvEntry.parse((await call('GET', '/127/data/top-countries?limit=2')).json);
      assert.equal(set.count, 3);
      assert.deepEqual(set.payload, [
        { value: 'JP', encoding: 'plain', score: 410 },
        { value: 'DE', encoding: 'plain', score: 830.5 },
      ]);
      assert.equal((await call('GET', '/127/data/country%2FXX')).status, 404);
    });

    it('PUT adds, overwrites and deletes kv pairs; the revision and size follow; a large value is listed by its sha256', async () => {
      const big = 'x'.repeat(2000);
      const added = await call('PUT', '/128/data', [
        { key: 'limit/eu', datatype: 'kv', op: 'add', payload: { value: '100' } },
        { key: 'blob', datatype: 'kv', op: 'add', payload: { value: big } },
      ]);
      assert.equal(added.status, 200);
      assert.deepEqual(added.json, { store_size: 2003, revision: 1, write_count: 2, del_count: 0, write_size: 2003 });
      const listed = edgeKvEntryList.parse((await call('GET', '/128/data')).json);
      assert.equal(listed.entries[0]!.payload?.encoding, 'sha256');
      assert.match(listed.entries[0]!.payload!.value ?? '', /^[0-9a-f]{64}$/);
      assert.equal((edgeKvEntry.parse((await call('GET', '/128/data/blob')).json).payload as { value: string }).value, big, 'read whole by its key');
      const over = await call('PUT', '/128/data', [{ key: 'limit/eu', datatype: 'kv', op: 'add', payload: { value: '5', expiry: '2099-01-01T00:00:00Z' } }]);
      assert.deepEqual(over.json, { store_size: 2001, revision: 2, write_count: 1, del_count: 0, write_size: 1 });
      const gone = await call('PUT', '/128/data', [
        { key: 'limit/eu', datatype: 'kv', op: 'del_key' },
        { key: 'never-there', datatype: 'kv', op: 'del_key' },
      ]);
      assert.deepEqual(gone.json, { store_size: 2000, revision: 3, write_count: 0, del_count: 1, write_size: 0 });
      assert.equal((await call('GET', '/128/data/limit%2Feu')).status, 404);
      const store = edgeStore.parse((await call('GET', '/128')).json);
      assert.deepEqual([store.revision, store.size], [3, 2000]);
    });

    it('a kv pair over a sorted set needs force; a refused list changes nothing; a key past its expiry is gone', async () => {
      const refused = await call('PUT', '/127/data', [
        { key: 'country/DE', datatype: 'kv', op: 'del_key' },
        { key: 'top-countries', datatype: 'kv', op: 'add', payload: { value: 'x' } },
      ]);
      assert.equal(refused.status, 400);
      assert.equal((await call('GET', '/127/data/country%2FDE')).status, 200, 'the delete before it was not applied');
      await call('PUT', '/127/data', [{ key: 'soon', datatype: 'kv', op: 'add', payload: { value: 'x', expiry: '2000-01-01T00:00:00Z' } }]);
      assert.equal((await call('GET', '/127/data/soon')).status, 404);
      assert.equal((await keys('?search=soon')).count, 0);
    });
  });
}
