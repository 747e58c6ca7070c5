// The two dialects: the one table of routes, the client sending each dialect's paths, the
// simulator serving each (and refusing the other's own paths), the platform's shapes, and the
// table of differences in docs/real-platform.md generated from the table.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { taskState } from '../../src/schema/cloud';
import { DIALECTS, dialectForBaseUrl, parseDialect, type Dialect } from '../../src/schema/dialect';
import { fillPath } from '../../src/schema/endpoint';
import { endpoints, type EndpointName } from '../../src/schema/endpoints';
import { HttpClient } from '../../src/platform/http';
import { ROUTES, dialectDifferencesTable, differingRoutes, platformOnlyRoutes } from '../../src/schema/routes';
import { PlatformError } from '../../src/schema/errors';
import { areaBaseUrlsFrom, withDialect } from '../../src/schema/connectionRules';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';

const KEY = 'dialects-key-5c1e';
const PR = { project_id: 1, region_id: 1 };
const SECRET = '5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a01';
const SCHEDULE = { project_id: 1, region_id: 2, schedule_id: '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a' };
/** The smallest WebAssembly module (magic and version), as an upload body. */
const WASM_BODY = {
  contentType: 'application/octet-stream',
  bytes: 8,
  chunks: async function* () {
    yield new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  },
};

/** One valid call per endpoint, in the order a person might make them; getTask uses the secret's task. */
type Calls = { [K in EndpointName]: { params: Record<string, unknown>; run: (api: PlatformApi) => Promise<unknown> } };

