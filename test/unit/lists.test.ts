// The platform's lists (paths.md §2): their four shapes read leniently, paging as the platform
// pages, and the simulator listing the same state the other endpoints read.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { endpoints } from '../../src/schema/endpoints';
import { nextOffset } from '../../src/schema/paging';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'lists-key-93b1';
const PR = { project_id: 1, region_id: 1 };

describe('list shapes', () => {
  it('an item the extension cannot use (no id) is left out; the rest of the page is kept', () => {
    const page = endpoints.listEdgeApps.response.parse({ count: 3, apps: [{ id: 1, name: 'a' }, { name: 'no id' }, 'junk', { id: 2, status: 9 }] });
    assert.deepEqual(
      page.apps.map((a) => a.id),
      [1, 2],
    );
    assert.equal(page.count, 3);
  });

  it('reads {count, results}, {count, next, previous, results}, {count, apps|templates} and a bare array', () => {
    assert.equal(endpoints.listProjects.response.parse({ count: 1, results: [{ id: 1, name: 'p' }] }).results[0]?.name, 'p');
    const paged = endpoints.listReports.response.parse({ count: 9, next: 'http://x?offset=5', previous: null, results: [] });
    assert.equal(paged.next, 'http://x?offset=5');
    assert.equal(endpoints.listEdgeTemplates.response.parse({ count: 1, templates: [{ id: 3 }] }).templates[0]?.id, 3);
    assert.deepEqual(
      endpoints.listProfileTemplates.response.parse([{ id: 4, name: 't', fields: [] }, { name: 'no id' }]).map((t) => t.id),
      [4],
    );
    assert.deepEqual(endpoints.listRegions.response.parse({ count: 0, results: null }).results, []);
  });

  it('the query is checked like every other input: limits named, nothing sent', () => {
    assert.equal(endpoints.listReports.query.safeParse({ limit: 101 }).success, false);
    assert.equal(endpoints.listReports.query.safeParse({ status: 'Done' }).success, false);
    assert.equal(endpoints.listEdgeApps.query.safeParse({ status: 6 }).success, false);
    assert.equal(endpoints.listEdgeApps.query.safeParse({ name: 'x'.repeat(256) }).success, false);
    assert.equal(endpoints.listEdgeApps.query.safeParse({ limit: 1000, offset: 0, status: 1, name: 'api' }).success, true);
  });

  it('the next offset: from the total where the server says it, else from a short page', () => {
    assert.equal(nextOffset(0, 25, 60, 25), 25);
    assert.equal(nextOffset(50, 10, 60, 25), undefined);
    assert.equal(nextOffset(0, 25, undefined, 25), 25);
    assert.equal(nextOffset(25, 7, undefined, 25), undefined);
    assert.equal(nextOffset(25, 0, 100, 25), undefined, 'an empty page ends the list whatever the total says');
  });
});

