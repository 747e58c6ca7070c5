// The simulator's cloud lists in the platform's published shapes (cloud OpenAPI: ProjectSerializer,
// RegionSerializer, NamespaceSerializer, FunctionSerializer): every required field, with its type and nulls.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'shapes-key-41c7';
type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'array';
/** Field -> published type; `?null` means the published schema allows null. Transcribed from the file. */
type Shape = Record<string, `${Kind}` | `${Kind}?null`>;

const PROJECT: Shape = {
  client_id: 'integer',
  created_at: 'string',
  deleted_at: 'string?null',
  description: 'string?null',
  id: 'integer',
  is_default: 'boolean',
  name: 'string',
  state: 'string',
  task_id: 'string?null',
};
const REGION: Shape = {
  id: 'integer',
  display_name: 'string',
  keystone_name: 'string',
  slug: 'string',
  state: 'string',
  country: 'string',
  zone: 'string?null',
  task_id: 'string?null',
  endpoint_type: 'string',
  external_network_id: 'string?null',
  created_on: 'string',
  created_at: 'string',
  keystone_id: 'integer',
  has_kvm: 'boolean',
  has_baremetal: 'boolean',
  has_basic_vm: 'boolean',
  has_sfs: 'boolean',
  has_dbaas: 'boolean',
  has_ddos: 'boolean',
  vlan_physical_network: 'string',
  available_volume_types: 'array?null',
  metrics_database_id: 'integer?null',
  access_level: 'string',
  has_k8s: 'boolean',
  has_ai: 'boolean',
  has_ai_gpu: 'boolean',
  coordinates: 'object?null',
  file_share_types: 'array?null',
};
const NAMESPACE: Shape = { name: 'string', functions: 'array', status: 'string', created_at: 'string', functions_deploy_status: 'object' };
const FUNCTION: Shape = {
  id: 'string',
  name: 'string',
  runtime: 'string',
  timeout: 'integer',
  flavor: 'string',
  autoscaling: 'object',
  code_text: 'string',
  main_method: 'string',
  endpoint: 'string',
  build_status: 'string',
  build_message: 'string',
  status: 'string',
  created_at: 'string',
  deploy_status: 'object',
  dependencies: 'string',
  description: 'string',
};
const ENUMS: Record<string, readonly (string | null)[]> = {
  'region.state': ['ACTIVE', 'DELETED', 'DELETING', 'DELETION_FAILED', 'INACTIVE', 'MAINTENANCE', 'NEW'],
  'region.zone': ['AMERICAS', 'APAC', 'EMEA', 'RUSSIA_AND_CIS', null],
  'region.endpoint_type': ['admin', 'internal', 'public'],
  'region.access_level': ['core', 'edge'],
};

function kindOf(v: unknown): Kind | 'null' | 'number' | 'undefined' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as Kind | 'undefined';
}

function checkShape(what: string, item: Record<string, unknown>, shape: Shape): void {
  for (const [field, type] of Object.entries(shape)) {
    assert.ok(field in item, `${what}: required field ${field} missing`);
    const [kind, nullable] = type.split('?');
    const got = kindOf(item[field]);
    assert.ok(got === kind || (nullable === 'null' && got === 'null'), `${what}.${field}: ${got}, published ${type}`);
    const allowed = ENUMS[`${what}.${field}`];
    if (allowed) assert.ok(allowed.includes(item[field] as string | null), `${what}.${field}: ${String(item[field])} not in the published enum`);
  }
}

// These lists are the platform's own (routes.ts: platformOwn); a spec-dialect simulator does not serve them.
for (const dialect of ['platform'] as const) {
  describe(`cloud lists in the published shapes (${dialect} dialect)`, () => {
    let sim: Simulator;
    const get = async (path: string): Promise<{ count: number; results: Record<string, unknown>[] }> => {
      const res = await fetch(`${sim.url}${path}`, { headers: { Authorization: `apikey ${KEY}` } });
      assert.equal(res.status, 200, `${path}: ${res.status}`);
      return (await res.json()) as { count: number; results: Record<string, unknown>[] };
    };
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect, taskDurationMs: 50 });
    });
    after(() => sim.close());

    it('projects: every field ProjectSerializer requires', async () => {
      const page = await get('/cloud/v1/projects');
      assert.ok(page.results.length > 0);
      for (const p of page.results) checkShape('project', p, PROJECT);
    });

    it('regions: every field RegionSerializer requires, enums as published', async () => {
      const page = await get('/cloud/v1/regions');
      assert.ok(page.results.length > 0);
      for (const r of page.results) checkShape('region', r, REGION);
    });

    it('namespaces carry their functions as an array of functions; the functions list as FunctionSerializer', async () => {
      const page = await get('/cloud/v1/faas/namespaces/1/1');
      assert.ok(page.results.length > 0, 'the seed has namespaces in project 1, region 1');
      for (const ns of page.results) {
        checkShape('namespace', ns, NAMESPACE);
        const inline = ns.functions as Record<string, unknown>[];
        for (const f of inline) checkShape('function', f, FUNCTION);
        const listed = await get(`/cloud/v1/faas/namespaces/1/1/${String(ns.name)}/functions`);
        assert.equal(listed.count, inline.length, 'the namespace lists the functions its endpoint lists');
        for (const f of listed.results) checkShape('function', f, FUNCTION);
      }
    });
  });
}

describe("the client reads a namespace's functions in either shape", () => {
  it('an array (the published shape) counts as its length; an integer from older servers is kept', async () => {
    const { endpoints } = await import('../../src/schema/endpoints');
    const page = endpoints.listNamespaces.response.parse({
      count: 2,
      results: [
        { name: 'api', functions: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
        { name: 'old', functions: 1 },
      ],
    });
    assert.deepEqual(
      page.results.map((n) => n.functions),
      [3, 1],
    );
  });
});
