// What an HttpClient is made with and what one request takes; its log line.
import type { PlatformErrorKind } from '../schema/errors';
import type { Dialect, ProductArea } from '../schema/dialect';
import type { HttpMethod } from '../schema/endpoint';

/** One line of the request log: never the key, never a body. */
export interface RequestLogEntry {
  method: HttpMethod;
  /** Path and query, relative to the base URL. */
  path: string;
  /** The last HTTP status seen, if the server answered. */
  status?: number;
  ms: number;
  retries: number;
  outcome: 'ok' | PlatformErrorKind;
  requestId?: string;
}

export interface HttpClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Whose paths to send: the spec's (default) or the real platform's. */
  dialect?: Dialect;
  /** A product area served from a base URL of its own (default: `baseUrl` for every area). */
  areaBaseUrls?: Partial<Record<ProductArea, string>>;
  timeoutMs?: number;
  maxRetries?: number;
  /** First backoff step; doubles each retry, with jitter. */
  retryBaseMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails as `rateLimited`. */
  maxRetryAfterMs?: number;
  fetch?: typeof globalThis.fetch;
  /**
   * Aborts when the key may no longer be used (Sign Out): every request in flight is aborted and
   * every later one refused before it is sent, as `signedOut` with the signal's reason.
   */
  revoked?: AbortSignal;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Sent as `User-Agent` (`platform-console/0.1.0`, `platform-console-mcp/0.1.0`): the platform's records say which client used a credential. */
  userAgent?: string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A request body sent as bytes as they are read (a file upload), never held whole. */
export interface RawBody {
  contentType: string;
  /** Sent as `Content-Length`: the server knows the size before the first byte. */
  bytes: number;
  /** The bytes, read once: an upload is never sent twice. */
  chunks: () => AsyncIterable<Uint8Array>;
}
