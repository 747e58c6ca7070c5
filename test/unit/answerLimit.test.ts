// Issue #37 item 7, "an answer has a size limit": against real HTTP servers on this machine, an
// answer past its endpoint's limit (8 MiB by default, 64 MiB for function logs) is not read: the
// client stops reading and closes the connection (the server sees it closed long before it
// finished), the error is a bad answer that says so, it is logged once and never asked again
// (a GET neither); an announced Content-Length past the limit is refused before reading.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient, type RequestLogEntry } from '../../src/platform/http';
import { DEFAULT_ANSWER_LIMIT_BYTES, answerLimitOf } from '../../src/schema/endpoint';
import { allEndpoints, endpoints } from '../../src/schema/endpoints';
import { LOG_ANSWER_LIMIT_BYTES } from '../../src/schema/faas';
import { startSimulator, type Simulator } from '../../simulator/index';
import { drainedOrClosed } from '../../simulator/reply';
import { rejection } from '../support/rejection';

const KEY = 'limit-key-5e6f7a8b9c';
const MiB = 1024 * 1024;
const LOGS = { params: { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'hello-world' }, query: { limit: 100_000 } };

/** What the server did for one request: bytes written, whether it finished, whether the client closed first. */
interface Served {
  written: number;
  finished: boolean;
  closedEarly: boolean;
}

type Plan = (req: IncomingMessage) => { status?: number; bytes: number; announce?: boolean; headers?: Record<string, string>; body?: (size: number) => Buffer };

