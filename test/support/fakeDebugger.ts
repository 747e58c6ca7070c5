// A stand-in for the FastEdge Launcher's local debugger (unit and integration tests): GET /health
// and POST /api/execute in the published shapes (BUNDLED_DEBUGGER.md; godronus/fastedge-test
// server/server.ts), on 127.0.0.1 at a free port, recording what it was asked to run.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDebugger {
  port: number;
  /** What /health answers (change it to test another service on the port). */
  health: unknown;
  /** What /api/execute answers: `result` of an HTTP app's run. */
  result: { status: number; statusText: string; headers: Record<string, string>; body: string; contentType: string | null; isBase64?: boolean };
  executed: { headers: http.IncomingHttpHeaders; body: unknown }[];
  close(): Promise<void>;
}

export async function startFakeDebugger(): Promise<FakeDebugger> {
  const fake: FakeDebugger = {
    port: 0,
    health: { status: 'ok', service: 'fastedge-debugger' } as unknown,
    result: { status: 200, statusText: 'OK', headers: { 'content-type': 'text/plain' }, body: 'local answer', contentType: 'text/plain' },
    executed: [],
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/health') return void res.end(JSON.stringify(fake.health));
      if (req.method === 'POST' && req.url === '/api/execute') {
        fake.executed.push({ headers: req.headers, body: JSON.parse(raw) as unknown });
        return void res.end(JSON.stringify({ ok: true, result: { ...fake.result, logs: [] } }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
