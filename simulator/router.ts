// Finds the endpoint for a method and path, using the client's own descriptors.
import { pathParamNames, type Endpoint } from '../src/platform/endpoint';
import { endpoints, type EndpointName } from '../src/platform/endpoints';

interface Route {
  name: EndpointName;
  endpoint: Endpoint;
  pattern: RegExp;
  paramNames: string[];
  /** Literal segments: `/trials/start-trial-data` wins over `/trials/{id}`. */
  literals: number;
}

export type RouteMatch =
  | { kind: 'found'; name: EndpointName; endpoint: Endpoint; rawParams: Record<string, string> }
  | { kind: 'wrongMethod'; allowed: string[] }
  | { kind: 'none' };

function compile(name: EndpointName, endpoint: Endpoint): Route {
  const source = endpoint.path
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    name,
    endpoint,
    pattern: new RegExp(`^${source}/?$`),
    paramNames: pathParamNames(endpoint.path),
    literals: endpoint.path.split('/').filter((s) => s && !s.startsWith('{')).length,
  };
}

const routes: Route[] = (Object.entries(endpoints) as [EndpointName, Endpoint][])
  .map(([name, endpoint]) => compile(name, endpoint))
  .sort((a, b) => b.literals - a.literals);

export function matchRoute(method: string, pathname: string): RouteMatch {
  const allowed = new Set<string>();
  for (const route of routes) {
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
    return { kind: 'found', name: route.name, endpoint: route.endpoint, rawParams };
  }
  return allowed.size > 0 ? { kind: 'wrongMethod', allowed: [...allowed] } : { kind: 'none' };
}
