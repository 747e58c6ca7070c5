import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SimulatorControl } from '../../simulator/controlClient';
import { probe, type ProbeResult } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { buildPkcs12 } from '../../src/features/secrets/model/pkcs12';
import { makeChain } from '../support/certs';

const KEY = 'behaviour-key-19c2';
const SEED_TIME = Date.UTC(2026, 4, 1);
type Json = Record<string, unknown>;

/** Noon of the seed day: seeded trials and debug windows are relative to it. */
let clock = SEED_TIME + 12 * 3_600_000;
let sim: Simulator;
let control: SimulatorControl;
const call = (method: string, path: string, body?: unknown): Promise<ProbeResult> => probe(sim.url, method, path, { apiKey: KEY, body });

interface Profile {
  id: number;
  client_id: number | null;
  name: string;
  template: { id: number; name: string };
  fields: { template_field_id: number; value: string }[];
  created_at: string;
  modified_at: string | null;
  networks: string[];
}
const listProfiles = async (query = ''): Promise<Profile[]> => (await call('GET', `/security/guard/v3/profiles/all${query}`)).json as Profile[];

before(async () => {
  sim = await startSimulator({ apiKey: KEY, seed: 3, seedTimeMs: SEED_TIME, now: () => clock, taskDurationMs: 3000, reportDurationMs: 4000 });
  control = new SimulatorControl(sim.url, sim.controlToken);
});
after(() => sim.close());
beforeEach(() => control.reset());

