// Every endpoint through the client against the simulator over HTTP: the happy path, a refused
// input that sends nothing, each fault mapped to its error kind, GETs retried and nothing else.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import type { PlatformErrorKind } from '../../src/schema/errors';
import { HttpClient, type RequestLogEntry } from '../../src/platform/http';
import { pollTasks } from '../../src/platform/taskPoller';
import { taskState } from '../../src/schema/cloud';
import { startSimulator, type Simulator } from '../../simulator/index';
import { rejection } from '../support/rejection';

const KEY = 'client-test-key-42';
const PR = { project_id: 1, region_id: 1 };
const SECRET = {
  name: 'tls-cert',
  payload: Buffer.from('0123456789').toString('base64'),
  payload_content_encoding: 'base64' as const,
  payload_content_type: 'application/octet-stream',
  secret_type: 'certificate' as const,
};

let sim: Simulator;
let api: PlatformApi;
const log: RequestLogEntry[] = [];

function makeApi(options: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): PlatformApi {
  return createPlatformApi(new HttpClient({ baseUrl: `${sim.url}/`, apiKey: KEY, retryBaseMs: 5, onRequest: (e) => log.push(e), ...options }));
}

const count = (route: string) => sim.requestCounts()[route] ?? 0;

before(async () => {
  sim = await startSimulator({ apiKey: KEY, taskDurationMs: 150, reportDurationMs: 200 });
  api = makeApi();
});
after(() => sim.close());
beforeEach(() => {
  sim.clearFaults();
  sim.resetRequests();
});

