// The tools that only read: each input made of the request schemas the client checks with (the
// field rules are the client's, the descriptions are for the model), each answer short and bounded.
import { consoleLinkLine } from './consoleLinkLine';
import * as z from 'zod';
import { endpoints, type EndpointName } from '../../../schema/endpoints';
import { EDGE_CLIENT_STATUSES, edgeAppStatusWord, statusWordIn } from '../../../schema/edge';
import { isListMissing } from '../../../platform/platformLists';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { LIST_MAX, listAnswer, nameOf, objectAnswer } from './toolAnswers';
import { escapeText, quoted as q } from './platformText';
import { logsAnswer, logsInput } from './logsTool';

const opts = (b: AgentBinding) => ({ signal: b.signal });
const on = (b: AgentBinding) => `on ${nameOf(b.connectionName)}`;
// Read when a tool's input is made: the endpoints' schemas are built at first use (lazySchema).
const shape = {
  get profiles() {
    return endpoints.listProtectionProfiles.query.shape;
  },
  get profile() {
    return endpoints.getProtectionProfile.params.shape;
  },
  get apps() {
    return endpoints.listEdgeApps.query.shape;
  },
  get templates() {
    return endpoints.listEdgeTemplates.query.shape;
  },
  get reports() {
    return endpoints.listReports.query.shape;
  },
};
/**
 * One of the platform's lists, or, where the server lacks it (a spec-only server), an answer
 * saying what to do instead; the connection remembers that, so it is not asked again.
 */
export async function listed<T>(b: AgentBinding, endpoint: EndpointName, load: () => Promise<T>, instead: string): Promise<T | string> {
  const missing = `This server has no such list (it speaks only the spec's API). ${instead}`;
  if (b.lists.isMissing(endpoint)) return missing;
  try {
    return await load();
  } catch (error) {
    if (b.lists.noteMissing(endpoint, error)) return missing;
    throw error;
  }
}

/** One object read by the platform's own endpoint, or undefined where the server has no such endpoint (a 404 there may be only this id: not remembered). */
async function ownRead<T>(endpoint: EndpointName, load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (isListMissing(error, endpoint)) return undefined;
    throw error;
  }
}

/** A platform string in a line of data, quoted and escaped; `(no name)` when absent. */
const text = (value: string | null | undefined) => (value ? q(value) : '(no name)');

const appStatus = edgeAppStatusWord;

export const listConnections = defineTool({
  name: 'list_connections',
  referenceName: 'platformConnections',
  displayName: 'List Platform Connections',
  userDescription: 'The Platform Console connections, and which one tools use',
  modelDescription:
    'Lists the platform connections Platform Console knows (name, base URL, API dialect, signed in or ' +
    'not) and which one is active. Every other platform tool runs on the active connection unless its ' +
    '"connection" input names another. Use it when the person mentions an account, environment or ' +
    'connection by name. Never returns API keys.',
  kind: 'read',
  offline: true,
  input: () => z.strictObject({}),
  run: async (_b, _input, host) => {
    const all = await host.connections();
    if (all.length === 0) return 'No connections. Ask the person to run "Platform Console: Sign In".';
    // The person's own names and URLs, not the platform's: escaped, one line each.
    return all
      .map(
        (c) =>
          `- ${escapeText(c.name)}${c.active ? ' (active)' : ''}: ${escapeText(c.baseUrl)}, ${c.dialect} ` +
          `dialect, ${c.signedIn ? 'signed in' : 'signed out (needs Sign In)'}`,
      )
      .join('\n');
  },
});

