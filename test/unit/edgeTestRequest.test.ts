import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { appBase, sendTestRequest, testUrl, TestRequestFailed } from '../../src/platform/edgeTestSend';
import {
  bodyProblem,
  headerProblem,
  parseTypedHeader,
  pathProblem,
  testRequestProblems,
  testRequestShape,
  TEST_LIMITS,
} from '../../src/schema/edgeTestRequest';

describe('edge test request: the rules', () => {
  it('a path starts with one /, has no spaces or control characters, and is bounded', () => {
    assert.equal(pathProblem('/api/hello?q=1'), undefined);
    assert.match(pathProblem('api')!, /^Path: must start with \//);
    assert.match(pathProblem('//evil.example/x')!, /^Path: must not start with \/\//);
    assert.match(pathProblem('/a b')!, /^Path: must not contain spaces/);
    for (const dots of ['/..', '/../x', '/a/./b', '/%2E%2e/x', '/a/..?q']) assert.match(pathProblem(dots)!, /must not contain \. or \.\. segments/, dots);
    assert.equal(pathProblem('/a..b/.well-known/x?q=../'), undefined);
    assert.match(pathProblem('/a\u0000')!, /^Path: must not contain control/);
    assert.match(pathProblem('/a\u202e')!, /^Path: must not contain control or invisible/);
    assert.equal(pathProblem(`/${'a'.repeat(TEST_LIMITS.pathChars - 1)}`), undefined);
    assert.match(pathProblem(`/${'a'.repeat(TEST_LIMITS.pathChars)}`)!, /at most 2048 characters/);
  });

  it('a typed header is Name: value, an HTTP token name, no line breaks, no framing header', () => {
    assert.deepEqual(parseTypedHeader('Accept:  application/json '), { name: 'Accept', value: 'application/json' });
    assert.match((parseTypedHeader('Accept application/json') as { problem: string }).problem, /Name: value/);
    assert.match((parseTypedHeader(': x') as { problem: string }).problem, /needs a name/);
    assert.match((parseTypedHeader('X Bad: 1') as { problem: string }).problem, /HTTP token/);
    assert.match(headerProblem({ name: 'X-A', value: 'a\r\nInjected: 1' })!, /line breaks or control characters/);
    assert.match(headerProblem({ name: 'Host', value: 'evil' })!, /set by the connection itself/);
    assert.match(headerProblem({ name: 'X-A', value: 'v'.repeat(TEST_LIMITS.headerValueChars + 1) })!, /at most 4096 characters/);
    assert.equal(headerProblem({ name: 'X-A', value: 'tab\tinside' }), undefined);
  });

  it('a body only for POST, PUT and PATCH, and at most 64 KB', () => {
    assert.equal(bodyProblem('{}', 'POST'), undefined);
    assert.match(bodyProblem('{}', 'GET')!, /only POST, PUT, PATCH send a body; GET sends none/);
    assert.match(bodyProblem('x'.repeat(TEST_LIMITS.bodyBytes + 1), 'PUT')!, /at most 64 KB/);
  });

  it('a whole request lists every problem; the tool schema says the same rule by field', () => {
    const many = Array.from({ length: TEST_LIMITS.headers + 1 }, (_, i) => ({ name: `X-${i}`, value: '1' }));
    assert.deepEqual(testRequestProblems({ method: 'GET', path: 'x', headers: many, body: 'b' }), [
      'Path: must start with / (a path on the app, like /api/hello?q=1)',
      'Headers: at most 32',
      'Body: only POST, PUT, PATCH send a body; GET sends none',
    ]);
    const schema = z.object(testRequestShape(['GET', 'HEAD']));
    const parsed = schema.safeParse({ method: 'POST', path: '/a b', headers: { 'Bad Name': 'x' } });
    assert.equal(parsed.success, false);
    const issues = parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    assert.ok(
      issues.some((i) => i.startsWith('method:')),
      issues.join('\n'),
    );
    assert.ok(issues.includes('path: must not contain spaces (write a space as %20)'), issues.join('\n'));
    assert.ok(
      issues.some((i) => i.startsWith('headers.Bad Name: Header name')),
      issues.join('\n'),
    );
  });

  it("the app's URL: http or https with a host, its origin only; the path never leaves it", () => {
    assert.deepEqual(appBase('https://hello-201.fastedge.app'), { base: 'https://hello-201.fastedge.app' });
    assert.deepEqual(appBase('http://127.0.0.1:4010/__apps/hello-201/?q=1#x'), { base: 'http://127.0.0.1:4010/__apps/hello-201' });
    assert.match((appBase('javascript:alert(1)') as { problem: string }).problem, /only http and https/);
    assert.match((appBase('file:///etc/passwd') as { problem: string }).problem, /only http and https/);
    assert.match((appBase(null) as { problem: string }).problem, /no URL/);
    assert.equal(testUrl('https://a.example', '/@evil.example/x'), 'https://a.example/@evil.example/x');
    assert.equal(testUrl('http://h/__apps/a', '/x?y=1'), 'http://h/__apps/a/x?y=1');
    assert.throws(() => testUrl('http://h/__apps/a', '/../../fastedge/v1/apps'), /leaves the app's URL/);
    assert.throws(() => testUrl('http://h/__apps/a', '/%2e%2e/%2e%2e/x'), /leaves the app's URL/);
  });
});

describe('edge test request: sending to the app URL', () => {
  let server: http.Server;
  let base: string;
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end(Buffer.alloc(3000, 7));
        } else if (req.url === '/moved') {
          res.writeHead(302, { location: '/elsewhere' });
          res.end();
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('late'), 2000).unref();
        } else {
          res.writeHead(201, 'Made', { 'x-app': 'yes' });
          res.end('hello');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends exactly the given method, headers and body: no Authorization, no apikey', async () => {
    const answer = await sendTestRequest(`${base}/echo`, { method: 'POST', path: '/echo', headers: [{ name: 'X-Test', value: '1' }], body: '{"a":1}' });
    assert.equal(answer.status, 201);
    assert.equal(answer.statusText, 'Made');
    assert.deepEqual(
      answer.headers.find(([k]) => k === 'x-app'),
      ['x-app', 'yes'],
    );
    assert.equal(Buffer.from(answer.body).toString(), 'hello');
    const got = seen.at(-1)!;
    assert.equal(got.method, 'POST');
    assert.equal(got.body, '{"a":1}');
    assert.equal(got.headers['x-test'], '1');
    assert.equal(got.headers.authorization, undefined);
    assert.equal(got.headers.apikey, undefined);
  });

  it('keeps at most the byte bound of the answer and says it was cut', async () => {
    const answer = await sendTestRequest(`${base}/big`, { method: 'GET', path: '/big', headers: [], body: '' }, { maxBytes: 1000 });
    assert.equal(answer.body.length, 1000);
    assert.equal(answer.cut, true);
  });

  it('does not follow a redirect: the 302 and its Location come back', async () => {
    const count = seen.length;
    const answer = await sendTestRequest(`${base}/moved`, { method: 'GET', path: '/moved', headers: [], body: '' });
    assert.equal(answer.status, 302);
    assert.deepEqual(
      answer.headers.find(([k]) => k === 'location'),
      ['location', '/elsewhere'],
    );
    assert.equal(seen.length, count + 1, 'only the first request was made');
  });

  it('gives up after the timeout, in words', async () => {
    await assert.rejects(
      sendTestRequest(`${base}/slow`, { method: 'GET', path: '/slow', headers: [], body: '' }, { timeoutMs: 100 }),
      (e: unknown) => e instanceof TestRequestFailed && /no answer within 0.1 s/.test(e.message),
    );
  });
});