function calls(taskId: () => string): Calls {
  const secret = {
    name: 'dialect-secret',
    payload: 'AAEC',
    payload_content_encoding: 'base64',
    payload_content_type: 'application/octet-stream',
    secret_type: 'opaque',
  } as const;
  const logs = { ...PR, namespace_name: 'default', function_name: 'hello-world' };
  const report = { id: SEEDED_REPORTS.Completed };
  let storedBinary = 1;
  return {
    createSecret: { params: PR, run: (api) => api.cloud.createSecret({ params: PR, body: secret }) },
    getTask: { params: {}, run: (api) => api.cloud.getTask({ params: { task_id: taskId() } }) },
    addSchedules: {
      params: { ...PR, policy_id: 10 },
      run: (api) => api.cloud.addSchedules({ params: { ...PR, policy_id: 10 }, body: { schedules: [{ type: 'interval', hours: 6 }] } }),
    },
    updateProtectionProfile: {
      params: { protection_profile_id: 1 },
      run: (api) => api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'Dialect test' } }),
    },
    previewInstancePrice: {
      params: PR,
      run: (api) => api.pricing.previewInstancePrice({ params: PR, body: { flavor: 'g1-standard-2-4', interfaces: [{ type: 'external' }], names: ['vm-1'] } }),
    },
    previewLoadBalancerPrice: { params: PR, run: (api) => api.pricing.previewLoadBalancerPrice({ params: PR, body: { flavor: 'lb1-1-2' } }) },
    getEdgeApp: { params: { app_id: 101 }, run: (api) => api.edge.getEdgeApp({ params: { app_id: 101 } }) },
    deleteStorage: { params: { storage_id: 1002 }, run: (api) => api.storage.deleteStorage({ params: { storage_id: 1002 } }) },
    getTrialStartData: { params: {}, run: (api) => api.billing.getTrialStartData({ params: {}, query: { client_id: 501, product_id: 1 } }) },
    getTrial: { params: { id: 402 }, run: (api) => api.billing.getTrial({ params: { id: 402 } }) },
    getReport: { params: report, run: (api) => api.billing.getReport({ params: report }) },
    getFunctionLogs: { params: logs, run: (api) => api.faas.getFunctionLogs({ params: logs, query: { limit: 5 } }) },
    getEdgeTemplate: { params: { template_id: 302 }, run: (api) => api.edge.getEdgeTemplate({ params: { template_id: 302 } }) },
    createReport: {
      params: {},
      run: (api) =>
        api.billing.createReport({ params: {}, body: { template_code: 'ResellerExpenses', parameters: { date_from: '2026-04-01', date_to: '2026-04-30' } } }),
    },
    listProtectionProfiles: { params: {}, run: (api) => api.security.listProtectionProfiles({ params: {}, query: { name: 'a' } }) },
    getProtectionProfile: { params: { protection_profile_id: 1 }, run: (api) => api.security.getProtectionProfile({ params: { protection_profile_id: 1 } }) },
    getEdgeClient: { params: { client_id: 201 }, run: (api) => api.edge.getEdgeClient({ params: { client_id: 201 } }) },
    getActivatedFreeFeature: { params: { activatedFeatureId: 601 }, run: (api) => api.iam.getActivatedFreeFeature({ params: { activatedFeatureId: 601 } }) },
    updateNotificationSetting: {
      params: { resellerId: 701, notificationSettingsId: 801 },
      run: (api) =>
        api.iam.updateNotificationSetting({
          params: { resellerId: 701, notificationSettingsId: 801 },
          body: { notification_type: 'deletion_request', email: 'ops@reseller.example' },
        }),
    },
    createNotificationSetting: {
      params: { resellerId: 702 },
      run: (api) =>
        api.iam.createNotificationSetting({ params: { resellerId: 702 }, body: { notification_type: 'failed_login', email: 'alerts@reseller.example' } }),
    },
    listEdgeApps: { params: {}, run: (api) => api.edge.listEdgeApps({ params: {}, query: { limit: 5 } }) },
    getOwnEdgeApp: { params: { app_id: 101 }, run: (api) => api.edge.getOwnEdgeApp({ params: { app_id: 101 } }) },
    listEdgeTemplates: { params: {}, run: (api) => api.edge.listEdgeTemplates({ params: {}, query: {} }) },
    getEdgeAccount: { params: {}, run: (api) => api.edge.getEdgeAccount({ params: {} }) },
    patchEdgeApp: { params: { app_id: 103 }, run: (api) => api.edge.patchEdgeApp({ params: { app_id: 103 }, body: { status: 1 } }) },
    deleteEdgeApp: { params: { app_id: 102 }, run: (api) => api.edge.deleteEdgeApp({ params: { app_id: 102 } }) },
    storeEdgeBinary: {
      params: {},
      run: async (api) => {
        const stored = await api.http.upload(endpoints.storeEdgeBinary, { params: {} }, WASM_BODY);
        storedBinary = stored.id;
        return stored;
      },
    },
    // The binary just stored: the seeded ones are all in use (409).
    deleteEdgeBinary: {
      get params() {
        return { binary_id: storedBinary };
      },
      run: (api) => api.edge.deleteEdgeBinary({ params: { binary_id: storedBinary } }),
    },
    getEdgeBinary: { params: { binary_id: 4748 }, run: (api) => api.edge.getEdgeBinary({ params: { binary_id: 4748 } }) },
    createEdgeApp: { params: {}, run: (api) => api.edge.createEdgeApp({ params: {}, body: { name: 'made-here', template: 301, env: { LOG_LEVEL: 'info' } } }) },
    listEdgeBinaries: { params: {}, run: (api) => api.edge.listEdgeBinaries({ params: {} }) },
    listEdgeSecrets: { params: {}, run: (api) => api.edge.listEdgeSecrets({ params: {}, query: { app_id: 101 } }) },
    createEdgeSecret: {
      params: {},
      run: (api) => api.edge.createEdgeSecret({ params: {}, body: { name: 'dialect-sample', secret_slots: [{ slot: 0, value: 'sample-value' }] } }),
    },
    getEdgeSecret: { params: { secret_id: 636 }, run: (api) => api.edge.getEdgeSecret({ params: { secret_id: 636 } }) },
    patchEdgeSecret: { params: { secret_id: 637 }, run: (api) => api.edge.patchEdgeSecret({ params: { secret_id: 637 }, body: { comment: 'patched' } }) },
    listEdgeStores: { params: {}, run: (api) => api.edge.listEdgeStores({ params: {}, query: { limit: 2, offset: 1 } }) },
    getEdgeStore: { params: { store_id: 127 }, run: (api) => api.edge.getEdgeStore({ params: { store_id: 127 } }) },
    listEdgeStoreData: {
      params: { store_id: 127 },
      run: (api) => api.edge.listEdgeStoreData({ params: { store_id: 127 }, query: { search: 'country/', limit: 2 } }),
    },
    getEdgeStoreKey: {
      params: { store_id: 127, key: 'country/DE' },
      run: (api) => api.edge.getEdgeStoreKey({ params: { store_id: 127, key: 'country/DE' } }),
    },
    putEdgeStoreData: {
      params: { store_id: 128 },
      run: (api) => api.edge.putEdgeStoreData({ params: { store_id: 128 }, body: [{ key: 'dialect', datatype: 'kv', op: 'add', payload: { value: 'x' } }] }),
    },
    deleteEdgeSecret: { params: { secret_id: 638 }, run: (api) => api.edge.deleteEdgeSecret({ params: { secret_id: 638 }, query: { force: true } }) },
    listReports: { params: {}, run: (api) => api.billing.listReports({ params: {}, query: { ordering: '-created_at', limit: 10 } }) },
    listReportTemplates: { params: {}, run: (api) => api.billing.listReportTemplates({ params: {}, query: {} }) },
    listProtectionProfilesPaged: { params: {}, run: (api) => api.security.listProtectionProfilesPaged({ params: {}, query: { limit: 10, offset: 0 } }) },
    listProfileTemplates: { params: {}, run: (api) => api.security.listProfileTemplates({ params: {}, query: {} }) },
    // Profile 251 is the one created just before (250 are seeded): the delete removes nothing a later call needs.
    createProtectionProfile: {
      params: {},
      run: (api) =>
        api.security.createProtectionProfile({
          params: {},
          query: {},
          body: { name: 'dialect-sample', template_id: 1, fields: [{ template_field_id: 1, value: 2000 }] },
        }),
    },
    deleteProtectionProfile: {
      params: { protection_profile_id: 251 },
      run: (api) => api.security.deleteProtectionProfile({ params: { protection_profile_id: 251 } }),
    },
    getProfileTemplate: { params: { protection_template_id: 7 }, run: (api) => api.security.getProfileTemplate({ params: { protection_template_id: 7 } }) },
    listProfileTemplatePolicies: {
      params: { protection_template_id: 2 },
      run: (api) => api.security.listProfileTemplatePolicies({ params: { protection_template_id: 2 } }),
    },
    listProjects: { params: {}, run: (api) => api.cloud.listProjects({ params: {}, query: {} }) },
    listRegions: { params: {}, run: (api) => api.cloud.listRegions({ params: {}, query: {} }) },
    listFlavors: { params: PR, run: (api) => api.cloud.listFlavors({ params: PR, query: { include_prices: true } }) },
    listLoadBalancerFlavors: { params: PR, run: (api) => api.cloud.listLoadBalancerFlavors({ params: PR, query: { include_prices: true } }) },
    listLifecyclePolicies: { params: PR, run: (api) => api.cloud.listLifecyclePolicies({ params: PR }) },
    patchLifecyclePolicy: {
      params: { ...PR, policy_id: 11 },
      run: (api) => api.cloud.patchLifecyclePolicy({ params: { ...PR, policy_id: 11 }, body: { status: 'active' } }),
    },
    removeSchedules: {
      params: { ...PR, policy_id: 10 },
      run: (api) => api.cloud.removeSchedules({ params: { ...PR, policy_id: 10 }, body: { schedule_ids: ['3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60'] } }),
    },
    deleteLifecyclePolicy: { params: { ...PR, policy_id: 11 }, run: (api) => api.cloud.deleteLifecyclePolicy({ params: { ...PR, policy_id: 11 } }) },
    listNamespaces: { params: PR, run: (api) => api.faas.listNamespaces({ params: PR, query: {} }) },
    listFunctions: {
      params: { ...PR, namespace_name: 'default' },
      run: (api) => api.faas.listFunctions({ params: { ...PR, namespace_name: 'default' }, query: {} }),
    },
    listEdgeAppLogs: { params: { app_id: 101 }, run: (api) => api.edge.listEdgeAppLogs({ params: { app_id: 101 }, query: { limit: 5, request_id: 'x' } }) },
    getEdgeCallStats: {
      params: {},
      run: (api) => api.edge.getEdgeCallStats({ params: {}, query: { from: '2026-11-29T00:00:00Z', to: '2026-11-29T01:00:00Z', step: 300, id: 101 } }),
    },
    getEdgeDurationStats: {
      params: {},
      run: (api) => api.edge.getEdgeDurationStats({ params: {}, query: { from: '2026-11-29T00:00:00Z', to: '2026-11-29T01:00:00Z', step: 300, id: 101 } }),
    },
    listSecrets: { params: PR, run: (api) => api.cloud.listSecrets({ params: PR, query: {} }) },
    createSecretV2: {
      params: PR,
      run: (api) =>
        api.cloud.createSecretV2({
          params: PR,
          body: {
            name: 'tls-v2',
            payload: {
              certificate: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n',
              private_key: '-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n',
              certificate_chain: '',
            },
          },
        }),
    },
    getSecret: { params: { ...PR, secret_id: SECRET }, run: (api) => api.cloud.getSecret({ params: { ...PR, secret_id: SECRET } }) },
    deleteSecret: { params: { ...PR, secret_id: SECRET }, run: (api) => api.cloud.deleteSecret({ params: { ...PR, secret_id: SECRET } }) },
    patchSchedule: { params: SCHEDULE, run: (api) => api.cloud.patchSchedule({ params: SCHEDULE, body: { max_quantity: 3 } }) },
    patchFunction: {
      params: { ...PR, namespace_name: 'default', function_name: 'hello-world' },
      run: (api) => api.faas.patchFunction({ params: { ...PR, namespace_name: 'default', function_name: 'hello-world' }, body: { disabled: true } }),
    },
    downloadReport: {
      params: { uuid: SEEDED_REPORTS.Completed },
      run: (api) => api.billing.downloadReport({ params: { uuid: SEEDED_REPORTS.Completed }, query: { format: 'json' } }),
    },
    deleteReport: { params: { id: SEEDED_REPORTS.Cancelled }, run: (api) => api.billing.deleteReport({ params: { id: SEEDED_REPORTS.Cancelled } }) },
    listTrials: { params: {}, run: (api) => api.billing.listTrials({ params: {}, query: { limit: 10 } }) },
    listFreeFeatures: { params: {}, run: (api) => api.iam.listFreeFeatures({ params: {} }) },
    disableFreeFeature: { params: { activatedFeatureId: 603 }, run: (api) => api.iam.disableFreeFeature({ params: { activatedFeatureId: 603 } }) },
    listNotificationSettings: { params: { resellerId: 701 }, run: (api) => api.iam.listNotificationSettings({ params: { resellerId: 701 }, query: {} }) },
    deleteNotificationSetting: {
      params: { resellerId: 701, notificationSettingsId: 802 },
      run: (api) => api.iam.deleteNotificationSetting({ params: { resellerId: 701, notificationSettingsId: 802 } }),
    },
    listObjectStorages: { params: {}, run: (api) => api.storage.listObjectStorages({ params: {}, query: { show_deleted: true, limit: 50 } }) },
    listSftpStorages: { params: {}, run: (api) => api.storage.listSftpStorages({ params: {}, query: { location_name: 's-ed1' } }) },
    restoreObjectStorage: { params: { storage_id: 2104 }, run: (api) => api.storage.restoreObjectStorage({ params: { storage_id: 2104 } }) },
    deleteObjectStorage: { params: { storage_id: 2101 }, run: (api) => api.storage.deleteObjectStorage({ params: { storage_id: 2101 } }) },
    deleteSftpStorage: { params: { storage_id: 2201 }, run: (api) => api.storage.deleteSftpStorage({ params: { storage_id: 2201 } }) },
    listDdosEvents: {
      params: {},
      run: (api) =>
        api.security.listDdosEvents({
          params: {},
          query: { date_from: '2026-01-01', date_to: '2099-01-01', alert_type: 'ddos_alert', ordering: '-attack_start_time', limit: 5 },
        }),
    },
    getAccountDetails: { params: {}, run: (api) => api.iam.getAccountDetails({ params: {} }) },
    listApiTokens: { params: { clientId: 1 }, run: (api) => api.iam.listApiTokens({ params: { clientId: 1 } }) },
    createApiToken: {
      params: { clientId: 1 },
      run: (api) =>
        api.iam.createApiToken({
          params: { clientId: 1 },
          body: { name: 'Dialects test', exp_date: '2099-01-01T00:00:00Z', client_user: { role: { name: 'Users' } } },
        }),
    },
    deleteApiToken: { params: { clientId: 1, tokenId: 42 }, run: (api) => api.iam.deleteApiToken({ params: { clientId: 1, tokenId: 42 } }) },
  };
}

