// The platform's lists (paths.md §2), over the same state the other endpoints read: the apps
// listed are the apps endpoint 6 reads, the policies those schedules are added to, the
// functions those that have logs, the reports those created and read. Paged as the platform
// pages: limit and offset, with `count` (and `next`/`previous` where the platform sends them).
import type { endpoints } from '../../src/schema/endpoints';
import { notFound } from '../errors';
import { INSTANCE_FLAVORS, LOAD_BALANCER_FLAVORS, HOURS_PER_MONTH, regionPricing } from '../priceTables';
import { reportView } from '../reportTasks';
import { cloudSecretsIn } from '../cloudSecretState';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import { REPORT_TEMPLATES, SEEDED_PROJECTS, SEEDED_REGIONS, flavorSize } from '../state/seedLists';
import { templateWire } from './profileTemplates';
import { isoSeconds } from '../timeFormat';
import { filterAndSortProfiles } from './profiles';
import type { Handler } from './types';
import { valueText } from '../../src/schema/valueText';

interface PageQuery {
  limit?: number;
  offset?: number;
}

function page<T>(items: readonly T[], query: PageQuery | undefined, defaultLimit: number): { slice: T[]; offset: number; limit: number } {
  const offset = query?.offset ?? 0;
  const limit = query?.limit ?? defaultLimit;
  return { slice: items.slice(offset, offset + limit), offset, limit };
}

/** `{count, next, previous, results}` with the links a Django REST server sends: the same filters, the next or previous page. */
export function paged<T>(path: string, items: readonly T[], query: PageQuery | undefined, defaultLimit: number) {
  const { slice, offset, limit } = page(items, query, defaultLimit);
  const filters = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (key === 'limit' || key === 'offset' || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) filters.append(key, valueText(item));
  }
  const link = (at: number) => {
    const search = new URLSearchParams(filters);
    search.set('limit', String(limit));
    search.set('offset', String(at));
    return `http://simulator${path}?${search.toString()}`;
  };
  return {
    count: items.length,
    next: offset + limit < items.length ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: slice,
  };
}

const contains = (text: string | null | undefined, part: string | undefined) => !part || (text ?? '').toLowerCase().includes(part.toLowerCase());

// ---------- FastEdge ----------

export const listEdgeApps: Handler<typeof endpoints.listEdgeApps> = ({ query }, { state }) => {
  const own = [...state.edgeApps.values()].filter(
    (a) =>
      a.client_id === EDGE_ACCOUNT_CLIENT &&
      contains(a.name, query?.name) &&
      (query?.status === undefined || a.status === query.status) &&
      (query?.template === undefined || a.template === query.template) &&
      contains(a.api_type, query?.api_type),
  );
  const ordering = query?.ordering ?? 'name';
  const key = ordering.replace(/^-/, '') as 'name' | 'id' | 'status';
  const sorted = own.sort((x, y) => {
    const a = x[key] ?? '';
    const b = y[key] ?? '';
    const order = a < b ? -1 : a > b ? 1 : x.id - y.id;
    return ordering.startsWith('-') ? -order : order;
  });
  const { slice } = page(sorted, query, 25);
  return { count: sorted.length, apps: slice.map((a) => structuredClone(a)) };
};

export const getOwnEdgeApp: Handler<typeof endpoints.getOwnEdgeApp> = ({ params }, { state }) => {
  const app = state.edgeApps.get(params.app_id);
  // Another client's app is not the account's: the account's own endpoint does not know it.
  if (!app || app.client_id !== EDGE_ACCOUNT_CLIENT) throw notFound(`app ${params.app_id} not found`);
  const { client_id: _clientId, ...own } = structuredClone(app);
  return own;
};

export const listEdgeTemplates: Handler<typeof endpoints.listEdgeTemplates> = ({ query }, { state }) => {
  const all = [...state.edgeTemplates.values()].filter((t) => (!query?.only_mine || t.owned) && contains(t.api_type, query?.api_type));
  const { slice } = page(all, query, 50);
  return {
    count: all.length,
    templates: slice.map((t) => ({ id: t.id, name: t.name, short_descr: t.short_descr, long_descr: t.long_descr, api_type: t.api_type, owned: t.owned })),
  };
};

