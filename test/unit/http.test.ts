// The HTTP client's rules, with a scripted fetch: which calls are retried, how long it waits,
// what error each answer becomes, and that the key never leaks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { PlatformError } from '../../src/schema/errors';
import { HttpClient, parseRetryAfter, type RequestLogEntry } from '../../src/platform/http';
import { normalizeBaseUrl } from '../../src/schema/connectionRules';
import { rejection } from '../support/rejection';

const KEY = 'test-key-9f8e7d6c';

type Answer = Response | Error | ((init: RequestInit) => Promise<Response>);
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function scripted(answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    sent.push({ url: String(url), method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    const answer = answers.shift();
    if (!answer) throw new Error('no scripted answer left');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(init);
    return answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function client(answers: Answer[], extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) {
  const { fetch, sent } = scripted(answers);
  const sleeps: number[] = [];
  const log: RequestLogEntry[] = [];
  const http = new HttpClient({
    baseUrl: 'https://api.example.test/',
    apiKey: KEY,
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    onRequest: (e) => log.push(e),
    ...extra,
  });
  return { api: createPlatformApi(http), sent, sleeps, log };
}

const connReset = () => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });

describe('HttpClient', () => {
  it('sends exactly `Authorization: apikey <key>` to the base URL without doubled slashes', async () => {
    const { api, sent } = client([json(200, { status: 1 })]);
    await api.edge.getEdgeClient({ params: { client_id: 42 } });
    assert.equal(sent[0]?.url, 'https://api.example.test/edge/v1/admin/clients/42');
    assert.equal(sent[0]?.headers.Authorization, `apikey ${KEY}`);
    assert.equal(sent[0]?.method, 'GET');
  });

  it('sends the User-Agent it was given (which client used the credential), and none of its own otherwise', async () => {
    const named = client([json(200, { status: 1 }), new Response(null, { status: 204 })], { userAgent: 'platform-console-mcp/0.1.0' });
    await named.api.edge.getEdgeClient({ params: { client_id: 42 } });
    await named.api.iam.deleteApiToken({ params: { clientId: 1, tokenId: 42 } });
    assert.deepEqual(
      named.sent.map((s) => s.headers['User-Agent']),
      ['platform-console-mcp/0.1.0', 'platform-console-mcp/0.1.0'],
    );
    const plain = client([json(200, { status: 1 })]);
    await plain.api.edge.getEdgeClient({ params: { client_id: 42 } });
    assert.equal(plain.sent[0]?.headers['User-Agent'], undefined);
  });

  it('keeps a base URL path prefix and drops trailing slashes', () => {
    assert.equal(normalizeBaseUrl('https://h.test/api///'), 'https://h.test/api');
    assert.equal(normalizeBaseUrl(' http://127.0.0.1:8080 '), 'http://127.0.0.1:8080');
    assert.throws(() => normalizeBaseUrl('ftp://h.test'), /baseUrl: must be an http/);
    assert.throws(() => normalizeBaseUrl('api.gcore.com'), /baseUrl/);
  });

  it('refuses a key that cannot travel in a header, without echoing it', () => {
    assert.throws(
      () => new HttpClient({ baseUrl: 'https://h.test', apiKey: 'abc def\n' }),
      (e: unknown) => e instanceof PlatformError && /apiKey: must not contain spaces/.test(e.message) && !e.message.includes('abc def'),
    );
  });

  it('sends query values and JSON bodies', async () => {
    const { api, sent } = client([json(200, []), json(201, { uuid: 'u-1', status: 'Pending' })]);
    await api.security.listProtectionProfiles({ params: {}, query: { name: 'web app', client_id: 3, order_by: null } });
    assert.equal(sent[0]?.url, 'https://api.example.test/security/guard/v3/profiles/all?name=web+app&client_id=3');
    await api.billing.createReport({ params: {}, body: { template_code: 'ResellerExpenses', parameters: { date_from: '2025-01-01' } } });
    assert.equal(sent[1]?.method, 'POST');
    assert.equal(sent[1]?.headers['Content-Type'], 'application/json');
    assert.deepEqual(JSON.parse(sent[1]?.body ?? ''), { template_code: 'ResellerExpenses', parameters: { date_from: '2025-01-01' } });
  });

  it('sends a list as the key repeated (OpenAPI form, explode), and refuses a bad item without sending', async () => {
    const page = { count: 0, next: null, previous: null, results: [] };
    const { api, sent } = client([json(200, page)]);
    await api.billing.listTrials({ params: {}, query: { client_id: [501, 502], started_at__isnull: true, limit: 5 } });
    assert.equal(sent[0]?.url, 'https://api.example.test/billing/org/v1/trials?client_id=501&client_id=502&started_at__isnull=true&limit=5');
    await assert.rejects(
      api.billing.listTrials({ params: {}, query: { client_id: [1, 1.5] } }),
      (e: unknown) => e instanceof PlatformError && /client_id\[1\]|client_id\.1/.test(e.message),
    );
    assert.equal(sent.length, 1);
  });

  it('a refused input sends nothing', async () => {
    const { api, sent } = client([]);
    const error = await rejection(api.security.updateProtectionProfile({ params: { protection_profile_id: 0 }, body: { name: '' } }));
    assert.equal(error.kind, 'validation');
    assert.equal(error.isLocal, true);
    assert.deepEqual(
      error.issues.map((i) => i.path),
      ['protection_profile_id', 'name'],
    );
    assert.equal(sent.length, 0);
  });

  it('retries a GET on 503, 502, 504, 429 and network errors, then succeeds', async () => {
    const { api, sent, sleeps, log } = client([json(503, {}), connReset(), json(429, {}, { 'retry-after': '2' }), json(200, { status: 1 })]);
    const result = await api.edge.getEdgeClient({ params: { client_id: 1 } });
    assert.equal(result.status, 1);
    assert.equal(sent.length, 4);
    assert.deepEqual(sleeps, [375, 750, 2000], 'exponential backoff with jitter (random 0.5), Retry-After honoured');
    assert.equal(log.length, 1);
    assert.deepEqual(
      { ...log[0], ms: 0 },
      { method: 'GET', path: '/edge/v1/admin/clients/1', status: 200, ms: 0, retries: 3, outcome: 'ok', requestId: undefined },
    );
  });

  it('gives up after 3 retries with the last error', async () => {
    const { api, sent } = client([json(502, {}), json(502, {}), json(502, {}), json(504, { message: 'upstream timed out' })]);
    const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    assert.equal(sent.length, 4);
    assert.equal(error.kind, 'server');
    assert.equal(error.status, 504);
    assert.match(error.message, /upstream timed out/);
  });

  it('never retries POST, PUT, PATCH or DELETE', async () => {
    for (const call of [
      (api: ReturnType<typeof client>['api']) =>
        api.edge.putEdgeStoreData({ params: { store_id: 1 }, body: [{ key: 'k', datatype: 'kv', op: 'add', payload: { value: 'v' } }] }),
      (api: ReturnType<typeof client>['api']) => api.billing.createReport({ params: {}, body: { template_code: 'x' } }),
      (api: ReturnType<typeof client>['api']) => api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'n' } }),
      (api: ReturnType<typeof client>['api']) => api.storage.deleteStorage({ params: { storage_id: 1 } }),
    ]) {
      for (const answer of [json(503, {}), connReset(), json(429, {}, { 'retry-after': '1' })]) {
        const { api, sent, sleeps } = client([answer, json(200, {})]);
        await rejection(call(api));
        assert.equal(sent.length, 1);
        assert.deepEqual(sleeps, []);
      }
    }
  });

  it('does not wait for a Retry-After longer than its limit', async () => {
    const { api, sent } = client([json(429, { message: 'slow down' }, { 'retry-after': '3600' })]);
    const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    assert.equal(sent.length, 1);
    assert.equal(error.kind, 'rateLimited');
    assert.equal(error.retryAfterMs, 3_600_000);
    assert.match(error.message, /Try again in 3600 s/);
  });

  it('maps statuses to kinds with the server message and request id', async () => {
    const cases: [number, unknown, string, RegExp][] = [
      [
        400,
        { exception_class: 'ValidationError', message: 'bad', request_id: 'r1', invalid_fields: { name: ['too long'] } },
        'validation',
        /name: too long.*request id r1/,
      ],
      [401, { detail: 'Invalid token' }, 'unauthorized', /API key rejected \(HTTP 401\): Invalid token/],
      [403, { detail: 'Cannot update common protection profile' }, 'forbidden', /Cannot update common/],
      [404, { error: 'app not found' }, 'notFound', /app not found/],
      [409, { message: 'exists' }, 'conflict', /exists/],
      [422, { detail: [{ loc: ['body', 'name'], msg: 'too long', type: 'x' }] }, 'validation', /name: too long/],
      [500, '<html><title>Internal Server Error</title></html>', 'server', /^Server error \(HTTP 500\), an HTML page instead of JSON: Internal Server Error$/],
    ];
    for (const [status, body, kind, message] of cases) {
      const raw = typeof body === 'string' ? new Response(body, { status, headers: { 'content-type': 'text/html' } }) : json(status, body);
      const { api } = client([raw]);
      const error = await rejection(api.security.updateProtectionProfile({ params: { protection_profile_id: 1 }, body: { name: 'n' } }));
      assert.equal(error.kind, kind, String(status));
      assert.equal(error.status, status);
      assert.match(error.message, message);
    }
  });

  it('a success body that is not JSON, or lacks what is needed, is badResponse', async () => {
    let { api } = client([new Response('{"tasks": [', { status: 200 })]);
    let error = await rejection(
      api.cloud.createSecret({
        params: { project_id: 1, region_id: 1 },
        body: { name: 'n', payload: 'aGk=', payload_content_encoding: 'base64', payload_content_type: 'application/octet-stream', secret_type: 'opaque' },
      }),
    );
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /not JSON/);
    ({ api } = client([json(200, { tasks: 'nope' })]));
    error = await rejection(
      api.cloud.createSecret({
        params: { project_id: 1, region_id: 1 },
        body: { name: 'n', payload: 'aGk=', payload_content_encoding: 'base64', payload_content_type: 'application/octet-stream', secret_type: 'opaque' },
      }),
    );
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /tasks/);
    ({ api } = client([new Response(null, { status: 204 })]));
    error = await rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    assert.equal(error.kind, 'badResponse');
  });

  it('DELETE with 204 resolves with nothing', async () => {
    const { api, sent } = client([new Response(null, { status: 204 })]);
    assert.equal(await api.storage.deleteStorage({ params: { storage_id: 9 } }), undefined);
    assert.equal(sent[0]?.method, 'DELETE');
  });

  it('times out a request whose answer does not arrive', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { api, sent } = client([hang], { timeoutMs: 30 });
    const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    assert.equal(error.kind, 'timeout');
    assert.equal(sent.length, 1, 'a timeout is not retried');
  });

  it('cancels through an AbortSignal, before or during the request', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { api } = client([hang]);
    const controller = new AbortController();
    const pending = api.edge.getEdgeApp({ params: { app_id: 1 } }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    assert.equal((await rejection(pending)).kind, 'cancelled');
    const pre = client([]);
    assert.equal((await rejection(pre.api.edge.getEdgeApp({ params: { app_id: 1 } }, { signal: AbortSignal.abort() }))).kind, 'cancelled');
    assert.equal(pre.sent.length, 0);
  });

  it('never puts the key in an error or a log line, even when the server echoes it', async () => {
    const echo = json(500, { message: `bad key apikey ${KEY} and ${KEY}`, request_id: 'r' });
    const { api, log } = client([echo]);
    const error = await rejection(api.billing.createReport({ params: {}, body: { template_code: 'x' } }));
    const everything = JSON.stringify({ message: error.message, server: error.serverMessage, log, stack: error.stack });
    assert.equal(everything.includes(KEY), false);
    const net = client([Object.assign(new TypeError('fetch failed'), { cause: new Error(`connect failed for apikey ${KEY}`) })]);
    const error2 = await rejection(net.api.billing.createReport({ params: {}, body: { template_code: 'x' } }));
    assert.equal(error2.kind, 'network');
    assert.equal(error2.message.includes(KEY), false);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('5'), 5000);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(null), undefined);
  });
});