describe('the table of routes', () => {
  it('every endpoint takes its method and both paths from the one table', () => {
    assert.deepEqual(Object.keys(ROUTES).sort(), Object.keys(endpoints).sort());
    for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, (typeof endpoints)[EndpointName]][]) {
      const route = ROUTES[name];
      assert.equal(endpoint.method, route.method, name);
      assert.deepEqual(endpoint.paths, route.paths, name);
      assert.equal(endpoint.number, route.number, name);
    }
  });

  it("the platform's own routes differ by the same prefixes", () => {
    assert.ok(platformOnlyRoutes().some(([name]) => name === 'getProtectionProfile'));
    for (const [, route] of platformOnlyRoutes()) {
      assert.equal(route.paths.platform.replace('/security/sifter/v3/', '/security/guard/v3/').replace('/fastedge/', '/edge/'), route.paths.spec);
    }
  });

  it('five paths of the spec differ, all by their product prefix, as paths.md §1 says', () => {
    const differing = differingRoutes();
    assert.deepEqual(
      differing.map(([name]) => name),
      ['updateProtectionProfile', 'getEdgeApp', 'getEdgeTemplate', 'listProtectionProfiles', 'getEdgeClient'],
    );
    for (const [name, route] of differing) {
      const platformAsSpec = route.paths.platform.replace('/fastedge/v1/admin/', '/edge/v1/admin/').replace('/security/sifter/v3/', '/security/guard/v3/');
      assert.equal(platformAsSpec, route.paths.spec, name);
    }
  });

  it('the table of differences in docs/real-platform.md is the generated one (npm run docs:dialects writes it)', () => {
    const page = readFileSync('docs/real-platform.md', 'utf8');
    assert.ok(page.includes(dialectDifferencesTable()), 'docs/real-platform.md is out of date: run npm run docs:dialects');
  });
});

