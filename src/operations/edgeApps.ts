// An edge app's lifecycle, described once: enabled, disabled (destructive: it stops serving at its
// URL until enabled again), its debug logging started (30 minutes), deleted (its name typed in the
// command). The app is read first, so every face names it as it is now; an app that cannot be read
// asks nothing. Each is one PATCH or DELETE of the platform's own FastEdge API.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import { edgeAppStatusWord, type EdgeApp } from '../schema/edge';
import { EDGE_APP_STATUS, type EdgeAppPatch } from '../schema/edgeApps';
import { endpoints } from '../schema/endpoints';
import { checkedRequest, defineOperation, type OperationTarget } from './operation';

const patch = () => endpoints.patchEdgeApp;
const fields = () => z.strictObject({ app_id: patch().params.shape.app_id.describe('The app id (list_edge_apps finds it)').meta({ title: 'App ID' }) });
type At = { app_id: number };

/** The app as the platform has it now (the account's own app; another client's is a 404). */
export const readEdgeApp = (api: PlatformApi, at: At, signal?: AbortSignal): Promise<EdgeApp> =>
  api.edge.getOwnEdgeApp({ params: { app_id: at.app_id } }, signal ? { signal } : {});

/** "edge app geo-redirect", or its id when the app was not read or has no name. */
const named = (verb: string, at: At, app?: EdgeApp) => `${verb} edge app ${app?.name || at.app_id}`;
const urlOf = (app?: EdgeApp) => app?.url || '(no URL given)';

/** The facts every lifecycle change shows (what the app is now), then what this change does. */
function appTarget(at: At, app: EdgeApp | undefined, change: string, rest: Omit<OperationTarget, 'noun' | 'facts'>): Omit<OperationTarget, 'noun'> {
  return {
    facts: [
      ['App', app?.name || `app ${at.app_id}`],
      ['ID', String(at.app_id)],
      ['URL', urlOf(app)],
      ['Status now', edgeAppStatusWord(app?.status)],
      ...(app?.debug_until ? ([['Debug until', app.debug_until]] as const) : []),
      ['Change', change],
    ],
    ...rest,
  };
}

const patched = (body: EdgeAppPatch) => (at: At) => checkedRequest(patch(), { params: { app_id: at.app_id }, body });
const read = (api: PlatformApi, at: At, signal?: AbortSignal) => readEdgeApp(api, at, signal);

export const enableEdgeApp = defineOperation({
  name: 'enableEdgeApp',
  title: 'Enable Edge App',
  noun: 'The edge app',
  kind: 'write',
  button: 'Enable',
  done: ({ app_id }) => `Enabled edge app ${app_id}`,
  fields,
  request: patched({ status: EDGE_APP_STATUS.enabled }),
  action: (at, app?: EdgeApp) => named('Enable', at, app),
  read,
  target: (at, app) => appTarget(at, app, `status ${edgeAppStatusWord(app?.status)} -> enabled`, { consequence: 'It starts serving at its URL.' }),
});

export const disableEdgeApp = defineOperation({
  name: 'disableEdgeApp',
  title: 'Disable Edge App',
  noun: 'The edge app',
  kind: 'destructive',
  button: 'Disable',
  done: ({ app_id }) => `Disabled edge app ${app_id}`,
  undoable: true,
  fields,
  request: patched({ status: EDGE_APP_STATUS.disabled }),
  action: (at, app?: EdgeApp) => named('Disable', at, app),
  read,
  target: (at, app) =>
    appTarget(at, app, `status ${edgeAppStatusWord(app?.status)} -> disabled`, {
      consequence: `The app stops serving at its URL ${urlOf(app)}: requests there fail until it is enabled again.`,
      undo: 'Enable App switches it on again (enable_edge_app for an agent).',
    }),
});

export const startEdgeAppDebug = defineOperation({
  name: 'startEdgeAppDebug',
  title: 'Start Edge App Debug Logging',
  noun: 'The edge app',
  kind: 'write',
  button: 'Start Debug',
  done: ({ app_id }) => `Started debug logging of edge app ${app_id}`,
  fields,
  request: patched({ debug: true }),
  action: (at, app?: EdgeApp) => `${named('Start debug logging of', at, app)} for 30 minutes`,
  read,
  target: (at, app) =>
    appTarget(at, app, 'verbose debug logging for 30 minutes (debug: true)', { consequence: 'Its debug logging is switched on for 30 minutes.' }),
});

export const deleteEdgeApp = defineOperation({
  name: 'deleteEdgeApp',
  title: 'Delete Edge App',
  noun: 'The edge app',
  kind: 'destructive',
  button: 'Delete',
  done: ({ app_id }) => `Deleted edge app ${app_id}`,
  fields,
  request: (at) => checkedRequest(endpoints.deleteEdgeApp, { params: { app_id: at.app_id } }),
  action: (at, app?: EdgeApp) => named('Delete', at, app),
  read,
  target: (at, app) =>
    appTarget(at, app, 'deleted', { consequence: "It stops serving at its URL and leaves the account's apps for good; its binary is kept." }),
  // The command asks for the app's name typed (its id when it has none); the chat tool and MCP cannot ask for it yet (#54).
  typedName: (at, app) => (app ? app.name || String(at.app_id) : undefined),
});