export const listProtectionProfiles = defineTool({
  name: 'list_protection_profiles',
  referenceName: 'platformProfiles',
  displayName: 'List Protection Profiles',
  userDescription: 'Protection profiles, filtered by name or client',
  modelDescription:
    `Lists DDoS protection profiles: id, name, client, template, networks. At most ${LIST_MAX} per ` +
    'answer with the total; filter with "name" (substring) or "client_id" and sort with "order_by" (e.g. ' +
    `"-created_at"). Use get_protection_profile for one profile's field values; use ` +
    'update_protection_profile to change one.',
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      name: shape.profiles.name.describe('Only profiles whose name contains this text'),
      client_id: shape.profiles.client_id.describe('Only the profiles of this client id'),
      order_by: shape.profiles.order_by.describe('Comma-separated fields, "-" for descending, e.g. "-created_at,name"'),
    }),
  run: async (b, { connection: _c, ...query }) => {
    type Profile = z.output<typeof endpoints.listProtectionProfiles.response>[number];
    let items: Profile[];
    let total: number | undefined;
    const page = await listed(
      b,
      'listProtectionProfilesPaged',
      () => b.api.security.listProtectionProfilesPaged({ params: {}, query: { ...query, limit: LIST_MAX, offset: 0 } }, opts(b)),
      '',
    );
    if (typeof page === 'string') items = await b.api.security.listProtectionProfiles({ params: {}, query }, opts(b));
    else {
      items = page.results;
      total = page.count ?? undefined;
    }
    return listAnswer({
      title: `Protection profiles ${on(b)}`,
      source: 'list_protection_profiles',
      items,
      total,
      line: (p) =>
        `id ${p.id}: ${text(p.name)} · client ${p.client_id ?? '?'} · template ` +
        `${p.template?.name ? q(p.template.name) : (p.template?.id ?? '?')}${p.networks?.length ? ` · networks ${p.networks.map(text).join(', ')}` : ''}`,
      narrow: 'give "name" or "client_id" to narrow the list.',
    });
  },
});

/** One profile; a spec-only server reads it from its whole list (which holds the field values there). */
export async function readProfile(b: AgentBinding, protection_profile_id: number) {
  const one = await ownRead('getProtectionProfile', () => b.api.security.getProtectionProfile({ params: { protection_profile_id } }, opts(b)));
  return one ?? (await b.api.security.listProtectionProfiles({ params: {}, query: {} }, opts(b))).find((x) => x.id === protection_profile_id);
}

export const getProtectionProfile = defineTool({
  name: 'get_protection_profile',
  referenceName: 'platformProfile',
  displayName: 'Get Protection Profile',
  userDescription: 'One protection profile with its field values',
  modelDescription:
    'Returns one protection profile by id with its template and field values (template_field_id, name, ' +
    'value) as JSON. Use before update_protection_profile to see the current values. Use ' +
    'list_protection_profiles to find an id.',
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, protection_profile_id: shape.profile.protection_profile_id.describe('The profile id') }),
  run: async (b, { protection_profile_id }) => {
    const p = await readProfile(b, protection_profile_id);
    if (!p) return `No protection profile ${protection_profile_id} ${on(b)}. Use list_protection_profiles to find the id.`;
    return (
      objectAnswer(`Protection profile ${p.id} ${on(b)}:`, 'get_protection_profile', p) +
      consoleLinkLine(b, { kind: 'protectionProfile', id: protection_profile_id })
    );
  },
});

export const listEdgeApps = defineTool({
  name: 'list_edge_apps',
  referenceName: 'platformEdgeApps',
  displayName: 'List Edge Apps',
  userDescription: "The account's FastEdge apps, filtered by name or status",
  modelDescription:
    "Lists the account's FastEdge (edge) apps: id, name, status (draft, enabled, disabled, suspended), " +
    `template, plan, URL. At most ${LIST_MAX} per answer with the total; filter with "name" (substring), ` +
    '"status" (0 draft, 1 enabled, 2 disabled, 5 suspended) or "template" (a template id). Use ' +
    "get_edge_app for one app's details.",
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      name: shape.apps.name.describe('Only apps whose name contains this text'),
      status: shape.apps.status.describe('0 draft, 1 enabled, 2 disabled, 5 suspended'),
      template: shape.apps.template.describe('Only apps made from this template id'),
    }),
  run: async (b, { connection: _c, ...query }) => {
    const page = await listed(
      b,
      'listEdgeApps',
      () => b.api.edge.listEdgeApps({ params: {}, query: { ...query, limit: LIST_MAX } }, opts(b)),
      'Ask the person for the app id and use get_edge_app.',
    );
    if (typeof page === 'string') return page;
    return listAnswer({
      title: `Edge apps ${on(b)}`,
      source: 'list_edge_apps',
      items: page.apps,
      total: page.count ?? undefined,
      line: (a) =>
        `id ${a.id}: ${text(a.name)} · ${appStatus(a.status)} · template ` +
        `${a.template_name ? q(a.template_name) : (a.template ?? '?')} · plan ` +
        `${a.plan ? q(a.plan) : '?'}${a.url ? ` · ${q(a.url)}` : ''}`,
      narrow: 'give "name", "status" or "template" to narrow the list.',
    });
  },
});

