// Requests seen per route (`POST createSecret`), counted whether or not a fault fired or the
// request was refused. The key is never kept: only whether it was right.

export type AuthState = 'ok' | 'missing' | 'wrong';

/** Whose path a request used: one dialect's own, one both share, or none the simulator serves. */
export type PathDialect = 'spec' | 'platform' | 'both' | 'none';

export interface SeenRequest {
  method: string;
  route: string;
  path: string;
  dialect: PathDialect;
  query: Record<string, string>;
  body: unknown;
  auth: AuthState;
  at: string;
}

export class RequestLog {
  readonly #counts = new Map<string, number>();
  /** `platform GET getEdgeApp` -> n: proves which dialect's paths a client sent. */
  readonly #byDialect = new Map<string, number>();
  readonly #last = new Map<string, SeenRequest>();

  record(seen: SeenRequest): void {
    const key = `${seen.method} ${seen.route}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    const dialectKey = `${seen.dialect} ${key}`;
    this.#byDialect.set(dialectKey, (this.#byDialect.get(dialectKey) ?? 0) + 1);
    this.#last.set(key, seen);
  }

  counts(): Record<string, number> {
    return Object.fromEntries([...this.#counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  byDialect(): Record<string, number> {
    return Object.fromEntries([...this.#byDialect.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  total(): number {
    return [...this.#counts.values()].reduce((a, b) => a + b, 0);
  }

  last(route?: string): Record<string, SeenRequest> {
    return Object.fromEntries([...this.#last.entries()].filter(([, seen]) => route === undefined || seen.route === route));
  }

  reset(): void {
    this.#counts.clear();
    this.#byDialect.clear();
    this.#last.clear();
  }
}
