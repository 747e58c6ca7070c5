// The simulator's app create and binaries list over HTTP, in both dialects: an app made from a
// template (mandatory params required as env) or a stored binary starts as a draft, is listed and
// readable, and its binary is no longer unreferenced; bad names, duplicates and unknown sources are
// refused in the edge shape; the client parses the answers with the published schemas. A template's
// secret (and store) params are references that must exist and are kept on the app; past the app
// count limit the create answers 429 with the published error body and makes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { edgeAppShort } from '../../src/schema/edgeApps';
import { edgeBinaryList } from '../../src/schema/edgeBinaryList';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'edge-create-key-5d12';
type Json = Record<string, unknown>;
const WASM_TEXT = '\0asm\x01\0\0\0';

for (const dialect of ['spec', 'platform'] as const) {
  const prefix = dialect === 'spec' ? '/edge/v1' : '/fastedge/v1';
  describe(`edge app create (${dialect} dialect's paths)`, { timeout: 30_000 }, () => {
    let sim: Simulator;
    const call = async (method: string, path: string, body?: unknown, rawBody?: string) =>
      probe(sim.url, method, `${prefix}${path}`, { apiKey: KEY, body, rawBody });
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect: 'both' });
    });
    after(() => sim.close());

    it('a template app starts as a draft with its params as env; it is readable and listed', async () => {
      const made = await call('POST', '/apps', { name: 'from-template', template: 301, env: { LOG_LEVEL: 'debug' }, comment: 'made by a test' });
      assert.equal(made.status, 200, made.text);
      const short = made.json as Json;
      assert.equal(edgeAppShort.safeParse(short).success, true);
      assert.deepEqual([short.name, short.status, short.template, short.binary], ['from-template', 0, 301, 4748]);
      const read = (await call('GET', `/apps/${String(short.id)}`)).json as Json;
      assert.deepEqual([read.name, read.status, read.comment], ['from-template', 0, 'made by a test']);
      assert.deepEqual(read.env, { LOG_LEVEL: 'debug' });
      const listed = (await call('GET', '/apps?name=from-template')).json as { apps: Json[] };
      assert.deepEqual(
        listed.apps.map((a) => a.id),
        [short.id],
      );
    });

    it("a template's mandatory param missing is refused (400), nothing created", async () => {
      const before = ((await call('GET', '/apps?limit=1')).json as Json).count;
      const refused = await call('POST', '/apps', { name: 'no-level', template: 301, env: { GREETING: 'hi' } });
      assert.equal(refused.status, 400, refused.text);
      assert.match(String((refused.json as Json).error), /LOG_LEVEL/);
      assert.equal(((await call('GET', '/apps?limit=1')).json as Json).count, before);
    });

    it('an app from an uploaded binary: the binary was unreferenced and is not any more', async () => {
      const stored = (await call('POST', '/binaries/raw', undefined, WASM_TEXT)).json as Json;
      const listed = edgeBinaryList.parse((await call('GET', '/binaries')).json);
      const mine = listed.binaries.find((b) => b.id === stored.id);
      assert.ok(mine?.unref_since, 'a new binary no app uses says since when');
      const made = await call('POST', '/apps', { name: 'from-binary', binary: stored.id });
      assert.equal(made.status, 200, made.text);
      assert.deepEqual([(made.json as Json).binary, (made.json as Json).status, (made.json as Json).template], [stored.id, 0, 0]);
      const after = edgeBinaryList.parse((await call('GET', '/binaries')).json).binaries.find((b) => b.id === stored.id);
      assert.equal(after?.unref_since, undefined);
    });

    it('bad names, a taken name, no source and an unknown binary are refused in the edge shape', async () => {
      for (const name of ['a', '-lead', 'Upper', 'x'.repeat(65)]) {
        const r = await call('POST', '/apps', { name, binary: 4748 });
        assert.equal(r.status, 400, `${name}: ${r.text}`);
        assert.equal(typeof (r.json as Json).error, 'string');
      }
      assert.equal((await call('POST', '/apps', { name: 'hello-edge-two', binary: 4748 })).status, 200);
      const taken = await call('POST', '/apps', { name: 'hello-edge-two', binary: 4748 });
      assert.equal(taken.status, 400);
      assert.match(String((taken.json as Json).error), /already exists/);
      assert.equal((await call('POST', '/apps', { name: 'no-source' })).status, 400);
      assert.equal((await call('POST', '/apps', { name: 'no-binary', binary: 999999 })).status, 400);
    });

    it("a template's secret param is a reference: required when mandatory, refused when unknown, kept on the app with its name", async () => {
      const missing = await call('POST', '/apps', { name: 'gate-no-token', template: 304, env: { UPSTREAM_URL: 'https://o.example', GATE_TOKEN: 'a-value' } });
      assert.equal(missing.status, 400, missing.text);
      assert.match(String((missing.json as Json).error), /GATE_TOKEN/, 'a value in env does not answer a secret param');
      const unknown = await call('POST', '/apps', {
        name: 'gate-unknown',
        template: 304,
        env: { UPSTREAM_URL: 'https://o.example' },
        secrets: { GATE_TOKEN: { id: 999999 } },
      });
      assert.equal(unknown.status, 400, unknown.text);
      assert.match(String((unknown.json as Json).error), /secret 999999 not found/);
      const made = await call('POST', '/apps', {
        name: 'gate-ok',
        template: 304,
        env: { UPSTREAM_URL: 'https://o.example' },
        secrets: { GATE_TOKEN: { id: 636 } },
      });
      assert.equal(made.status, 200, made.text);
      const read = (await call('GET', `/apps/${String((made.json as Json).id)}`)).json as Json;
      assert.deepEqual(read.secrets, { GATE_TOKEN: { id: 636, name: 'upstream-token', comment: 'rotated monthly' } });
      assert.deepEqual(read.env, { UPSTREAM_URL: 'https://o.example' });
      const users = (await call('GET', `/secrets?app_id=${String((made.json as Json).id)}`)).json as { secrets: Json[] };
      assert.deepEqual(
        users.secrets.map((x) => x.id),
        [636],
      );
    });

    it('a store param is a reference to a store the account has; an unknown one is refused', async () => {
      const unknown = await call('POST', '/apps', {
        name: 'resize-unknown',
        template: 302,
        env: { ORIGIN_URL: 'https://o.example' },
        stores: { CACHE_STORE: { id: 999 } },
      });
      assert.equal(unknown.status, 400, unknown.text);
      assert.match(String((unknown.json as Json).error), /store 999 not found/);
      const made = await call('POST', '/apps', {
        name: 'resize-store',
        template: 302,
        env: { ORIGIN_URL: 'https://o.example' },
        stores: { CACHE_STORE: { id: 126 } },
      });
      assert.equal(made.status, 200, made.text);
      assert.deepEqual(((await call('GET', `/apps/${String((made.json as Json).id)}`)).json as Json).stores, {
        CACHE_STORE: { id: 126, name: 'resized-cache', comment: 'Resized images' },
      });
    });

    it("past the account's app count limit: 429 with the published error body, nothing created; under it again, created", async () => {
      const count = ((await call('GET', '/apps?limit=1')).json as Json).count as number;
      sim.setOptions({ appCountLimit: count });
      try {
        const refused = await call('POST', '/apps', { name: 'one-too-many', binary: 4748 });
        assert.equal(refused.status, 429, refused.text);
        assert.deepEqual(refused.json, { error: `application count limit (${count}) exceeded for this client` });
        assert.equal(((await call('GET', '/apps?limit=1')).json as Json).count, count);
        sim.setOptions({ appCountLimit: count + 1 });
        assert.equal((await call('POST', '/apps', { name: 'one-too-many', binary: 4748 })).status, 200);
      } finally {
        sim.setOptions({ appCountLimit: 1_000_000 });
      }
    });
  });
}