/** An app's env and response headers by name only: their values may be credentials the person keeps out of chat. */
function withoutValues(app: Record<string, unknown>): Record<string, unknown> {
  const names = (m: unknown) => (m && typeof m === 'object' ? Object.keys(m) : []);
  const { env, rsp_headers, secrets, ...rest } = app;
  return { ...rest, env_names: names(env), rsp_header_names: names(rsp_headers), secret_names: names(secrets) };
}

export const getEdgeApp = defineTool({
  name: 'get_edge_app',
  referenceName: 'platformEdgeApp',
  displayName: 'Get Edge App',
  userDescription: 'One FastEdge app: status, template, plan, URL, names of its variables',
  modelDescription:
    'Returns one FastEdge app by id as JSON: status, template, plan, URL, networks, debug window, and ' +
    'the NAMES of its environment variables, response headers and secrets (their values are not ' +
    'returned; the person reads them in the Edge view). Use list_edge_apps to find an id.',
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, app_id: endpoints.getEdgeApp.params.shape.app_id.describe('The app id') }),
  run: async (b, { app_id }) => {
    // The account's own app first; a spec-only server (or another client's app) through the administrators' endpoint.
    const own = await ownRead('getOwnEdgeApp', () => b.api.edge.getOwnEdgeApp({ params: { app_id } }, opts(b)));
    const app = own ?? (await b.api.edge.getEdgeApp({ params: { app_id } }, opts(b)));
    const answer = objectAnswer(`Edge app ${app_id} ${on(b)}, ${appStatus(app.status)}:`, 'get_edge_app', withoutValues(app));
    return answer + consoleLinkLine(b, { kind: 'edgeApp', id: app_id });
  },
});

export const listEdgeTemplates = defineTool({
  name: 'list_edge_templates',
  referenceName: 'platformEdgeTemplates',
  displayName: 'List Edge Templates',
  userDescription: 'The FastEdge templates the account may use',
  modelDescription:
    'Lists the FastEdge templates the account may use: id, name, API type, whether the account owns it, ' +
    `short description. At most ${LIST_MAX} per answer with the total; "only_mine" keeps the account's ` +
    "own. Use get_edge_template for a template's parameters.",
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      only_mine: shape.templates.only_mine.describe("Only the account's own templates"),
      api_type: shape.templates.api_type.describe('e.g. "wasi-http"'),
    }),
  run: async (b, { connection: _c, ...query }) => {
    const page = await listed(
      b,
      'listEdgeTemplates',
      () => b.api.edge.listEdgeTemplates({ params: {}, query: { ...query, limit: LIST_MAX } }, opts(b)),
      'Ask the person for the template id and use get_edge_template.',
    );
    if (typeof page === 'string') return page;
    return listAnswer({
      title: `Edge templates ${on(b)}`,
      source: 'list_edge_templates',
      items: page.templates,
      total: page.count ?? undefined,
      line: (t) =>
        `id ${t.id}: ${text(t.name)}${t.api_type ? ` · ${q(t.api_type)}` : ''}${t.owned ? ' · own' : ''}${t.short_descr ? ` · ${q(t.short_descr)}` : ''}`,
      narrow: 'set "only_mine" or "api_type".',
    });
  },
});

