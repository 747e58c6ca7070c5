// The simulator's object and SFTP storages (storage API v4): the lists in the published shapes,
// deleted ones only when asked, filters and paging; an object storage deleted stays restorable
// for two weeks (restore: 409 when not deleted, 410 past the window); an SFTP storage deleted is
// gone; a spec-dialect server lacks these routes (404).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformError } from '../../src/schema/errors';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_STORAGES as S } from '../../simulator/state/seedStorages';

const KEY = 'storage-v4-key-7d21';
const OBJECT_FIELDS = ['address', 'created_at', 'full_name', 'id', 'location_name', 'name', 'provisioning_status'];
const SFTP_FIELDS = [...OBJECT_FIELDS, 'expires', 'has_custom_config_file', 'has_password', 'is_http_disabled', 'server_alias', 'ssh_key_ids'].sort();

async function raw(sim: Simulator, method: string, path: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sim.url}${path}`, { method, headers: { Authorization: `apikey ${KEY}` } });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

const failure = async (run: () => Promise<unknown>): Promise<PlatformError> => {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof PlatformError, String(error));
    return error;
  }
  assert.fail('expected a failure');
};

describe('simulator: storages v4', { timeout: 30_000 }, () => {
  let sim: Simulator;
  let api: PlatformApi;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
  });
  beforeEach(() => sim.reset());
  after(() => sim.close());

  it('lists carry every published required field; deleted ones only with show_deleted', async () => {
    const objects = (await raw(sim, 'GET', '/storage/v4/object_storages?limit=100')).json as { count: number; results: Record<string, unknown>[] };
    assert.deepEqual(objects.results.map((s) => s.id).sort(), [S.media, S.backups, S.archive].sort());
    assert.equal(objects.count, 3);
    for (const s of objects.results) assert.deepEqual(Object.keys(s).sort(), OBJECT_FIELDS);
    const sftp = (await raw(sim, 'GET', '/storage/v4/sftp_storages')).json as { count: number; results: Record<string, unknown>[] };
    assert.equal(sftp.count, 2);
    for (const s of sftp.results) assert.deepEqual(Object.keys(s).sort(), SFTP_FIELDS);
    assert.ok(sftp.results.every((s) => !('password' in s)));
    const all = await api.storage.listObjectStorages({ params: {}, query: { show_deleted: true, limit: 100 } });
    assert.equal(all.count, 5);
    const deleted = all.results
      .filter((s) => s.provisioning_status === 'deleted')
      .map((s) => s.id)
      .sort();
    assert.deepEqual(deleted, [S.restorable, S.expired]);
  });

  it('filters by location, name, status and id; pages with limit/offset (default 10); orders as asked', async () => {
    const inEd1 = await api.storage.listObjectStorages({ params: {}, query: { location_name: 's-ed1' } });
    assert.deepEqual(inEd1.results.map((s) => s.name).sort(), ['backups-eu', 'media-assets']);
    const named = await api.storage.listObjectStorages({ params: {}, query: { name: 'ARCH' } });
    assert.deepEqual(
      named.results.map((s) => s.id),
      [S.archive],
    );
    const onlyDeleted = await api.storage.listObjectStorages({ params: {}, query: { provisioning_status: 'deleted' } });
    assert.equal(onlyDeleted.count, 2);
    const byId = await api.storage.listSftpStorages({ params: {}, query: { id: String(S.ingest) } });
    assert.deepEqual(
      byId.results.map((s) => s.name),
      ['ingest-sftp'],
    );
    const page = await api.storage.listObjectStorages({ params: {}, query: { show_deleted: true, order_by: 'name.asc', limit: 2, offset: 1 } });
    assert.equal(page.count, 5);
    assert.deepEqual(
      page.results.map((s) => s.name),
      ['legacy-uploads', 'logs-archive'],
    );
    const refused = await raw(sim, 'GET', '/storage/v4/object_storages?limit=1001');
    assert.equal(refused.status, 400);
    assert.match(String((refused.json as { error: string }).error), /limit/);
  });

  it('an object storage deleted becomes deleted and restorable; restored it is active again', async () => {
    await api.storage.deleteObjectStorage({ params: { storage_id: S.media } });
    const listed = await api.storage.listObjectStorages({ params: {}, query: {} });
    assert.ok(!listed.results.some((s) => s.id === S.media), 'hidden without show_deleted');
    const shown = await api.storage.listObjectStorages({ params: {}, query: { id: String(S.media), show_deleted: true } });
    assert.equal(shown.results[0]?.provisioning_status, 'deleted');
    const again = await failure(() => api.storage.deleteObjectStorage({ params: { storage_id: S.media } }));
    assert.equal(again.status, 404);
    await api.storage.restoreObjectStorage({ params: { storage_id: S.media } });
    const back = await api.storage.listObjectStorages({ params: {}, query: { id: String(S.media) } });
    assert.equal(back.results[0]?.provisioning_status, 'active');
  });

  it('restore: 409 for a storage not deleted, 410 past the two weeks, 404 for an SFTP storage', async () => {
    assert.equal((await raw(sim, 'POST', `/storage/v4/object_storages/${S.backups}/restore`)).status, 409);
    const gone = await raw(sim, 'POST', `/storage/v4/object_storages/${S.expired}/restore`);
    assert.equal(gone.status, 410);
    assert.match((gone.json as { error: string }).error, /more than 2 weeks/);
    assert.equal((await raw(sim, 'POST', `/storage/v4/object_storages/${S.ingest}/restore`)).status, 404);
    await api.storage.restoreObjectStorage({ params: { storage_id: S.restorable } });
  });

  it('an SFTP storage deleted is gone (not even with show_deleted); the wrong kind is a 404', async () => {
    assert.equal((await raw(sim, 'DELETE', `/storage/v4/object_storages/${S.ingest}`)).status, 404);
    assert.equal((await raw(sim, 'DELETE', `/storage/v4/sftp_storages/${S.media}`)).status, 404);
    await api.storage.deleteSftpStorage({ params: { storage_id: S.ingest } });
    const after = await api.storage.listSftpStorages({ params: {}, query: { show_deleted: true } });
    assert.deepEqual(
      after.results.map((s) => s.id),
      [S.partnerDrop],
    );
  });
});

describe('simulator: storages v4 on a spec-dialect server', () => {
  it('are not served (404), the v1 deletion is', async () => {
    const sim = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    try {
      assert.equal((await raw(sim, 'GET', '/storage/v4/object_storages')).status, 404);
      assert.equal((await raw(sim, 'DELETE', `/storage/v4/sftp_storages/${S.ingest}`)).status, 404);
      assert.equal((await raw(sim, 'DELETE', '/storage/provisioning/v1/storage/1001')).status, 204);
    } finally {
      await sim.close();
    }
  });
});
