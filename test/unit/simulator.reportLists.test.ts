import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'lists-key-0d5e1a';
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type Trial = {
  id: number;
  client_id: number;
  client: { company_name: string };
  product: { id: number; name: string };
  plan: { name: string };
  active_ranges: unknown[];
  remaining_duration: number | null;
  is_trial_skipped: string;
  created_at: string;
};
type Setting = { id: number; reseller: number; notification_type: string; email: string; enabled: boolean };

let sim: Simulator;
const get = async <T>(path: string): Promise<T> => {
  const result = await probe(sim.url, 'GET', path, { apiKey: KEY });
  assert.equal(result.status, 200, `${path}: ${result.text}`);
  return result.json as T;
};
const status = async (method: string, path: string): Promise<number> => (await probe(sim.url, method, path, { apiKey: KEY })).status;

before(async () => {
  sim = await startSimulator({ apiKey: KEY });
});
beforeEach(() => sim.reset());
after(() => sim.close());

describe('trials list', () => {
  it('pages through 30 trials, newest first, each once; next and previous as the published list', async () => {
    const seen: number[] = [];
    let offset = 0;
    for (;;) {
      const page = await get<Page<Trial>>(`/billing/org/v1/trials?limit=8&offset=${offset}`);
      assert.equal(page.count, 30);
      assert.equal(page.previous === null, offset === 0);
      seen.push(...page.results.map((t) => t.id));
      if (!page.next) break;
      assert.match(page.next, /limit=8&offset=\d+/);
      offset = Number(new URL(page.next).searchParams.get('offset'));
    }
    assert.equal(seen.length, 30);
    assert.equal(new Set(seen).size, 30);
    const all = await get<Page<Trial>>('/billing/org/v1/trials?limit=100');
    const created = all.results.map((t) => t.created_at);
    assert.deepEqual(created, [...created].sort().reverse());
  });

  it('running, not started, ended and skipped trials over several clients and products', async () => {
    const { results } = await get<Page<Trial>>('/billing/org/v1/trials?limit=100');
    assert.ok(
      results.some((t) => typeof t.remaining_duration === 'number' && t.remaining_duration > 0),
      'running',
    );
    assert.ok(results.filter((t) => t.active_ranges.length === 0).length >= 5, 'not started');
    assert.ok(
      results.some((t) => t.active_ranges.length > 0 && t.remaining_duration === null),
      'ended',
    );
    assert.ok(results.some((t) => t.is_trial_skipped === 'true'));
    assert.ok(new Set(results.map((t) => t.client_id)).size >= 10);
    assert.equal(new Set(results.map((t) => t.product.name)).size, 3);
  });

  it('filters by client, company, product and plan name (any case, a part), and orders', async () => {
    const ids = async (query: string) => (await get<Page<Trial>>(`/billing/org/v1/trials?limit=100&${query}`)).results;
    const ofClient = await ids('client_id=505');
    assert.ok(ofClient.length >= 3 && ofClient.every((t) => t.client_id === 505));
    const tailspin = await ids('company_name=TAILSPIN');
    assert.deepEqual([...new Set(tailspin.map((t) => t.client.company_name))], ['Tailspin Toys, Ltd.']);
    const storage = await ids('product_name=storage');
    assert.ok(storage.length >= 9 && storage.every((t) => t.product.name === 'Object Storage'));
    const fastEdge = await ids('plan_name=fastedge%20tr');
    assert.ok(fastEdge.length >= 9 && fastEdge.every((t) => t.plan.name === 'FastEdge Trial'));
    assert.equal((await ids('company_name=nobody')).length, 0);
    const byClient = (await ids('ordering=client_id')).map((t) => t.client_id);
    assert.deepEqual(
      byClient,
      [...byClient].sort((a, b) => a - b),
    );
  });
});

