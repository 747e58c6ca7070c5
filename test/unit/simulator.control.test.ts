// The simulator's control API (/__sim/) is for programs on this machine that hold its token:
// loopback Host only (DNS rebinding), no other site's Origin (a page's cross-site request),
// X-Simulator-Token compared in constant time, JSON bodies only. Its request log never keeps a
// secret's payload, a PEM block or a credential. Every check runs over a real simulator on an
// ephemeral port, with raw HTTP so each header is exactly what a hostile client would send.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { parseCliArgs } from '../../simulator/cliArgs';
import { SimulatorControl } from '../../simulator/controlClient';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { leafExpiringIn } from '../support/certs';

const KEY = 'control-key-5e1f0a';
const WRONG_KEY = 'control-wrong-key-77d3';

interface Raw {
  status: number;
  text: string;
}

type Headers = Record<string, string | undefined>;

/** One request with exactly these headers (node:http, so Host and Origin can be anything); undefined ones are left out. */
function raw(sim: Simulator, method: string, path: string, headers: Headers, body?: string): Promise<Raw> {
  const sent: Record<string, string> = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  if (body !== undefined) sent['Content-Length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: sim.port, method, path, headers: sent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let sim: Simulator;
let control: SimulatorControl;
/** The headers a well-behaved local client sends, the token included. */
const good = (more: Headers = {}): Headers => ({
  Host: `127.0.0.1:${sim.port}`,
  'Content-Type': 'application/json',
  'X-Simulator-Token': sim.controlToken,
  ...more,
});
const fault = JSON.stringify({ route: 'getEdgeApp', kind: 'status', status: 503 });
/** The faults set now, read with the token: proves a refused request changed nothing. */
const faultsNow = async (): Promise<unknown> => JSON.parse((await raw(sim, 'GET', '/__sim/faults', good())).text);

before(async () => {
  sim = await startSimulator({ apiKey: KEY });
  control = new SimulatorControl(sim.url, sim.controlToken);
});
after(() => sim.close());
beforeEach(() => control.reset({ faults: true, requests: true }));

describe('control API: who may call it', () => {
  it('the right token, a loopback Host and a JSON body: works', async () => {
    const res = await raw(sim, 'POST', '/__sim/faults', good(), fault);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await faultsNow(), { faults: [{ route: 'getEdgeApp', kind: 'status', status: 503, fired: 0 }] });
  });

  it('no X-Simulator-Token: 401 saying what is missing, nothing changed', async () => {
    const headers = good({ 'X-Simulator-Token': undefined });
    const res = await raw(sim, 'POST', '/__sim/faults', headers, fault);
    assert.equal(res.status, 401);
    assert.match(JSON.parse(res.text).error, /X-Simulator-Token/);
    assert.equal((await raw(sim, 'GET', '/__sim/requests', headers)).status, 401, 'reads need the token too');
    assert.deepEqual(await faultsNow(), { faults: [] });
  });

  it('a wrong token (same length, another length, the API key): 403, nothing changed', async () => {
    const token = String(sim.controlToken);
    const sameLength = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [sameLength, `${token}x`, token.slice(0, 20), KEY]) {
      const res = await raw(sim, 'POST', '/__sim/faults', good({ 'X-Simulator-Token': wrong }), fault);
      assert.equal(res.status, 403, wrong);
      assert.match(JSON.parse(res.text).error, /X-Simulator-Token/);
      assert.ok(!res.text.includes(token), 'the answer never shows the token');
    }
    assert.deepEqual(await faultsNow(), { faults: [] });
  });

  it('a body that is not application/json: 415, nothing changed', async () => {
    const before = await control.setOptions({});
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      const res = await raw(sim, 'PATCH', '/__sim/options', good({ 'Content-Type': contentType }), JSON.stringify({ taskDurationMs: 1 }));
      assert.equal(res.status, 415, contentType);
      assert.match(JSON.parse(res.text).error, /Content-Type: application\/json/);
    }
    const headers = good({ 'Content-Type': undefined });
    assert.equal((await raw(sim, 'POST', '/__sim/reset', headers, '{}')).status, 415, 'no Content-Type at all');
    assert.equal((await raw(sim, 'POST', '/__sim/reset', headers)).status, 415, 'a POST without a body needs it too');
    assert.deepEqual(await control.setOptions({}), before);
    const withCharset = await raw(
      sim,
      'PATCH',
      '/__sim/options',
      good({ 'Content-Type': 'Application/JSON; charset=utf-8' }),
      JSON.stringify({ taskDurationMs: 5 }),
    );
    assert.equal(withCharset.status, 200, withCharset.text);
    assert.equal((await control.setOptions({ taskDurationMs: before.taskDurationMs })).taskDurationMs, before.taskDurationMs);
  });

  it('a Host that is not loopback (DNS rebinding): 403, nothing changed', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${sim.port}`,
      `127.0.0.1.evil.example:${sim.port}`,
      `localhost.evil.example:${sim.port}`,
      `10.0.0.5:${sim.port}`,
      `0.0.0.0:${sim.port}`,
    ]) {
      const res = await raw(sim, 'POST', '/__sim/faults', good({ Host: host }), fault);
      assert.equal(res.status, 403, host);
      assert.match(JSON.parse(res.text).error, /loopback Host/);
    }
    assert.deepEqual(await faultsNow(), { faults: [] });
    for (const host of [`localhost:${sim.port}`, `LocalHost:${sim.port}`, `[::1]:${sim.port}`, `127.0.0.1:${sim.port}`, 'localhost']) {
      assert.equal((await raw(sim, 'GET', '/__sim/health', good({ Host: host }))).status, 200, host);
    }
  });

  it("an Origin of another site (a browser page's request): 403; a loopback Origin or none passes", async () => {
    for (const origin of ['https://evil.example', 'http://evil.example:80', 'null', `http://127.0.0.1.evil.example:${sim.port}`, 'file://']) {
      const res = await raw(sim, 'POST', '/__sim/faults', good({ Origin: origin }), fault);
      assert.equal(res.status, 403, origin);
      assert.match(JSON.parse(res.text).error, /Origin/);
    }
    assert.deepEqual(await faultsNow(), { faults: [] });
    for (const origin of [`http://127.0.0.1:${sim.port}`, 'http://localhost:8080', 'http://[::1]:3000']) {
      assert.equal((await raw(sim, 'GET', '/__sim/health', good({ Origin: origin }))).status, 200, origin);
    }
  });

  it('a made-up token is random: 256 bits, another per simulator; controlToken sets one', async () => {
    assert.match(sim.controlToken, /^[A-Za-z0-9_-]{43}$/);
    const given = 'a-given-control-token-0123';
    const other = await startSimulator({ apiKey: KEY, controlToken: given });
    try {
      assert.equal(other.controlToken, given);
      assert.notEqual(other.controlToken, sim.controlToken);
      assert.deepEqual(await new SimulatorControl(other.url, given).counts(), {});
      await assert.rejects(new SimulatorControl(other.url, sim.controlToken).counts(), /HTTP 403/);
    } finally {
      await other.close();
    }
    await assert.rejects(startSimulator({ apiKey: KEY, controlToken: 'short' }), /controlToken must be 16 to 256 visible characters/);
  });

  it('on an IPv6 loopback address the URL is bracketed and the control API answers', async () => {
    const v6 = await startSimulator({ apiKey: KEY, host: '::1' });
    try {
      assert.equal(v6.url, `http://[::1]:${v6.port}`);
      assert.deepEqual(await new SimulatorControl(v6.url, v6.controlToken).counts(), {});
    } finally {
      await v6.close();
    }
  });
});

