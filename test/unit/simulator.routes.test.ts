import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, type EndpointName } from '../../src/schema/endpoints';
import { probe, type ProbeResult } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';

const KEY = 'routes-key-7f3a';
type Json = Record<string, unknown>;

let sim: Simulator;
const call = (method: string, path: string, body?: unknown, apiKey: string | null = KEY, rawBody?: string): Promise<ProbeResult> =>
  probe(sim.url, method, path, { apiKey, body, rawBody });
/** The smallest WebAssembly module: magic and version. */
const WASM_TEXT = '\0asm\x01\0\0\0';
/** The binary storeEdgeBinary's sample stored, which deleteEdgeBinary's sample deletes. */
let storedBinaryId = 0;

const secretBody = {
  name: 'tls-bundle',
  payload: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
  payload_content_encoding: 'base64',
  payload_content_type: 'application/octet-stream',
  secret_type: 'opaque',
};
const instanceBody = { flavor: 'g1-standard-2-4', interfaces: [{ type: 'external' }], names: ['vm-1'] };
const logsPath = '/cloud/v1/faas/namespaces/1/1/default/functions/hello-world/logs';

interface Sample {
  method: string;
  path: string;
  body?: unknown;
  /** Sent as is (a binary's bytes) instead of `body`. */
  rawBody?: string;
  status: number;
  /** Keys the spec marks required in the answer. */
  keys: string[];
}