describe('every endpoint against the simulator', () => {
  it('1 createSecret + tasks: task ids polled to FINISHED, and to ERROR with its text', async () => {
    const { tasks } = await api.cloud.createSecret({ params: PR, body: SECRET });
    assert.equal(tasks.length, 1);
    const [done] = await pollTasks((id, signal) => api.cloud.getTask({ params: { task_id: id } }, { signal }), tasks, { minDelayMs: 20, maxDelayMs: 50 });
    assert.equal(done?.state, 'FINISHED');
    const failing = await api.cloud.createSecret({ params: PR, body: { ...SECRET, name: 'will-fail' } });
    const [failed] = await pollTasks((id) => api.cloud.getTask({ params: { task_id: id } }), failing.tasks, { minDelayMs: 20, maxDelayMs: 50 });
    assert.equal(failed?.state, 'ERROR');
    assert.ok(failed?.error && failed.error.length > 0);
  });

  it('2 addSchedules: the policy comes back with new schedule ids', async () => {
    const policy = await api.cloud.addSchedules({
      params: { ...PR, policy_id: 10 },
      body: {
        schedules: [
          { type: 'cron', day_of_week: 'mon,wed', hour: '2', minute: '30', timezone: 'Europe/Berlin', max_quantity: 3 },
          { type: 'interval', days: 1 },
        ],
      },
    });
    assert.equal(policy.id, 10);
    const added = policy.schedules?.slice(-2) ?? [];
    assert.equal(added[0]?.day_of_week, 'mon,wed');
    for (const s of added) assert.match(s.id ?? '', /^[0-9a-f-]{36}$/);
  });

  it('3 + 14 profiles: a PATCH shows in the next list; filters and order reach the server', async () => {
    const renamed = await api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'Renamed by test' } });
    assert.equal(renamed.name, 'Renamed by test');
    const found = await api.security.listProtectionProfiles({ params: {}, query: { name: 'renamed BY', client_id: 1 } });
    assert.deepEqual(
      found.map((p) => p.id),
      [1],
    );
    const sorted = await api.security.listProtectionProfiles({ params: {}, query: { order_by: 'name' } });
    const names = sorted.map((p) => p.name ?? '');
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    assert.ok(sorted.length >= 200);
  });

  it("4 + 5 prices: instances and load balancers, with the spec's types", async () => {
    const vm = await api.pricing.previewInstancePrice({
      params: PR,
      body: {
        flavor: 'g1-standard-2-4',
        names: ['a', 'b'],
        interfaces: [{ type: 'external' }],
        volumes: [{ source: 'new-volume', size: 20, type_name: 'ssd_hiiops' }],
      },
    });
    assert.equal(vm.price_status, 'show');
    assert.equal(vm.vm_count, 2);
    assert.equal(typeof vm.discount_percent, 'string');
    assert.ok((vm.total_price_per_month ?? 0) > 0);
    const lb = await api.pricing.previewLoadBalancerPrice({ params: PR, body: { flavor: 'lb1-1-2' } });
    assert.equal(lb.price_status, 'show');
    assert.ok(lb.discount_percent === null || typeof lb.discount_percent === 'number');
    const unknown = await api.pricing.previewInstancePrice({ params: PR, body: { flavor: 'no-such', names: ['a'], interfaces: [] } });
    assert.equal(unknown.price_status, 'error');
    assert.equal(unknown.total_price_per_month, null);
  });

  it('6, 12, 15 edge: app with an unlisted status, template, client', async () => {
    assert.equal((await api.edge.getEdgeApp({ params: { app_id: 105 } })).status, 3);
    assert.ok((await api.edge.getEdgeTemplate({ params: { template_id: 302 } })).params?.length);
    assert.equal((await api.edge.getEdgeClient({ params: { client_id: 203 } })).status, 5);
  });

  it('7 deleteStorage: 204, then 404 — and never retried', async () => {
    assert.equal(await api.storage.deleteStorage({ params: { storage_id: 1001 } }), undefined);
    const again = await rejection(api.storage.deleteStorage({ params: { storage_id: 1001 } }));
    assert.equal(again.kind, 'notFound');
    assert.equal(count('DELETE deleteStorage'), 2);
  });

  it('8, 9 trials: by id and by (client, product)', async () => {
    assert.equal((await api.billing.getTrial({ params: { id: 402 } })).remaining_duration, null);
    const start = await api.billing.getTrialStartData({ params: {}, query: { client_id: 501, product_id: 1 } });
    assert.equal(start.id, 401);
    assert.ok((start.remaining_duration ?? 0) > 0);
  });

  it('10, 13 reports: created Pending (201), read back until Completed', async () => {
    const created = await api.billing.createReport({
      params: {},
      body: { template_code: 'ResellerExpenses', parameters: { date_from: '2025-01-01', date_to: '2025-02-01' } },
    });
    assert.equal(created.status, 'Pending');
    await new Promise((r) => setTimeout(r, 260));
    assert.equal((await api.billing.getReport({ params: { id: created.uuid } })).status, 'Completed');
  });

  it('11 function logs: newest `limit` entries', async () => {
    const { logs } = await api.faas.getFunctionLogs({ params: { ...PR, namespace_name: 'default', function_name: 'hello-world' }, query: { limit: 5 } });
    assert.equal(logs.length, 5);
    assert.match(logs[0]?.Time ?? '', /\.\d{9}Z$/);
  });

  it('16 activated free feature', async () => {
    const f = await api.iam.getActivatedFreeFeature({ params: { activatedFeatureId: 601 } });
    assert.equal(f.id, 601);
    assert.ok(f.feature?.name);
  });

  it('17, 18 notification settings: created (201), updated', async () => {
    const created = await api.iam.createNotificationSetting({
      params: { resellerId: 702 },
      body: { notification_type: 'failed_login', email: 'ops@example.com' },
    });
    assert.equal(created.enabled, true);
    const updated = await api.iam.updateNotificationSetting({
      params: { resellerId: 702, notificationSettingsId: created.id },
      body: { notification_type: 'failed_login', email: 'ops@example.com', enabled: false },
    });
    assert.equal(updated.enabled, false);
  });
});

