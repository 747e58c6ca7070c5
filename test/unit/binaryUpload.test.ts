import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeSync, mkdtempSync, openSync, statSync, symlinkSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkWasmFile, sealWasmFile, uploadEdgeBinary } from '../../src/platform/binaryUpload';
import { FileChangedError, sealFile } from '../../src/platform/fileSeal';
import { HttpClient } from '../../src/platform/http';
import { PlatformError } from '../../src/schema/errors';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'upload-key-9d2b';
const dir = mkdtempSync(join(tmpdir(), 'wasm-'));
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const file = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
/** A .wasm of `mib` MiB: the magic, then filler. */
const bigWasm = (name: string, mib: number) => file(name, Buffer.concat([WASM, Buffer.alloc(mib * 1024 * 1024 - WASM.length, 7)]));

describe('a .wasm file checked and hashed', () => {
  it('accepts a file that begins with \\0asm and gives its size', async () => {
    assert.deepEqual(await checkWasmFile(file('ok.wasm', WASM)), { ok: true, file: { path: join(dir, 'ok.wasm'), bytes: 8 } });
  });
  it('refuses anything else, by what it is', async () => {
    const text = await checkWasmFile(file('text.wasm', Buffer.from('hello world')));
    assert.equal(text.ok, false);
    assert.match(!text.ok ? text.problem : '', /not WebAssembly/);
    assert.equal((await checkWasmFile(file('short.wasm', Buffer.from([0, 0x61])))).ok, false);
    assert.match((await checkWasmFile(join(dir, 'missing.wasm'))).ok ? '' : 'ENOENT', /ENOENT/);
  });
  it('the seal: SHA-256 read from one handle equals the hash of the whole file, with its size; not WebAssembly is refused', async () => {
    const path = bigWasm('hash.wasm', 3);
    const { readFileSync } = await import('node:fs');
    const seal = await sealWasmFile(path);
    assert.equal(seal.sha256, createHash('sha256').update(readFileSync(path)).digest('hex'));
    assert.equal(seal.bytes, 3 * 1024 * 1024);
    await assert.rejects(sealWasmFile(file('text2.wasm', Buffer.from('hello world'))), /text2\.wasm: it is not WebAssembly/);
    // A file the person picked may be a link (a build's output): sealed by its real path.
    symlinkSync(path, join(dir, 'linked.wasm'));
    assert.equal((await checkWasmFile(join(dir, 'linked.wasm'))).ok, true);
    assert.deepEqual(await sealWasmFile(join(dir, 'linked.wasm')), seal);
  });
});