describe('control API: the request log keeps no secrets', () => {
  // Made while the file loads: RSA key generation blocks for seconds on a busy machine, and a block
  // longer than the server's keep-alive (5 s) between two requests resets the reused socket.
  const chain = leafExpiringIn(30);
  it('after a secret create: no private key, certificate, password nor Authorization value', async () => {
    const pem = `${chain.leaf.certificatePem}${chain.leaf.privateKeyPem}`;
    const pemPayload = Buffer.from(pem).toString('base64');
    const password = 'p4ssw0rd-never-logged';
    const passwordPayload = Buffer.from(password).toString('base64');
    const secret = (name: string, payload: string, secretType: string) => ({
      name,
      payload,
      payload_content_encoding: 'base64',
      payload_content_type: 'application/octet-stream',
      secret_type: secretType,
    });
    const created = await probe(sim.url, 'POST', '/cloud/v1/secrets/1/1', { apiKey: KEY, body: secret('tls', pemPayload, 'certificate') });
    assert.equal(created.status, 200, created.text);
    // Refused by its key: its body is never read, so never recorded.
    await probe(sim.url, 'POST', '/cloud/v1/secrets/1/1', { apiKey: WRONG_KEY, body: secret('refused', passwordPayload, 'passphrase') });
    assert.equal(sim.lastRequests('createSecret')['POST createSecret']?.body, undefined, "a refused request's body is not read");
    await probe(sim.url, 'POST', '/cloud/v1/secrets/1/1', {
      apiKey: KEY,
      body: secret('db-password', passwordPayload, 'passphrase'),
      headers: { Cookie: 'session=cookie-value-123' },
    });
    // A secret sent to a path the simulator does not serve is not kept either.
    await probe(sim.url, 'POST', '/cloud/v9/secrets/1/1', { apiKey: KEY, body: { private_key: chain.leaf.privateKeyPem, note: pem } });

    const overHttp = await control.lastRequests();
    const inProcess = sim.lastRequests();
    for (const last of [overHttp, inProcess]) {
      const text = JSON.stringify(last);
      for (const [what, value] of Object.entries({
        'the PEM payload': pemPayload,
        'the password payload': passwordPayload,
        'the password': password,
        'the private key': chain.leaf.privateKeyPem.split('\n')[5]!,
        'the certificate': chain.leaf.certificatePem.split('\n')[5]!,
        'the key': KEY,
        'the wrong key': WRONG_KEY,
        'the cookie': 'cookie-value-123',
        'the control token': sim.controlToken,
      })) {
        assert.ok(!text.includes(value), `the request log holds ${what}`);
      }
      const sent = last['POST createSecret']!;
      assert.equal(sent.auth, 'ok');
      assert.deepEqual(
        sent.body,
        { ...secret('db-password', `[redacted: ${passwordPayload.length} characters]`, 'passphrase') },
        'everything but the payload is kept',
      );
      const stray = last['POST (unknown)']!;
      assert.deepEqual(stray.body, { private_key: `[redacted: ${chain.leaf.privateKeyPem.length} characters]`, note: `[redacted: ${pem.length} characters]` });
    }
  });

  it('keeps what tests check (a profile PATCH, a query) and no body that is not JSON', async () => {
    await probe(sim.url, 'PATCH', '/security/guard/v3/profiles/1', { apiKey: KEY, body: { name: 'Kept', fields: [{ template_field_id: 1, value: '10' }] } });
    await probe(sim.url, 'GET', '/security/guard/v3/profiles/all?name=web&token=query-token-9', { apiKey: KEY });
    await probe(sim.url, 'POST', '/cloud/v1/secrets/1/1', { apiKey: KEY, rawBody: `{"name": "x", "payload": "${Buffer.from('half-sent').toString('base64')}` });
    const last = await control.lastRequests();
    assert.deepEqual(last['PATCH updateProtectionProfile']!.body, { name: 'Kept', fields: [{ template_field_id: 1, value: '10' }] });
    assert.deepEqual(last['GET listProtectionProfiles']!.query, { name: 'web', token: '[redacted: 13 characters]' });
    const broken = last['POST createSecret']!;
    assert.match(String(broken.body), /^\[not JSON: \d+ characters\]$/);
    assert.ok(!JSON.stringify(last).includes(Buffer.from('half-sent').toString('base64')));
  });

  it('an in-process watcher sees each request as sent; the log keeps nothing of it', async () => {
    const seen: unknown[] = [];
    const stop = sim.watchRequests((request) => seen.push(request.body));
    const body = {
      name: 'watched',
      payload: Buffer.from('watched bytes').toString('base64'),
      payload_content_encoding: 'base64',
      payload_content_type: 'application/octet-stream',
      secret_type: 'opaque',
    };
    await probe(sim.url, 'POST', '/cloud/v1/secrets/1/1', { apiKey: KEY, body });
    stop();
    await probe(sim.url, 'POST', '/cloud/v1/secrets/1/1', { apiKey: KEY, body });
    assert.deepEqual(seen, [body], 'once, as sent; nothing after stop()');
    assert.equal((sim.lastRequests('createSecret')['POST createSecret']!.body as { payload: string }).payload, '[redacted: 20 characters]');
  });
});

