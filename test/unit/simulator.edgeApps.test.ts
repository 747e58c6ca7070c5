// The simulator's edge app lifecycle over HTTP, in both dialects: PATCH applies the fields sent and
// answers the published app_short; debug opens a 30-minute window; DELETE removes the app from the
// read and the list; an unknown app, another client's app and a refused field in the edge shape.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { edgeAppShort } from '../../src/schema/edgeApps';
import { PlatformError } from '../../src/schema/errors';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'edge-apps-key-3c91';
type Json = Record<string, unknown>;

// The platform's own endpoints: a simulator that speaks its dialect serves them at either dialect's path.
for (const dialect of ['spec', 'platform'] as const) {
  const prefix = dialect === 'spec' ? '/edge/v1' : '/fastedge/v1';
  describe(`edge app lifecycle (${dialect} dialect's paths)`, { timeout: 30_000 }, () => {
    let sim: Simulator;
    const call = async (method: string, path: string, body?: unknown) => probe(sim.url, method, `${prefix}${path}`, { apiKey: KEY, body });
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect: 'both' });
    });
    after(() => sim.close());

    it('PATCH status 1 enables a disabled app, 2 disables it: the answer is app_short, the read agrees', async () => {
      assert.equal(((await call('GET', '/apps/103')).json as Json).status, 2);
      const enabled = await call('PATCH', '/apps/103', { status: 1 });
      assert.equal(enabled.status, 200, enabled.text);
      const short = enabled.json as Json;
      for (const key of ['id', 'name', 'status', 'binary', 'api_type', 'plan_id']) assert.ok(key in short, `app_short lacks ${key}`);
      assert.ok(!('env' in short) && !('secrets' in short), 'the short app carries no env or secrets');
      assert.equal(edgeAppShort.safeParse(short).success, true);
      assert.deepEqual([short.id, short.name, short.status], [103, 'geo-redirect', 1]);
      assert.equal(((await call('GET', '/apps/103')).json as Json).status, 1);
      assert.equal(((await call('PATCH', '/apps/103', { status: 2 })).json as Json).status, 2);
      assert.equal(((await call('GET', '/apps/103')).json as Json).status, 2);
    });

    it('only the fields sent change', async () => {
      const before = (await call('GET', '/apps/101')).json as Json;
      const answer = await call('PATCH', '/apps/101', { comment: 'changed' });
      assert.equal(answer.status, 200);
      const after = (await call('GET', '/apps/101')).json as Json;
      assert.deepEqual(after, { ...before, comment: 'changed' });
    });

    it('env, rsp_headers and secret references: applied as sent; a secret is referenced by id and answered with its name; an unknown id or a bad shape is refused, nothing changed', async () => {
      const answer = await call('PATCH', '/apps/101', { env: { GREETING: 'Hello' }, rsp_headers: { 'X-A': '1' }, secrets: { API_TOKEN: { id: 637 } } });
      assert.equal(answer.status, 200, answer.text);
      const read = (await call('GET', '/apps/101')).json as Json;
      assert.deepEqual(read.env, { GREETING: 'Hello' });
      assert.deepEqual(read.rsp_headers, { 'X-A': '1' });
      assert.deepEqual(read.secrets, { API_TOKEN: { id: 637, name: 'db-password', comment: '' } });
      for (const body of [
        { secrets: { API_TOKEN: { id: 999_999 } } },
        { secrets: { API_TOKEN: { name: 'db-password' } } },
        { secrets: { API_TOKEN: 637 } },
        { env: { A: 1 } },
      ]) {
        const res = await call('PATCH', '/apps/101', body);
        assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      }
      assert.deepEqual((await call('GET', '/apps/101')).json, read);
    });

    it('debug: true sets debug_until to 30 minutes from now', async () => {
      const start = Date.now();
      const answer = await call('PATCH', '/apps/107', { debug: true });
      const until = Date.parse(String((answer.json as Json).debug_until));
      assert.ok(Math.abs(until - (start + 30 * 60_000)) < 5_000, `debug_until ${(answer.json as Json).debug_until}`);
      assert.equal(((await call('GET', '/apps/107')).json as Json).debug_until, (answer.json as Json).debug_until);
    });

    it("an unknown app and another client's app: 404 with the published error shape; nothing changes", async () => {
      for (const id of [999_999, 104]) {
        for (const [method, body] of [
          ['PATCH', { status: 1 }],
          ['DELETE', undefined],
        ] as const) {
          const res = await call(method, `/apps/${id}`, body);
          assert.equal(res.status, 404, `${method} ${id}`);
          assert.deepEqual(Object.keys(res.json as Json), ['error']);
          assert.equal(typeof (res.json as Json).error, 'string');
        }
      }
    });

    it('a refused field is a 400 naming the field; nothing changes', async () => {
      const before = (await call('GET', '/apps/101')).json as Json;
      for (const body of [{ status: 6 }, { name: '-bad' }, { comment: 'x'.repeat(1025) }, { binary: 0 }, { unknown: 1 }]) {
        const res = await call('PATCH', '/apps/101', body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(typeof (res.json as Json).error, 'string');
      }
      assert.deepEqual((await call('GET', '/apps/101')).json, before);
    });

    it('DELETE removes the app: 204, then 404 on read, PATCH and DELETE, and the list no longer has it', async () => {
      const listed = async () => ((await call('GET', '/apps?limit=1000')).json as { apps: Json[] }).apps.map((a) => a.id);
      assert.ok((await listed()).includes(102));
      const res = await call('DELETE', '/apps/102');
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.equal((await call('GET', '/apps/102')).status, 404);
      assert.equal((await call('PATCH', '/apps/102', { status: 1 })).status, 404);
      assert.equal((await call('DELETE', '/apps/102')).status, 404);
      assert.ok(!(await listed()).includes(102));
    });
  });
}

describe('the client refuses a bad edge app change before sending it', { timeout: 30_000 }, () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY });
  });
  after(() => sim.close());

  it('each field named with its rule; nothing reaches the simulator', async () => {
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    const refused = async (body: Record<string, unknown>, field: string, rule: RegExp, app_id = 101) => {
      const error = await api.edge.patchEdgeApp({ params: { app_id }, body: body as never }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof PlatformError && error.kind === 'validation', `${JSON.stringify(body)} refused`);
      const issue = error.issues.find((i) => i.path === field);
      assert.ok(issue, `${field} named in ${JSON.stringify(error.issues)}`);
      assert.match(issue.message, rule);
    };
    await refused({ status: 6 }, 'status', /must be at most 5/);
    await refused({ status: 1.5 }, 'status', /whole number/);
    await refused({ name: 'Bad_Name' }, 'name', /lowercase letters, digits and "-"/);
    await refused({ name: 'x'.repeat(65) }, 'name', /at most 64 characters/);
    await refused({ comment: 'x'.repeat(1025) }, 'comment', /at most 1024 characters/);
    await refused({ binary: 0 }, 'binary', /at least 1/);
    await refused({ debug: 'yes' }, 'debug', /true or false/);
    await refused({ env: { A: 1 } }, 'env.A', /must be text/);
    await refused({ status: 1 }, 'app_id', /at least 1/, 0);
    await assert.rejects(
      () => api.edge.deleteEdgeApp({ params: { app_id: -1 } }),
      (e: unknown) => e instanceof PlatformError && e.kind === 'validation',
    );
    assert.deepEqual(sim.requestCounts(), {}, 'nothing sent');
  });
});
