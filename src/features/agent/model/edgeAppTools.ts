// An edge app's lifecycle for agents: enable, disable (destructive: it stops serving at its URL),
// start debug logging (30 minutes), delete (destructive). Each is a catalog operation
// (src/operations/edgeApps.ts): its input, target read, confirmation and class come from there; the
// tool adds its names and its answer, which carries the app's name and status, never its
// variables, headers or secrets.
import { edgeAppStatusWord } from '../../../schema/edge';
import type { EdgeAppShort } from '../../../schema/edgeApps';
import { deleteEdgeApp as deleteOp, disableEdgeApp as disableOp, enableEdgeApp as enableOp, startEdgeAppDebug as debugOp } from '../../../operations/edgeApps';
import { toolFromOperation } from './operationTool';
import { writeAnswer } from './toolAnswers';

/** The app as the platform answered a change: its name and status go in the data block, never in our words. */
const appAnswered = (sent: unknown) => ({
  name: (sent as EdgeAppShort | undefined)?.name,
  status: edgeAppStatusWord((sent as EdgeAppShort | undefined)?.status),
});

export const enableEdgeApp = toolFromOperation(enableOp, {
  name: 'enable_edge_app',
  referenceName: 'platformEnableEdgeApp',
  userDescription: 'Enable a FastEdge app (a draft or disabled app starts serving at its URL)',
  purpose: 'Enables a FastEdge app (status 1): a draft or disabled app starts serving requests at its URL.',
  usage: 'Use list_edge_apps to find the id.',
  answer: (sent, _b, _input, done) =>
    writeAnswer({
      head: `${done}; the app as the platform answered:`,
      source: 'enable_edge_app',
      platform: appAnswered(sent),
    }),
});

export const disableEdgeApp = toolFromOperation(disableOp, {
  name: 'disable_edge_app',
  referenceName: 'platformDisableEdgeApp',
  userDescription: 'Disable a FastEdge app (it stops serving at its URL until enabled again)',
  purpose: 'Disables a FastEdge app (status 2): it stops serving requests at its URL until it is enabled again (enable_edge_app).',
  usage: 'Use only when the person asked to disable that app. Use list_edge_apps to find the id.',
  answer: (sent, _b, _input, done) =>
    writeAnswer({
      head: `${done}; the app as the platform answered:`,
      source: 'disable_edge_app',
      platform: appAnswered(sent),
      tail: 'It no longer serves at its URL.',
    }),
});

export const startEdgeAppDebug = toolFromOperation(debugOp, {
  name: 'start_edge_app_debug',
  referenceName: 'platformStartEdgeAppDebug',
  userDescription: 'Switch on verbose debug logging of a FastEdge app for 30 minutes',
  purpose: "Switches on a FastEdge app's verbose debug logging for 30 minutes (debug: true); the answer says until when.",
  usage: 'Use list_edge_apps to find the id.',
  answer: (sent, _b, _input, done) => {
    const until = (sent as EdgeAppShort | undefined)?.debug_until;
    return writeAnswer({
      head: `${done}; the app as the platform answered:`,
      source: 'start_edge_app_debug',
      platform: { name: (sent as EdgeAppShort | undefined)?.name, debug_until: until },
      tail: until ? undefined : 'The platform did not say until when; get_edge_app shows debug_until.',
    });
  },
});

export const deleteEdgeApp = toolFromOperation(deleteOp, {
  name: 'delete_edge_app',
  referenceName: 'platformDeleteEdgeApp',
  userDescription: 'Delete a FastEdge app (cannot be undone; its binary is kept)',
  purpose: "Deletes a FastEdge app for good: it stops serving and leaves the account's apps; its binary is kept.",
  usage: 'Use only when the person asked to delete that app. Use list_edge_apps to find the id.',
  answer: (_sent, _b, _input, done) => `${done}; it is gone from the account's apps.`,
});
