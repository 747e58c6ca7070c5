// One error type for everything that can go wrong talking to the platform.

export type PlatformErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'signedOut'
  | 'badResponse';

/** One refused value: where it is (`interfaces[0].network_id`) and the rule it broke. */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface PlatformErrorInit {
  kind: PlatformErrorKind;
  message: string;
  /** HTTP status when the server answered. */
  status?: number;
  /** The server's own message, when its body had one. */
  serverMessage?: string;
  requestId?: string;
  issues?: FieldIssue[];
  /** For `rateLimited`: how long the server asked us to wait. */
  retryAfterMs?: number;
  /** `GET /cloud/v1/tasks/…`: which call failed (never carries the key or the query). */
  method?: string;
  path?: string;
  /** What the server said that is for the log only (a cloud `traceback`), never for a notification. */
  logDetail?: string;
  cause?: unknown;
}

/** On every PlatformError, whichever copy of this module made it: the agent tools' lazy bundle holds a copy of its own (esbuild.mjs). */
const BRAND = Symbol.for('platformConsole.PlatformError');

export class PlatformError extends Error {
  /** `instanceof PlatformError` holds for an error made by another bundle's copy of this class; a subclass checks its own prototype. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== PlatformError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly kind: PlatformErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly requestId?: string;
  readonly issues: FieldIssue[];
  readonly retryAfterMs?: number;
  readonly method?: string;
  readonly path?: string;
  readonly logDetail?: string;

  constructor(init: PlatformErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    Object.defineProperty(this, BRAND, { value: true });
    this.name = 'PlatformError';
    this.kind = init.kind;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.issues = init.issues ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.method = init.method;
    this.path = init.path;
    this.logDetail = init.logDetail;
  }

  /** True when the request was refused before anything was sent. */
  get isLocal(): boolean {
    return this.kind === 'validation' && this.status === undefined;
  }
}

export function isPlatformError(value: unknown): value is PlatformError {
  return value instanceof PlatformError;
}

const KIND_TITLES: Record<PlatformErrorKind, string> = {
  validation: 'Invalid request',
  unauthorized: 'API key rejected',
  forbidden: 'Not allowed',
  notFound: 'Not found',
  conflict: 'Conflict',
  rateLimited: 'Too many requests',
  server: 'Server error',
  network: 'Network error',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
  signedOut: 'Signed out',
  badResponse: 'Unexpected response',
};

export function kindTitle(kind: PlatformErrorKind): string {
  return KIND_TITLES[kind];
}

/** "name: must be at most 100 characters; fields[0].value: required" */
export function formatIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
}