export const getEdgeTemplate = defineTool({
  name: 'get_edge_template',
  referenceName: 'platformEdgeTemplate',
  displayName: 'Get Edge Template',
  userDescription: 'One FastEdge template with its parameters',
  modelDescription:
    'Returns one FastEdge template by id as JSON: name, API type, descriptions and its parameters (name, ' +
    'data type, mandatory, description). Use list_edge_templates to find an id.',
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, template_id: endpoints.getEdgeTemplate.params.shape.template_id.describe('The template id') }),
  run: async (b, { template_id }) =>
    objectAnswer(`Edge template ${template_id} ${on(b)}:`, 'get_edge_template', await b.api.edge.getEdgeTemplate({ params: { template_id } }, opts(b))) +
    consoleLinkLine(b, { kind: 'edgeTemplate', id: template_id }),
});

export const getEdgeClient = defineTool({
  name: 'get_edge_client',
  referenceName: 'platformEdgeClient',
  displayName: 'Get Edge Client Status',
  userDescription: "A FastEdge client's status, plan, consumption and networks",
  modelDescription:
    "Returns a FastEdge client's status (enabled, disabled, suspended), plan, app count, " +
    'hourly/daily/monthly consumption and networks. Give "client_id" for another client ' +
    "(administrators); leave it out for the account's own status.",
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      client_id: endpoints.getEdgeClient.params.shape.client_id.optional().describe("A client id; leave out for the account's own"),
    }),
  run: async (b, { client_id }) => {
    const c =
      client_id === undefined
        ? await listed(b, 'getEdgeAccount', () => b.api.edge.getEdgeAccount({ params: {} }, opts(b)), 'Give "client_id".')
        : await b.api.edge.getEdgeClient({ params: { client_id } }, opts(b));
    if (typeof c === 'string') return c;
    const status = statusWordIn(EDGE_CLIENT_STATUSES, c.status);
    return objectAnswer(
      `${client_id === undefined ? "The account's FastEdge client" : `FastEdge client ${client_id}`} ${on(b)}, ${status}:`,
      'get_edge_client',
      c,
    );
  },
});

export const listReportTasks = defineTool({
  name: 'list_report_tasks',
  referenceName: 'platformReports',
  displayName: 'List Report Tasks',
  userDescription: "The account's billing report tasks, newest first",
  modelDescription:
    "Lists the account's billing report tasks, newest first: uuid, template, status (Pending, " +
    `InProgress, Completed, Failed, Cancelled), created time. At most ${LIST_MAX} per answer with the ` +
    `total; filter with "status" or "template". Use get_report_task for one task's details and result; ` +
    'create_report starts a new one.',
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      status: shape.reports.status.describe('Only tasks in this status'),
      template: shape.reports.template.describe('Only tasks of this template code'),
    }),
  run: async (b, { connection: _c, ...query }) => {
    const page = await listed(
      b,
      'listReports',
      () => b.api.billing.listReports({ params: {}, query: { ...query, ordering: '-created_at', limit: LIST_MAX } }, opts(b)),
      'Ask the person for the task uuid and use get_report_task.',
    );
    if (typeof page === 'string') return page;
    return listAnswer({
      title: `Report tasks ${on(b)}`,
      source: 'list_report_tasks',
      items: page.results,
      total: page.count ?? undefined,
      line: (r) =>
        `${q(r.uuid)}: ${r.task_type ? q(r.task_type) : 'report'} · ` +
        `${r.status ? q(r.status) : 'status unknown'} · created ${r.created_at ? q(r.created_at) : '?'}`,
      narrow: 'give "status" or "template".',
    });
  },
});