/** One valid request per endpoint; getTask's path is filled once a secret exists. */
const samples: Record<EndpointName, Sample> = {
  createSecret: { method: 'POST', path: '/cloud/v1/secrets/1/1', body: secretBody, status: 200, keys: ['tasks'] },
  getTask: { method: 'GET', path: '', status: 200, keys: ['id', 'state', 'task_type', 'created_on', 'user_id'] },
  addSchedules: {
    method: 'POST',
    path: '/cloud/v1/lifecycle_policy/1/1/10/add_schedules',
    body: { schedules: [{ type: 'interval', hours: 6 }] },
    status: 200,
    keys: ['id', 'name', 'action', 'project_id', 'region_id', 'status', 'user_id', 'schedules', 'volumes'],
  },
  updateProtectionProfile: {
    method: 'PATCH',
    path: '/security/guard/v3/profiles/1',
    body: { name: 'Renamed by the routes test' },
    status: 200,
    keys: ['id', 'client_id', 'name', 'template', 'fields', 'created_at', 'modified_at', 'networks'],
  },
  previewInstancePrice: {
    method: 'POST',
    path: '/cloud/v2/pricing/1/1/instances',
    body: instanceBody,
    status: 200,
    keys: [
      'currency_code',
      'discount_details',
      'discount_percent',
      'per_gb',
      'per_hour',
      'per_month',
      'price_status',
      'price_without_discount_per_month',
      'tax_percent',
      'total_price_per_hour',
      'total_price_per_month',
      'vm_count',
    ],
  },
  previewLoadBalancerPrice: {
    method: 'POST',
    path: '/cloud/v2/pricing/1/1/loadbalancers',
    body: { flavor: 'lb1-1-2' },
    status: 200,
    keys: [
      'currency_code',
      'discount_percent',
      'per_hour',
      'per_month',
      'price_status',
      'price_without_discount_per_month',
      'tax_percent',
      'total_price_per_hour',
      'total_price_per_month',
    ],
  },
  getEdgeApp: {
    method: 'GET',
    path: '/edge/v1/admin/apps/101',
    status: 200,
    keys: [
      'id',
      'client_id',
      'name',
      'url',
      'binary',
      'template',
      'template_name',
      'status',
      'plan_id',
      'plan',
      'env',
      'rsp_headers',
      'log',
      'debug_until',
      'comment',
      'api_type',
      'networks',
      'secrets',
      'stores',
    ],
  },
  deleteStorage: { method: 'DELETE', path: '/storage/provisioning/v1/storage/1002', status: 204, keys: [] },
  getTrialStartData: {
    method: 'GET',
    path: '/billing/org/v1/trials/start-trial-data?client_id=501&product_id=1',
    status: 200,
    keys: ['id', 'client_id', 'client', 'product', 'plan', 'days_limit', 'active_ranges', 'created_at', 'options', 'remaining_duration', 'is_trial_skipped'],
  },
  getTrial: {
    method: 'GET',
    path: '/billing/org/v1/trials/402',
    status: 200,
    keys: ['id', 'client_id', 'client', 'product', 'plan', 'days_limit', 'active_ranges', 'created_at', 'options', 'remaining_duration', 'is_trial_skipped'],
  },
  getReport: {
    method: 'GET',
    path: `/billing/org/v1/reports/${SEEDED_REPORTS.Completed}`,
    status: 200,
    keys: ['uuid', 'created_at', 'updated_at', 'user_id', 'client_id', 'task_type', 'status', 'processing_notes', 'parameters'],
  },
  getFunctionLogs: { method: 'GET', path: `${logsPath}?limit=10`, status: 200, keys: ['logs'] },
  getEdgeTemplate: {
    method: 'GET',
    path: '/edge/v1/admin/template/302',
    status: 200,
    keys: ['binary_id', 'name', 'api_type', 'owned', 'params', 'short_descr', 'long_descr'],
  },
  createReport: {
    method: 'POST',
    path: '/billing/org/v1/reports',
    body: { template_code: 'ResellerExpenses', parameters: { date_from: '2026-04-01', date_to: '2026-04-30' } },
    status: 201,
    keys: ['uuid', 'created_at', 'updated_at', 'user_id', 'client_id', 'task_type', 'status', 'processing_notes', 'parameters'],
  },
  listProtectionProfiles: { method: 'GET', path: '/security/guard/v3/profiles/all', status: 200, keys: [] },
  getProtectionProfile: {
    method: 'GET',
    path: '/security/sifter/v3/profiles/1',
    status: 200,
    keys: ['id', 'client_id', 'name', 'template', 'fields', 'created_at', 'modified_at', 'networks'],
  },
  getEdgeClient: {
    method: 'GET',
    path: '/edge/v1/admin/clients/201',
    status: 200,
    keys: ['status', 'hourly_consumption', 'daily_consumption', 'monthly_consumption', 'app_count', 'networks', 'plan_id', 'reseller_id', 'plan'],
  },
  getActivatedFreeFeature: {
    method: 'GET',
    path: '/iam/admin/free_features/601',
    status: 200,
    keys: ['id', 'client_id', 'feature_id', 'feature', 'created_date'],
  },
  updateNotificationSetting: {
    method: 'PATCH',
    path: '/iam/reselling/resellers/701/notification_settings/801',
    body: { notification_type: 'deletion_request', email: 'ops2@reseller-one.example' },
    status: 200,
    keys: ['id', 'reseller', 'notification_type', 'email', 'enabled'],
  },
  createNotificationSetting: {
    method: 'POST',
    path: '/iam/reselling/resellers/702/notification_settings',
    body: { notification_type: 'failed_login', email: 'alerts@reseller-two.example' },
    status: 201,
    keys: ['id', 'reseller', 'notification_type', 'email', 'enabled'],
  },
  listEdgeApps: { method: 'GET', path: '/edge/v1/apps?limit=5', status: 200, keys: ['count', 'apps'] },
  getOwnEdgeApp: { method: 'GET', path: '/edge/v1/apps/101', status: 200, keys: ['id', 'name', 'status', 'template', 'plan'] },
  listEdgeTemplates: { method: 'GET', path: '/edge/v1/template', status: 200, keys: ['count', 'templates'] },
  getEdgeAccount: { method: 'GET', path: '/edge/v1/me', status: 200, keys: ['status', 'app_count', 'plan'] },
  patchEdgeApp: {
    method: 'PATCH',
    path: '/edge/v1/apps/103',
    body: { status: 1 },
    status: 200,
    keys: ['id', 'name', 'status', 'binary', 'api_type', 'plan_id'],
  },
  deleteEdgeApp: { method: 'DELETE', path: '/edge/v1/apps/102', status: 204, keys: [] },
  storeEdgeBinary: { method: 'POST', path: '/edge/v1/binaries/raw', rawBody: WASM_TEXT, status: 200, keys: ['id', 'status', 'api_type'] },
  deleteEdgeBinary: {
    method: 'DELETE',
    get path() {
      return `/edge/v1/binaries/${storedBinaryId}`;
    },
    status: 204,
    keys: [],
  },
  getEdgeBinary: { method: 'GET', path: '/edge/v1/binaries/4748', status: 200, keys: ['id', 'status', 'source', 'api_type', 'checksum'] },
  createEdgeApp: {
    method: 'POST',
    path: '/edge/v1/apps',
    body: { name: 'made-here', binary: 4748 },
    status: 200,
    keys: ['id', 'name', 'status', 'binary', 'api_type', 'plan_id'],
  },
  listEdgeBinaries: { method: 'GET', path: '/edge/v1/binaries', status: 200, keys: ['binaries'] },
  listEdgeSecrets: { method: 'GET', path: '/edge/v1/secrets?app_id=101', status: 200, keys: ['secrets', 'count'] },
  listEdgeStores: { method: 'GET', path: '/edge/v1/kv?limit=2', status: 200, keys: ['count', 'stores'] },
  getEdgeStore: { method: 'GET', path: '/edge/v1/kv/127', status: 200, keys: ['name'] },
  listEdgeStoreData: { method: 'GET', path: '/edge/v1/kv/127/data?search=country%2F&limit=2', status: 200, keys: ['count', 'entries'] },
  getEdgeStoreKey: { method: 'GET', path: '/edge/v1/kv/127/data/country%2FDE', status: 200, keys: ['key', 'datatype', 'count'] },
  putEdgeStoreData: {
    method: 'PUT',
    path: '/edge/v1/kv/128/data',
    body: [{ key: 'route-sample', datatype: 'kv', op: 'add', payload: { value: 'v' } }],
    status: 200,
    keys: ['store_size', 'revision', 'write_count', 'del_count', 'write_size'],
  },
  createEdgeSecret: {
    method: 'POST',
    path: '/edge/v1/secrets',
    body: { name: 'route-sample', comment: 'sample', secret_slots: [{ slot: 0, value: 'sample-value' }] },
    status: 200,
    keys: ['id', 'name', 'comment', 'app_count', 'secret_slots'],
  },
  getEdgeSecret: { method: 'GET', path: '/edge/v1/secrets/636', status: 200, keys: ['id', 'name', 'comment', 'app_count', 'secret_slots'] },
  patchEdgeSecret: {
    method: 'PATCH',
    path: '/edge/v1/secrets/637',
    body: { comment: 'patched' },
    status: 200,
    keys: ['id', 'name', 'comment', 'app_count', 'secret_slots'],
  },
  deleteEdgeSecret: { method: 'DELETE', path: '/edge/v1/secrets/638?force=true', status: 204, keys: [] },
  listReports: { method: 'GET', path: '/billing/org/v1/reports?ordering=-created_at&limit=5', status: 200, keys: ['count', 'next', 'previous', 'results'] },
  listReportTemplates: { method: 'GET', path: '/billing/org/v1/reports/templates', status: 200, keys: ['count', 'next', 'previous', 'results'] },
  listProtectionProfilesPaged: {
    method: 'GET',
    path: '/security/guard/v3/profiles?limit=10&offset=20',
    status: 200,
    keys: ['count', 'next', 'previous', 'results'],
  },
  listProfileTemplates: { method: 'GET', path: '/security/guard/v3/templates', status: 200, keys: [] },
  // Creates profile 251 (250 are seeded) and deletes it again: the list keeps its 250 for the tests below.
  createProtectionProfile: {
    method: 'POST',
    path: '/security/guard/v3/profiles',
    body: {
      name: 'Created by the routes test',
      template_id: 7,
      fields: [
        { template_field_id: 22, value: 'shop-api' },
        { template_field_id: 27, value: ['203.0.113.7'] },
      ],
    },
    status: 201,
    keys: ['id', 'client_id', 'name', 'template', 'fields', 'created_at', 'modified_at', 'networks'],
  },
  deleteProtectionProfile: { method: 'DELETE', path: '/security/guard/v3/profiles/251', status: 204, keys: [] },
  getProfileTemplate: {
    method: 'GET',
    path: '/security/guard/v3/templates/7',
    status: 200,
    keys: ['id', 'name', 'description', 'template', 'allow_merge', 'client_id', 'fields'],
  },
  listProfileTemplatePolicies: { method: 'GET', path: '/security/guard/v3/templates/7/policies', status: 200, keys: [] },
  listProjects: { method: 'GET', path: '/cloud/v1/projects', status: 200, keys: ['count', 'results'] },
  listRegions: { method: 'GET', path: '/cloud/v1/regions', status: 200, keys: ['count', 'results'] },
  listFlavors: { method: 'GET', path: '/cloud/v1/flavors/1/1?include_prices=true', status: 200, keys: ['count', 'results'] },
  listLoadBalancerFlavors: { method: 'GET', path: '/cloud/v1/lbflavors/1/1?include_prices=true', status: 200, keys: ['count', 'results'] },
  listLifecyclePolicies: { method: 'GET', path: '/cloud/v1/lifecycle_policy/1/1', status: 200, keys: ['count', 'results'] },
  patchLifecyclePolicy: {
    method: 'PATCH',
    path: '/cloud/v1/lifecycle_policy/1/1/11',
    body: { status: 'active' },
    status: 200,
    keys: ['id', 'name', 'status', 'schedules', 'volumes'],
  },
  removeSchedules: {
    method: 'POST',
    path: '/cloud/v1/lifecycle_policy/1/1/10/remove_schedules',
    body: { schedule_ids: ['3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60'] },
    status: 200,
    keys: ['id', 'schedules'],
  },
  deleteLifecyclePolicy: { method: 'DELETE', path: '/cloud/v1/lifecycle_policy/1/1/11', status: 204, keys: [] },
  listNamespaces: { method: 'GET', path: '/cloud/v1/faas/namespaces/1/1', status: 200, keys: ['count', 'results'] },
  listFunctions: { method: 'GET', path: '/cloud/v1/faas/namespaces/1/1/default/functions', status: 200, keys: ['count', 'results'] },
  listEdgeAppLogs: { method: 'GET', path: '/edge/v1/apps/101/logs?limit=5&sort=asc', status: 200, keys: ['count', 'logs', 'offset'] },
  getEdgeCallStats: {
    method: 'GET',
    path: '/edge/v1/stats/calls?from=2026-11-29T00:00:00Z&to=2026-11-29T01:00:00Z&step=300&id=101',
    status: 200,
    keys: ['stats'],
  },
  getEdgeDurationStats: {
    method: 'GET',
    path: '/edge/v1/stats/app_duration?from=2026-11-29T00:00:00Z&to=2026-11-29T01:00:00Z&step=300&id=101',
    status: 200,
    keys: ['stats'],
  },
  listSecrets: { method: 'GET', path: '/cloud/v1/secrets/1/1', status: 200, keys: ['count', 'results'] },
  createSecretV2: {
    method: 'POST',
    path: '/cloud/v2/secrets/1/1',
    body: {
      name: 'tls-v2',
      payload: {
        certificate: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n',
        private_key: '-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n',
        certificate_chain: '',
      },
    },
    status: 200,
    keys: ['tasks'],
  },
  getSecret: { method: 'GET', path: '/cloud/v1/secrets/1/1/5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a01', status: 200, keys: ['id', 'name', 'secret_type', 'status'] },
  deleteSecret: { method: 'DELETE', path: '/cloud/v1/secrets/1/1/5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02', status: 200, keys: ['tasks'] },
  patchSchedule: {
    method: 'PATCH',
    path: '/cloud/v1/schedule/1/2/8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
    body: { max_quantity: 3 },
    status: 200,
    keys: ['id', 'type', 'max_quantity'],
  },
  patchFunction: {
    method: 'PATCH',
    path: '/cloud/v1/faas/namespaces/1/1/default/functions/hello-world',
    body: { disabled: true },
    status: 200,
    keys: ['tasks'],
  },
  downloadReport: { method: 'GET', path: `/billing/org/v1/reports/${SEEDED_REPORTS.Completed}/download?format=json`, status: 200, keys: ['headers', 'rows'] },
  deleteReport: { method: 'DELETE', path: `/billing/org/v1/reports/${SEEDED_REPORTS.Cancelled}`, status: 204, keys: [] },
  listTrials: { method: 'GET', path: '/billing/org/v1/trials?limit=5', status: 200, keys: ['count', 'results'] },
  listFreeFeatures: { method: 'GET', path: '/iam/admin/free_features', status: 200, keys: [] },
  disableFreeFeature: { method: 'DELETE', path: '/iam/admin/free_features/603', status: 204, keys: [] },
  listNotificationSettings: { method: 'GET', path: '/iam/reselling/resellers/701/notification_settings', status: 200, keys: ['count', 'results'] },
  deleteNotificationSetting: { method: 'DELETE', path: '/iam/reselling/resellers/701/notification_settings/802', status: 204, keys: [] },
  listObjectStorages: { method: 'GET', path: '/storage/v4/object_storages?show_deleted=true&limit=50', status: 200, keys: ['count', 'results'] },
  listSftpStorages: { method: 'GET', path: '/storage/v4/sftp_storages?order_by=name.asc', status: 200, keys: ['count', 'results'] },
  restoreObjectStorage: { method: 'POST', path: '/storage/v4/object_storages/2104/restore', status: 204, keys: [] },
  deleteObjectStorage: { method: 'DELETE', path: '/storage/v4/object_storages/2101', status: 204, keys: [] },
  deleteSftpStorage: { method: 'DELETE', path: '/storage/v4/sftp_storages/2201', status: 204, keys: [] },
  listDdosEvents: {
    method: 'GET',
    path: '/security/notifier/v1/event_logs?date_from=2026-01-01&date_to=2099-01-01&ordering=-attack_start_time&limit=5',
    status: 200,
    keys: ['count', 'limit', 'offset', 'results'],
  },
  getAccountDetails: { method: 'GET', path: '/iam/clients/me', status: 200, keys: ['id', 'email', 'name', 'status', 'companyName', 'currentUser'] },
  listApiTokens: { method: 'GET', path: '/iam/v2/clients/1/tokens', status: 200, keys: [] },
  createApiToken: {
    method: 'POST',
    path: '/iam/v2/clients/1/tokens',
    body: { name: 'Routes test', exp_date: '2099-01-01T00:00:00Z', client_user: { role: { id: 2, name: 'Users' } } },
    status: 200,
    keys: ['token', 'id', 'name', 'exp_date', 'deleted', 'expired', 'created', 'client_user', 'last_usage'],
  },
  deleteApiToken: { method: 'DELETE', path: '/iam/v2/clients/1/tokens/42', status: 204, keys: [] },
};

