// A new app on the account's own FastEdge API: made from a stored binary or a template (the
// template's mandatory params present: plain ones as env variables, secret and store ones as
// references that must exist), its name unique within the account; it starts as a draft and is
// listed and readable at once. Answers the published `app_short`; past the account's app count
// limit, 429 with the published error body.
// The account's binaries are listed as the published `{binaries: binary_short[]}`.
import type { endpoints } from '../../src/schema/endpoints';
import { EDGE_APP_STATUS, EDGE_DEBUG_WINDOW_MS } from '../../src/schema/edgeApps';
import { edgeAppUrl } from '../edgeAppUrl';
import { refused } from '../errors';
import { HandlerReply, jsonReply } from '../reply';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import type { EdgeApp } from '../state/types';
import { isoSeconds } from '../timeFormat';
import { shortBinary } from './edgeBinaries';
import type { Handler } from './types';

export const createEdgeApp: Handler<typeof endpoints.createEdgeApp> = ({ body }, { state, nowMs, options }) => {
  const { name, binary, template, env = {}, rsp_headers = {}, comment = '', debug } = body;
  const own = [...state.edgeApps.values()].filter((a) => a.client_id === EDGE_ACCOUNT_CLIENT);
  if (own.length >= options.appCountLimit) {
    return new HandlerReply(jsonReply(429, { error: `application count limit (${options.appCountLimit}) exceeded for this client` }));
  }
  if (own.some((a) => a.name === name)) throw refused('body', 'name', `an app named ${name} already exists`);
  if (binary === undefined && template === undefined) throw refused('body', '', 'either binary or template is required');
  for (const [key, { id }] of Object.entries(body.secrets ?? {})) {
    if (!state.edgeSecrets.has(id)) throw refused('body', `secrets.${key}.id`, `secret ${id} not found`);
  }
  for (const [key, { id }] of Object.entries(body.stores ?? {})) {
    if (!state.edgeStores.has(id)) throw refused('body', `stores.${key}.id`, `store ${id} not found`);
  }
  let binaryId = binary;
  let apiType = 'wasi-http';
  let templateName = '';
  if (template !== undefined) {
    const t = state.edgeTemplates.get(template);
    if (!t) throw refused('body', 'template', `template ${template} not found`);
    for (const p of t.params) {
      if (!p.mandatory) continue;
      if (p.data_type === 'secret' && !body.secrets?.[p.name])
        throw refused('body', `secrets.${p.name}`, `template parameter ${p.name} is mandatory (a secret reference)`);
      else if (p.data_type === 'store' && !body.stores?.[p.name])
        throw refused('body', `stores.${p.name}`, `template parameter ${p.name} is mandatory (a store reference)`);
      else if (p.data_type !== 'secret' && p.data_type !== 'store' && !(env[p.name] ?? '').length)
        throw refused('body', `env.${p.name}`, `template parameter ${p.name} is mandatory`);
    }
    binaryId ??= t.binary_id;
    apiType = t.api_type || apiType;
    templateName = t.name;
  }
  const stored = binaryId === undefined ? undefined : state.edgeBinaries.get(binaryId);
  if (!stored) throw refused('body', 'binary', `binary ${binaryId} not found`);
  if (template === undefined) apiType = stored.api_type;
  delete stored.unref_since;
  const account = state.edgeClients.get(EDGE_ACCOUNT_CLIENT);
  const id = Math.max(0, ...state.edgeApps.keys()) + 1;
  const secrets: EdgeApp['secrets'] = {};
  for (const [key, { id: secretId }] of Object.entries(body.secrets ?? {})) {
    const ref = state.edgeSecrets.get(secretId);
    secrets[key] = { id: secretId, name: ref?.name, comment: ref?.comment };
  }
  const app: EdgeApp = {
    id,
    client_id: EDGE_ACCOUNT_CLIENT,
    name,
    url: edgeAppUrl(state.appOrigin, name, EDGE_ACCOUNT_CLIENT),
    binary: stored.id,
    template: template ?? 0,
    template_name: templateName,
    status: EDGE_APP_STATUS.draft,
    plan_id: account?.plan_id ?? 1,
    plan: account?.plan ?? 'Free',
    env: { ...env },
    rsp_headers: { ...rsp_headers },
    log: null,
    debug_until: debug ? isoSeconds(nowMs + EDGE_DEBUG_WINDOW_MS) : '',
    comment,
    api_type: apiType,
    networks: ['production'],
    secrets,
    stores: Object.fromEntries(
      Object.entries(body.stores ?? {}).map(([key, { id }]) => {
        const { name, comment } = state.edgeStores.get(id)!;
        return [key, { id, name, comment }];
      }),
    ),
  };
  state.edgeApps.set(id, app);
  const { url, status, debug_until, networks, plan_id, plan } = app;
  return structuredClone({
    id,
    name,
    url,
    status,
    binary: app.binary,
    comment,
    api_type: apiType,
    debug_until,
    template: app.template,
    template_name: templateName,
    networks,
    plan_id,
    plan,
  });
};

export const listEdgeBinaries: Handler<typeof endpoints.listEdgeBinaries> = (_input, { state }) => ({
  binaries: [...state.edgeBinaries.values()].sort((a, b) => a.id - b.id).map(shortBinary),
});