export const getReportTask = defineTool({
  name: 'get_report_task',
  referenceName: 'platformReport',
  displayName: 'Get Report Task',
  userDescription: 'One billing report task: status, period, errors, result',
  modelDescription:
    'Returns one billing report task by uuid as JSON: status, template, period, records processed, ' +
    'errors and warnings, and where its result is. Report tasks take minutes: call again later while it ' +
    'is Pending or InProgress. Use list_report_tasks to find a uuid.',
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, id: endpoints.getReport.params.shape.id.describe('The report task uuid') }),
  run: async (b, { id }) => {
    const r = await b.api.billing.getReport({ params: { id } }, opts(b));
    // Its status is the platform's text: in the data, not in our title.
    return objectAnswer(`Report task ${id} ${on(b)}:`, 'get_report_task', r) + consoleLinkLine(b, { kind: 'reportTask', id });
  },
});

export const getTrial = defineTool({
  name: 'get_trial',
  referenceName: 'platformTrial',
  displayName: 'Get Billing Trial',
  userDescription: 'One billing trial: product, plan, days, active ranges, options',
  modelDescription:
    'Returns one billing trial by id as JSON: client, product, plan, days limit, active ranges, options. ' +
    'Use get_trial_start_data to see what a trial of a product would start with.',
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, id: endpoints.getTrial.params.shape.id.describe('The trial id') }),
  run: async (b, { id }) => objectAnswer(`Trial ${id} ${on(b)}:`, 'get_trial', await b.api.billing.getTrial({ params: { id } }, opts(b))),
});

export const getTrialStartData = defineTool({
  name: 'get_trial_start_data',
  referenceName: 'platformTrialStart',
  displayName: 'Get Trial Start Data',
  userDescription: 'What a trial of a product would start with for a client',
  modelDescription: 'Returns the data a trial of a product would start with for a client (plan, days limit, options) as JSON. Read only: it starts nothing.',
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      client_id: endpoints.getTrialStartData.query.shape.client_id.describe('The client id'),
      product_id: endpoints.getTrialStartData.query.shape.product_id.describe('The product id'),
    }),
  run: async (b, { client_id, product_id }) =>
    objectAnswer(
      `Trial start data for client ${client_id}, product ${product_id} ${on(b)}:`,
      'get_trial_start_data',
      await b.api.billing.getTrialStartData({ params: {}, query: { client_id, product_id } }, opts(b)),
    ),
});

export const getFreeFeature = defineTool({
  name: 'get_free_feature',
  referenceName: 'platformFreeFeature',
  displayName: 'Get Activated Free Feature',
  userDescription: 'One activated free feature of the account',
  modelDescription: 'Returns one activated free feature by its activation id as JSON: the feature (name, service, free or not), client, activation date.',
  kind: 'read',
  input: () =>
    z.strictObject({ ...connectionField, activatedFeatureId: endpoints.getActivatedFreeFeature.params.shape.activatedFeatureId.describe('The activation id') }),
  run: async (b, { activatedFeatureId }) =>
    objectAnswer(
      `Activated free feature ${activatedFeatureId} ${on(b)}:`,
      'get_free_feature',
      await b.api.iam.getActivatedFreeFeature({ params: { activatedFeatureId } }, opts(b)),
    ),
});

export const readFunctionLogs = defineTool({
  name: 'read_function_logs',
  referenceName: 'platformFunctionLogs',
  displayName: 'Read Function Logs',
  userDescription: "A FaaS function's newest log lines, filtered",
  modelDescription:
    'Reads the newest log lines of a FaaS function (project, region, namespace, function) and returns ' +
    'those that match: time (UTC), pod and message, newest last, at most about 4 KB of lines with the ' +
    'count of all that matched. "text" keeps lines containing it (case-insensitive), "since" (an ISO ' +
    'time or minutes ago, e.g. "15m") keeps newer lines, "limit" is how many newest lines to read ' +
    '(1..100000, default 1000). Use list_cloud_locations for project and region ids. For following logs ' +
    'live, the person opens the Function Logs panel.',
  kind: 'read',
  input: logsInput,
  run: async (b, input) => logsAnswer(b, input),
});