before(async () => {
  sim = await startSimulator({ apiKey: KEY, seed: 7 });
  const created = await call('POST', '/cloud/v1/secrets/1/1', secretBody);
  samples.getTask.path = `/cloud/v1/tasks/${(created.json as { tasks: string[] }).tasks[0]}`;
});
after(() => sim.close());

describe('simulator routes', () => {
  it('has a sample for every endpoint of the client', () => {
    assert.deepEqual(Object.keys(samples).sort(), Object.keys(endpoints).sort());
  });

  for (const [name, sample] of Object.entries(samples) as [EndpointName, Sample][]) {
    it(`${name}: ${sample.status} with the spec's fields, readable by the client's schema`, async () => {
      const res = await call(sample.method, sample.path, sample.body, KEY, sample.rawBody);
      assert.equal(res.status, sample.status, res.text);
      if (name === 'storeEdgeBinary') storedBinaryId = (res.json as { id: number }).id;
      assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f]{32}$/);
      if (sample.status === 204) {
        assert.equal(res.text, '');
        return;
      }
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      for (const key of sample.keys) assert.ok(key in (res.json as Json), `${name} answer lacks ${key}`);
      const schema = endpoints[name].response;
      assert.ok(schema, `${name} has a response schema`);
      assert.equal(schema.safeParse(res.json).success, true);
    });
  }

  it('lists profiles as a bare array with fields, default sort newest first', async () => {
    const res = await call('GET', '/security/guard/v3/profiles/all');
    const list = res.json as { id: number; created_at: string; fields: unknown[]; networks: string[] }[];
    assert.equal(list.length, 250);
    assert.ok(list.every((p) => Array.isArray(p.fields) && Array.isArray(p.networks)));
    const created = list.map((p) => p.created_at);
    assert.deepEqual(created, [...created].sort().reverse());
  });
});