/** A server that writes `bytes` per plan, 64 KiB at a time as fast as the client takes them. */
async function streamingServer(plan: Plan): Promise<{ url: string; served: Served[]; close(): Promise<void>; settled(): Promise<void> }> {
  const served: Served[] = [];
  const pending: Promise<void>[] = [];
  const server: Server = createServer((req, res: ServerResponse) => {
    const p = plan(req);
    const record: Served = { written: 0, finished: false, closedEarly: false };
    served.push(record);
    res.writeHead(p.status ?? 200, {
      'Content-Type': 'application/json',
      'X-Request-Id': `req-${served.length}`,
      ...(p.announce ? { 'Content-Length': String(p.bytes) } : {}),
      ...p.headers,
    });
    const body = p.body?.(p.bytes);
    pending.push(
      (async () => {
        const piece = Buffer.alloc(64 * 1024, 0x78);
        while (record.written < p.bytes && !res.destroyed) {
          const chunk = body
            ? body.subarray(record.written, record.written + piece.length)
            : piece.subarray(0, Math.min(piece.length, p.bytes - record.written));
          record.written += chunk.length;
          if (!res.write(chunk)) await drainedOrClosed(res);
        }
        if (res.destroyed) record.closedEarly = record.written < p.bytes || !record.finished;
        else
          await new Promise<void>((resolve) =>
            res.end(() => {
              record.finished = true;
              resolve();
            }),
          );
      })(),
    );
    res.on('close', () => {
      if (!record.finished) record.closedEarly = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    settled: async () => {
      await Promise.all(pending);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function clientFor(url: string) {
  const log: RequestLogEntry[] = [];
  const http = new HttpClient({ baseUrl: url, apiKey: KEY, sleep: async () => {}, onRequest: (e) => log.push(e) });
  return { api: createPlatformApi(http), http, log };
}

describe('an answer has a size limit (issue #37 item 7)', () => {
  it('every endpoint has one: 8 MiB by default, 64 MiB for function logs, 32 MiB for the whole profile list', () => {
    assert.equal(DEFAULT_ANSWER_LIMIT_BYTES, 8 * MiB);
    for (const endpoint of allEndpoints) assert.ok(answerLimitOf(endpoint) >= DEFAULT_ANSWER_LIMIT_BYTES, endpoint.name);
    assert.equal(answerLimitOf(endpoints.getFunctionLogs), LOG_ANSWER_LIMIT_BYTES);
    assert.equal(LOG_ANSWER_LIMIT_BYTES, 64 * MiB);
    assert.equal(answerLimitOf(endpoints.listProtectionProfiles), 32 * MiB);
    const larger = allEndpoints.filter((e) => answerLimitOf(e) > DEFAULT_ANSWER_LIMIT_BYTES).map((e) => e.name);
    assert.deepEqual(larger.sort(), ['getFunctionLogs', 'listProtectionProfiles']);
  });

  describe('streamed past the limit (no Content-Length)', () => {
    let server: Awaited<ReturnType<typeof streamingServer>>;
    before(async () => {
      server = await streamingServer((req) => ({ bytes: 200 * MiB, status: req.url?.includes('/apps/503') ? 503 : 200 }));
    });
    after(() => server.close());

    it('a GET: aborted after 8 MiB, a bad answer that says so, the server sees the socket closed, one request, one log line', async () => {
      const { api, log } = clientFor(server.url);
      const before = server.served.length;
      const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 7 } }));
      assert.equal(error.kind, 'badResponse');
      assert.equal(error.status, 200);
      assert.equal(error.message, 'The answer was larger than 8 MiB: not read, and not asked for again.');
      assert.equal(error.requestId, `req-${before + 1}`);
      assert.equal(error.path, '/edge/v1/admin/apps/7');
      await server.settled();
      assert.equal(server.served.length, before + 1, 'not asked again');
      const served = server.served.at(-1)!;
      assert.ok(served.closedEarly, 'the client closed the connection');
      // What the sockets' buffers hold on top of the limit; far from the 200 MiB it had to send.
      assert.ok(served.written < 8 * MiB + 16 * MiB, `the server wrote ${(served.written / MiB).toFixed(1)} MiB before the client closed`);
      assert.deepEqual(
        log.map((e) => [e.method, e.path, e.status, e.outcome, e.retries]),
        [['GET', '/edge/v1/admin/apps/7', 200, 'badResponse', 0]],
      );
    });

    it('a 503 (a status a GET is retried on) with an oversized body is not retried either', async () => {
      const { api, log } = clientFor(server.url);
      const before = server.served.length;
      const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 503 } }));
      assert.equal(error.kind, 'badResponse');
      assert.equal(error.status, 503);
      await server.settled();
      assert.equal(server.served.length, before + 1);
      assert.equal(log.length, 1);
    });

    it('function logs read up to 64 MiB: past it, the same refusal with its own limit', async () => {
      const { api } = clientFor(server.url);
      const error = await rejection(api.faas.getFunctionLogs(LOGS));
      assert.equal(error.message, 'The answer was larger than 64 MiB: not read, and not asked for again.');
      await server.settled();
      const served = server.served.at(-1)!;
      assert.ok(served.closedEarly);
      assert.ok(served.written > 64 * MiB && served.written < 64 * MiB + 16 * MiB, `${(served.written / MiB).toFixed(1)} MiB written`);
    });
  });

  describe('within the limit, at the limit, announced past it', () => {
    let server: Awaited<ReturnType<typeof streamingServer>>;
    /** A logs answer of `size` bytes: valid JSON, padded with spaces. */
    const logsBody = (size: number) => {
      const json = Buffer.from(JSON.stringify({ logs: [{ Message: 'x'.repeat(1000), Pod: 'p', Time: '2026-01-01T00:00:00.000000000Z' }] }));
      return Buffer.concat([json, Buffer.alloc(size - json.length, 0x20)]);
    };
    before(async () => {
      server = await streamingServer((req) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        // A DELETE answered 200 with 100 MiB nobody needs.
        if (path.includes('/storage/')) return { bytes: 100 * MiB };
        if (path.endsWith('/apps/100')) return { bytes: 100 * MiB, announce: true };
        // An app whose answer is as many bytes as its id: `{"id":1}` and spaces.
        if (path.includes('/apps/'))
          return { bytes: Number(path.split('/').at(-1)), announce: true, body: (n) => Buffer.concat([Buffer.from('{"id":1}'), Buffer.alloc(n - 8, 0x20)]) };
        return { bytes: 12 * MiB, announce: true, body: logsBody };
      });
    });
    after(() => server.close());

    it('an answer of exactly 8 MiB is read; one byte more is not', async () => {
      const { api } = clientFor(server.url);
      assert.equal((await api.edge.getEdgeApp({ params: { app_id: 8 * MiB } })).id, 1);
      const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 8 * MiB + 1 } }));
      assert.equal(error.kind, 'badResponse');
      assert.match(error.message, /^The answer was larger than 8 MiB \(it announced 8\.0 MiB\): not read/);
    });

    it('12 MiB of function logs (more than the default, within their own limit) are read', async () => {
      const { api } = clientFor(server.url);
      const answer = await api.faas.getFunctionLogs(LOGS);
      assert.equal(answer.logs.length, 1);
    });

    it('a Content-Length past the limit is refused before the body is read', async () => {
      const { api, log } = clientFor(server.url);
      const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 100 } }));
      assert.equal(error.message, 'The answer was larger than 8 MiB (it announced 100 MiB): not read, and not asked for again.');
      await server.settled();
      const served = server.served.at(-1)!;
      assert.ok(served.closedEarly);
      assert.ok(served.written < 16 * MiB, `${(served.written / MiB).toFixed(1)} MiB written`);
      assert.equal(log.length, 1);
    });

    it('a DELETE that answers no body: a 2xx is done, whatever comes with it is not read', async () => {
      const { api } = clientFor(server.url);
      await api.storage.deleteStorage({ params: { storage_id: 9 } });
      await server.settled();
      assert.ok(server.served.at(-1)!.closedEarly, 'the 100 MiB were not read');
    });
  });

  describe("the simulator's huge fault", () => {
    let sim: Simulator;
    before(async () => {
      sim = await startSimulator({ apiKey: KEY });
    });
    after(() => sim.close());

    it('streamed or announced, every read of the client refuses it once, and the next request is answered', async () => {
      const { api, log } = clientFor(sim.url);
      for (const announce of [false, true]) {
        sim.resetRequests();
        sim.setFault({ route: 'getEdgeApp', kind: 'huge', announce, times: 1 });
        const error = await rejection(api.edge.getEdgeApp({ params: { app_id: 101 } }));
        assert.match(
          error.message,
          announce ? /^The answer was larger than 8 MiB \(it announced 96 MiB\): not read/ : /^The answer was larger than 8 MiB: not read/,
        );
        assert.equal(sim.requestCounts()['GET getEdgeApp'], 1, 'not asked again');
        assert.equal((await api.edge.getEdgeApp({ params: { app_id: 101 } })).id, 101);
      }
      assert.deepEqual(
        log.map((e) => e.outcome),
        ['badResponse', 'ok', 'badResponse', 'ok'],
      );
    });
  });
});