describe('the simulator lists its own state', () => {
  let sim: Simulator;
  let api: PlatformApi;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform', taskDurationMs: 50 });
    api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
  });
  after(() => sim.close());

  it("edge apps: the account's own, paged, filtered by name and status on the server; each readable by endpoint 6", async () => {
    const all = await api.edge.listEdgeApps({ params: {}, query: { limit: 1000 } });
    assert.ok((all.count ?? 0) > 2);
    assert.equal(all.apps.length, all.count);
    const first = await api.edge.listEdgeApps({ params: {}, query: { limit: 2, offset: 0 } });
    const second = await api.edge.listEdgeApps({ params: {}, query: { limit: 2, offset: 2 } });
    assert.deepEqual(
      [...first.apps, ...second.apps].map((a) => a.id),
      all.apps.slice(0, 4).map((a) => a.id),
    );
    const enabled = await api.edge.listEdgeApps({ params: {}, query: { status: 1, limit: 1000 } });
    assert.ok(enabled.apps.length > 0 && enabled.apps.every((a) => a.status === 1));
    const named = all.apps[0]!.name!;
    const byName = await api.edge.listEdgeApps({ params: {}, query: { name: named.slice(0, 4).toUpperCase(), limit: 1000 } });
    assert.ok(byName.apps.some((a) => a.id === all.apps[0]!.id));
    const admin = await api.edge.getEdgeApp({ params: { app_id: all.apps[0]!.id } });
    assert.equal(admin.name, all.apps[0]!.name);
  });

  it('report tasks: newest first, status filter, pages linked by next/previous', async () => {
    const all = await api.billing.listReports({ params: {}, query: { ordering: '-created_at', limit: 100 } });
    const created = all.results.map((r) => r.created_at ?? '');
    assert.deepEqual(created, [...created].sort().reverse());
    const done = await api.billing.listReports({ params: {}, query: { status: 'Completed', limit: 100 } });
    assert.ok(done.results.length > 0 && done.results.every((r) => r.status === 'Completed'));
    const one = await api.billing.listReports({ params: {}, query: { limit: 1 } });
    assert.equal(one.results.length, 1);
    assert.equal(one.previous, null);
    assert.match(one.next ?? '', /offset=1/);
  });

  it('protection profiles a page at a time, the pages adding up to /all', async () => {
    const whole = await api.security.listProtectionProfiles({ params: {}, query: {} });
    const ids: number[] = [];
    for (let offset: number | undefined = 0; offset !== undefined; ) {
      const page = await api.security.listProtectionProfilesPaged({ params: {}, query: { limit: 100, offset } });
      ids.push(...page.results.map((p) => p.id));
      offset = nextOffset(offset, page.results.length, page.count, 100);
    }
    assert.deepEqual(
      ids,
      whole.map((p) => p.id),
    );
  });

  it('projects, regions with display names, flavors with prices, the policies schedules are added to, functions that have logs', async () => {
    const projects = await api.cloud.listProjects({ params: {}, query: {} });
    assert.ok(projects.results.some((p) => p.id === 1 && p.name));
    const regions = await api.cloud.listRegions({ params: {}, query: {} });
    assert.ok(regions.results.length > 0 && regions.results.every((r) => r.display_name));
    const flavors = await api.cloud.listFlavors({ params: PR, query: { include_prices: true } });
    const priced = flavors.results.find((f) => f.flavor_name === 'g1-standard-2-4');
    assert.equal(priced?.vcpus, 2);
    assert.equal(priced?.ram, 4096);
    assert.ok((priced?.price_per_month ?? 0) > 0);
    const unpriced = await api.cloud.listFlavors({ params: PR, query: {} });
    assert.equal(unpriced.results[0]?.price_per_month, undefined);
    const policies = await api.cloud.listLifecyclePolicies({ params: PR });
    const policy = policies.results[0]!;
    const before = policy.schedules?.length ?? 0;
    await api.cloud.addSchedules({ params: { ...PR, policy_id: policy.id }, body: { schedules: [{ type: 'interval', hours: 6 }] } });
    const after = await api.cloud.listLifecyclePolicies({ params: PR });
    assert.equal(after.results.find((p) => p.id === policy.id)?.schedules?.length, before + 1);
    const namespaces = await api.faas.listNamespaces({ params: PR, query: {} });
    const ns = namespaces.results[0]!.name;
    const functions = await api.faas.listFunctions({ params: { ...PR, namespace_name: ns }, query: {} });
    const fn = functions.results[0]!.name;
    const logs = await api.faas.getFunctionLogs({ params: { ...PR, namespace_name: ns, function_name: fn }, query: { limit: 5 } });
    assert.ok(logs.logs.length > 0, 'a listed function has logs');
  });

  it('report templates carry their parameter definitions', async () => {
    const templates = await api.billing.listReportTemplates({ params: {}, query: {} });
    const expenses = templates.results.find((t) => t.code === 'ResellerExpenses');
    assert.deepEqual(
      expenses?.parameters?.parameters?.map((p) => [p.name, p.required]),
      [
        ['date_from', true],
        ['date_to', true],
        ['client_id', false],
      ],
    );
  });
});