export const getEdgeAccount: Handler<typeof endpoints.getEdgeAccount> = (_input, { state }) => {
  const client = state.edgeClients.get(EDGE_ACCOUNT_CLIENT);
  if (!client) throw notFound('client not found');
  const { id: _id, reseller_id: _reseller, ...view } = structuredClone(client);
  return view;
};

// ---------- billing ----------

export const listReports: Handler<typeof endpoints.listReports> = ({ query }, { state, options, nowMs }) => {
  const views = [...state.reports.values()]
    .map((r) => ({ record: r, view: reportView(r, options.reportDurationMs, nowMs) }))
    .filter(({ record, view }) => (!query?.status || view.status === query.status) && (!query?.template || record.templateCode === query.template));
  const ascending = query?.ordering === 'created_at';
  views.sort((a, b) => (ascending ? a.record.createdMs - b.record.createdMs : b.record.createdMs - a.record.createdMs));
  return paged(
    '/billing/org/v1/reports',
    views.map((v) => v.view),
    query,
    50,
  );
};

export const listReportTemplates: Handler<typeof endpoints.listReportTemplates> = ({ query }) => {
  const all = REPORT_TEMPLATES.filter((t) => contains(t.code, query?.code__icontains) && contains(t.name_en, query?.name_en__icontains));
  return paged('/billing/org/v1/reports/templates', structuredClone(all), query, 100);
};

// ---------- protection profiles ----------

export const listProtectionProfilesPaged: Handler<typeof endpoints.listProtectionProfilesPaged> = ({ query }, { state }) => {
  // Only the page is copied out of the state: 10,000 profiles cost one sort, not 10,000 copies.
  const answer = paged('/security/sifter/v3/profiles', filterAndSortProfiles(state, query), query, 10);
  return { ...answer, results: answer.results.map((p) => structuredClone(p)) };
};

export const listProfileTemplates: Handler<typeof endpoints.listProfileTemplates> = ({ query }, { state }) => {
  const all = [...state.profileTemplates.values()].map(templateWire);
  return page(all, query, 100).slice;
};

// ---------- cloud ----------

export const listProjects: Handler<typeof endpoints.listProjects> = ({ query }, { state }) => {
  const all = SEEDED_PROJECTS.filter((p) => contains(p.name, query?.name)).map((p) => ({
    ...p,
    client_id: state.account.clientId,
    state: 'ACTIVE',
    created_at: isoSeconds(state.referenceMs - p.id * 86_400_000),
    deleted_at: null,
    task_id: null,
  }));
  return { count: all.length, results: page(all, query, 1000).slice };
};

const REGIONS_CREATED_MS = Date.UTC(2020, 0, 1);

/** A region as the published RegionSerializer has it (every required field, nulls where published). */
function regionItem(r: (typeof SEEDED_REGIONS)[number], createdAt: string) {
  return {
    ...r,
    keystone_name: r.slug,
    state: 'ACTIVE',
    task_id: null,
    endpoint_type: 'public',
    external_network_id: null,
    created_on: createdAt,
    created_at: createdAt,
    keystone_id: r.id,
    has_kvm: true,
    has_baremetal: false,
    has_basic_vm: true,
    has_sfs: false,
    has_dbaas: false,
    has_ddos: false,
    vlan_physical_network: 'physnet1',
    available_volume_types: null,
    metrics_database_id: null,
    access_level: 'core',
    has_k8s: true,
    has_ai: false,
    has_ai_gpu: false,
    coordinates: null,
    file_share_types: null,
  };
}

export const listRegions: Handler<typeof endpoints.listRegions> = ({ query }) => {
  const all = SEEDED_REGIONS.filter((r) => contains(r.display_name, query?.display_name)).map((r) => regionItem(r, isoSeconds(REGIONS_CREATED_MS)));
  return { count: all.length, results: page(all, query, 1000).slice };
};

function prices(listPerHour: number, projectId: number, regionId: number, hidden: number) {
  const { currency } = regionPricing(regionId);
  if (projectId === hidden) return { price_per_hour: null, price_per_month: null, currency_code: null, price_status: 'hide' };
  const hour = Math.round(listPerHour * 10_000) / 10_000;
  return { price_per_hour: hour, price_per_month: Math.round(hour * HOURS_PER_MONTH * 100) / 100, currency_code: currency, price_status: 'show' };
}

