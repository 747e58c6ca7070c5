// send_edge_test_request: a test request to a FastEdge app's own URL (and to the FastEdge
// Launcher's local debugger when it runs for a folder the person allowed), answered as data.
// A read: GET and HEAD only, which HTTP defines as safe; any other method may change what the
// app's backend stores, so it is refused here and left to Send Test Request… in the editor,
// where the person sends it. Nothing of the connection goes with it (no key, no Authorization):
// the platform is asked only for the app's URL. The app's answer is platform-side text: bounded,
// escaped, in its data block.
import * as path from 'node:path';
import * as z from 'zod';
import { readEdgeApp } from '../../../operations/edgeApps';
import { appBase, sendTestRequest, testUrl, type TestAnswer } from '../../../platform/edgeTestSend';
import { DEBUG_PORT_FILE, debugPortOf, debuggerHealthy, executeOnDebugger } from '../../../platform/fastedgeDebugger';
import { endpoints } from '../../../schema/endpoints';
import { SAFE_METHODS, testRequestShape, type TestRequest } from '../../../schema/edgeTestRequest';
import { openAllowedFile } from './agentFiles';
import { jsonLine, quoted } from './platformText';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { nameOf, withData } from './toolAnswers';

/** The most of each body the answer quotes (the rest is said in bytes). */
const BODY_CHARS = 1200;

type Side = { answer: TestAnswer } | { error: string };

function sideLines(label: string, side: Side): string[] {
  if ('error' in side) return [`${label}: no answer: ${quoted(side.error)}`];
  const a = side.answer;
  const head = jsonLine({
    status: a.status,
    status_text: a.statusText,
    ms: a.ms,
    headers: Object.fromEntries(a.headers),
    body_bytes: a.body.length,
    cut: a.cut,
  });
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(a.body);
  } catch {
    text = undefined;
  }
  const body =
    text === undefined
      ? `${label} body (not UTF-8 text, first bytes as hex): ${Buffer.from(a.body.subarray(0, 64)).toString('hex')}`
      : `${label} body: ${quoted(text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}… (${text.length} characters)` : text)}`;
  return [`${label}: ${head}`, body];
}

/** The debugger's port when its port file is inside the allowed folders and it answers /health; else why not, in words. */
async function localPort(b: AgentBinding, folder: string): Promise<{ port: number } | { none: string }> {
  const opened = await openAllowedFile(b, path.join(folder, DEBUG_PORT_FILE), 'launcher_folder', `a folder holding ${DEBUG_PORT_FILE}`);
  let text: string;
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await opened.handle.read(buffer, 0, 64, 0);
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await opened.handle.close();
  }
  const port = debugPortOf(text);
  if (port === undefined) return { none: `${DEBUG_PORT_FILE} holds no port (an integer 1..65535)` };
  return (await debuggerHealthy(port, { signal: b.signal })) ? { port } : { none: `no FastEdge debugger answers /health on 127.0.0.1:${port}` };
}

export const sendEdgeTestRequest = defineTool({
  name: 'send_edge_test_request',
  referenceName: 'platformSendEdgeTestRequest',
  displayName: 'Send Edge Test Request',
  userDescription: "Send a GET or HEAD to a FastEdge app's URL (and its local run), see the answer",
  modelDescription:
    "Sends one GET or HEAD request to a FastEdge app's own URL (read from the platform) and answers its status, headers, time and body " +
    '(the first 1,200 characters; a body that is not text as hex). No key or Authorization of the connection is sent: only the headers given. ' +
    "With launcher_folder (an absolute path inside the folders the person allowed), when the FastEdge Launcher's local debugger runs for " +
    'that folder, the same request runs there too and both answers are given (app, local). Other methods may change what the app stores: ' +
    'they are not sent by this tool; the person uses Send Test Request… in the editor. Redirects are answered, not followed.',
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      app_id: endpoints.getOwnEdgeApp.params.shape.app_id.describe('The app id (list_edge_apps finds it)'),
      ...testRequestShape(SAFE_METHODS),
      launcher_folder: z
        .string()
        .max(4096)
        .optional()
        .describe("Absolute path of the FastEdge Launcher's folder for this app (its .fastedge-debug); leave out for the app's URL only"),
    }),
  run: async (b, input) => {
    const app = await readEdgeApp(b.api, { app_id: input.app_id }, b.signal);
    const at = appBase(app.url);
    if ('problem' in at) {
      const head = `Nothing sent to edge app ${input.app_id} on ${nameOf(b.connectionName)}: ${at.problem}. Its URL as the platform gave it:`;
      return withData({ head, source: 'send_edge_test_request', data: [quoted(app.url ?? '')] });
    }
    const request: TestRequest = {
      method: input.method,
      path: input.path,
      headers: Object.entries(input.headers).map(([name, value]) => ({ name, value })),
      body: '',
    };
    const url = testUrl(at.base, request.path);
    const local = input.launcher_folder === undefined ? undefined : await localPort(b, input.launcher_folder);
    const settle = (p: Promise<TestAnswer>): Promise<Side> =>
      p.then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
    const [onApp, onLocal] = await Promise.all([
      settle(sendTestRequest(url, request, { signal: b.signal })),
      local && 'port' in local ? settle(executeOnDebugger(local.port, request, url, { signal: b.signal })) : undefined,
    ]);
    const localWords = !local ? '' : 'none' in local ? ` No local run: ${local.none}.` : ` Also run by the local debugger on 127.0.0.1:${local.port}.`;
    return withData({
      head:
        `${request.method} ${request.path} sent once to edge app ${input.app_id} at ${quoted(at.base)} ` +
        `(read on ${nameOf(b.connectionName)}), without the connection's key.${localWords} The answers:`,
      source: 'send_edge_test_request',
      data: [...sideLines('app', onApp), ...(onLocal ? sideLines('local', onLocal) : [])],
    });
  },
});
