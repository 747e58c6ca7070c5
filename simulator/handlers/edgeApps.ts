// An edge app's lifecycle on the account's own FastEdge API: PATCH applies the fields sent (a
// debug request opens a 30-minute window) and answers the short app; DELETE removes the app. An
// app of another client is unknown here, as it is to the platform's own endpoints.
import type { endpoints } from '../../src/schema/endpoints';
import { EDGE_DEBUG_WINDOW_MS } from '../../src/schema/edgeApps';
import { edgeAppUrl } from '../edgeAppUrl';
import { notFound, refused } from '../errors';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import type { EdgeApp } from '../state/types';
import { isoSeconds } from '../timeFormat';
import type { SimContext, Handler } from './types';

function ownApp(state: SimContext['state'], id: number): EdgeApp {
  const app = state.edgeApps.get(id);
  if (!app || app.client_id !== EDGE_ACCOUNT_CLIENT) throw notFound(`app ${id} not found`);
  return app;
}

/** The published `app_short`. */
function shortApp(app: EdgeApp) {
  const { id, name, url, status, binary, comment, api_type, debug_until, template, template_name, networks, plan_id, plan } = app;
  return structuredClone({ id, name, url, status, binary, comment, api_type, debug_until, template, template_name, networks, plan_id, plan });
}

export const patchEdgeApp: Handler<typeof endpoints.patchEdgeApp> = ({ params, body }, { state, nowMs }) => {
  const app = ownApp(state, params.app_id);
  const { debug, template, name, ...fields } = body;
  if (name !== undefined && name !== app.name) {
    const taken = [...state.edgeApps.values()].some((a) => a.client_id === EDGE_ACCOUNT_CLIENT && a.name === name);
    if (taken) throw refused('body', 'name', `an app named ${name} already exists`);
    // The URL is made from the name: a renamed app answers at its new one (unless set by hand).
    if (app.url === edgeAppUrl(state.appOrigin, app.name, app.client_id)) app.url = edgeAppUrl(state.appOrigin, name, app.client_id);
    app.name = name;
  }
  if (template !== undefined) {
    const t = state.edgeTemplates.get(template);
    if (!t) throw refused('body', 'template', `template ${template} not found`);
    app.template = template;
    app.template_name = t.name;
  }
  if (fields.binary !== undefined && !state.edgeBinaries.has(fields.binary)) throw refused('body', 'binary', `binary ${fields.binary} not found`);
  if (fields.binary !== undefined) delete state.edgeBinaries.get(fields.binary)?.unref_since;
  const { secrets, ...rest } = fields;
  if (secrets !== undefined) {
    // The platform answers a reference with the secret's name and comment; an unknown id is refused.
    const resolved: EdgeApp['secrets'] = {};
    for (const [key, { id }] of Object.entries(secrets)) {
      const secret = state.edgeSecrets.get(id);
      if (!secret) throw refused('body', `secrets.${key}.id`, `secret ${id} not found`);
      resolved[key] = { id, name: secret.name, comment: secret.comment };
    }
    app.secrets = resolved;
  }
  Object.assign(app, rest);
  if (debug) app.debug_until = isoSeconds(nowMs + EDGE_DEBUG_WINDOW_MS);
  return shortApp(app);
};

export const deleteEdgeApp: Handler<typeof endpoints.deleteEdgeApp> = ({ params }, { state }) => {
  ownApp(state, params.app_id);
  state.edgeApps.delete(params.app_id);
  return undefined;
};