describe('choosing a dialect', () => {
  it("the platform's host (and its subdomains) -> platform; anything else -> spec", () => {
    assert.equal(dialectForBaseUrl('https://api.gcore.com'), 'platform');
    assert.equal(dialectForBaseUrl('https://API.GCORE.COM/'), 'platform');
    assert.equal(dialectForBaseUrl('https://eu.api.gcore.com'), 'platform');
    assert.equal(dialectForBaseUrl('http://127.0.0.1:4010'), 'spec');
    assert.equal(dialectForBaseUrl('https://notgcore.com'), 'spec');
    assert.equal(dialectForBaseUrl('https://gcore.com.example.org'), 'spec');
    assert.equal(dialectForBaseUrl('not a url'), 'spec');
  });

  it('a connection stored before dialects gets one from its URL; one that has a dialect keeps it', () => {
    assert.equal(withDialect({ id: '1', name: 'prod', baseUrl: 'https://api.gcore.com' }).dialect, 'platform');
    assert.equal(withDialect({ id: '2', name: 'sim', baseUrl: 'http://127.0.0.1:4010' }).dialect, 'spec');
    assert.equal(withDialect({ id: '3', name: 'sim', baseUrl: 'http://127.0.0.1:4010', dialect: 'platform' }).dialect, 'platform');
    assert.equal(withDialect({ id: '4', name: 'odd', baseUrl: 'https://api.gcore.com', dialect: 'klingon' }).dialect, 'platform');
  });

  it('the environment and the CLI name a dialect in any case; a wrong one is refused by name', () => {
    assert.equal(parseDialect('Platform', 'X'), 'platform');
    assert.equal(parseDialect(' spec ', 'X'), 'spec');
    assert.equal(parseDialect('', 'X'), undefined);
    assert.equal(parseDialect(undefined, 'X'), undefined);
    assert.throws(() => parseDialect('gcore', 'PLATFORM_CONSOLE_DIALECT'), /PLATFORM_CONSOLE_DIALECT must be one of spec, platform \(got "gcore"\)/);
  });

  it('per-area base URLs: known areas with http(s) URLs only; the rest reported, never used', () => {
    const { urls, problems } = areaBaseUrlsFrom({ edge: 'https://fastedge.example.com/', cloud: 'ftp://x', fastedge: 'https://y', iam: '' });
    assert.deepEqual(urls, { edge: 'https://fastedge.example.com' });
    assert.equal(problems.length, 2);
    assert.match(problems.join('\n'), /cloud: Base URL: must be an http/);
    assert.match(problems.join('\n'), /"fastedge" is not a product area/);
    assert.deepEqual(areaBaseUrlsFrom(['x']).problems, ['must be an object of area -> base URL']);
    assert.deepEqual(areaBaseUrlsFrom(undefined), { urls: {}, problems: [] });
  });
});

