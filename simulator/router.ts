// Finds the endpoint for a method and path, using the client's own descriptors, in the dialects
// the simulator serves: a spec-only simulator answers the platform's own paths with 404 and the
// reverse; where both dialects share a path, one route serves it.
import type { Dialect } from '../src/schema/dialect';
import { pathIn, pathParamNames, type Endpoint } from '../src/schema/endpoint';
import { endpoints, type EndpointName } from '../src/schema/endpoints';
import { ROUTES } from '../src/schema/routes';

interface Route {
  name: EndpointName;
  endpoint: Endpoint;
  /** The dialects whose path this is (both, where they share it). */
  dialects: Dialect[];
  pattern: RegExp;
  paramNames: string[];
  /** Literal segments: `/trials/start-trial-data` wins over `/trials/{id}`. */
  literals: number;
}

export type RouteMatch =
  | { kind: 'found'; name: EndpointName; endpoint: Endpoint; dialects: Dialect[]; rawParams: Record<string, string> }
  | { kind: 'wrongMethod'; allowed: string[] }
  | { kind: 'none' };

function compile(name: EndpointName, endpoint: Endpoint, path: string, dialects: Dialect[]): Route {
  const source = path
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    name,
    endpoint,
    dialects,
    pattern: new RegExp(`^${source}/?$`),
    paramNames: pathParamNames(path),
    literals: path.split('/').filter((s) => s && !s.startsWith('{')).length,
  };
}

export class Router {
  readonly #routes: Route[];

  constructor(served: readonly Dialect[]) {
    const routes: Route[] = [];
    for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
      const byPath = new Map<string, Dialect[]>();
      // The platform's own endpoints (its lists): a spec-only server lacks them; a simulator that
      // speaks the platform's dialect serves them at either dialect's path, over the same state.
      const dialects = ROUTES[name].platformOnly && !served.includes('platform') ? [] : served;
      for (const dialect of dialects) {
        const path = pathIn(endpoint, dialect);
        byPath.set(path, [...(byPath.get(path) ?? []), dialect]);
      }
      for (const [path, dialects] of byPath) routes.push(compile(name, endpoint, path, dialects));
    }
    this.#routes = routes.sort((a, b) => b.literals - a.literals);
  }

  match(method: string, pathname: string): RouteMatch {
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (route.endpoint.method !== method) {
        allowed.add(route.endpoint.method);
        continue;
      }
      let rawParams: Record<string, string>;
      try {
        rawParams = Object.fromEntries(route.paramNames.map((p, i) => [p, decodeURIComponent(m[i + 1] ?? '')]));
      } catch {
        continue;
      }
      return { kind: 'found', name: route.name, endpoint: route.endpoint, dialects: route.dialects, rawParams };
    }
    return allowed.size > 0 ? { kind: 'wrongMethod', allowed: [...allowed] } : { kind: 'none' };
  }
}