describe('refused before sending', () => {
  it('a bad value on each kind of endpoint sends nothing', async () => {
    const attempts: [Promise<unknown>, string][] = [
      [api.cloud.createSecret({ params: PR, body: { ...SECRET, bit_length: 0 } }), 'bit_length'],
      [api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'x'.repeat(101) } }), 'name'],
      [api.security.listProtectionProfiles({ params: {}, query: { client_id: 0 } }), 'client_id'],
      [api.faas.getFunctionLogs({ params: { ...PR, namespace_name: 'default', function_name: 'hello-world' }, query: { limit: 100001 } }), 'limit'],
      [api.iam.createNotificationSetting({ params: { resellerId: 1 }, body: { notification_type: 'failed_login', email: 'nope' } }), 'email'],
      [api.billing.getTrialStartData({ params: {}, query: { client_id: 2 ** 31, product_id: 1 } }), 'client_id'],
      [api.pricing.previewLoadBalancerPrice({ params: PR, body: { flavor: 'lb1-1-2', vip_network_id: 'n', vip_port_id: 'p' } }), 'vip_port_id'],
    ];
    for (const [attempt, field] of attempts) {
      const error = await rejection(attempt);
      assert.equal(error.kind, 'validation');
      assert.ok(
        error.issues.some((i) => i.path === field),
        `${field}: ${error.message}`,
      );
    }
    assert.deepEqual(sim.requestCounts(), {}, 'the simulator saw no request');
  });
});