describe('control API: the token on the command line', () => {
  /** Starts simulator/cli.ts; resolves with its first line and what it printed so far. */
  const startCli = async (args: string[], env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'simulator', 'cli.ts'), '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = { text: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    // Awaited until the line or the child's exit; the minute is only a backstop (tsx took over 8 s to
    // start at load average 15), and the child is killed with it so no process keeps the run alive.
    const line = await new Promise<string>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`${why}: ${output.text}`));
      };
      const timer = setTimeout(() => fail('no listening line within a minute'), 60_000);
      child.once('exit', (code) => fail(`exited (${code}) before its listening line`));
      child.stdout.on('data', () => {
        if (output.text.includes('\n')) {
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve(output.text.split('\n')[0]!);
        }
      });
    });
    const stop = async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      return output.text;
    };
    return { line, stop };
  };

  it('without one, the start line carries a random token that opens the control API; the log output holds no secret', async () => {
    const cli = await startCli(['--api-key', KEY]);
    let output: string;
    try {
      const match = /^Simulator listening on (http:\/\/127\.0\.0\.1:\d+) \(control token: ([A-Za-z0-9_-]{43})\)$/.exec(cli.line);
      assert.ok(match, cli.line);
      const [, url, token] = match;
      assert.deepEqual(await new SimulatorControl(url!, token!).counts(), {});
      assert.equal((await fetch(`${url}/__sim/requests`)).status, 401);
      // A secret created, with the right key and a wrong one: nothing of it reaches stdout or stderr.
      const payload = Buffer.from(leafExpiringIn(30).leaf.privateKeyPem).toString('base64');
      for (const apiKey of [KEY, WRONG_KEY]) {
        await probe(url!, 'POST', '/cloud/v1/secrets/1/1', {
          apiKey,
          body: { name: 'k', payload, payload_content_encoding: 'base64', payload_content_type: 'application/octet-stream', secret_type: 'private' },
        });
      }
    } finally {
      output = await cli.stop();
    }
    assert.equal(output.trim().split('\n').length, 1, output);
    for (const secret of [KEY, WRONG_KEY, 'BEGIN PRIVATE KEY', 'LS0tLS1CRUdJTi']) assert.ok(!output.includes(secret), secret);
  });

  it('--control-token sets it; the start line never shows a given token', async () => {
    const given = 'cli-given-control-token-4d2b';
    const cli = await startCli(['--api-key', KEY, '--control-token', given]);
    let output: string;
    try {
      const match = /^Simulator listening on (http:\/\/127\.0\.0\.1:\d+) \(control token: as given\)$/.exec(cli.line);
      assert.ok(match, cli.line);
      assert.deepEqual(await new SimulatorControl(match[1]!, given).counts(), {});
      await assert.rejects(new SimulatorControl(match[1]!, `${given}-not`).counts(), /HTTP 403/);
    } finally {
      output = await cli.stop();
    }
    assert.ok(!output.includes(given));
  });

  it('SIMULATOR_CONTROL_TOKEN sets it too (the flag wins); a bad token is refused naming the flag and the rule', () => {
    assert.equal(parseCliArgs(['--api-key', 'k'], { SIMULATOR_CONTROL_TOKEN: 'from-the-environment-1' }).controlToken, 'from-the-environment-1');
    assert.equal(
      parseCliArgs(['--api-key', 'k', '--control-token', 'from-the-command-line'], { SIMULATOR_CONTROL_TOKEN: 'from-the-environment-1' }).controlToken,
      'from-the-command-line',
    );
    assert.equal(parseCliArgs(['--api-key', 'k']).controlToken, undefined);
    assert.throws(
      () => parseCliArgs(['--api-key', 'k', '--control-token', 'short']),
      /^Error: --control-token must be 16 to 256 visible characters \(ASCII, no spaces\)$/,
    );
    assert.throws(
      () => parseCliArgs(['--api-key', 'k'], { SIMULATOR_CONTROL_TOKEN: 'has a space in it, long enough' }),
      /^Error: SIMULATOR_CONTROL_TOKEN must be 16 to 256 visible characters/,
    );
  });
});