describe("HttpClient: what the platform's own clients read", () => {
  it("x-should-retry: false stops a GET's retries even on a 503; true retries a GET even on a 500", async () => {
    const refused = client([json(503, { message: 'down' }, { 'x-should-retry': 'false' })]);
    await assert.rejects(refused.api.edge.getEdgeApp({ params: { app_id: 1 } }), (e: unknown) => e instanceof PlatformError && e.status === 503);
    assert.equal(refused.sent.length, 1);
    const asked = client([json(500, { message: 'blip' }, { 'x-should-retry': 'true' }), json(200, { id: 1 })]);
    await asked.api.edge.getEdgeApp({ params: { app_id: 1 } });
    assert.equal(asked.sent.length, 2);
    assert.equal(asked.log[0]?.retries, 1);
  });

  it('a PUT goes as PUT with its JSON body, once (#55: the edge store data write)', async () => {
    const { api, sent } = client([json(200, { store_size: 1, revision: 2, write_count: 1, del_count: 0, write_size: 1 })]);
    const answer = await api.edge.putEdgeStoreData({ params: { store_id: 7 }, body: [{ key: 'a/b', datatype: 'kv', op: 'del_key' }] });
    assert.equal(answer.revision, 2);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.method, 'PUT');
    assert.equal(sent[0]?.url, 'https://api.example.test/edge/v1/kv/7/data');
    assert.deepEqual(JSON.parse(sent[0]?.body ?? ''), [{ key: 'a/b', datatype: 'kv', op: 'del_key' }]);
  });

  it('x-should-retry: true never makes a POST, PATCH or DELETE go twice', async () => {
    const { api, sent } = client([json(500, { message: 'blip' }, { 'x-should-retry': 'true' })]);
    await assert.rejects(api.storage.deleteStorage({ params: { storage_id: 9 } }));
    assert.equal(sent.length, 1);
  });

  it('retry-after-ms is honoured before Retry-After', async () => {
    const { api, sleeps } = client([json(429, {}, { 'retry-after-ms': '250', 'Retry-After': '9' }), json(200, { id: 1 })]);
    await api.edge.getEdgeApp({ params: { app_id: 1 } });
    assert.deepEqual(sleeps, [250]);
  });

  it("a cloud traceback goes to the error's log detail, never into its message", async () => {
    const traceback = 'Traceback (most recent call last):\n  File "/app/views.py", line 3\nKeyError: \'x\'';
    const { api } = client([json(500, { exception_class: 'InternalServerError', message: 'HTTP 500: Internal Server Error', request_id: 'r1', traceback })]);
    const error = await rejection(
      api.cloud.addSchedules({ params: { project_id: 1, region_id: 1, policy_id: 1 }, body: { schedules: [{ type: 'interval', days: 1 }] } }),
    );
    assert.ok(error instanceof PlatformError);
    assert.doesNotMatch(error.message, /Traceback|views\.py/);
    assert.match(error.logDetail ?? '', /^server traceback:\nTraceback \(most recent call last\):/);
  });

  it("sends the dialect's path; an area with a base URL of its own goes there", async () => {
    const { api, sent, log } = client([json(200, { id: 1 }), json(200, [])], {
      dialect: 'platform',
      areaBaseUrls: { edge: 'https://fastedge.example.test/' },
    });
    await api.edge.getEdgeApp({ params: { app_id: 7 } });
    await api.security.listProtectionProfiles({ params: {}, query: {} });
    assert.deepEqual(
      sent.map((s) => s.url),
      ['https://fastedge.example.test/fastedge/v1/admin/apps/7', 'https://api.example.test/security/sifter/v3/profiles/all'],
    );
    assert.equal(log[0]?.path, 'https://fastedge.example.test/fastedge/v1/admin/apps/7');
  });
});

