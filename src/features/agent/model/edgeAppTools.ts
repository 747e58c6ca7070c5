// An edge app's lifecycle for agents: enable, disable (destructive: it stops serving at its URL),
// start debug logging (30 minutes), delete (destructive). Each reads the app first so the
// confirmation names it (name, URL, status), and is sent once by the catalog's runTool, never
// retried. Answers carry the app's name and status, never its variables, headers or secrets.
import * as z from 'zod';
import { EDGE_APP_STATUSES } from '../../../schema/edge';
import { EDGE_APP_STATUS, type EdgeAppPatch, type EdgeAppShort } from '../../../schema/edgeApps';
import { endpoints } from '../../../schema/endpoints';
import { validateCall } from '../../../schema/validate';
import { connectionField, defineTool, type AgentBinding, type WriteRequest, type WriteTarget } from './toolKit';
import { nameOf, shown, writeAnswer } from './toolAnswers';

const opts = (b: AgentBinding) => ({ signal: b.signal });
const statusWord = (s: number | null | undefined) => (s === null || s === undefined ? 'status unknown' : (EDGE_APP_STATUSES[s] ?? `status ${s}`));
const appId = () => endpoints.patchEdgeApp.params.shape.app_id.describe('The app id (list_edge_apps finds it)');

function patchRequest(app_id: number, body: EdgeAppPatch, operation: string): WriteRequest {
  const checked = validateCall(endpoints.patchEdgeApp, { params: { app_id }, body });
  return { endpoint: endpoints.patchEdgeApp, call: { params: checked.params, body: checked.body }, operation };
}

/** The app as the platform has it now: what the person sees before deciding. */
async function readApp(b: AgentBinding, app_id: number, consequence: string, undo?: string): Promise<WriteTarget> {
  const app = await b.api.edge.getOwnEdgeApp({ params: { app_id } }, opts(b));
  return {
    noun: 'The edge app',
    facts: [
      ['name', shown(app.name)],
      ['url', shown(app.url)],
      ['status', statusWord(app.status)],
      ...(app.debug_until ? ([['debug until', app.debug_until]] as const) : []),
    ],
    consequence,
    undo,
  };
}

/** "edge app "geo-redirect" (103)": the name as the platform gave it, quoted as data. */
/** The app as the platform answered a change: its name and status go in the data block, never in our words. */
const appAnswered = (sent: unknown) => ({ name: (sent as EdgeAppShort | undefined)?.name, status: statusWord((sent as EdgeAppShort | undefined)?.status) });

export const enableEdgeApp = defineTool({
  name: 'enable_edge_app',
  referenceName: 'platformEnableEdgeApp',
  displayName: 'Enable Edge App',
  userDescription: 'Enable a FastEdge app (a draft or disabled app starts serving at its URL)',
  modelDescription:
    'Enables a FastEdge app (status 1): a draft or disabled app starts serving requests at its URL. The app is read first so the person sees its name, URL and status, and confirms. Use list_edge_apps to find the id.',
  kind: 'write',
  input: () => z.strictObject({ ...connectionField, app_id: appId() }),
  prepare: ({ app_id }) => patchRequest(app_id, { status: EDGE_APP_STATUS.enabled }, `Enable edge app ${app_id}`),
  readTarget: (b, { app_id }) => readApp(b, app_id, 'It starts serving at its URL.'),
  answer: (sent, b, { app_id }) =>
    writeAnswer({
      head: `Enabled edge app ${app_id} on ${nameOf(b.connectionName)}; the app as the platform answered:`,
      source: 'enable_edge_app',
      platform: appAnswered(sent),
    }),
});

export const disableEdgeApp = defineTool({
  name: 'disable_edge_app',
  referenceName: 'platformDisableEdgeApp',
  displayName: 'Disable Edge App',
  userDescription: 'Disable a FastEdge app (it stops serving at its URL until enabled again)',
  modelDescription:
    'Disables a FastEdge app (status 2): it stops serving requests at its URL until it is enabled again (enable_edge_app). The app is read first so the person sees its name, URL and status, and confirms. Use only when the person asked to disable that app. Use list_edge_apps to find the id.',
  kind: 'destructive',
  input: () => z.strictObject({ ...connectionField, app_id: appId() }),
  prepare: ({ app_id }) => patchRequest(app_id, { status: EDGE_APP_STATUS.disabled }, `Disable edge app ${app_id}`),
  readTarget: (b, { app_id }) => readApp(b, app_id, 'It stops serving at its URL until it is enabled again.', 'enable_edge_app switches it on again.'),
  answer: (sent, b, { app_id }) =>
    writeAnswer({
      head: `Disabled edge app ${app_id} on ${nameOf(b.connectionName)}; the app as the platform answered:`,
      source: 'disable_edge_app',
      platform: appAnswered(sent),
      tail: 'It no longer serves at its URL.',
    }),
});

export const startEdgeAppDebug = defineTool({
  name: 'start_edge_app_debug',
  referenceName: 'platformStartEdgeAppDebug',
  displayName: 'Start Edge App Debug Logging',
  userDescription: 'Switch on verbose debug logging of a FastEdge app for 30 minutes',
  modelDescription:
    "Switches on a FastEdge app's verbose debug logging for 30 minutes (debug: true); the answer says until when. The app is read first so the person sees its name, URL and status, and confirms. Use list_edge_apps to find the id.",
  kind: 'write',
  input: () => z.strictObject({ ...connectionField, app_id: appId() }),
  prepare: ({ app_id }) => patchRequest(app_id, { debug: true }, `Start debug logging of edge app ${app_id} for 30 minutes`),
  readTarget: (b, { app_id }) => readApp(b, app_id, 'Its debug logging is switched on for 30 minutes.'),
  answer: (sent, b, { app_id }) => {
    const until = (sent as EdgeAppShort | undefined)?.debug_until;
    return writeAnswer({
      head: `Debug logging of edge app ${app_id} on ${nameOf(b.connectionName)} is on; the app as the platform answered:`,
      source: 'start_edge_app_debug',
      platform: { name: (sent as EdgeAppShort | undefined)?.name, debug_until: until },
      tail: until ? undefined : 'The platform did not say until when; get_edge_app shows debug_until.',
    });
  },
});

export const deleteEdgeApp = defineTool({
  name: 'delete_edge_app',
  referenceName: 'platformDeleteEdgeApp',
  displayName: 'Delete Edge App',
  userDescription: 'Delete a FastEdge app (cannot be undone; its binary is kept)',
  modelDescription:
    "Deletes a FastEdge app for good: it stops serving and leaves the account's apps; its binary is kept. The app is read first so the person sees its name, URL and status, and confirms. It cannot be undone; use only when the person asked to delete that app. Use list_edge_apps to find the id.",
  kind: 'destructive',
  input: () => z.strictObject({ ...connectionField, app_id: appId() }),
  prepare: ({ app_id }) => {
    const checked = validateCall(endpoints.deleteEdgeApp, { params: { app_id } });
    return { endpoint: endpoints.deleteEdgeApp, call: { params: checked.params }, operation: `Delete edge app ${app_id}` };
  },
  readTarget: (b, { app_id }) => readApp(b, app_id, 'It stops serving at its URL and is deleted; its binary is kept.'),
  answer: (_sent, b, { app_id }) => `Deleted edge app ${app_id} on ${nameOf(b.connectionName)}; it is gone from the account's apps.`,
});