describe('simulator authentication', () => {
  const expectedMissing: Record<string, (body: Json) => void> = {
    cloud: (b) => {
      assert.equal(b.message, 'Authentication credentials were not provided.');
      assert.match(String(b.request_id), /^[0-9a-f]{32}$/);
    },
    security: (b) => assert.equal(typeof b.detail, 'string'),
    edge: (b) => assert.equal(typeof b.error, 'string'),
    storage: (b) => assert.equal(typeof b.error, 'string'),
    iam: (b) => assert.equal(typeof b.message, 'string'),
    billing: (b) => assert.equal(b.detail, 'Authentication credentials were not provided.'),
  };

  for (const [name, sample] of Object.entries(samples) as [EndpointName, Sample][]) {
    it(`${name}: 401 without a key and with a wrong one, in the product's shape`, async () => {
      const path = sample.path || '/cloud/v1/tasks/00000000-0000-4000-8000-000000000000';
      const missing = await call(sample.method, path, sample.body, null);
      assert.equal(missing.status, 401);
      expectedMissing[endpoints[name].errorShape]!(missing.json as Json);
      const wrong = await call(sample.method, path, sample.body, 'not-the-key');
      assert.equal(wrong.status, 401);
      assert.doesNotMatch(wrong.text, new RegExp(KEY));
    });
  }

  it('cloud: a wrong key reads "Token is invalid or expired"', async () => {
    const res = await call('POST', '/cloud/v2/pricing/1/1/loadbalancers', { flavor: 'lb1-1-2' }, 'wrong');
    assert.equal((res.json as Json).message, 'Token is invalid or expired');
  });

  it('accepts only the exact header form "apikey <key>"', async () => {
    for (const header of [`Bearer ${KEY}`, `apikey  ${KEY}`, `APIKEY ${KEY}`, KEY]) {
      const res = await probe(sim.url, 'GET', '/edge/v1/admin/apps/101', { apiKey: null, headers: { Authorization: header } });
      assert.equal(res.status, 401, header);
    }
  });
});

