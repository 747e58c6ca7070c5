// The platform's lists for one connection: each read once and kept for a short time (a tree and
// the flows after it share one answer; Refresh reads again), and a list the server does not have
// (404 or 405: a spec-only server) remembered, so the UI asks for a typed value from then on
// instead of asking the server again.
import * as z from 'zod';
import { endpoints, type EndpointName } from '../schema/endpoints';
import { isPlatformError } from '../schema/errors';
import type { FaasFunction, FaasNamespace, Flavor, LoadBalancerFlavor, Project, Region } from '../schema/cloudLists';
import type { LifecyclePolicy } from '../schema/cloud';
import type { ReportTemplate } from '../schema/billingLists';
import type { PlatformApi } from './api';

/** A list as the UI meets it: its items, or that the server has no such list, or why it failed. */
export type Loaded<T> = { items: T[] } | { unavailable: true } | { error: unknown };

export const LIST_CACHE_MS = 60_000;

const shapeKeys = (schema: unknown): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/**
 * The server has no such list (a spec-only server): 404 or 405, or a 400 about fields the list
 * never sends (the server read the list's path as another endpoint's: `/reports/templates` as the
 * report `templates`). Anything else is a failed load.
 */
export function isListMissing(error: unknown, endpoint?: EndpointName): boolean {
  if (!isPlatformError(error)) return false;
  if (error.status === 404 || error.status === 405) return true;
  if (error.status !== 400 || !endpoint || error.issues.length === 0) return false;
  const sent = new Set([...shapeKeys(endpoints[endpoint].params), ...shapeKeys(endpoints[endpoint].query)]);
  return error.issues.every((issue) => !sent.has(issue.path.split('.')[0] ?? ''));
}

interface Entry {
  at: number;
  value: Promise<unknown>;
}

export class PlatformLists {
  private readonly cache = new Map<string, Entry>();
  private readonly missing = new Set<EndpointName>();

  constructor(
    private readonly api: PlatformApi,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = LIST_CACHE_MS,
  ) {}

  /** The server answered this list with 404/405 before: the UI asks for a typed value instead. */
  isMissing(endpoint: EndpointName): boolean {
    return this.missing.has(endpoint);
  }

  /**
   * Whether `error` says the server has no such list; if so it is remembered for this connection
   * (every view and flow then does without, not only the one that asked).
   */
  noteMissing(endpoint: EndpointName, error: unknown): boolean {
    if (!isListMissing(error, endpoint)) return false;
    this.missing.add(endpoint);
    return true;
  }

  /** Forgets every kept answer (Refresh); what the server lacks stays remembered. */
  forget(): void {
    this.cache.clear();
  }

  /**
   * One list, read at most once per `ttlMs` for the same key (a failed read is not kept). Never
   * rejects: a failure comes back as `{error}`, a missing list as `{unavailable}`.
   */
  async load<T>(endpoint: EndpointName, key: string, read: () => Promise<T[]>, options: { fresh?: boolean } = {}): Promise<Loaded<T>> {
    if (this.missing.has(endpoint)) return { unavailable: true };
    const cacheKey = `${endpoint} ${key}`;
    const kept = this.cache.get(cacheKey);
    let value: Promise<unknown>;
    if (kept && !options.fresh && this.now() - kept.at < this.ttlMs) value = kept.value;
    else {
      value = read();
      this.cache.set(cacheKey, { at: this.now(), value });
    }
    try {
      return { items: (await value) as T[] };
    } catch (error) {
      if (this.cache.get(cacheKey)?.value === value) this.cache.delete(cacheKey);
      return this.noteMissing(endpoint, error) ? { unavailable: true } : { error };
    }
  }

  projects(fresh = false): Promise<Loaded<Project>> {
    return this.load('listProjects', '', async () => (await this.api.cloud.listProjects({ params: {}, query: { limit: 1000 } })).results, { fresh });
  }

  regions(fresh = false): Promise<Loaded<Region>> {
    return this.load('listRegions', '', async () => (await this.api.cloud.listRegions({ params: {}, query: { limit: 1000 } })).results, { fresh });
  }

  policies(projectId: number, regionId: number, fresh = false): Promise<Loaded<LifecyclePolicy>> {
    const params = { project_id: projectId, region_id: regionId };
    return this.load('listLifecyclePolicies', `${projectId}/${regionId}`, async () => (await this.api.cloud.listLifecyclePolicies({ params })).results, {
      fresh,
    });
  }

  namespaces(projectId: number, regionId: number, fresh = false): Promise<Loaded<FaasNamespace>> {
    const params = { project_id: projectId, region_id: regionId };
    return this.load(
      'listNamespaces',
      `${projectId}/${regionId}`,
      async () => (await this.api.faas.listNamespaces({ params, query: { limit: 1000 } })).results,
      { fresh },
    );
  }

  functions(projectId: number, regionId: number, namespace: string, fresh = false): Promise<Loaded<FaasFunction>> {
    const params = { project_id: projectId, region_id: regionId, namespace_name: namespace };
    return this.load(
      'listFunctions',
      `${projectId}/${regionId}/${namespace}`,
      async () => (await this.api.faas.listFunctions({ params, query: { limit: 1000 } })).results,
      { fresh },
    );
  }

  flavors(projectId: number, regionId: number, fresh = false): Promise<Loaded<Flavor>> {
    const params = { project_id: projectId, region_id: regionId };
    return this.load(
      'listFlavors',
      `${projectId}/${regionId}`,
      async () => (await this.api.cloud.listFlavors({ params, query: { include_prices: true } })).results,
      { fresh },
    );
  }

  loadBalancerFlavors(projectId: number, regionId: number, fresh = false): Promise<Loaded<LoadBalancerFlavor>> {
    const params = { project_id: projectId, region_id: regionId };
    return this.load(
      'listLoadBalancerFlavors',
      `${projectId}/${regionId}`,
      async () => (await this.api.cloud.listLoadBalancerFlavors({ params, query: { include_prices: true, limit: 1000 } })).results,
      { fresh },
    );
  }

  reportTemplates(fresh = false): Promise<Loaded<ReportTemplate>> {
    return this.load('listReportTemplates', '', async () => (await this.api.billing.listReportTemplates({ params: {}, query: { limit: 100 } })).results, {
      fresh,
    });
  }
}