describe('trials list: the published filters', () => {
  const list = async (query: string) => get<Page<Trial>>(`/billing/org/v1/trials?${query}`);

  it('takes a key repeated as a list (client_id, product_id), any one matching', async () => {
    const { results: all } = await list('limit=100');
    const [a, b] = [...new Set(all.map((t) => t.client_id))];
    const both = (await list(`limit=100&client_id=${a}&client_id=${b}`)).results;
    assert.deepEqual(new Set(both.map((t) => t.client_id)), new Set([a, b]));
    assert.equal(both.length, all.filter((t) => t.client_id === a || t.client_id === b).length);
    const product = all[0]!.product.id;
    const ofProduct = (await list(`limit=100&product_id=${product}`)).results;
    assert.ok(ofProduct.length > 0 && ofProduct.every((t) => t.product.id === product));
    assert.equal(await status('GET', '/billing/org/v1/trials?client_id=1&client_id=x'), 400);
  });

  it('filters not started (started_at__isnull) and running now (active_at, not_active_at)', async () => {
    const { results: all } = await list('limit=100');
    const notStarted = (await list('limit=100&started_at__isnull=true')).results;
    assert.equal(notStarted.length, all.filter((t) => t.active_ranges.length === 0).length);
    assert.ok(notStarted.every((t) => t.active_ranges.length === 0));
    assert.equal((await list('limit=100&started_at__isnull=false')).results.length, all.length - notStarted.length);
    const now = encodeURIComponent(new Date().toISOString());
    const running = (await list(`limit=100&active_at=${now}`)).results;
    assert.ok(running.length > 0 && running.every((t) => typeof t.remaining_duration === 'number'), 'running now: a remaining duration');
    assert.equal((await list(`limit=100&not_active_at=${now}`)).results.length, all.length - running.length);
  });

  it('pages with links that keep the filters', async () => {
    const clients = [...new Set((await list('limit=100&product_name=storage')).results.map((t) => t.client_id))].slice(0, 3);
    const first = await list(`limit=2&product_name=storage&${clients.map((c) => `client_id=${c}`).join('&')}`);
    assert.ok(first.count > 2 && first.next, `a next page (${first.count} trials)`);
    const next = new URL(first.next);
    assert.equal(next.searchParams.get('product_name'), 'storage');
    assert.deepEqual(next.searchParams.getAll('client_id'), clients.map(String));
    assert.equal(next.searchParams.get('offset'), '2');
    const second = await list(next.search.slice(1));
    assert.ok(second.results.length > 0 && second.results.every((t) => t.product.name === 'Object Storage' && clients.includes(t.client_id)));
    assert.ok(second.previous && new URL(second.previous).searchParams.get('product_name') === 'storage');
  });
});

describe('activated free features', () => {
  it('lists seven over several clients and services; disabling one removes it, a second time 404', async () => {
    const features = await get<{ id: number; client_id: number; feature: { service: string } }[]>('/iam/admin/free_features');
    assert.equal(features.length, 7);
    assert.ok(new Set(features.map((f) => f.client_id)).size >= 4);
    assert.ok(new Set(features.map((f) => f.feature.service)).size >= 5);
    assert.equal(await status('DELETE', '/iam/admin/free_features/605'), 204);
    assert.deepEqual(
      (await get<{ id: number }[]>('/iam/admin/free_features')).map((f) => f.id),
      [601, 602, 603, 604, 606, 607],
    );
    assert.equal(await status('GET', '/iam/admin/free_features/605'), 404);
    assert.equal(await status('DELETE', '/iam/admin/free_features/605'), 404);
  });
});

describe('notification settings', () => {
  const path = (reseller: number, query = '') => `/iam/reselling/resellers/${reseller}/notification_settings${query}`;

  it('each reseller lists its own, paged and ordered', async () => {
    const one = await get<Page<Setting>>(path(701));
    assert.equal(one.count, 5);
    assert.ok(one.results.every((s) => s.reseller === 701));
    assert.equal((await get<Page<Setting>>(path(702))).count, 3);
    const first = await get<Page<Setting>>(path(701, '?limit=2'));
    assert.deepEqual(
      first.results.map((s) => s.id),
      [801, 802],
    );
    assert.ok(first.next);
    const last = await get<Page<Setting>>(path(701, '?limit=2&offset=4'));
    assert.deepEqual(
      last.results.map((s) => s.id),
      [805],
    );
    assert.equal(last.next, null);
    assert.deepEqual(
      (await get<Page<Setting>>(path(702, '?ordering=-id'))).results.map((s) => s.id),
      [808, 807, 806],
    );
  });

  it('deleting one removes it from its reseller’s list; another reseller’s id or a second delete is 404', async () => {
    assert.equal(await status('DELETE', path(702, '/801')), 404, '801 is 701’s');
    assert.equal(await status('DELETE', path(701, '/803')), 204);
    assert.deepEqual(
      (await get<Page<Setting>>(path(701))).results.map((s) => s.id),
      [801, 802, 804, 805],
    );
    assert.equal(await status('DELETE', path(701, '/803')), 404);
    assert.equal(await status('GET', path(999)), 404);
  });
});