for (const dialect of DIALECTS) {
  describe(`every endpoint through the client in the ${dialect} dialect, against a ${dialect}-only simulator`, () => {
    let sim: Simulator;
    let api: PlatformApi;
    let taskId = '';
    const table = calls(() => taskId);

    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect, taskDurationMs: 100 });
      api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect, retryBaseMs: 5 }));
    });
    after(() => sim.close());

    for (const name of Object.keys(table) as EndpointName[]) {
      const lacking = dialect === 'spec' && ROUTES[name].platformOnly === true;
      it(`${name}: sent to the ${dialect} path, ${lacking ? 'which a spec server lacks (404, or 405 where the path has other methods)' : 'answered'}`, async () => {
        if (name === 'getTask') taskId = ((await table.createSecret.run(api)) as { tasks: string[] }).tasks[0]!;
        const params = name === 'getTask' ? { task_id: taskId } : table[name].params;
        if (lacking) {
          // 404 or 405; the report templates' path reads as a report id there (400), which the UI shows as a failed load.
          await assert.rejects(
            table[name].run(api),
            (e: unknown) => e instanceof PlatformError && [404, 405, name === 'listReportTemplates' ? 400 : 404].includes(e.status ?? 0),
          );
          const seen = Object.values(sim.lastRequests()).find((r) => r.path === fillPath(ROUTES[name].paths.spec, params));
          assert.ok(seen, 'the request reached the spec path');
          return;
        }
        const answer = await table[name].run(api);
        const route = `${endpoints[name].method} ${name}`;
        const seen = sim.lastRequests(name)[route];
        assert.ok(seen, `the simulator saw ${route}`);
        assert.equal(seen.path, fillPath(ROUTES[name].paths[dialect], params));
        assert.equal(seen.auth, 'ok');
        if (endpoints[name].response) assert.ok(answer !== undefined);
      });
    }

    it(`the other dialect's own paths answer 404 here; the shared ones work`, async () => {
      const other: Dialect = dialect === 'spec' ? 'platform' : 'spec';
      for (const [name, route] of differingRoutes()) {
        const path = fillPath(route.paths[other], { protection_profile_id: 1, app_id: 101, template_id: 302, client_id: 201 });
        const answer = await probe(sim.url, route.method, path, { apiKey: KEY, body: route.method === 'PATCH' ? { name: 'x' } : undefined });
        assert.equal(answer.status, 404, `${name} at ${path}`);
      }
    });

    it(`answers in the ${dialect}'s shapes: the task's state field, profile field values`, async () => {
      const { tasks } = await api.cloud.createSecret({
        params: PR,
        body: { name: 'shape', payload: 'AA==', payload_content_encoding: 'base64', payload_content_type: 'application/octet-stream', secret_type: 'opaque' },
      });
      const task = await api.cloud.getTask({ params: { task_id: tasks[0]! } });
      assert.ok(taskState(task), 'the client reads the state whichever field carries it');
      const profiles = await api.security.listProtectionProfiles({ params: {}, query: {} });
      if (dialect === 'platform') {
        assert.equal(task.status, undefined);
        assert.ok(task.state);
        assert.ok(profiles.length > 0 && profiles.every((p) => p.fields === undefined), "the platform's list items carry no field values");
      } else {
        assert.equal(task.state, undefined);
        assert.ok(task.status);
        assert.ok(
          profiles.some((p) => (p.fields?.length ?? 0) > 0),
          "the spec's list items carry their field values",
        );
      }
    });
  });
}

