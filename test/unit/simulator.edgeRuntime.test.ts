// The simulator's edge runtime: an app's URL answers (no key), as the binary it runs now says
// (test/support/simWasm.ts); a deploy changes the answer; the calls are counted in the published
// statistics of both dialects and a 5xx writes an error line to the app's logs; an app that is
// not enabled answers its status; an unknown app is 404; a bad behaviour section is refused.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { simWasm, type SimBehaviour } from '../support/simWasm';

const KEY = 'edge-runtime-key-5e2b';
const T0 = Date.parse('2026-11-29T10:00:00Z');
type Json = Record<string, unknown>;

describe('edge runtime: app URLs answer', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let clock = T0;
  const api = (method: string, path: string, body?: unknown) => probe(sim.url, method, `/fastedge/v1${path}`, { apiKey: KEY, body });
  const upload = async (behaviour: SimBehaviour, padding = 0) => {
    const res = await fetch(`${sim.url}/fastedge/v1/binaries/raw`, {
      method: 'POST',
      headers: { Authorization: `apikey ${KEY}`, 'Content-Type': 'application/octet-stream' },
      body: simWasm(behaviour, padding),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };
  /** Upload a binary that answers as `behaviour` and point the app at it: what Deploy does. */
  const deploy = async (appId: number, behaviour: SimBehaviour) => {
    const stored = await upload(behaviour);
    assert.equal(stored.status, 200, JSON.stringify(stored.json));
    const patched = await api('PATCH', `/apps/${appId}`, { binary: stored.json.id });
    assert.equal(patched.status, 200, patched.text);
  };
  const appUrl = async (id: number) => ((await api('GET', `/apps/${id}`)).json as Json).url as string;

  before(async () => {
    sim = await startSimulator({ apiKey: KEY, now: () => clock });
  });
  beforeEach(() => {
    clock = T0;
    sim.reset();
  });
  after(() => sim.close());

  it('every answer carrying an app URL gives the reachable one, and it answers 200 without a key', async () => {
    const url = `${sim.url}/__apps/hello-edge-201`;
    assert.equal(await appUrl(101), url, 'the read');
    const listed = (await api('GET', '/apps')).json as { apps: Json[] };
    assert.equal(listed.apps.find((a) => a.id === 101)?.url, url, 'the list');
    assert.equal(((await probe(sim.url, 'GET', '/edge/v1/admin/apps/101', { apiKey: KEY })).json as Json).url, url, 'the admin read');
    const res = await fetch(`${url}/any/path?q=1`, { method: 'POST', body: 'x' });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'Hello from hello-edge');
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(res.headers.get('cache-control'), 'max-age=60', "the app's configured response headers");
    assert.equal(res.headers.get('content-security-policy'), 'sandbox', 'a page an app answers runs in no origin');
    const created = await api('POST', '/apps', { name: 'fresh-app', binary: 4748 });
    assert.equal((created.json as Json).url, `${sim.url}/__apps/fresh-app-201`, 'the create');
    const renamed = await api('PATCH', '/apps/101', { name: 'hello-renamed' });
    assert.equal((renamed.json as Json).url, `${sim.url}/__apps/hello-renamed-201`, 'a rename moves the URL');
    assert.equal((await fetch(url)).status, 404, 'the old name answers no more');
    assert.equal(await (await fetch(`${sim.url}/__apps/hello-renamed-201/`)).text(), 'Hello from hello-renamed');
  });

  it('after a deploy of a binary that answers 500, the URL answers 500 with its body and headers; a 5xx writes an error line to the logs', async () => {
    await deploy(101, { status: 500, body: 'boom', headers: { 'X-Sim': 'broken', 'Content-Type': 'application/json' }, durationMs: 12 });
    clock = T0 + 30_000;
    const res = await fetch(`${await appUrl(101)}/boom`);
    assert.equal(res.status, 500);
    assert.equal(await res.text(), 'boom');
    assert.equal(res.headers.get('x-sim'), 'broken');
    assert.equal(res.headers.get('content-type'), 'application/json', "the binary's content type replaces the default");
    const logs = await api('GET', `/apps/101/logs?from=2026-11-29T09:59:00Z&to=2026-11-29T10:01:00Z&search=${encodeURIComponent('ERROR 500 GET /boom')}`);
    assert.equal(logs.status, 200, logs.text);
    const answer = logs.json as { count: number; logs: Json[] };
    assert.equal(answer.count, 1, logs.text);
    assert.equal(answer.logs[0]?.timestamp, '2026-11-29T10:00:30.000Z');
    assert.equal(answer.logs[0]?.log, 'ERROR 500 GET /boom in 12ms');
    await deploy(101, {});
    assert.equal((await fetch(await appUrl(101))).status, 200, 'a binary whose section says nothing answers 200');
  });

  for (const prefix of ['/edge/v1', '/fastedge/v1']) {
    it(`stats/calls and stats/app_duration count those calls in their slots (${prefix})`, async () => {
      const url = await appUrl(101);
      clock = T0 + 10_000;
      assert.equal((await fetch(url)).status, 200);
      await deploy(101, { status: 503, durationMs: 7.5 });
      clock = T0 + 70_000;
      assert.equal((await fetch(url)).status, 503);
      clock = T0 + 80_000;
      assert.equal((await fetch(`${url}/again`)).status, 503);
      assert.equal((await fetch(`${sim.url}/__apps/kafka-logger-201`)).status, 200, 'another app: not in 101’s figures');
      clock = T0 + 300_000;
      const window = 'from=2026-11-29T10:00:00Z&to=2026-11-29T10:03:00Z&step=60';
      const calls = await probe(sim.url, 'GET', `${prefix}/stats/calls?id=101&${window}`, { apiKey: KEY });
      assert.equal(calls.status, 200, calls.text);
      assert.deepEqual(calls.json, {
        stats: [
          { time: '2026-11-29T10:00:00Z', count_by_status: [{ status: 200, count: 1 }] },
          { time: '2026-11-29T10:01:00Z', count_by_status: [{ status: 503, count: 2 }] },
          { time: '2026-11-29T10:02:00Z', count_by_status: [] },
        ],
      });
      const durations = await probe(sim.url, 'GET', `${prefix}/stats/app_duration?id=101&${window}`, { apiKey: KEY });
      assert.equal(durations.status, 200, durations.text);
      const slots = (durations.json as { stats: Json[] }).stats;
      assert.equal(slots.length, 2, 'only slots with calls');
      const first = slots[0]!;
      assert.equal(first.time, '2026-11-29T10:00:00Z');
      assert.ok((first.min as number) >= 300 && (first.min as number) < 1500, `a greeting runs in a small time: ${String(first.min)}`);
      assert.deepEqual(slots[1], { time: '2026-11-29T10:01:00Z', min: 7500, max: 7500, avg: 7500, median: 7500, perc75: 7500, perc90: 7500 });
      const all = await probe(sim.url, 'GET', `${prefix}/stats/calls?${window}`, { apiKey: KEY });
      assert.deepEqual(
        (all.json as { stats: { count_by_status: Json[] }[] }).stats[1]?.count_by_status,
        [
          { status: 200, count: 1 },
          { status: 503, count: 2 },
        ],
        'every app',
      );
    });
  }

  it('an app that is not enabled answers its status, and its calls are not counted', async () => {
    const cases: [number, string, number][] = [
      [102, 'resize-draft-201', 404],
      [103, 'geo-redirect-201', 403],
      [104, 'old-landing-203', 403],
      [105, 'busy-api-204', 429],
      [106, 'daily-report-204', 429],
    ];
    for (const [id, slug, status] of cases) {
      const res = await fetch(`${sim.url}/__apps/${slug}/`);
      assert.equal(res.status, status, `app ${id}`);
      assert.match(await res.text(), /^app \S+ (is|exceeded)/);
    }
    assert.equal((await api('PATCH', '/apps/101', { status: 2 })).status, 200);
    assert.equal((await fetch(`${sim.url}/__apps/hello-edge-201`)).status, 403, 'disabled through the API');
    const calls = await api('GET', '/stats/calls?from=2026-11-29T10:00:00Z&to=2026-11-29T10:01:00Z&step=60');
    assert.deepEqual((calls.json as { stats: { count_by_status: Json[] }[] }).stats[0]?.count_by_status, []);
  });

  it('a request to an unknown app is 404; so is the bare prefix', async () => {
    for (const path of ['/__apps/no-such-app-201/', '/__apps/hello-edge-999', '/__apps/', '/__apps/hello-edge']) {
      const res = await fetch(`${sim.url}${path}`);
      assert.equal(res.status, 404, path);
      assert.match(await res.text(), /^no app answers at /);
    }
  });

  it('a binary whose behaviour section breaks a rule is refused with the field and the rule, and nothing is stored', async () => {
    const before = ((await api('GET', '/binaries')).json as { binaries: unknown[] }).binaries.length;
    const cases: [SimBehaviour, RegExp][] = [
      [{ status: 42 }, /platform-console-sim\.status: must be from 100 to 599/],
      [{ status: 200.5 }, /platform-console-sim\.status: must be a whole number from 100 to 599/],
      [{ body: 'x'.repeat(64 * 1024 + 1) }, /platform-console-sim(\.body)?: must (be at most 65536 bytes|end within)/],
      [{ headers: { 'Bad Header': 'x' } }, /platform-console-sim\.headers\.Bad Header: must be an HTTP header name/],
      [{ headers: { 'Content-Length': '5' } }, /platform-console-sim\.headers\.Content-Length: is set by the simulator/],
      [{ headers: { 'X-A': 'a\nb' } }, /platform-console-sim\.headers\.X-A: must be a header value without control characters/],
      [{ durationMs: 60_001 }, /platform-console-sim\.durationMs: must be from 0 to 60000/],
      [{ status: 200, colour: 'red' } as SimBehaviour, /platform-console-sim\.colour: is not a known field/],
    ];
    for (const [behaviour, message] of cases) {
      const answer = await upload(behaviour);
      assert.equal(answer.status, 400, JSON.stringify(behaviour).slice(0, 80));
      assert.match(String(answer.json.error), message);
    }
    assert.equal(((await api('GET', '/binaries')).json as { binaries: unknown[] }).binaries.length, before);
    const padded = await upload({ status: 201, body: 'made' }, 70_000);
    assert.equal(padded.status, 200, 'a section within the first 64 KB of a larger file is read');
    assert.equal((await api('PATCH', '/apps/107', { binary: padded.json.id })).status, 200);
    const res = await fetch(`${sim.url}/__apps/kafka-logger-201`);
    assert.deepEqual([res.status, await res.text()], [201, 'made']);
  });
});