describe('protection profiles', () => {
  it('PATCH changes what the next list returns: name, fields, modified_at', async () => {
    clock += 60_000;
    const before = (await listProfiles()).find((p) => p.id === 1)!;
    const fieldId = before.fields[0]?.template_field_id ?? (before.template.id === 1 ? 1 : undefined);
    const fields = fieldId === undefined ? [] : [{ template_field_id: fieldId, value: 'patched', name: 'ignored' }];
    const res = await call('PATCH', '/security/guard/v3/profiles/1', { name: 'Zz Patched Profile', fields });
    assert.equal(res.status, 200, res.text);
    const listed = (await listProfiles('?name=zz patched')).find((p) => p.id === 1)!;
    assert.equal(listed.name, 'Zz Patched Profile');
    assert.deepEqual(
      listed.fields,
      fields.map(({ template_field_id, value }) => ({ template_field_id, value })),
    );
    assert.equal(listed.modified_at, `${new Date(clock).toISOString().slice(0, 19)}Z`);
    assert.deepEqual(listed, res.json);
  });

  it('PATCH without fields keeps them; template changes are checked against the template', async () => {
    const before = (await listProfiles()).find((p) => p.id === 1)!;
    await call('PATCH', '/security/guard/v3/profiles/1', { name: 'Only the name' });
    assert.deepEqual((await listProfiles()).find((p) => p.id === 1)!.fields, before.fields);

    const unknownTemplate = await call('PATCH', '/security/guard/v3/profiles/1', { template_id: 99 });
    assert.equal(unknownTemplate.status, 422);
    assert.deepEqual((unknownTemplate.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc, ['body', 'template_id']);
    const foreignField = await call('PATCH', '/security/guard/v3/profiles/1', { template_id: 5, fields: [{ template_field_id: 1, value: 'x' }] });
    assert.equal(foreignField.status, 422);
    assert.deepEqual((foreignField.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc, ['body', 'fields', 0, 'template_field_id']);
    const moved = await call('PATCH', '/security/guard/v3/profiles/1', { template_id: 5, fields: [{ template_field_id: 17, value: '53' }] });
    assert.equal(moved.status, 200);
    assert.deepEqual((moved.json as Profile).template, { id: 5, name: 'DNS Amplification Guard' });
  });

  it('filters by name (case-insensitive substring) and client_id', async () => {
    const all = await listProfiles();
    const byClient = await listProfiles('?client_id=3');
    assert.ok(byClient.length > 0);
    assert.deepEqual(
      byClient.map((p) => p.id),
      all.filter((p) => p.client_id === 3).map((p) => p.id),
    );
    const byName = await listProfiles('?name=GATEWAY');
    assert.ok(byName.length > 0 && byName.every((p) => p.name.toLowerCase().includes('gateway')));
    assert.ok(
      all.some((p) => p.client_id === null),
      'some profiles are common',
    );
    assert.ok(all.some((p) => p.networks.length === 0) && all.some((p) => p.networks.some((n) => n.includes(':'))));
  });

  it('order_by: comma-separated fields, "-" descending, unknown fields refused', async () => {
    const byName = await listProfiles('?order_by=name,id');
    const names = byName.map((p) => p.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const mixed = await listProfiles('?order_by=client_id,-created_at');
    for (let i = 1; i < mixed.length; i++) {
      const [a, b] = [mixed[i - 1]!, mixed[i]!];
      if (a.client_id === b.client_id) assert.ok(a.created_at >= b.created_at);
      else assert.ok(b.client_id === null || (a.client_id !== null && a.client_id < b.client_id));
    }
    const refused = await call('GET', '/security/guard/v3/profiles/all?order_by=created_at,colour');
    assert.equal(refused.status, 422);
    const detail = (refused.json as { detail: { loc: unknown[]; msg: string }[] }).detail[0]!;
    assert.deepEqual(detail.loc, ['query', 'order_by']);
    assert.match(detail.msg, /colour/);
  });

  it('the same seed gives the same data; another seed other data; profileCount scales', async () => {
    const twin = await startSimulator({ apiKey: KEY, seed: 3, seedTimeMs: SEED_TIME });
    const other = await startSimulator({ apiKey: KEY, seed: 4, seedTimeMs: SEED_TIME });
    try {
      const mine = await listProfiles();
      const twins = (await probe(twin.url, 'GET', '/security/guard/v3/profiles/all', { apiKey: KEY })).json;
      const others = (await probe(other.url, 'GET', '/security/guard/v3/profiles/all', { apiKey: KEY })).json;
      assert.deepEqual(mine, twins);
      assert.notDeepEqual(mine, others);
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
    // How fast a 10,000-profile list answers is the profilesTree bench's to say, not a timed test's.
    await control.reset({ profileCount: 10_000 });
    assert.equal((await listProfiles('?order_by=name')).length, 10_000);
  });
});

describe('secret tasks', () => {
  const secret = (name: string, payload = 'MIIBIjAN', type = 'application/octet-stream') => ({
    name,
    payload,
    payload_content_encoding: 'base64',
    payload_content_type: type,
    secret_type: 'certificate',
  });
  const createTask = async (body: Json): Promise<string> => {
    const res = await call('POST', '/cloud/v1/secrets/7/1', body);
    assert.equal(res.status, 200);
    return (res.json as { tasks: string[] }).tasks[0]!;
  };
  const task = async (id: string) => (await call('GET', `/cloud/v1/tasks/${id}`)).json as Json;

  it('moves NEW -> RUNNING -> FINISHED and names the created secret', async () => {
    const id = await createTask(secret('web-cert'));
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const fresh = await task(id);
    assert.equal(fresh.state, 'NEW');
    assert.equal(fresh.task_type, 'create_secret');
    assert.equal(fresh.created_resources, null);
    assert.equal(fresh.project_id, 7);
    assert.equal(fresh.finished_on, null);
    assert.equal((fresh.data as Json).payload, undefined, 'the payload is never repeated');
    assert.match(String(fresh.created_on), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    clock += 1500;
    assert.equal((await task(id)).state, 'RUNNING');
    clock += 1500;
    const done = await task(id);
    assert.equal(done.state, 'FINISHED');
    assert.equal(done.error, null);
    assert.equal((done.created_resources as { secrets: string[] }).secrets.length, 1);
    assert.equal(typeof done.finished_on, 'string');
  });

  it('ends in ERROR with an error text for a name containing "fail" or a PKCS12 payload that is not DER', async () => {
    const named = await createTask(secret('should-FAIL'));
    const notDer = await createTask(secret('bundle', Buffer.from('-----BEGIN CERTIFICATE-----').toString('base64'), 'application/x-pkcs12'));
    const der = await createTask(secret('bundle', Buffer.from([0x30, 0x82, 0x01, 0x0a]).toString('base64'), 'application/x-pkcs12'));
    clock += 3000;
    for (const id of [named, notDer]) {
      const t = await task(id);
      assert.equal(t.state, 'ERROR');
      assert.ok(typeof t.error === 'string' && t.error.length > 0);
      assert.equal(t.created_resources, null);
    }
    assert.equal((await task(der)).state, 'FINISHED');
  });

  it('takes an EC key where it takes an RSA one: a PKCS12 bundle, and PEM texts (v2) with a SEC1 or PKCS#8 key', async () => {
    const ids: string[] = [];
    for (const c of [makeChain({ leafCurve: 'prime256v1', ecdsaCAs: true }), makeChain()]) {
      const bundle = buildPkcs12({ certificatePem: c.leaf.certificatePem, privateKeyPem: c.leaf.privateKeyPem, chainPem: c.chainPem });
      ids.push(await createTask(secret('bundle', bundle.base64, 'application/x-pkcs12')));
      for (const key of [c.leaf.privateKeyPem, c.leaf.key.traditionalPem]) {
        const res = await call('POST', '/cloud/v2/secrets/7/1', {
          name: 'pem',
          payload: { certificate: c.leaf.certificatePem, private_key: key, certificate_chain: c.chainPem },
        });
        assert.equal(res.status, 200, JSON.stringify(res.json));
        ids.push((res.json as { tasks: string[] }).tasks[0]!);
      }
    }
    assert.match(makeChain({ leafCurve: 'prime256v1' }).leaf.key.traditionalPem, /^-----BEGIN EC PRIVATE KEY-----/);
    clock += 3000;
    for (const id of ids) assert.deepEqual([(await task(id)).state, (await task(id)).error], ['FINISHED', null], id);
  });

  it('follows a runtime change of taskDurationMs', async () => {
    const id = await createTask(secret('quick'));
    await control.setOptions({ taskDurationMs: 0 });
    assert.equal((await task(id)).state, 'FINISHED');
    await control.setOptions({ taskDurationMs: 3000 });
  });
});

describe('report tasks', () => {
  const report = async (uuid: string) => (await call('GET', `/billing/org/v1/reports/${uuid}`)).json as Json;

  it('creation answers 201 Pending, then InProgress, then Completed', async () => {
    const res = await call('POST', '/billing/org/v1/reports', { template_code: 'ResellerPlans', parameters: { date_from: '2026-04-01', client_id: 501 } });
    assert.equal(res.status, 201);
    const created = res.json as Json;
    assert.equal(created.status, 'Pending');
    assert.equal(created.task_type, 'Report');
    assert.equal(created.client_id, 501);
    assert.deepEqual(created.parameters, { date_from: '2026-04-01', client_id: 501 });
    clock += 1000;
    assert.equal((await report(String(created.uuid))).status, 'InProgress');
    clock += 3000;
    const done = await report(String(created.uuid));
    assert.equal(done.status, 'Completed');
    assert.deepEqual((done.processing_notes as Json).errors, []);
  });

  it('a template code containing "Fail" ends Failed with processing_notes.errors', async () => {
    const res = await call('POST', '/billing/org/v1/reports', { template_code: 'WillFail' });
    clock += 4000;
    const failed = await report(String((res.json as Json).uuid));
    assert.equal(failed.status, 'Failed');
    assert.equal(((failed.processing_notes as Json).errors as unknown[]).length, 1);
  });

  it('refuses dates that are not dates, or out of order, naming the parameter', async () => {
    const bad = await call('POST', '/billing/org/v1/reports', { template_code: 'X', parameters: { date_from: '2026-13-01' } });
    assert.equal(bad.status, 400);
    assert.ok('parameters.date_from' in (bad.json as Json));
    const reversed = await call('POST', '/billing/org/v1/reports', { template_code: 'X', parameters: { date_from: '2026-05-01', date_to: '2026-04-01' } });
    assert.ok('parameters.date_to' in (reversed.json as Json));
  });

  it('seeds one report in each of the five statuses', async () => {
    for (const [status, uuid] of Object.entries(SEEDED_REPORTS)) assert.equal((await report(uuid)).status, status);
  });
});

describe('lifecycle policies', () => {
  it('add_schedules appends with new ids, owner and user, and returns the whole policy', async () => {
    const res = await call('POST', '/cloud/v1/lifecycle_policy/1/1/10/add_schedules', {
      schedules: [
        { type: 'cron', day_of_week: 'MON,Wed', hour: '0, 20', minute: '15', max_quantity: 3, retention_time: { days: 2 } },
        { type: 'interval', days: 1 },
      ],
    });
    assert.equal(res.status, 200);
    const policy = res.json as { id: number; volumes: unknown[]; schedules: Json[] };
    assert.equal(policy.id, 10);
    assert.equal(policy.volumes.length, 2);
    assert.equal(policy.schedules.length, 3);
    const [cron, interval] = policy.schedules.slice(1);
    for (const s of [cron!, interval!]) {
      assert.match(String(s.id), /^[0-9a-f-]{36}$/);
      assert.equal(s.owner, 'lifecycle_policy');
      assert.equal(s.owner_id, 10);
      assert.equal(s.user_id, 4585);
    }
    assert.notEqual(cron!.id, interval!.id);
    assert.equal(cron!.day_of_week, 'mon,wed');
    assert.equal(cron!.hour, '0,20');
    assert.deepEqual(cron!.retention_time, { weeks: 0, days: 2, hours: 0, minutes: 0 });
    assert.equal(interval!.days, 1);
    assert.equal(interval!.max_quantity, 2);
    const again = await call('POST', '/cloud/v1/lifecycle_policy/1/1/10/add_schedules', { schedules: [{ type: 'interval', hours: 1 }] });
    assert.equal((again.json as { schedules: unknown[] }).schedules.length, 4);
  });

  it('refuses a cron day that is not a day, and a policy of another project', async () => {
    const bad = await call('POST', '/cloud/v1/lifecycle_policy/1/1/10/add_schedules', { schedules: [{ type: 'cron', day_of_week: 'monday' }] });
    assert.equal(bad.status, 400);
    assert.ok('schedules[0].day_of_week' in (bad.json as { invalid_fields: Json }).invalid_fields);
    const elsewhere = await call('POST', '/cloud/v1/lifecycle_policy/2/1/10/add_schedules', { schedules: [{ type: 'interval', hours: 1 }] });
    assert.equal(elsewhere.status, 404);
  });
});

describe('storages, notification settings, trials, edge', () => {
  it('DELETE of a storage answers 204, then 404', async () => {
    const first = await call('DELETE', '/storage/provisioning/v1/storage/1003');
    assert.equal(first.status, 204);
    assert.equal(first.text, '');
    const second = await call('DELETE', '/storage/provisioning/v1/storage/1003');
    assert.equal(second.status, 404);
    await control.reset();
    assert.equal((await call('DELETE', '/storage/provisioning/v1/storage/1003')).status, 204, 'reset brings it back');
  });

  it('notification settings: create (enabled defaults to true), update, refuse a duplicate', async () => {
    const created = await call('POST', '/iam/reselling/resellers/702/notification_settings', { notification_type: 'deletion_request', email: 'x@two.example' });
    assert.equal(created.status, 201);
    const setting = created.json as { id: number; reseller: number; enabled: boolean };
    assert.equal(setting.reseller, 702);
    assert.equal(setting.enabled, true);
    const updated = await call('PATCH', `/iam/reselling/resellers/702/notification_settings/${setting.id}`, {
      notification_type: 'failed_login',
      email: 'y@two.example',
      enabled: false,
    });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.json, { id: setting.id, reseller: 702, notification_type: 'failed_login', email: 'y@two.example', enabled: false });
    const duplicate = await call('POST', '/iam/reselling/resellers/702/notification_settings', { notification_type: 'failed_login', email: 'Y@two.example' });
    assert.equal(duplicate.status, 400);
    assert.ok(Array.isArray((duplicate.json as { errors: Json }).errors.email));
  });

  it('trials: started, not started and ended; start data by client and product, else the base data', async () => {
    const trial = async (path: string) => (await call('GET', `/billing/org/v1/trials/${path}`)).json as Json;
    const started = await trial('401');
    assert.ok(typeof started.remaining_duration === 'number' && started.remaining_duration > 0);
    assert.equal(started.is_trial_skipped, 'false');
    const notStarted = await trial('402');
    assert.equal(notStarted.remaining_duration, null);
    assert.deepEqual(notStarted.active_ranges, []);
    const ended = await trial('403');
    assert.equal(ended.remaining_duration, null);
    assert.equal(ended.is_trial_skipped, 'true');
    assert.equal((await trial('start-trial-data?client_id=503&product_id=3')).id, 403);
    const base = await trial('start-trial-data?client_id=77&product_id=2');
    assert.equal(base.id, 0);
    assert.equal(base.client_id, 77);
    assert.equal((base.product as Json).id, 2);
  });

  it('edge: apps in every status, template params of the real data types, clients with one default network', async () => {
    const statuses = new Set<number>();
    for (let id = 101; id <= 108; id++) statuses.add(((await call('GET', `/edge/v1/admin/apps/${id}`)).json as { status: number }).status);
    assert.deepEqual([...statuses].sort(), [0, 1, 2, 3, 4, 5]);
    const future = ((await call('GET', '/edge/v1/admin/apps/101')).json as { debug_until: string }).debug_until;
    assert.ok(Date.parse(future) > SEED_TIME);
    const dataTypes = ['string', 'number', 'date', 'time', 'secret', 'store', 'bool', 'json', 'enum'];
    for (const id of [301, 302, 303]) {
      const t = (await call('GET', `/edge/v1/admin/template/${id}`)).json as { params: { data_type: string }[]; long_descr: string };
      assert.ok(t.params.length > 0 && t.params.every((p) => dataTypes.includes(p.data_type)), `template ${id}: params of known data types`);
      assert.match(t.long_descr, /^# /);
    }
    for (const [id, status] of [
      [201, 1],
      [202, 2],
      [203, 5],
      [204, 3],
    ] as const) {
      const c = (await call('GET', `/edge/v1/admin/clients/${id}`)).json as { status: number; networks: { is_default: boolean }[] };
      assert.equal(c.status, status);
      assert.equal(c.networks.filter((n) => n.is_default).length, 1);
    }
  });
});