describe('a simulator serving both dialects', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY });
  });
  after(() => sim.close());

  it('serves both paths over the same state and counts which dialect each request used', async () => {
    const spec = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'spec' }));
    const platform = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    await platform.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'Renamed on the platform path' } });
    const seen = await spec.security.listProtectionProfiles({ params: {}, query: { name: 'Renamed on the platform' } });
    assert.deepEqual(
      seen.map((p) => p.id),
      [1],
    );
    await platform.edge.getEdgeApp({ params: { app_id: 101 } });
    await spec.edge.getEdgeApp({ params: { app_id: 101 } });
    const counts = sim.requestsByDialect();
    assert.equal(counts['platform PATCH updateProtectionProfile'], 1);
    assert.equal(counts['spec GET listProtectionProfiles'], 1);
    assert.equal(counts['platform GET getEdgeApp'], 1);
    assert.equal(counts['spec GET getEdgeApp'], 1);
  });
});

describe('per-area base URLs', () => {
  let main: Simulator;
  let edge: Simulator;
  before(async () => {
    main = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    edge = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(async () => {
    await main.close();
    await edge.close();
  });

  it("an area with a base URL of its own goes there; every other area to the connection's URL", async () => {
    const logged: string[] = [];
    const api = createPlatformApi(
      new HttpClient({ baseUrl: main.url, apiKey: KEY, dialect: 'platform', areaBaseUrls: { edge: `${edge.url}/` }, onRequest: (e) => logged.push(e.path) }),
    );
    await api.edge.getEdgeApp({ params: { app_id: 101 } });
    await api.security.listProtectionProfiles({ params: {}, query: {} });
    assert.deepEqual(edge.requestCounts(), { 'GET getEdgeApp': 1 });
    assert.deepEqual(main.requestCounts(), { 'GET listProtectionProfiles': 1 });
    assert.deepEqual(logged, [`${edge.url}/fastedge/v1/admin/apps/101`, '/security/sifter/v3/profiles/all'], 'the log names the other host');
  });
});
