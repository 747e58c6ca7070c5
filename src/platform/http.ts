// The HTTP client: base URL, `Authorization: apikey <key>`, timeout and cancellation, automatic
// retry of GETs only, one error type, and no key in anything it says.
import type * as z from 'zod';
import { PlatformError, kindTitle } from '../schema/errors';
import { kindForStatus, summarizeErrorBody, textSnippet } from './errorBodies';
import type { Dialect, ProductArea } from '../schema/dialect';
import {
  DEFAULT_ANSWER_LIMIT_BYTES,
  answerLimitOf,
  fillPath,
  pathIn,
  type CallInput,
  type CallOutput,
  type Endpoint,
  type HttpMethod,
} from '../schema/endpoint';
import { answerTooLarge, declaredLength, readAnswer } from './answerBody';
import { redact } from './redact';
import { apiKeyProblem, normalizeBaseUrl } from '../schema/connectionRules';
import { issuePath, throwValidation, validateCall } from '../schema/validate';
import { abortableSleep } from './sleep';
import { networkReason } from './networkReason';
import { valueText } from '../schema/valueText';
import { bodyChunks, type OpenedStream, type StreamOptions } from './streamBody';
import { retryAfterFromHeaders, shouldRetryHeader } from './retryHeaders';
import { tellWitness } from './requestWitness';

export { parseRetryAfter, retryAfterFromHeaders, shouldRetryHeader } from './retryHeaders';
export type { CallOptions, HttpClientOptions, RawBody, RequestLogEntry } from './httpOptions';
import type { CallOptions, HttpClientOptions, RawBody, RequestLogEntry } from './httpOptions';
export type { OpenedStream, StreamOptions } from './streamBody';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 3;

