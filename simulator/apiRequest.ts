// One API request: count it, apply a fault, check the key, validate with the client's schemas,
// run the handler, answer in the product's shape.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Endpoint } from '../src/schema/endpoint';
import type { EndpointName } from '../src/schema/endpoints';
import { credentialLabel } from './apiTokens';
import type { SimCore } from './core';
import { SimError, errorReply, type Failure } from './errors';
import { faultReply } from './faultReplies';
import { handlers } from './handlers/index';
import type { SimContext } from './handlers/types';
import { HUGE_DEFAULT_BYTES, HandlerReply, hugeReply, jsonReply, trickleReply, writeReply, type Reply, type Scheduler } from './reply';
import type { AuthState, PathDialect } from './requestLog';
import { shapeFor } from './dialectShapes';
import type { Dialect } from '../src/schema/dialect';
import { isoMillis } from './timeFormat';
import { validateRequest, type ValidInput } from './validation';
import type { UploadedBody } from './binaryUpload';

type ParsedBody = { ok: true; value: unknown } | { ok: false; text: string };

function parseBody(text: string): ParsedBody {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, text };
  }
}

/** Query keys with the last value each (what the request log and faults show). */
function queryValues(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

/** Every value of each key: a field that takes a list gets them all (`client_id=1&client_id=2`), any other the last. */
function queryLists(url: URL): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) (out[key] ??= []).push(value);
  return out;
}

interface Matched {
  name: EndpointName;
  endpoint: Endpoint;
  rawParams: Record<string, string>;
  query: Record<string, string>;
  queryLists: Record<string, string[]>;
  body: ParsedBody;
  auth: AuthState;
  requestId: string;
  /** Whose shapes the answer takes. */
  shape: Dialect;
  accept: string | undefined;
  upload?: UploadedBody;
}

function failureReply(endpoint: Endpoint, failure: Failure, requestId: string, headers: Record<string, string> = {}): Reply {
  const { status, body } = errorReply(endpoint.errorShape, failure, requestId);
  return jsonReply(status, body, headers);
}

function answer(core: SimCore, m: Matched): Reply {
  if (m.auth !== 'ok') return failureReply(m.endpoint, { kind: 'unauthorized', reason: m.auth }, m.requestId, { 'WWW-Authenticate': 'apikey' });
  try {
    if (!m.body.ok) {
      throw new SimError({ kind: 'validation', issues: [{ location: 'body', path: '', message: 'must be valid JSON' }] });
    }
    const valid = validateRequest(m.endpoint, { params: m.rawParams, query: m.queryLists, body: m.body.value });
    // The table is typed per endpoint; the route match guarantees `valid` came from this endpoint's schemas.
    const handler = handlers[m.name] as unknown as (input: ValidInput, ctx: SimContext) => unknown;
    const result = handler(valid, { state: core.state, options: core.runtime, nowMs: core.now(), requestId: m.requestId, accept: m.accept, upload: m.upload });
    if (result instanceof HandlerReply) return result.reply;
    if (m.endpoint.response === undefined) return { status: m.endpoint.successStatus };
    return jsonReply(m.endpoint.successStatus, shapeFor(m.name, result, m.shape));
  } catch (error) {
    if (error instanceof SimError) return failureReply(m.endpoint, error.failure, m.requestId);
    process.stderr.write(`simulator: ${m.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return failureReply(m.endpoint, { kind: 'status', status: 500 }, m.requestId);
  }
}

export async function serveApi(
  core: SimCore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bodyText: string,
  wait: Scheduler,
  upload?: UploadedBody,
): Promise<void> {
  const method = req.method ?? 'GET';
  const requestId = randomBytes(16).toString('hex');
  res.setHeader('X-Request-Id', requestId);
  const match = core.router.match(method, url.pathname);
  const query = queryValues(url);
  const body = parseBody(bodyText);
  const credential = core.credentialOf(req.headers.authorization);
  const auth: AuthState = credential.kind === 'none' ? credential.reason : 'ok';
  if (credential.kind === 'token') core.state.apiTokens.get(credential.id)!.last_usage = isoMillis(core.now());
  const route = match.kind === 'found' ? match.name : '(unknown)';
  const dialect: PathDialect = match.kind !== 'found' ? 'none' : match.dialects.length > 1 ? 'both' : match.dialects[0]!;
  core.requests.record(
    {
      method,
      route,
      path: url.pathname,
      dialect,
      query,
      body: upload ? { bytes: upload.bytes, md5: upload.md5 } : body.ok ? body.value : body.text,
      auth,
      credential: credentialLabel(credential),
      ...(req.headers['user-agent'] ? { userAgent: req.headers['user-agent'].slice(0, 200) } : {}),
      at: isoMillis(core.now()),
    },
    body.ok,
  );

  if (match.kind === 'none') return writeReply(res, jsonReply(404, { error: 'Not Found', message: `No route for ${method} ${url.pathname}` }));
  if (match.kind === 'wrongMethod') {
    return writeReply(res, jsonReply(405, { error: 'Method Not Allowed', message: `${method} is not allowed here` }, { Allow: match.allowed.join(', ') }));
  }

  // A path both dialects share takes the platform's shapes unless only the spec is served.
  const shape: Dialect = match.dialects.includes('platform') ? 'platform' : 'spec';
  const m: Matched = {
    name: match.name,
    endpoint: match.endpoint,
    rawParams: match.rawParams,
    query,
    queryLists: queryLists(url),
    body,
    auth,
    requestId,
    shape,
    accept: req.headers.accept,
    upload,
  };
  const fault = core.faults.take(match.name);
  if (fault) {
    switch (fault.kind) {
      case 'timeout':
        // Never answer: the client gives up, or close() ends the socket.
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'latency':
        if (!(await wait(fault.ms ?? 1000, res))) return;
        break;
      case 'trickle':
        return trickleReply(res, answer(core, m), fault.chunkBytes ?? 8, fault.ms ?? 200, wait);
      case 'huge': {
        // A streamed answer (a report's result) grows to the size in its own format; others get the JSON filler.
        const reply = answer(core, m);
        const bytes = fault.bytes ?? HUGE_DEFAULT_BYTES;
        if (reply.streamOfSize) return writeReply(res, { ...reply, stream: reply.streamOfSize(bytes) });
        return hugeReply(res, bytes, fault.announce ?? false);
      }
      default: {
        const reply = faultReply(fault, { endpoint: m.endpoint, requestId, params: m.rawParams, query, body: body.ok ? body.value : undefined });
        if (reply) return writeReply(res, reply);
      }
    }
  }
  return writeReply(res, answer(core, m));
}
