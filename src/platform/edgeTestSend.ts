// A test request sent to an edge app's own URL with the global fetch, never through the platform
// client: no `apikey`, no Authorization, none of the connection's headers, only what the person
// (or the model) gave. A timeout, the answer cut at a byte bound, redirects shown, not followed.
import type { TestRequest } from '../schema/edgeTestRequest';
import { BODY_METHODS } from '../schema/edgeTestRequest';
import { networkReason } from './networkReason';

/** The most of an answer's body kept; the rest is not read (the connection is closed). */
export const TEST_ANSWER_BYTES = 1024 * 1024;
export const TEST_TIMEOUT_MS = 15_000;

/** One answer, from the app's URL or from the Launcher's local debugger. */
export interface TestAnswer {
  status: number;
  statusText: string;
  /** As received, in order (names lower-cased by fetch). */
  headers: [string, string][];
  /** Up to the byte bound. */
  body: Uint8Array;
  /** True when the body went on past the bound (what is shown is its head). */
  cut: boolean;
  ms: number;
}

/** Why a test request got no answer, in words (a timeout, a refused connection); nothing else was tried. */
export class TestRequestFailed extends Error {}

/**
 * The app's URL as the base a test path is put under: http or https with a host, without its query,
 * fragment or trailing `/` (the platform's app URLs are an origin; the simulator's have a path).
 */
export function appBase(url: string | null | undefined): { base: string } | { problem: string } {
  if (!url) return { problem: 'the platform gave the app no URL' };
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    // The URL is the platform's text: not repeated here (an answer or a notification shows it apart).
    return { problem: 'its URL is not an absolute http(s) URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { problem: `only http and https are sent to, not ${parsed.protocol}` };
  if (!parsed.hostname) return { problem: 'its URL names no host' };
  return { base: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}` };
}

/** The request's full URL: the path appended to the base as typed; one that would leave the app's URL (another host, a `..` above it) is refused. */
export function testUrl(base: string, path: string): string {
  const url = `${base}${path}`;
  const parsed = new URL(url);
  const baseUrl = new URL(base);
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  if (parsed.origin !== baseUrl.origin || !(parsed.pathname === basePath || parsed.pathname.startsWith(`${basePath}/`))) {
    throw new TestRequestFailed(`the path ${path.slice(0, 80)} leaves the app's URL`);
  }
  return url;
}

/** Reads at most `limit` bytes of a body, then closes it. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<{ bytes: Uint8Array; cut: boolean }> {
  if (!body) return { bytes: new Uint8Array(), cut: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, size), cut: false };
    const room = limit - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks, limit), cut: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}

export interface SendOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
  /** Injected by the unit tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => number;
}

/** Runs `work` with a signal that aborts on the caller's cancel or after the timeout; the failure said in words. */
export async function withTimeout<T>(what: string, options: SendOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeoutMs = options.timeoutMs ?? TEST_TIMEOUT_MS;
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
  try {
    return await work(signal);
  } catch (error) {
    if (error instanceof TestRequestFailed) throw error;
    if (options.signal?.aborted) throw new TestRequestFailed(`${what}: cancelled`);
    if (timer.signal.aborted) throw new TestRequestFailed(`${what}: no answer within ${timeoutMs / 1000} s`);
    throw new TestRequestFailed(`${what}: ${networkReason(error)}`);
  } finally {
    clearTimeout(handle);
  }
}

/** Sends the request to `url` once; a 3xx comes back as it is, its Location shown, not followed. */
export async function sendTestRequest(url: string, request: TestRequest, options: SendOptions = {}): Promise<TestAnswer> {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const headers = new Headers();
  for (const h of request.headers) headers.append(h.name, h.value);
  const started = now();
  return withTimeout(`${request.method} ${url}`, options, async (signal) => {
    const response = await doFetch(url, {
      method: request.method,
      headers,
      ...(BODY_METHODS.includes(request.method) && request.body !== '' ? { body: request.body } : {}),
      redirect: 'manual',
      signal,
    });
    const { bytes, cut } = await readBounded(response.body, options.maxBytes ?? TEST_ANSWER_BYTES);
    return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: bytes, cut, ms: now() - started };
  });
}
