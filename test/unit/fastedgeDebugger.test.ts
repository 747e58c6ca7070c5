import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestRequestFailed } from '../../src/platform/edgeTestSend';
import { debugPortOf, debuggerHealthy, executeOnDebugger, parseExecuteAnswer } from '../../src/platform/fastedgeDebugger';
import { startFakeDebugger } from '../support/fakeDebugger';

describe("the FastEdge Launcher's local debugger", () => {
  it('reads the port file as an integer 1..65535 and nothing else', () => {
    assert.equal(debugPortOf('5179\n'), 5179);
    assert.equal(debugPortOf(' 1 '), 1);
    assert.equal(debugPortOf('65535'), 65535);
    for (const bad of ['0', '65536', '-1', '51.79', '5179x', '0x1f', '', 'localhost:5179', '99999999']) assert.equal(debugPortOf(bad), undefined, bad);
  });

  it("parses /api/execute's HTTP app answer: status, headers, a base64 body decoded", () => {
    const a = parseExecuteAnswer(
      {
        ok: true,
        result: {
          status: 404,
          statusText: 'Not Found',
          headers: { 'Content-Type': 'text/plain' },
          body: 'aGk=',
          contentType: 'text/plain',
          isBase64: true,
          logs: [],
        },
      },
      7,
    );
    assert.deepEqual(
      { ...a, body: Buffer.from(a.body).toString() },
      {
        status: 404,
        statusText: 'Not Found',
        headers: [['content-type', 'text/plain']],
        body: 'hi',
        cut: false,
        ms: 7,
      },
    );
    const cdn = parseExecuteAnswer({ ok: true, hookResults: {}, finalResponse: { status: 200, statusText: 'OK', headers: {}, body: 'x' } }, 1);
    assert.equal(cdn.status, 200);
  });

  it("a failed run says the debugger's own words", () => {
    assert.throws(() => parseExecuteAnswer({ error: 'No WASM module loaded. Call /api/load first.' }, 1), /did not run it: No WASM module loaded/);
    assert.throws(() => parseExecuteAnswer({ ok: false, error: 'Error: trap' }, 1), /did not run it: Error: trap/);
    assert.throws(() => parseExecuteAnswer({ ok: true, result: {} }, 1), /without a result status/);
    assert.throws(
      () => parseExecuteAnswer('x', 1),
      (e: unknown) => e instanceof TestRequestFailed,
    );
  });

  it('health: the debugger answers as itself; another service on the port does not count', async () => {
    const fake = await startFakeDebugger();
    try {
      assert.equal(await debuggerHealthy(fake.port), true);
      fake.health = { status: 'ok', service: 'something-else' };
      assert.equal(await debuggerHealthy(fake.port), false);
      fake.health = { status: 'ok' };
      assert.equal(await debuggerHealthy(fake.port), true, "the debugger's older server answers without service");
    } finally {
      await fake.close();
    }
    assert.equal(await debuggerHealthy(fake.port), false, 'nothing listening');
  });

  it('runs the request on the debugger: method, path, url, headers and body sent; no key', async () => {
    const fake = await startFakeDebugger();
    try {
      const request = { method: 'POST' as const, path: '/p?q=1', headers: [{ name: 'X-Test', value: '1' }], body: 'b' };
      const answer = await executeOnDebugger(fake.port, request, 'https://hello.example/p?q=1');
      assert.equal(answer.status, 200);
      assert.equal(Buffer.from(answer.body).toString(), 'local answer');
      assert.deepEqual(fake.executed.at(-1)!.body, {
        method: 'POST',
        path: '/p?q=1',
        url: 'https://hello.example/p?q=1',
        headers: { 'X-Test': '1' },
        body: 'b',
      });
      assert.equal(fake.executed.at(-1)!.headers.authorization, undefined);
      assert.equal(fake.executed.at(-1)!.headers.apikey, undefined);
    } finally {
      await fake.close();
    }
  });
});
