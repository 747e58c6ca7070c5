// Error bodies in each product's own shape: cloud exceptions, FastAPI details, edge/storage
// `{error}`, identity `{errors}`/`{message}`, Django REST field maps.
import type { ErrorShape } from '../src/schema/endpoint';

export type IssueLocation = 'path' | 'query' | 'body';

/** One refused value; `path` as the client writes it (`interfaces[0].network_id`), '' for the whole part. */
export interface LocatedIssue {
  location: IssueLocation;
  path: string;
  message: string;
}

export type Failure =
  | { kind: 'validation'; issues: LocatedIssue[] }
  | { kind: 'unauthorized'; reason: 'missing' | 'wrong' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'notFound'; message: string }
  | { kind: 'rateLimited' }
  | { kind: 'status'; status: number; message?: string };

/** Thrown by handlers; the server turns it into the product's error body. */
export class SimError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

export const notFound = (message: string) => new SimError({ kind: 'notFound', message });
export const refused = (location: IssueLocation, path: string, message: string) => new SimError({ kind: 'validation', issues: [{ location, path, message }] });

export interface ErrorReply {
  status: number;
  body: Record<string, unknown>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** The key a field map uses: the issue path, or the part's name when the whole part is wrong. */
const fieldName = (issue: LocatedIssue): string => issue.path || issue.location;

function fieldMap(issues: readonly LocatedIssue[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const issue of issues) (map[fieldName(issue)] ??= []).push(issue.message);
  return map;
}

const describeIssues = (issues: readonly LocatedIssue[]): string => issues.map((i) => `${fieldName(i)}: ${i.message}`).join('; ');

/** `interfaces[0].network_id` -> `['interfaces', 0, 'network_id']` for FastAPI's `loc`. */
function locSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string));
  return out;
}

function pythonDict(map: Record<string, string[]>): string {
  const entries = Object.entries(map).map(([k, v]) => `'${k}': [${v.map((m) => `'${m.replaceAll("'", "\\'")}'`).join(', ')}]`);
  return `{${entries.join(', ')}}`;
}

function cloudBody(failure: Failure, requestId: string): ErrorReply {
  const body = (status: number, exception_class: string, message: string, extra: Record<string, unknown> = {}): ErrorReply => ({
    status,
    body: { exception_class, message, request_id: requestId, ...extra },
  });
  switch (failure.kind) {
    case 'validation': {
      const invalid = fieldMap(failure.issues);
      return body(400, 'ValidationError', `Validation Error: ${pythonDict(invalid)}`, { invalid_fields: invalid });
    }
    case 'unauthorized':
      return failure.reason === 'missing'
        ? body(401, 'NotAuthenticated', 'Authentication credentials were not provided.')
        : body(401, 'AuthenticationFailed', 'Token is invalid or expired');
    case 'forbidden':
      return body(403, 'ForbiddenError', failure.message);
    case 'notFound':
      return body(404, 'NotFoundError', failure.message);
    case 'rateLimited':
      return body(429, 'TooManyRequests', 'Request was throttled.');
    case 'status':
      // The platform's cloud API adds a `traceback` to some server errors: the client logs it, never shows it.
      return failure.status >= 500
        ? body(failure.status, 'InternalServerError', `HTTP ${failure.status}: ${statusText(failure.status)}`, { traceback: SIMULATED_TRACEBACK })
        : body(failure.status, 'HTTPError', `HTTP ${failure.status}: ${statusText(failure.status)}`);
  }
}

export const SIMULATED_TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/app/cloud/api/views.py", line 412, in dispatch',
  '    response = handler(request, *args, **kwargs)',
  'simulator.SimulatedServerError: a server error on purpose',
].join('\n');

function securityBody(failure: Failure): ErrorReply {
  switch (failure.kind) {
    case 'validation':
      return {
        status: 422,
        body: {
          detail: failure.issues.map((i) => ({
            loc: [i.location, ...locSegments(i.path)],
            msg: i.message,
            type: i.message === 'is required' ? 'missing' : 'value_error',
          })),
        },
      };
    case 'unauthorized':
      return { status: 401, body: { detail: failure.reason === 'missing' ? 'Not authenticated' : 'Invalid API key' } };
    case 'forbidden':
      return { status: 403, body: { detail: failure.message } };
    case 'notFound':
      return { status: 404, body: { detail: failure.message } };
    case 'rateLimited':
      return { status: 429, body: { detail: 'Too Many Requests' } };
    case 'status':
      return { status: failure.status, body: { detail: failure.message ?? statusText(failure.status) } };
  }
}

/** Edge and storage: `{error: '...'}` for everything. */
function errorFieldBody(failure: Failure): ErrorReply {
  switch (failure.kind) {
    case 'validation':
      return { status: 400, body: { error: describeIssues(failure.issues) } };
    case 'unauthorized':
      return { status: 401, body: { error: failure.reason === 'missing' ? 'authorization header is missing' : 'invalid API key' } };
    case 'forbidden':
      return { status: 403, body: { error: failure.message } };
    case 'notFound':
      return { status: 404, body: { error: failure.message } };
    case 'rateLimited':
      return { status: 429, body: { error: 'too many requests' } };
    case 'status':
      return { status: failure.status, body: { error: statusText(failure.status).toLowerCase() } };
  }
}

function iamBody(failure: Failure): ErrorReply {
  switch (failure.kind) {
    case 'validation':
      return { status: 400, body: { errors: fieldMap(failure.issues) } };
    case 'unauthorized':
      return {
        status: 401,
        body: {
          message: failure.reason === 'missing' ? 'Authentication credentials were not provided.' : 'Given token not valid for any token type.',
        },
      };
    case 'forbidden':
      return { status: 403, body: { message: failure.message } };
    case 'notFound':
      return { status: 404, body: { message: 'Resource not found.' } };
    case 'rateLimited':
      return { status: 429, body: { message: 'Request was throttled.' } };
    case 'status':
      return { status: failure.status, body: { message: `${statusText(failure.status)}.` } };
  }
}

/** Django REST framework. */
function billingBody(failure: Failure): ErrorReply {
  switch (failure.kind) {
    case 'validation':
      return { status: 400, body: fieldMap(failure.issues) };
    case 'unauthorized':
      return {
        status: 401,
        body: { detail: failure.reason === 'missing' ? 'Authentication credentials were not provided.' : 'Invalid token.' },
      };
    case 'forbidden':
      return { status: 403, body: { detail: failure.message } };
    case 'notFound':
      return { status: 404, body: { detail: 'Not found.' } };
    case 'rateLimited':
      return { status: 429, body: { detail: 'Request was throttled.' } };
    case 'status':
      return { status: failure.status, body: { detail: failure.status >= 500 ? 'A server error occurred.' : statusText(failure.status) } };
  }
}

export function errorReply(shape: ErrorShape, failure: Failure, requestId: string): ErrorReply {
  switch (shape) {
    case 'cloud':
      return cloudBody(failure, requestId);
    case 'security':
      return securityBody(failure);
    case 'edge':
    case 'storage':
      return errorFieldBody(failure);
    case 'iam':
      return iamBody(failure);
    case 'billing':
      return billingBody(failure);
  }
}
