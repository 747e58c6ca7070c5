// openStream: a success's body read as it arrives (a report's result), against a real server:
// the bytes arrive whole, a refusal is read like any other, a stall, a cancel and an early stop
// each end the request and close the connection.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { HttpClient } from '../../src/platform/http';
import { endpoints } from '../../src/schema/endpoints';
import { PlatformError } from '../../src/schema/errors';

const KEY = 'stream-key-1a2b3c4d';
const UUID = '6b1f0c9e-0001-4a6e-9c1d-00000000aaaa';
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

let server: Server;
let base = '';
let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
const closed: string[] = [];

before(async () => {
  server = createServer((req, res) => {
    res.on('close', () => closed.push(req.url ?? ''));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new HttpClient({ baseUrl: base, apiKey: KEY, dialect: 'platform', retryBaseMs: 1 });
const open = (c: HttpClient, options: Parameters<HttpClient['openStream']>[2] = {}) =>
  c.openStream(endpoints.downloadReport, { params: { uuid: UUID }, query: { format: 'csv' } }, { accept: 'text/csv', ...options });

async function sendChunks(res: ServerResponse, count: number): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': String(count * CHUNK.length) });
  for (let i = 0; i < count && !res.destroyed; i++) {
    if (!res.write(CHUNK)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

describe('openStream', () => {
  it('hands over the whole body chunk by chunk, with the format asked and the key sent', async () => {
    let seen: IncomingMessage | undefined;
    handler = (req, res) => {
      seen = req;
      void sendChunks(res, 40);
    };
    const opened = await open(client());
    assert.equal(opened.declaredBytes, 40 * CHUNK.length);
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of opened.body) {
      bytes += chunk.byteLength;
      chunks++;
    }
    assert.equal(bytes, 40 * CHUNK.length);
    assert.ok(chunks > 1, 'read in more than one piece');
    assert.equal(seen?.url, `/billing/org/v1/reports/${UUID}/download?format=csv`);
    assert.equal(seen?.headers.accept, 'text/csv');
    assert.equal(seen?.headers.authorization, `apikey ${KEY}`);
  });

  it('reads a refusal as any call does: the platform error text, not retried', async () => {
    let asked = 0;
    handler = (_req, res) => {
      asked++;
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'Failed to render report: missing data for 2026-04' }));
    };
    const error = await open(client()).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformError);
    assert.equal(error.status, 400);
    assert.match(error.message, /Failed to render report: missing data for 2026-04/);
    assert.equal(asked, 1);
  });

  it('a body that stalls fails as a timeout and the connection is closed', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write(CHUNK);
    };
    const opened = await open(client(), { idleTimeoutMs: 150 });
    const error = await (async () => {
      for await (const chunk of opened.body) void chunk;
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformError);
    assert.equal(error.kind, 'timeout');
    await waitFor(() => closed.length > 0);
  });

  it('a cancel mid-body ends it as cancelled; leaving the loop early closes the connection', async () => {
    handler = (_req, res) => void sendChunks(res, 100_000);
    const controller = new AbortController();
    const opened = await open(client(), { signal: controller.signal });
    const error = await (async () => {
      let n = 0;
      for await (const chunk of opened.body) {
        void chunk;
        if (++n === 3) controller.abort();
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformError);
    assert.equal(error.kind, 'cancelled');

    closed.length = 0;
    const second = await open(client());
    for await (const chunk of second.body) {
      void chunk;
      break;
    }
    await waitFor(() => closed.length > 0);
  });

  it('refuses a write endpoint: nothing is sent twice or streamed', async () => {
    await assert.rejects(client().openStream(endpoints.deleteReport as never, { params: { id: UUID } } as never), /GET endpoints only/);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(check(), 'the server saw the connection close');
}
