// Requests seen per route (`POST createSecret`), counted whether or not a fault fired or the
// request was refused. The key is never kept: only whether it was right; no header is kept, and
// of the body and query no secret material (see requestRedaction.ts).
import { keptJson, keptQuery, keptText } from './requestRedaction';

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
  /** `key`, `token 42` (an API token by id) or `none`: which credential it carried, never the credential. */
  credential?: string;
  /** Its User-Agent header (what sent it: the extension, the MCP server, curl). */
  userAgent?: string;
  at: string;
}

/** Sees each request as it arrives, body as sent; whatever it keeps is its own business. */
export type RequestWatcher = (request: SeenRequest) => void;

export class RequestLog {
  readonly #counts = new Map<string, number>();
  /** `platform GET getEdgeApp` -> n: proves which dialect's paths a client sent. */
  readonly #byDialect = new Map<string, number>();
  readonly #last = new Map<string, SeenRequest>();
  /** `token 42 platform-console-mcp/0.1.0` -> n: proves which credential each client used. */
  readonly #byCredential = new Map<string, number>();
  readonly #watchers = new Set<RequestWatcher>();

  /** `bodyIsJson` false: `seen.body` is the text sent, which did not parse. */
  record(seen: SeenRequest, bodyIsJson = true): void {
    for (const watcher of this.#watchers) {
      try {
        watcher(structuredClone(seen));
      } catch (error) {
        process.stderr.write(`simulator: a request watcher failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    const key = `${seen.method} ${seen.route}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    const dialectKey = `${seen.dialect} ${key}`;
    this.#byDialect.set(dialectKey, (this.#byDialect.get(dialectKey) ?? 0) + 1);
    const credentialKey = `${seen.credential ?? 'none'} ${seen.userAgent ?? '(no User-Agent)'}`;
    this.#byCredential.set(credentialKey, (this.#byCredential.get(credentialKey) ?? 0) + 1);
    this.#last.set(key, { ...seen, query: keptQuery(seen.query), body: bodyIsJson ? keptJson(seen.body) : keptText(String(seen.body)) });
  }

  /** In-process only (no control route): for tests that must check the bytes of a secret sent. */
  watch(watcher: RequestWatcher): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  counts(): Record<string, number> {
    return Object.fromEntries([...this.#counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  byDialect(): Record<string, number> {
    return Object.fromEntries([...this.#byDialect.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Requests by credential and User-Agent: `key node`, `token 42 platform-console-mcp/0.1.0`. */
  byCredential(): Record<string, number> {
    return Object.fromEntries([...this.#byCredential.entries()].sort(([a], [b]) => a.localeCompare(b)));
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
    this.#byCredential.clear();
    this.#last.clear();
  }
}
