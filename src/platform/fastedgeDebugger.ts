// The FastEdge Launcher's local debugger, when it runs for a folder: its port from
// `<folder>/.fastedge-debug/.debug-port`, `GET /health`, and `POST /api/execute` running the same
// test request on the local build. Loopback only (127.0.0.1), never a key or a connection's header.
import type { TestRequest } from '../schema/edgeTestRequest';
import { readBounded, TEST_ANSWER_BYTES, TestRequestFailed, withTimeout, type SendOptions, type TestAnswer } from './edgeTestSend';

export const DEBUG_PORT_FILE = '.fastedge-debug/.debug-port';
const HEALTH_TIMEOUT_MS = 2_000;
/** /health's answer is a few bytes; anything longer is not the debugger. */
const HEALTH_BYTES = 4096;

/** The port file's text as a port: an integer 1..65535 and nothing else (spaces and a newline around it allowed). */
export function debugPortOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port >= 1 && port <= 65535 ? port : undefined;
}

export const debuggerOrigin = (port: number): string => `http://127.0.0.1:${port}`;

/**
 * True when /health answers as the Launcher's debugger: `{"status":"ok","service":"fastedge-debugger"}`
 * (BUNDLED_DEBUGGER.md); the debugger's older server answers `{"status":"ok"}` alone
 * (godronus/fastedge-test server/server.ts), so `service`, when given, must name it.
 */
export async function debuggerHealthy(port: number, options: SendOptions = {}): Promise<boolean> {
  const doFetch = options.fetch ?? fetch;
  try {
    return await withTimeout('health', { timeoutMs: HEALTH_TIMEOUT_MS, ...options }, async (signal) => {
      const response = await doFetch(`${debuggerOrigin(port)}/health`, { redirect: 'manual', signal });
      const { bytes, cut } = await readBounded(response.body, HEALTH_BYTES);
      if (!response.ok || cut) return false;
      const json = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
      if (typeof json !== 'object' || json === null) return false;
      const { status, service } = json as { status?: unknown; service?: unknown };
      return status === 'ok' && (service === undefined || service === 'fastedge-debugger');
    });
  } catch {
    return false;
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * /api/execute's answer as a TestAnswer. The HTTP app's shape, from the debugger's own route
 * (godronus/fastedge-test server/server.ts, `app.post("/api/execute")`, and HttpResponse in
 * server/runner/IWasmRunner.ts): `{ ok: true, result: { status, statusText, headers, body,
 * contentType, isBase64?, logs } }`; a failure `{ ok: false, error }` or `{ error }` (400, 500).
 * A proxy-wasm (CDN) app answers `{ ok: true, hookResults, finalResponse, … }`: its finalResponse
 * has the same fields. Throws TestRequestFailed with the debugger's own words otherwise.
 */
export function parseExecuteAnswer(json: unknown, ms: number, maxBytes = TEST_ANSWER_BYTES): TestAnswer {
  if (typeof json !== 'object' || json === null) throw new TestRequestFailed('the local debugger answered something that is not a JSON object');
  const answer = json as Record<string, unknown>;
  const error = text(answer.error) ?? (answer.error !== undefined ? JSON.stringify(answer.error).slice(0, 500) : undefined);
  if (answer.ok !== true || error !== undefined) throw new TestRequestFailed(`the local debugger did not run it: ${error ?? 'it did not say ok'}`);
  const result = (answer.result ?? answer.finalResponse) as Record<string, unknown> | undefined;
  if (typeof result !== 'object' || result === null || typeof result.status !== 'number') {
    throw new TestRequestFailed('the local debugger answered without a result status');
  }
  const headers = typeof result.headers === 'object' && result.headers !== null ? (result.headers as Record<string, unknown>) : {};
  const raw = text(result.body) ?? '';
  const bytes = result.isBase64 === true ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  return {
    status: result.status,
    statusText: text(result.statusText) ?? '',
    headers: Object.entries(headers).map(([k, v]): [string, string] => [k.toLowerCase(), typeof v === 'string' ? v : JSON.stringify(v)]),
    body: bytes.subarray(0, maxBytes),
    cut: bytes.length > maxBytes,
    ms,
  };
}

/**
 * The request run by the local debugger: `path` (its newer servers) and `url` (its older one reads
 * only `url`, as the app's origin plus the path), the method, headers and body as sent to the app.
 */
export async function executeOnDebugger(port: number, request: TestRequest, appUrl: string, options: SendOptions = {}): Promise<TestAnswer> {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const started = now();
  return withTimeout(`the local debugger on port ${port}`, options, async (signal) => {
    const response = await doFetch(`${debuggerOrigin(port)}/api/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: request.method,
        path: request.path,
        url: appUrl,
        headers: Object.fromEntries(request.headers.map((h) => [h.name, h.value])),
        body: request.body,
      }),
      redirect: 'manual',
      signal,
    });
    // Base64 makes the body a third larger; the JSON around it is small.
    const limit = Math.ceil((options.maxBytes ?? TEST_ANSWER_BYTES) * 1.4) + 64 * 1024;
    const { bytes, cut } = await readBounded(response.body, limit);
    if (cut) throw new TestRequestFailed(`the local debugger's answer is larger than ${Math.round(limit / 1024)} KB`);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new TestRequestFailed(`the local debugger answered ${response.status} without JSON`);
    }
    return parseExecuteAnswer(json, now() - started, options.maxBytes);
  });
}
