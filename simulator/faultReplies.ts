// The answers of the faults that answer at all: refusals in the product's shape, throttling,
// a broken JSON body, a proxy's HTML page.
import type { Endpoint } from '../src/schema/endpoint';
import { errorReply, statusText, type Failure, type IssueLocation } from './errors';
import type { ActiveFault } from './faults';
import { jsonReply, type Reply } from './reply';

export interface FaultRequest {
  endpoint: Endpoint;
  requestId: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** The field a simulated 400 names: the one asked for, else the request's first field. */
function refusedField(fault: ActiveFault, request: FaultRequest): { location: IssueLocation; path: string } {
  const bodyKeys = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? Object.keys(request.body) : [];
  if (fault.field) {
    const location: IssueLocation = fault.field in request.params ? 'path' : fault.field in request.query ? 'query' : 'body';
    return { location, path: fault.field };
  }
  if (bodyKeys[0]) return { location: 'body', path: bodyKeys[0] };
  const param = Object.keys(request.params)[0];
  if (param) return { location: 'path', path: param };
  const query = Object.keys(request.query)[0];
  if (query) return { location: 'query', path: query };
  return { location: 'body', path: '' };
}

function statusFailure(status: number, fault: ActiveFault, request: FaultRequest): Failure {
  switch (status) {
    case 400: {
      const field = refusedField(fault, request);
      return { kind: 'validation', issues: [{ ...field, message: 'was refused by the server (simulated fault)' }] };
    }
    case 401:
      return { kind: 'unauthorized', reason: 'wrong' };
    case 403:
      return { kind: 'forbidden', message: 'You do not have permission to perform this action.' };
    case 404:
      return { kind: 'notFound', message: 'Not found (simulated fault)' };
    case 429:
      return { kind: 'rateLimited' };
    default:
      return { kind: 'status', status };
  }
}

function productReply(failure: Failure, request: FaultRequest, headers: Record<string, string> = {}): Reply {
  const { status, body } = errorReply(request.endpoint.errorShape, failure, request.requestId);
  return jsonReply(status, body, headers);
}

export function faultReply(fault: ActiveFault, request: FaultRequest): Reply | undefined {
  const shouldRetry: Record<string, string> = fault.shouldRetry === undefined ? {} : { 'x-should-retry': String(fault.shouldRetry) };
  const retryAfter = (seconds: number | undefined): Record<string, string> => ({
    ...shouldRetry,
    ...(seconds === undefined ? {} : { 'Retry-After': String(seconds) }),
  });
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 500;
      const retry = status === 429 ? retryAfter(fault.retryAfterSeconds ?? 1) : retryAfter(fault.retryAfterSeconds);
      return productReply(statusFailure(status, fault, request), request, retry);
    }
    case 'rateLimit':
      return productReply({ kind: 'rateLimited' }, request, retryAfter(fault.retryAfterSeconds ?? 1));
    case 'malformed':
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"data": [{"id": 1, "name": "trunc' };
    case 'html': {
      const status = fault.status ?? 502;
      const title = `${status} ${statusText(status)}`;
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
      };
    }
    default:
      return undefined;
  }
}