describe('HttpClient: a redirect and a revoked key', () => {
  it('a redirect is not followed and not retried: the message names where it pointed', async () => {
    const { api, sent } = client([new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/login' } })]);
    const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    assert.ok(error instanceof PlatformError);
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /^The server redirected to https:\/\/elsewhere\.example\/login \(HTTP 302\); not followed/);
    assert.equal(sent.length, 1);
  });

  it('once revoked, nothing is sent: later calls are refused as signedOut with the reason', async () => {
    const revocation = new AbortController();
    const { api, sent } = client([json(200, { id: 1 })], { revoked: revocation.signal });
    await api.edge.getEdgeApp({ params: { app_id: 1 } });
    revocation.abort(new Error('prod was signed out; nothing more is sent with its key'));
    const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    assert.ok(error instanceof PlatformError);
    assert.equal(error.kind, 'signedOut');
    assert.equal(error.message, 'prod was signed out; nothing more is sent with its key');
    assert.equal(sent.length, 1);
  });

  it('a request in flight is aborted at once when the key is revoked', async () => {
    const revocation = new AbortController();
    const hanging = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { api } = client([hanging], { revoked: revocation.signal });
    const pending = rejection(api.edge.getEdgeApp({ params: { app_id: 1 } }));
    revocation.abort(new Error('signed out'));
    const error = await pending;
    assert.ok(error instanceof PlatformError);
    assert.equal(error.kind, 'signedOut');
  });
});
