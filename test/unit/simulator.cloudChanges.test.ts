// The simulator's cloud changes in plain Node: a secret deleted through a task says DELETING, then
// is gone from the list and its read when the task ends (a second delete meanwhile is refused); a
// schedule's PATCH changes only the fields sent, switching type drops the other type's fields, and
// a field of the other type is refused; a function switched off lists as DISABLED, on again ACTIVE.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformError } from '../../src/schema/errors';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'sim-cloud-changes-key-83b1';
const PR = { project_id: 1, region_id: 1 };
const SECRET = '5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02';

describe('simulator: cloud changes', { timeout: 30_000 }, () => {
  let sim: Simulator;
  let api: PlatformApi;
  let clock = Date.UTC(2026, 10, 1);
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform', now: () => clock, taskDurationMs: 3000 });
    api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
  });
  after(() => sim.close());
  const listed = async () => (await api.cloud.listSecrets({ params: PR, query: {} })).results;

  it('a secret deleted: DELETING while its task runs, a second delete refused, gone when the task finishes', async () => {
    assert.equal((await api.cloud.getSecret({ params: { ...PR, secret_id: SECRET } })).name, 'api-gateway-cert');
    const { tasks } = await api.cloud.deleteSecret({ params: { ...PR, secret_id: SECRET } });
    assert.equal(tasks.length, 1);
    assert.equal((await listed()).find((s) => s.id === SECRET)?.status, 'DELETING');
    await assert.rejects(
      api.cloud.deleteSecret({ params: { ...PR, secret_id: SECRET } }),
      (e: unknown) => e instanceof PlatformError && e.kind === 'validation',
    );
    const task = await api.cloud.getTask({ params: { task_id: tasks[0]! } });
    assert.equal(task.task_type, 'delete_secret');
    clock += 3000;
    assert.equal((await api.cloud.getTask({ params: { task_id: tasks[0]! } })).state, 'FINISHED');
    assert.equal(
      (await listed()).some((s) => s.id === SECRET),
      false,
    );
    await assert.rejects(api.cloud.getSecret({ params: { ...PR, secret_id: SECRET } }), (e: unknown) => e instanceof PlatformError && e.kind === 'notFound');
  });

  it('a schedule patched: only the fields sent; a type switch drops the other fields; a stray field refused', async () => {
    const at = { project_id: 1, region_id: 2, schedule_id: '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a' };
    const before = (await api.cloud.listLifecyclePolicies({ params: { project_id: 1, region_id: 2 } })).results[0]!.schedules!.find(
      (s) => s.id === at.schedule_id,
    )!;
    const changed = await api.cloud.patchSchedule({ params: at, body: { max_quantity: 7 } });
    assert.equal(changed.max_quantity, 7);
    assert.equal(changed.type, before.type);
    assert.equal(changed.resource_name_template, before.resource_name_template);
    const other = before.type === 'cron' ? { type: 'interval' as const, days: 2 } : { type: 'cron' as const, hour: '3', minute: '15' };
    const switched = await api.cloud.patchSchedule({ params: at, body: other });
    assert.equal(switched.type, other.type);
    assert.equal(switched.max_quantity, 7);
    if (other.type === 'interval') assert.equal(switched.hour, undefined);
    else assert.equal(switched.days, undefined);
    const stray = other.type === 'interval' ? { hour: '1' } : { days: 1 };
    await assert.rejects(api.cloud.patchSchedule({ params: at, body: stray }), (e: unknown) => e instanceof PlatformError && e.status === 400);
  });

  it('a function switched off lists as DISABLED (an update task), on again ACTIVE; an unknown one is 404', async () => {
    const fn = { ...PR, namespace_name: 'default', function_name: 'image-resize' };
    const status = async () =>
      (await api.faas.listFunctions({ params: { ...PR, namespace_name: 'default' }, query: {} })).results.find((f) => f.name === 'image-resize')?.status;
    const { tasks } = await api.faas.patchFunction({ params: fn, body: { disabled: true } });
    assert.equal((await api.cloud.getTask({ params: { task_id: tasks[0]! } })).task_type, 'update_faas_function');
    assert.equal(await status(), 'DISABLED');
    await api.faas.patchFunction({ params: fn, body: { disabled: false } });
    assert.equal(await status(), 'ACTIVE');
    await assert.rejects(
      api.faas.patchFunction({ params: { ...fn, function_name: 'no-such' }, body: { disabled: true } }),
      (e: unknown) => e instanceof PlatformError && e.kind === 'notFound',
    );
  });
});