describe('simulator refusals name the field in each product shape', () => {
  it('cloud: 400 ValidationError with invalid_fields and a 32-hex request_id', async () => {
    const { payload: _payload, ...noPayload } = secretBody;
    const res = await call('POST', '/cloud/v1/secrets/1/0', noPayload);
    assert.equal(res.status, 400);
    const body = res.json as { exception_class: string; request_id: string; invalid_fields: Record<string, string[]> };
    assert.equal(body.exception_class, 'ValidationError');
    assert.match(body.request_id, /^[0-9a-f]{32}$/);
    assert.deepEqual(Object.keys(body.invalid_fields).sort(), ['payload', 'region_id']);
  });

  it('cloud: nested fields by their path', async () => {
    const res = await call('POST', '/cloud/v2/pricing/1/1/instances', { ...instanceBody, interfaces: [{ type: 'subnet', network_id: 'n' }] });
    assert.equal(res.status, 400);
    assert.ok('interfaces[0].subnet_id' in (res.json as { invalid_fields: Json }).invalid_fields);
  });

  it('security: 422 FastAPI details with body, query and path locations', async () => {
    const body = await call('PATCH', '/security/guard/v3/profiles/1', { name: '' });
    assert.equal(body.status, 422);
    assert.deepEqual((body.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc, ['body', 'name']);
    const query = await call('GET', '/security/guard/v3/profiles/all?client_id=0');
    assert.equal(query.status, 422);
    assert.deepEqual((query.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc, ['query', 'client_id']);
    const path = await call('PATCH', '/security/guard/v3/profiles/0', { name: 'x' });
    assert.equal(path.status, 422);
    const detail = (path.json as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail[0]!;
    assert.deepEqual(detail.loc, ['path', 'protection_profile_id']);
    assert.equal(typeof detail.msg, 'string');
    assert.equal(typeof detail.type, 'string');
  });

  it('security: a numeric name filter stays text', async () => {
    const res = await call('GET', '/security/guard/v3/profiles/all?name=2024');
    assert.equal(res.status, 200);
  });

  it('edge and storage: 400 {error} naming the field', async () => {
    const edge = await call('GET', '/edge/v1/admin/apps/0');
    assert.equal(edge.status, 400);
    assert.match(String((edge.json as Json).error), /app_id/);
    const storage = await call('DELETE', '/storage/provisioning/v1/storage/abc');
    assert.equal(storage.status, 400);
    assert.match(String((storage.json as Json).error), /storage_id/);
  });

  it('iam: 400 {errors: {field: [...]}}', async () => {
    const res = await call('POST', '/iam/reselling/resellers/701/notification_settings', { notification_type: 'sms', email: 'nope' });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys((res.json as { errors: Json }).errors).sort(), ['email', 'notification_type']);
  });

  it('billing: 400 Django field map', async () => {
    const res = await call('POST', '/billing/org/v1/reports', { template_code: '' });
    assert.equal(res.status, 400);
    assert.ok(Array.isArray((res.json as Json).template_code));
    const query = await call('GET', '/billing/org/v1/trials/start-trial-data?client_id=501');
    assert.deepEqual(query.json, { product_id: ['is required'] });
  });

  it('a body that is not JSON is refused in the product shape', async () => {
    const res = await probe(sim.url, 'POST', '/billing/org/v1/reports', { apiKey: KEY, rawBody: '{"template_code": ' });
    assert.equal(res.status, 400);
    assert.deepEqual(res.json, { body: ['must be valid JSON'] });
  });
});

describe('simulator 404s', () => {
  const cases: [string, string, unknown, (body: Json) => void][] = [
    ['GET', '/cloud/v1/tasks/6f1c2d3e-0000-4000-8000-000000000000', undefined, (b) => assert.equal(b.exception_class, 'NotFoundError')],
    ['POST', '/cloud/v1/lifecycle_policy/1/2/10/add_schedules', { schedules: [{ type: 'cron' }] }, (b) => assert.equal(b.exception_class, 'NotFoundError')],
    ['GET', '/cloud/v1/faas/namespaces/1/1/default/functions/no-such-fn/logs', undefined, (b) => assert.equal(b.exception_class, 'NotFoundError')],
    ['PATCH', '/security/guard/v3/profiles/999999', { name: 'x' }, (b) => assert.equal(b.detail, 'Protection profile not found')],
    ['GET', '/edge/v1/admin/apps/999', undefined, (b) => assert.equal(typeof b.error, 'string')],
    ['GET', '/edge/v1/admin/template/999', undefined, (b) => assert.equal(typeof b.error, 'string')],
    ['GET', '/edge/v1/admin/clients/999', undefined, (b) => assert.equal(typeof b.error, 'string')],
    ['DELETE', '/storage/provisioning/v1/storage/9999', undefined, (b) => assert.equal(typeof b.error, 'string')],
    ['GET', '/billing/org/v1/trials/999', undefined, (b) => assert.equal(b.detail, 'Not found.')],
    ['GET', '/billing/org/v1/reports/6f1c2d3e-0000-4000-8000-000000000000', undefined, (b) => assert.equal(b.detail, 'Not found.')],
    ['GET', '/billing/org/v1/trials/start-trial-data?client_id=501&product_id=99', undefined, (b) => assert.equal(b.detail, 'Not found.')],
    ['GET', '/iam/admin/free_features/999', undefined, (b) => assert.equal(b.message, 'Resource not found.')],
    [
      'POST',
      '/iam/reselling/resellers/999/notification_settings',
      { notification_type: 'failed_login', email: 'a@b.example' },
      (b) => assert.equal(b.message, 'Resource not found.'),
    ],
    [
      'PATCH',
      '/iam/reselling/resellers/702/notification_settings/801',
      { notification_type: 'failed_login', email: 'a@b.example' },
      (b) => assert.equal(b.message, 'Resource not found.'),
    ],
  ];
  for (const [method, path, body, check] of cases) {
    it(`${method} ${path}`, async () => {
      const res = await call(method, path, body);
      assert.equal(res.status, 404, res.text);
      check(res.json as Json);
    });
  }

  it('403 for a PATCH of a common profile', async () => {
    const res = await call('PATCH', '/security/guard/v3/profiles/2', { name: 'mine now' });
    assert.equal(res.status, 403);
    assert.deepEqual(res.json, { detail: 'Cannot update common protection profile' });
  });

  it('a plain JSON 404 for an unknown route, 405 for a known path with another method', async () => {
    const unknown = await call('GET', '/cloud/v9/nothing');
    assert.equal(unknown.status, 404);
    assert.equal((unknown.json as Json).error, 'Not Found');
    const wrongMethod = await call('PUT', '/cloud/v1/secrets/1/1');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'POST, GET');
  });
});