interface SendOptions extends CallOptions {
  /** The base URL of the endpoint's product area (default: the client's). */
  baseUrl?: string;
  /** Bytes of the answer read at most (default 8 MiB): past it the request is aborted, a bad answer. */
  answerLimitBytes?: number;
  /** A success needs no body (the endpoint answers none): whatever comes is not read. */
  noSuccessBody?: boolean;
  /** A success's body is handed over unread, as a stream (openStream). */
  streamSuccess?: { accept: string; idleTimeoutMs?: number };
  /** The body as bytes (upload) instead of JSON. */
  raw?: RawBody;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // An array is the key repeated (OpenAPI form, explode: `client_id=1&client_id=2`).
    if (Array.isArray(value)) for (const item of value as unknown[]) search.append(key, valueText(item));
    else search.append(key, valueText(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** A success's body when it was asked for as a stream. */
  stream?: AsyncIterable<Uint8Array>;
}

/** An HTML page (a proxy's error page, a login portal) where the API answers JSON. */
function isHtml(raw: RawResponse): boolean {
  return /\btext\/html\b/i.test(raw.headers.get('content-type') ?? '') || /^\s*<(!doctype\s+html|html)[\s>]/i.test(raw.text);
}

export class HttpClient {
  readonly baseUrl: string;
  readonly dialect: Dialect;
  readonly #areaBaseUrls: Partial<Record<ProductArea, string>>;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #retryBaseMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #onRequest?: (entry: RequestLogEntry) => void;
  readonly #revoked?: AbortSignal;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #userAgent?: string;

  constructor(options: HttpClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.dialect = options.dialect ?? 'spec';
    this.#areaBaseUrls = Object.fromEntries(Object.entries(options.areaBaseUrls ?? {}).map(([area, url]) => [area, normalizeBaseUrl(url)]));
    const problem = apiKeyProblem(options.apiKey);
    if (problem) throwValidation([{ path: 'apiKey', message: problem }]);
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.#retryBaseMs = options.retryBaseMs ?? 500;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#onRequest = options.onRequest;
    this.#revoked = options.revoked;
    this.#sleep = options.sleep ?? abortableSleep;
    this.#random = options.random ?? Math.random;
    this.#userAgent = options.userAgent;
  }

  /** Everything this client says about itself, scrubbed of the key. */
  redact(text: string): string {
    return redact(text, [this.#apiKey]);
  }

  /** The base URL an endpoint of this product area is sent to. */
  baseUrlFor(area: ProductArea): string {
    return this.#areaBaseUrls[area] ?? this.baseUrl;
  }

  /** Validates every part of the call against the endpoint's shapes, then sends it. */
  async call<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<CallOutput<E>> {
    const given = input as { params: unknown; query?: unknown; body?: unknown };
    const { params, query, body } = validateCall(endpoint, given);
    const path = fillPath(pathIn(endpoint, this.dialect), params) + queryString(query);
    const raw = await this.send(endpoint.method, path, endpoint.body ? body : undefined, {
      ...options,
      baseUrl: this.baseUrlFor(endpoint.errorShape),
      answerLimitBytes: answerLimitOf(endpoint),
      noSuccessBody: !endpoint.response,
    });
    if (!endpoint.response) return undefined as CallOutput<E>;
    return this.parse(endpoint.response, raw, endpoint.method, path) as CallOutput<E>;
  }

  /**
   * Validates the call like call(), then sends it and hands over a success's body as a stream (a
   * report's result, hundreds of megabytes): no size limit, a stall limit instead. Errors are read
   * and reported as call() reports them. Only GETs: nothing is sent twice.
   */
  async openStream<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: StreamOptions = {}): Promise<OpenedStream> {
    if (endpoint.method !== 'GET') throw new Error(`openStream reads GET endpoints only, not ${endpoint.name}`);
    const given = input as { params: unknown; query?: unknown };
    const { params, query } = validateCall(endpoint, given);
    const path = fillPath(pathIn(endpoint, this.dialect), params) + queryString(query);
    const raw = await this.send('GET', path, undefined, {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      baseUrl: this.baseUrlFor(endpoint.errorShape),
      streamSuccess: { accept: options.accept ?? 'application/json', idleTimeoutMs: options.idleTimeoutMs },
    });
    return { status: raw.status, headers: raw.headers, declaredBytes: declaredLength(raw.headers), body: raw.stream ?? (async function* () {})() };
  }

  /** Validates the path like call(), then streams `raw` as the body once (a POST is never retried) and parses the answer. */
  async upload<E extends Endpoint>(endpoint: E, input: CallInput<E>, raw: RawBody, options: CallOptions = {}): Promise<CallOutput<E>> {
    const { params, query } = validateCall(endpoint, input);
    const path = fillPath(pathIn(endpoint, this.dialect), params) + queryString(query);
    const answer = await this.send(endpoint.method, path, undefined, {
      ...options,
      raw,
      baseUrl: this.baseUrlFor(endpoint.errorShape),
      answerLimitBytes: answerLimitOf(endpoint),
      noSuccessBody: !endpoint.response,
    });
    return (endpoint.response ? this.parse(endpoint.response, answer, endpoint.method, path) : undefined) as CallOutput<E>;
  }

  private parse(schema: z.ZodType, raw: RawResponse, method: HttpMethod, path: string): unknown {
    const bad = (message: string) =>
      new PlatformError({ kind: 'badResponse', status: raw.status, message: this.redact(message), method, path: path.split('?')[0] });
    if (!raw.text.trim()) throw bad(`The server answered HTTP ${raw.status} with an empty body where data was expected.`);
    let json: unknown;
    try {
      json = JSON.parse(raw.text);
    } catch {
      if (isHtml(raw)) throw bad(`The server's answer is an HTML page instead of JSON: ${textSnippet(raw.text, [this.#apiKey])}`);
      throw bad(`The server's answer is not JSON: ${textSnippet(raw.text, [this.#apiKey])}`);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const first = result.error.issues[0];
      const where = first && first.path.length ? issuePath(first.path) : 'the body';
      throw bad(`The server's answer cannot be used: ${where} ${first?.message ?? 'is not the expected kind of value'}`);
    }
    return result.data;
  }

  /** Sends one request; GETs are retried on 429/502/503/504 and network errors, nothing else is. */
  async send(method: HttpMethod, path: string, body: unknown, given: SendOptions = {}): Promise<RawResponse> {
    if (this.#revoked?.aborted) throw this.signedOut(method, path);
    // The caller's cancel and the key's revocation both stop the request, its retries and their waits.
    const signal = this.#revoked ? (given.signal ? AbortSignal.any([given.signal, this.#revoked]) : this.#revoked) : given.signal;
    const options: SendOptions = { ...given, signal };
    const base = options.baseUrl ?? this.baseUrl;
    const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    const started = Date.now();
    const retryable = method === 'GET';
    let retries = 0;
    let lastStatus: number | undefined;
    // An area served from a host of its own is logged with that host, so the log says where the key went.
    const logPath = base === this.baseUrl ? path : `${base}${path}`;
    let finished = false;
    const finish = (outcome: RequestLogEntry['outcome'], requestId?: string) => {
      finished = true;
      const entry: RequestLogEntry = { method, path: logPath, status: lastStatus, ms: Date.now() - started, retries, outcome, requestId };
      this.#onRequest?.(entry);
      tellWitness(entry);
    };

    for (;;) {
      try {
        const raw = await this.attempt(method, url, path, bodyText, options);
        lastStatus = raw.status;
        if (raw.status >= 200 && raw.status < 300) {
          finish('ok', raw.headers.get('x-request-id') ?? undefined);
          return raw;
        }
        if (raw.status >= 300 && raw.status < 400) {
          // Never followed: the key would go along to wherever it points. Not retried either.
          finish('badResponse');
          throw this.redirected(raw, method, path);
        }
        const error = this.errorFromResponse(raw, method, path);
        // `x-should-retry` overrides our own list either way; a POST, PATCH or DELETE is never retried.
        const canRetry =
          retryable &&
          retries < this.#maxRetries &&
          (shouldRetryHeader(raw.headers) ?? RETRY_STATUSES.has(raw.status)) &&
          (error.retryAfterMs === undefined || error.retryAfterMs <= this.#maxRetryAfterMs);
        if (!canRetry) {
          finish(error.kind, error.requestId);
          throw error;
        }
        await this.backoff(retries, error.retryAfterMs, options.signal);
        retries++;
      } catch (error) {
        if (error instanceof PlatformError && error.kind !== 'network') {
          // One log line per request: an answer refused while it was read (too large) has its status.
          if (!finished) {
            lastStatus = error.status ?? lastStatus;
            finish(error.kind, error.requestId);
          }
          throw error;
        }
        const networkError =
          error instanceof PlatformError
            ? error
            : new PlatformError({
                kind: 'network',
                message: this.redact(`Could not reach ${new URL(url).host}: ${networkReason(error)}`),
                method,
                path,
                cause: undefined,
              });
        if (!retryable || retries >= this.#maxRetries) {
          finish('network');
          throw networkError;
        }
        try {
          await this.backoff(retries, undefined, options.signal);
        } catch {
          finish('cancelled');
          throw this.cancelled(method, path);
        }
        retries++;
      }
    }
  }

  private async backoff(retry: number, retryAfterMs: number | undefined, signal?: AbortSignal): Promise<void> {
    const exponential = this.#retryBaseMs * 2 ** retry;
    const jittered = exponential / 2 + this.#random() * (exponential / 2);
    const delay = retryAfterMs !== undefined ? Math.max(retryAfterMs, 0) : jittered;
    try {
      await this.#sleep(delay, signal);
    } catch {
      throw this.#revoked?.aborted ? this.signedOut('GET', '') : new PlatformError({ kind: 'cancelled', message: 'The request was cancelled.' });
    }
  }

  private redirected(raw: RawResponse, method: HttpMethod, path: string): PlatformError {
    const location = raw.headers.get('location');
    const where = location ? textSnippet(location, [this.#apiKey]) : 'another address';
    return new PlatformError({
      kind: 'badResponse',
      status: raw.status,
      message: this.redact(`The server redirected to ${where} (HTTP ${raw.status}); not followed, so the API key was not sent there. Check the base URL.`),
      method,
      path: path.split('?')[0],
    });
  }

  /** Sign Out happened: nothing more goes out with this key. */
  private signedOut(method: HttpMethod, path: string): PlatformError {
    const reason: unknown = this.#revoked?.reason;
    const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'The connection was signed out.';
    return new PlatformError({ kind: 'signedOut', message, method, path: path.split('?')[0] });
  }

  private cancelled(method: HttpMethod, path: string): PlatformError {
    if (this.#revoked?.aborted) return this.signedOut(method, path);
    return new PlatformError({ kind: 'cancelled', message: 'The request was cancelled.', method, path: path.split('?')[0] });
  }

  /**
   * One try: the timeout covers the whole answer, body included (a trickling body times out too).
   * The body is read up to its limit: past it (or announced past it) the request is aborted.
   */
  private async attempt(method: HttpMethod, url: string, path: string, bodyText: string | undefined, options: SendOptions): Promise<RawResponse> {
    if (options.signal?.aborted) throw this.cancelled(method, path);
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let handedOver = false;
    try {
      const headers: Record<string, string> = { Authorization: `apikey ${this.#apiKey}`, Accept: options.streamSuccess?.accept ?? 'application/json' };
      if (bodyText !== undefined) headers['Content-Type'] = 'application/json';
      if (this.#userAgent) headers['User-Agent'] = this.#userAgent;
      const raw = options.raw;
      if (raw) Object.assign(headers, { 'Content-Type': raw.contentType, 'Content-Length': String(raw.bytes) });
      // A streamed body needs `duplex: 'half'` (Node's fetch); the DOM types do not know it yet.
      const body = raw ? (ReadableStream.from(raw.chunks()) as unknown as RequestInit['body']) : bodyText;
      const response = await this.#fetch(url, { method, headers, body, signal: controller.signal, redirect: 'manual', ...(raw ? { duplex: 'half' } : {}) });
      const { status } = response;
      if (options.noSuccessBody && status >= 200 && status < 300) {
        await response.body?.cancel().catch(() => undefined);
        return { status, headers: response.headers, text: '' };
      }
      if (options.streamSuccess && status >= 200 && status < 300) {
        clearTimeout(timer);
        handedOver = true;
        const idleMs = options.streamSuccess.idleTimeoutMs ?? timeoutMs;
        const release = () => options.signal?.removeEventListener('abort', onAbort);
        const where = path.split('?')[0];
        const stream = bodyChunks(response, controller, idleMs, release, {
          stalled: () =>
            new PlatformError({ kind: 'timeout', message: `Timed out: nothing more arrived within ${Math.round(idleMs / 100) / 10} s.`, method, path: where }),
          cancelled: () => (options.signal?.aborted ? this.cancelled(method, path) : undefined),
          broken: (error) => new PlatformError({ kind: 'network', message: this.redact(`The answer broke off: ${networkReason(error)}`), method, path: where }),
        });
        return { status, headers: response.headers, text: '', stream };
      }
      const limit = options.answerLimitBytes ?? DEFAULT_ANSWER_LIMIT_BYTES;
      const declared = declaredLength(response.headers);
      const answer = declared !== undefined && declared > limit ? ({ tooLarge: true } as const) : await readAnswer(response.body, limit);
      if ('tooLarge' in answer) {
        // Closes the connection: the server stops sending, nothing more is read.
        controller.abort();
        throw answerTooLarge({ limit, declared, status, requestId: response.headers.get('x-request-id') ?? undefined, method, path });
      }
      return { status, headers: response.headers, text: answer.text };
    } catch (error) {
      if (timedOut) {
        throw new PlatformError({
          kind: 'timeout',
          message: `Timed out: no complete answer within ${Math.round(timeoutMs / 100) / 10} s.`,
          method,
          path: path.split('?')[0],
        });
      }
      if (options.signal?.aborted) throw this.cancelled(method, path);
      throw error;
    } finally {
      if (!handedOver) {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      }
    }
  }

  private errorFromResponse(raw: RawResponse, method: HttpMethod, path: string): PlatformError {
    let json: unknown;
    try {
      json = raw.text.trim() ? JSON.parse(raw.text) : undefined;
    } catch {
      json = undefined;
    }
    const summary = summarizeErrorBody(json, [this.#apiKey]);
    const serverMessage = summary.message ?? (raw.text.trim() ? textSnippet(raw.text, [this.#apiKey]) : undefined);
    const requestId = summary.requestId ?? raw.headers.get('x-request-id') ?? undefined;
    const kind = kindForStatus(raw.status);
    const retryAfterMs = retryAfterFromHeaders(raw.headers);
    let message = `${kindTitle(kind)} (HTTP ${raw.status})`;
    if (kind === 'validation') message = `The server refused the request (HTTP ${raw.status})`;
    // A proxy's or gateway's page ("502 Bad Gateway"), not the platform's own error body.
    if (json === undefined && isHtml(raw)) message += ', an HTML page instead of JSON';
    if (serverMessage) message += `: ${serverMessage}`;
    if (kind === 'rateLimited' && retryAfterMs !== undefined) message += ` Try again in ${Math.ceil(retryAfterMs / 1000)} s.`;
    if (requestId) message += ` [request id ${requestId}]`;
    return new PlatformError({
      kind,
      status: raw.status,
      message: this.redact(message),
      serverMessage: serverMessage === undefined ? undefined : this.redact(serverMessage),
      requestId,
      issues: summary.issues.map((i) => ({ path: i.path, message: this.redact(i.message) })),
      retryAfterMs,
      method,
      path: path.split('?')[0],
      logDetail: summary.traceback === undefined ? undefined : this.redact(`server traceback:\n${summary.traceback}`),
    });
  }
}