describe('the upload client against a local server', () => {
  let received: { headers: IncomingMessage['headers']; bytes: number; chunks: number; done?: 'end' | 'closed short' }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { id: 9001, status: 1, api_type: 'wasi-http' } };
  let hold = false;
  const server = createServer((req, res) => {
    const seen: (typeof received)[number] = { headers: req.headers, bytes: 0, chunks: 0 };
    received.push(seen);
    req.on('data', (c: Buffer) => {
      seen.bytes += c.length;
      seen.chunks++;
      if (hold) req.pause();
    });
    req.on('end', () => {
      seen.done = 'end';
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    req.on('close', () => (seen.done ??= 'closed short'));
  });
  let url = '';
  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  const client = () => new HttpClient({ baseUrl: url, apiKey: KEY, dialect: 'platform', retryBaseMs: 1 });

  it('streams the file with its Content-Length and octet-stream type, reporting bytes as they go', async () => {
    received = [];
    const path = bigWasm('stream.wasm', 8);
    const progress: number[] = [];
    const stored = await uploadEdgeBinary(client(), await sealWasmFile(path), { onProgress: (sent) => progress.push(sent) });
    assert.equal(stored.id, 9001);
    assert.equal(received.length, 1);
    assert.equal(received[0]!.headers['content-length'], String(8 * 1024 * 1024));
    assert.equal(received[0]!.headers['content-type'], 'application/octet-stream');
    assert.equal(received[0]!.headers['transfer-encoding'], undefined);
    assert.equal(received[0]!.bytes, 8 * 1024 * 1024);
    assert.ok(progress.length >= 8, `progress in steps (${progress.length})`);
    assert.equal(progress.at(-1), 8 * 1024 * 1024);
  });

  it('a 429 is sent once and told as the account binary limit', async () => {
    received = [];
    answer = { status: 429, body: { error: 'binary count limit exceeded' } };
    await assert.rejects(uploadEdgeBinary(client(), await sealWasmFile(file('a.wasm', WASM))), (e: unknown) => {
      assert.ok(e instanceof PlatformError);
      assert.match(e.message, /binary limit is reached — delete unused binaries/);
      return true;
    });
    assert.equal(received.length, 1, 'never retried');
    answer = { status: 413, body: { error: 'too big' } };
    await assert.rejects(uploadEdgeBinary(client(), await sealWasmFile(file('a.wasm', WASM))), /binary size limit \(HTTP 413/);
    answer = { status: 503, body: { error: 'busy' } };
    received = [];
    await assert.rejects(
      uploadEdgeBinary(client(), await sealWasmFile(file('a.wasm', WASM))),
      (e: unknown) => e instanceof PlatformError && e.kind === 'server',
    );
    assert.equal(received.length, 1, 'a 503 on a POST is not retried either');
    answer = { status: 200, body: { id: 9001, status: 1, api_type: 'wasi-http' } };
  });

  it('a file changed while it is sent (same size and time): refused before its last chunk, so the server never has the whole body', async () => {
    received = [];
    const path = bigWasm('changing.wasm', 4);
    const seal = await sealWasmFile(path);
    const { atimeMs, mtimeMs } = statSync(path);
    let changedAt = 0;
    const going = uploadEdgeBinary(client(), seal, {
      onProgress: (sent) => {
        if (changedAt) return;
        changedAt = sent;
        // One byte near the end, in place: the size and (restored) time still say it is the confirmed file.
        const fd = openSync(path, 'r+');
        writeSync(fd, Buffer.from([0xee]), 0, 1, 4 * 1024 * 1024 - 10);
        closeSync(fd);
        utimesSync(path, atimeMs / 1000, mtimeMs / 1000);
      },
    });
    await assert.rejects(going, (e: unknown) => {
      assert.ok(e instanceof FileChangedError, String(e));
      assert.match(
        e.message,
        /^changing\.wasm changed after it was confirmed: the bytes read to send have SHA-256 [0-9a-f]{64}, not the [0-9a-f]{64} confirmed\. Nothing was stored/,
      );
      return true;
    });
    assert.ok(changedAt > 0 && changedAt < 4 * 1024 * 1024);
    for (let i = 0; i < 200 && !received[0]?.done; i++) await new Promise((r) => setImmediate(r));
    assert.equal(received[0]?.done, 'closed short', 'the request ended short of its Content-Length');
    assert.ok((received[0]?.bytes ?? 0) < 4 * 1024 * 1024, `the server got ${received[0]?.bytes} of ${4 * 1024 * 1024} bytes: never the whole body`);
  });

  it('cancel stops the upload part way, as cancelled', async () => {
    received = [];
    hold = true;
    const controller = new AbortController();
    const path = bigWasm('cancel.wasm', 16);
    const going = uploadEdgeBinary(client(), await sealWasmFile(path), {
      signal: controller.signal,
      onProgress: (sent) => sent >= 2 * 1024 * 1024 && controller.abort(),
    });
    await assert.rejects(going, (e: unknown) => e instanceof PlatformError && e.kind === 'cancelled');
    hold = false;
    assert.ok((received[0]?.bytes ?? 0) < 16 * 1024 * 1024, 'not all of it arrived');
  });
});

describe('the simulator stores binaries without their bytes', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY });
  });
  after(() => sim.close());
  const client = () => new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' });

  it('answers the published binary_short with the MD5 as checksum, and the request record has size and MD5', async () => {
    const path = bigWasm('sim.wasm', 2);
    const { readFileSync } = await import('node:fs');
    const md5 = createHash('md5').update(readFileSync(path)).digest('hex');
    const stored = await uploadEdgeBinary(client(), await sealWasmFile(path));
    assert.equal(stored.checksum, md5);
    assert.deepEqual(sim.lastRequests('storeEdgeBinary')['POST storeEdgeBinary']?.body, { bytes: 2 * 1024 * 1024, md5 });
  });
  it('refuses a non-wasm body (400), one past the size limit (400 said as the size limit) and past the count limit (429)', async () => {
    const notWasm = file('n.wasm', Buffer.from('not wasm at all'));
    await assert.rejects(
      uploadEdgeBinary(client(), await sealFile(notWasm)),
      (e: unknown) => e instanceof PlatformError && e.status === 400 && /WebAssembly/.test(e.message),
    );
    sim.setOptions({ binarySizeLimitBytes: 1024 * 1024 });
    await assert.rejects(uploadEdgeBinary(client(), await sealWasmFile(bigWasm('big.wasm', 2))), /binary size limit \(HTTP 400/);
    sim.setOptions({ binarySizeLimitBytes: 100 * 1024 * 1024, binaryCountLimit: 1 });
    await assert.rejects(
      uploadEdgeBinary(client(), await sealWasmFile(file('c.wasm', WASM))),
      (e: unknown) => e instanceof PlatformError && e.status === 429 && /binary limit is reached/.test(e.message),
    );
    sim.setOptions({ binaryCountLimit: 1_000_000 });
  });
  it('an app can be pointed only at a stored binary; a binary in use cannot be deleted', async () => {
    const api = client();
    const { createPlatformApi } = await import('../../src/platform/api');
    const typed = createPlatformApi(api);
    await assert.rejects(
      typed.edge.patchEdgeApp({ params: { app_id: 101 }, body: { binary: 999_999 } }),
      (e: unknown) => e instanceof PlatformError && e.status === 400,
    );
    const app = await typed.edge.getOwnEdgeApp({ params: { app_id: 101 } });
    await assert.rejects(typed.edge.deleteEdgeBinary({ params: { binary_id: app.binary! } }), (e: unknown) => e instanceof PlatformError && e.status === 409);
    const stored = await uploadEdgeBinary(api, await sealWasmFile(file('d.wasm', WASM)));
    await typed.edge.deleteEdgeBinary({ params: { binary_id: stored.id } });
  });
});