describe('server refusals and faults', () => {
  const getApp = () => api.edge.getEdgeApp({ params: { app_id: 101 } });
  const post = () => api.billing.createReport({ params: {}, body: { template_code: 'ResellerExpenses' } });

  it("a server-side refusal names the field, in every product's shape", async () => {
    // The profiles product answers a refusal with 422, the others with 400.
    const cases: [() => Promise<unknown>, string, number][] = [
      [() => api.cloud.createSecret({ params: PR, body: SECRET }), 'createSecret', 400],
      [() => api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'n' } }), 'updateProtectionProfile', 422],
      [() => getApp(), 'getEdgeApp', 400],
      [
        () => api.iam.createNotificationSetting({ params: { resellerId: 701 }, body: { notification_type: 'failed_login', email: 'a@b.co' } }),
        'createNotificationSetting',
        400,
      ],
      [() => post(), 'createReport', 400],
    ];
    for (const [call, route, status] of cases) {
      sim.setFault({ route, kind: 'status', status: 400, field: 'name' });
      const error = await rejection(call());
      assert.equal(error.kind, 'validation', route);
      assert.equal(error.status, status);
      assert.ok(error.issues.some((i) => i.path === 'name') || /name/.test(error.message), `${route}: ${error.message}`);
    }
  });

  it('a real 422 from the profiles product names the field', async () => {
    const error = await rejection(api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { template_id: 999 } }));
    assert.equal(error.status, 422);
    assert.ok(
      error.issues.some((i) => i.path === 'template_id'),
      error.message,
    );
  });

  it('401 for a wrong key, with no key in the message', async () => {
    const wrong = makeApi({ apiKey: 'wrong-key-123' });
    const error = await rejection(wrong.edge.getEdgeApp({ params: { app_id: 101 } }));
    assert.equal(error.kind, 'unauthorized');
    assert.equal(error.message.includes('wrong-key-123'), false);
  });

  it('404 for unknown ids', async () => {
    assert.equal((await rejection(api.edge.getEdgeApp({ params: { app_id: 999999 } }))).kind, 'notFound');
    assert.equal((await rejection(api.billing.getTrial({ params: { id: 999999 } }))).kind, 'notFound');
  });

  const faults: [Record<string, unknown>, PlatformErrorKind][] = [
    [{ kind: 'status', status: 500 }, 'server'],
    [{ kind: 'status', status: 503 }, 'server'],
    [{ kind: 'rateLimit', retryAfterSeconds: 1 }, 'rateLimited'],
    [{ kind: 'reset' }, 'network'],
    [{ kind: 'malformed' }, 'badResponse'],
    [{ kind: 'html', status: 502 }, 'server'],
    [{ kind: 'timeout' }, 'timeout'],
    [{ kind: 'trickle', ms: 200, chunkBytes: 4 }, 'timeout'],
  ];
  for (const [fault, kind] of faults) {
    it(`${String(fault.kind)}${fault.status ? ` ${String(fault.status)}` : ''} -> ${kind}; a POST is sent once`, async () => {
      const quick = makeApi({ timeoutMs: 300, maxRetries: 0 });
      sim.setFault({ route: 'createReport', ...fault } as never);
      const error = await rejection(quick.billing.createReport({ params: {}, body: { template_code: 'ResellerExpenses' } }));
      assert.equal(error.kind, kind, error.message);
      assert.equal(count('POST createReport'), 1);
      if (fault.kind === 'html') assert.match(error.message, /^Server error \(HTTP 502\), an HTML page instead of JSON: 502 Bad Gateway/);
      if (fault.kind === 'timeout') assert.match(error.message, /^Timed out: no complete answer within 0\.3 s\.$/);
      if (fault.kind === 'malformed') assert.match(error.message, /^The server's answer is not JSON: \{"data"/);
    });
  }

  it('a 200 with an HTML page (a login portal) says so', async () => {
    const portal = '<!DOCTYPE html><html><head><title>Sign in to the guest network</title></head><body></body></html>';
    const html = makeApi({ fetch: async () => new Response(portal, { status: 200, headers: { 'Content-Type': 'text/html' } }) });
    const error = await rejection(html.edge.getEdgeApp({ params: { app_id: 101 } }));
    assert.equal(error.kind, 'badResponse');
    assert.equal(error.message, "The server's answer is an HTML page instead of JSON: Sign in to the guest network");
  });

  it('a GET is retried through 503, 429 and a reset, then succeeds', async () => {
    sim.setFault({ route: 'getEdgeApp', kind: 'status', status: 503, times: 1 });
    assert.equal((await getApp()).status, 1);
    assert.equal(count('GET getEdgeApp'), 2);
    sim.setFault({ route: 'getEdgeApp', kind: 'rateLimit', retryAfterSeconds: 0, times: 1 });
    await getApp();
    sim.setFault({ route: 'getEdgeApp', kind: 'reset', times: 2 });
    await getApp();
    assert.equal(count('GET getEdgeApp'), 2 + 2 + 3);
    const entry = log.filter((e) => e.path === '/edge/v1/admin/apps/101').at(-1);
    assert.equal(entry?.retries, 2);
  });

  it('a GET gives up after 3 retries', async () => {
    sim.setFault({ route: 'getEdgeApp', kind: 'status', status: 502 });
    assert.equal((await rejection(getApp())).kind, 'server');
    assert.equal(count('GET getEdgeApp'), 4);
  });

  it('POST, PATCH and DELETE are never retried', async () => {
    for (const [route, call] of [
      ['POST createReport', post],
      ['PATCH updateProtectionProfile', () => api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'n' } })],
      ['DELETE deleteStorage', () => api.storage.deleteStorage({ params: { storage_id: 1002 } })],
    ] as const) {
      sim.setFault({ route: route.split(' ')[1]!, kind: 'status', status: 503 });
      await rejection(call());
      assert.equal(count(route), 1, route);
    }
  });

  it('the task poller keeps going through a 503 on the task endpoint', async () => {
    const { tasks } = await api.cloud.createSecret({ params: PR, body: SECRET });
    sim.setFault({ route: 'getTask', kind: 'status', status: 500, times: 2 });
    const [outcome] = await pollTasks((id) => api.cloud.getTask({ params: { task_id: id } }), tasks, { minDelayMs: 20, maxDelayMs: 40 });
    assert.equal(outcome?.state, 'FINISHED');
    assert.equal(taskState(outcome!.task), 'FINISHED');
  });
});
