import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { parseCliArgs } from '../../simulator/cliArgs';
import { SimulatorControl } from '../../simulator/controlClient';
import { parseFaultFlag } from '../../simulator/faults';
import { probe, type ProbeResult } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'faults-key-c0ffee42';
type Json = Record<string, unknown>;

let sim: Simulator;
let control: SimulatorControl;
const call = (method: string, path: string, body?: unknown, signal?: AbortSignal, apiKey: string | null = KEY): Promise<ProbeResult> =>
  probe(sim.url, method, path, { apiKey, body, signal });
const edgeApp = () => call('GET', '/edge/v1/admin/apps/101');
/** A raw control call with the token (and a JSON body when there is one): for answers the typed client turns into errors. */
const controlCall = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${sim.url}/__sim/${path}`, {
    method,
    headers: { 'X-Simulator-Token': sim.controlToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

before(async () => {
  sim = await startSimulator({ apiKey: KEY });
  control = new SimulatorControl(sim.url, sim.controlToken);
});
after(() => sim.close());
beforeEach(() => control.reset({ faults: true, requests: true }));

describe('status faults', () => {
  it('503 once, then fine (times)', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'status', status: 503, times: 1 });
    const first = await edgeApp();
    assert.equal(first.status, 503);
    assert.deepEqual(first.json, { error: 'service unavailable' });
    assert.equal((await edgeApp()).status, 200);
    assert.deepEqual((await controlCall('GET', 'faults').then((r) => r.json())) as Json, { faults: [] });
  });

  it('400 in each product shape, naming a field of the request', async () => {
    await control.setFault({ route: '*', kind: 'status', status: 400 });
    const cloud = await call('POST', '/cloud/v2/pricing/1/1/loadbalancers', { flavor: 'lb1-1-2' });
    assert.deepEqual(Object.keys((cloud.json as { invalid_fields: Json }).invalid_fields), ['flavor']);
    const security = await call('GET', '/security/guard/v3/profiles/all?name=web');
    assert.equal(security.status, 422);
    assert.deepEqual((security.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc, ['query', 'name']);
    const edge = await edgeApp();
    assert.match(String((edge.json as Json).error), /^app_id: /);
    const iam = await call('POST', '/iam/reselling/resellers/701/notification_settings', { notification_type: 'failed_login', email: 'a@b.example' });
    assert.deepEqual(Object.keys((iam.json as { errors: Json }).errors), ['notification_type']);
    const billing = await call('POST', '/billing/org/v1/reports', { template_code: 'X' });
    assert.deepEqual(Object.keys(billing.json as Json), ['template_code']);
    await control.setFault({ route: 'createSecret', kind: 'status', status: 400, field: 'payload' });
    const named = await call('POST', '/cloud/v1/secrets/1/1', { name: 'n' });
    assert.deepEqual(Object.keys((named.json as { invalid_fields: Json }).invalid_fields), ['payload']);
  });

  it('401, 404 and 500 in the product shape', async () => {
    await control.setFault({ route: 'getTrial', kind: 'status', status: 401, times: 1 });
    assert.equal((await call('GET', '/billing/org/v1/trials/401')).status, 401);
    await control.setFault({ route: 'getTrial', kind: 'status', status: 404, times: 1 });
    assert.deepEqual((await call('GET', '/billing/org/v1/trials/401')).json, { detail: 'Not found.' });
    await control.setFault({ route: 'getTask', kind: 'status', status: 500, times: 1 });
    const cloud = await call('GET', '/cloud/v1/tasks/anything');
    assert.equal(cloud.status, 500);
    assert.equal((cloud.json as Json).exception_class, 'InternalServerError');
  });

  it('rateLimit: 429 with Retry-After', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'rateLimit', retryAfterSeconds: 2 });
    const res = await edgeApp();
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '2');
    assert.equal(typeof (res.json as Json).error, 'string');
  });
});

describe('transport faults', () => {
  it('latency: answers after the delay', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'latency', ms: 150 });
    const res = await edgeApp();
    assert.equal(res.status, 200);
    assert.ok(res.ms >= 140, `${res.ms} ms`);
  });

  it('timeout: never answers; the client gives up and the simulator carries on', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'timeout', times: 1 });
    await assert.rejects(call('GET', '/edge/v1/admin/apps/101', undefined, AbortSignal.timeout(150)), { name: 'TimeoutError' });
    assert.equal((await edgeApp()).status, 200);
  });

  it('reset: the connection is destroyed', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'reset', times: 1 });
    await assert.rejects(edgeApp(), (error: Error) => {
      assert.equal(error.name, 'TypeError');
      assert.match(String((error.cause as { code?: string } | undefined)?.code), /ECONNRESET|UND_ERR_SOCKET/);
      return true;
    });
    assert.equal((await edgeApp()).status, 200);
  });

  it('malformed: 200 with a body that is not JSON', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'malformed' });
    const res = await edgeApp();
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /json/);
    assert.throws(() => JSON.parse(res.text));
  });

  it('html: a proxy error page', async () => {
    await control.setFault({ route: 'getEdgeApp', kind: 'html' });
    const res = await edgeApp();
    assert.equal(res.status, 502);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.text, /<title>502 Bad Gateway<\/title>/);
  });

  it('trickle: the valid body, a few bytes at a time', async () => {
    const normal = await edgeApp();
    await control.setFault({ route: 'getEdgeApp', kind: 'trickle', ms: 20, chunkBytes: 200 });
    const slow = await edgeApp();
    assert.equal(slow.status, 200);
    assert.deepEqual(slow.json, normal.json);
    const chunks = Math.ceil(Buffer.byteLength(normal.text) / 200);
    assert.ok(slow.ms >= (chunks - 1) * 20 - 5, `${slow.ms} ms for ${chunks} chunks`);
  });

  it('a route fault wins over "*"; clearing one route keeps the others', async () => {
    await control.setFault({ route: '*', kind: 'status', status: 503 });
    await control.setFault({ route: 'getEdgeApp', kind: 'latency', ms: 1 });
    assert.equal((await edgeApp()).status, 200);
    assert.equal((await call('GET', '/edge/v1/admin/clients/201')).status, 503);
    await control.clearFaults('getEdgeApp');
    assert.equal((await edgeApp()).status, 503);
    await control.clearFaults();
    assert.equal((await edgeApp()).status, 200);
  });

  it('refuses a fault for an unknown route', async () => {
    const res = await controlCall('POST', 'faults', { route: 'nope', kind: 'reset' });
    assert.equal(res.status, 400);
  });

  it('close() ends a request left hanging by a timeout fault', async () => {
    const other = await startSimulator({ apiKey: KEY, faults: [{ route: 'getEdgeApp', kind: 'timeout' }] });
    const pending = probe(other.url, 'GET', '/edge/v1/admin/apps/101', { apiKey: KEY });
    // Closed once the request is held (recorded before its fault): a close() that waited for it would never end (the test's timeout).
    for (let turns = 0; !other.requestCounts()['GET getEdgeApp']; turns++) {
      assert.ok(turns < 100_000, 'the request reached the simulator');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await other.close();
    await assert.rejects(pending);
  });
});

describe('request counting and the last request', () => {
  it('counts per method and route, refused and faulted requests included', async () => {
    await call('GET', '/edge/v1/admin/apps/101');
    await call('GET', '/edge/v1/admin/apps/101', undefined, undefined, null);
    await call('GET', '/edge/v1/admin/apps/0');
    await control.setFault({ route: 'getEdgeApp', kind: 'status', status: 503, times: 1 });
    await call('GET', '/edge/v1/admin/apps/101');
    await call('PATCH', '/security/guard/v3/profiles/1', { name: '' });
    await call('GET', '/nowhere');
    assert.deepEqual(await control.counts(), {
      'GET (unknown)': 1,
      'GET getEdgeApp': 4,
      'PATCH updateProtectionProfile': 1,
    });
    await control.resetRequests();
    assert.deepEqual(await control.counts(), {});
  });

  it('keeps the last request per route, never the key', async () => {
    await call('GET', '/security/guard/v3/profiles/all?name=web&client_id=3');
    await call('PATCH', '/security/guard/v3/profiles/1', { name: 'Last one' }, undefined, 'wrong-key-123');
    const last = await control.lastRequests();
    const list = last['GET listProtectionProfiles']!;
    assert.deepEqual(list.query, { name: 'web', client_id: '3' });
    assert.equal(list.auth, 'ok');
    const patch = last['PATCH updateProtectionProfile']!;
    assert.equal(patch.auth, 'wrong');
    assert.equal(patch.body, undefined, 'a request refused by its key: its body is never read');
    assert.equal(patch.path, '/security/guard/v3/profiles/1');
    const text = JSON.stringify(last);
    assert.ok(!text.includes(KEY) && !text.includes('wrong-key-123'));
    assert.deepEqual(Object.keys(await control.lastRequests('updateProtectionProfile')), ['PATCH updateProtectionProfile']);
  });
});

describe('control API and options', () => {
  it('reads and changes options; resets state to the seed', async () => {
    const options = await control.setOptions({ reportDurationMs: 10, logOrder: 'desc' });
    assert.equal(options.reportDurationMs, 10);
    assert.equal(options.logOrder, 'desc');
    const bad = await controlCall('PATCH', 'options', { logOrder: 'random' });
    assert.equal(bad.status, 400);
    await call('PATCH', '/security/guard/v3/profiles/1', { name: 'Changed' });
    await control.reset();
    const profiles = (await call('GET', '/security/guard/v3/profiles/all?order_by=id')).json as { name: string }[];
    assert.notEqual(profiles[0]!.name, 'Changed');
    await control.setOptions({ reportDurationMs: 4000, logOrder: 'asc' });
  });

  it('answers 404 for an unknown control path', async () => {
    assert.equal((await controlCall('GET', 'nothing')).status, 404);
  });
});

describe('command line', () => {
  it('parses flags and faults', () => {
    const options = parseCliArgs([
      '--port',
      '0',
      '--api-key',
      'k',
      '--seed',
      '9',
      '--fault',
      'getTask=status:503@2',
      '--fault',
      '*=latency:300',
      '--log-rate',
      '2.5',
      '--profile-count',
      '10000',
    ]);
    assert.equal(options.seed, 9);
    assert.equal(options.logRatePerSecond, 2.5);
    assert.equal(options.profileCount, 10_000);
    assert.deepEqual(options.faults, [
      { route: 'getTask', kind: 'status', status: 503, times: 2 },
      { route: '*', kind: 'latency', ms: 300 },
    ]);
    assert.deepEqual(parseFaultFlag('createSecret=rateLimit:5'), { route: 'createSecret', kind: 'rateLimit', retryAfterSeconds: 5 });
    assert.deepEqual(parseFaultFlag('getEdgeApp=trickle'), { route: 'getEdgeApp', kind: 'trickle' });
    assert.throws(() => parseFaultFlag('noSuchRoute=reset'), /route/);
    assert.throws(() => parseFaultFlag('getTask=explode'), /kind/);
    assert.throws(() => parseCliArgs(['--port', '1']), /--api-key is required/);
    assert.equal(parseCliArgs([], { SIMULATOR_API_KEY: 'from-env' }).apiKey, 'from-env');
  });

  it('starts, prints exactly the listening line and never the key', async () => {
    const secret = 'cli-secret-key-98765';
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'simulator', 'cli.ts'), '--port', '0', '--api-key', secret], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        // tsx takes over 8 s to start under load (two runs at load 17-23 failed here); speed is not what this test is about.
        const timer = setTimeout(() => reject(new Error(`no listening line within 30 s: ${output}`)), 30_000);
        child.stdout.on('data', () => {
          if (output.includes('\n')) {
            clearTimeout(timer);
            resolve(output.split('\n')[0]!);
          }
        });
      });
      assert.match(line, /^Simulator listening on http:\/\/127\.0\.0\.1:\d+ \(control token: [A-Za-z0-9_-]{43}\)$/);
      const url = line.slice('Simulator listening on '.length).split(' ')[0]!;
      assert.equal((await probe(url, 'GET', '/edge/v1/admin/apps/101', { apiKey: secret })).status, 200);
      assert.equal((await probe(url, 'GET', '/edge/v1/admin/apps/101', { apiKey: 'nope' })).status, 401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    assert.ok(!output.includes(secret));
    assert.equal(output.trim().split('\n').length, 1);
  });
});