export const listFlavors: Handler<typeof endpoints.listFlavors> = ({ params, query }, { options }) => {
  const all = Object.entries(INSTANCE_FLAVORS).map(([name, perHour]) => {
    const size = flavorSize(name);
    return {
      flavor_id: name,
      flavor_name: name,
      vcpus: size.vcpus,
      ram: size.ramMb,
      disabled: false,
      os_type: 'linux',
      architecture: 'x86_64',
      hardware_description: { cpu: `${size.vcpus} vCPU`, ram: `${size.ramMb / 1024} GB` },
      ...(query?.include_prices ? prices(perHour, params.project_id, params.region_id, options.hidePricesProjectId) : {}),
    };
  });
  return { count: all.length, results: all };
};

export const listLoadBalancerFlavors: Handler<typeof endpoints.listLoadBalancerFlavors> = ({ params, query }, { options }) => {
  const all = Object.entries(LOAD_BALANCER_FLAVORS).map(([name, perHour]) => {
    const size = flavorSize(name);
    return {
      flavor_id: name,
      flavor_name: name,
      vcpus: size.vcpus,
      ram: size.ramMb,
      ...(query?.include_prices ? prices(perHour, params.project_id, params.region_id, options.hidePricesProjectId) : {}),
    };
  });
  return { count: all.length, results: page(all, query, 1000).slice };
};

export const listLifecyclePolicies: Handler<typeof endpoints.listLifecyclePolicies> = ({ params }, { state }) => {
  const all = [...state.policies.values()].filter((p) => p.project_id === params.project_id && p.region_id === params.region_id);
  return { count: all.length, results: all.map((p) => structuredClone(p)) };
};

/** A function as the published FunctionSerializer has it (every required field). */
function functionItem(f: { projectId: number; regionId: number; namespace: string; name: string }, createdAt: string, disabled: ReadonlySet<string>) {
  return {
    id: `${f.namespace}-${f.name}`,
    name: f.name,
    status: disabled.has(`${f.projectId}/${f.regionId}/${f.namespace}/${f.name}`) ? 'DISABLED' : 'ACTIVE',
    runtime: 'python3.11',
    timeout: 60,
    flavor: '80mCPU-128MB',
    autoscaling: { min_instances: 1, max_instances: 1 },
    code_text: 'def main(event):\n    return "ok"\n',
    main_method: 'main',
    endpoint: `https://${f.name}-${f.namespace}.faas.example/`,
    build_status: 'succeeded',
    build_message: '',
    created_at: createdAt,
    deploy_status: { total: 1, ready: 1 },
    dependencies: '',
    description: '',
  };
}

export const listNamespaces: Handler<typeof endpoints.listNamespaces> = ({ params, query }, { state }) => {
  const here = state.logs.list().filter((f) => f.projectId === params.project_id && f.regionId === params.region_id);
  const names = [...new Set(here.map((f) => f.namespace))].filter((n) => contains(n, query?.search)).sort();
  const created = isoSeconds(state.referenceMs);
  const all = names.map((name) => {
    const functions = here
      .filter((f) => f.namespace === name)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((f) => functionItem(f, created, state.disabledFunctions));
    return {
      name,
      status: 'ACTIVE',
      functions,
      functions_deploy_status: { total: functions.length, ready: functions.length },
      created_at: created,
      description: '',
    };
  });
  return { count: all.length, results: page(all, query, 1000).slice };
};

export const listFunctions: Handler<typeof endpoints.listFunctions> = ({ params, query }, { state }) => {
  const all = state.logs
    .list()
    .filter(
      (f) => f.projectId === params.project_id && f.regionId === params.region_id && f.namespace === params.namespace_name && contains(f.name, query?.search),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((f) => functionItem(f, isoSeconds(state.referenceMs), state.disabledFunctions));
  if (
    all.length === 0 &&
    !state.logs.list().some((f) => f.projectId === params.project_id && f.regionId === params.region_id && f.namespace === params.namespace_name)
  ) {
    throw notFound(`Namespace ${params.namespace_name} could not be found`);
  }
  return { count: all.length, results: page(all, query, 1000).slice };
};

export const listSecrets: Handler<typeof endpoints.listSecrets> = ({ params, query }, { state, options, nowMs }) => {
  const all = cloudSecretsIn(state, params.project_id, params.region_id, options, nowMs);
  return { count: all.length, results: page(all, query, 1000).slice };
};
