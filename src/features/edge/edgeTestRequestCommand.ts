// Send Test Request… on an edge app's row or from the palette: the request asked step by step
// (edgeTestSteps.ts), sent once to the app's own URL (read from the platform now: http or https
// only) with the global fetch and nothing of the connection (edgeTestSend.ts); when the FastEdge
// Launcher's local debugger runs for the app's linked folder, the same request goes to it too and
// both answers open side by side (app | local). Recent requests are remembered per app.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { appBase, sendTestRequest, testUrl, TEST_ANSWER_BYTES, type TestAnswer } from '../../platform/edgeTestSend';
import { DEBUG_PORT_FILE, debugPortOf, debuggerHealthy, executeOnDebugger } from '../../platform/fastedgeDebugger';
import { testRequestProblems, type TestRequest } from '../../schema/edgeTestRequest';
import { readEdgeApp } from '../../operations/edgeApps';
import { enableEdgeApp } from '../../operations/edgeApps';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { runWizard } from '../../ui/wizard';
import { edgeAppIdOf, pickEdgeApp } from './edgeAppPick';
import type { EdgeLinkStore } from './edgeLinkStore';
import { EdgeTestDocuments } from './edgeTestDocuments';
import { requestOf, testSteps, type TestState } from './edgeTestSteps';
import type { EdgeTree } from './edgeTree';
import { answerText, failedText, type AnswerSource } from './model/edgeTestAnswerText';
import { readRecents, recentKey, recentsOf, recentsOfLive, withRecent, RECENT_TESTS_KEY } from './model/edgeTestRecent';
import { headerOffers, TEST_CONFIG_FILE, type HeaderOffer } from './model/launcherHeaders';

export const SEND_TEST_REQUEST = 'platformConsole.sendEdgeTestRequest';

export interface EdgeTestDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand' | 'workspaceState' | 'connections'> {
  tree: EdgeTree;
  links: EdgeLinkStore;
}

/** What the command opened: the app's answer, and the local run's when the debugger ran it. */
export interface TestShown {
  app: vscode.Uri;
  local?: vscode.Uri;
  request: TestRequest;
}

/** The app's pick names its input by the lifecycle operations' App ID field (its title and rule). */
const ON_APP = { name: 'sendEdgeTestRequest', fields: enableEdgeApp.fields };
/** A Launcher file larger than this is not a config file: nothing is offered from it. */
const LAUNCHER_FILE_BYTES = 256 * 1024;

async function readSmall(uri: vscode.Uri, max: number): Promise<string | undefined> {
  try {
    if ((await vscode.workspace.fs.stat(uri)).size > max) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

export function registerEdgeTestRequest(deps: EdgeTestDeps): vscode.Disposable[] {
  const { log } = deps;
  const documents = new EdgeTestDocuments();

  /** The folder of the app's newest link on this connection, if a workspace file is linked to it. */
  const linkedFolder = (bound: BoundConnection, appId: number): vscode.Uri | undefined => {
    const newest = deps.links.linksOf(bound.connection.id, appId).sort((a, b) => b.linkedAt - a.linkedAt)[0];
    return newest ? vscode.Uri.parse(newest.folder, true) : undefined;
  };

  const offersIn = async (folder: vscode.Uri | undefined): Promise<HeaderOffer[]> => {
    if (!folder) return [];
    const [testConfig, env, reqHeaders] = await Promise.all(
      [TEST_CONFIG_FILE, '.env', '.env.req_headers'].map((f) => readSmall(vscode.Uri.joinPath(folder, f), LAUNCHER_FILE_BYTES)),
    );
    return headerOffers({ testConfig, env, reqHeaders });
  };

  /** The debugger's port when it runs for the folder and answers /health as itself; else undefined (logged why). */
  const runningDebugger = async (folder: vscode.Uri | undefined): Promise<number | undefined> => {
    if (!folder) return undefined;
    const text = await readSmall(vscode.Uri.joinPath(folder, DEBUG_PORT_FILE), 64);
    if (text === undefined) return undefined;
    const port = debugPortOf(text);
    if (port === undefined) return void log.info(`${DEBUG_PORT_FILE} in ${folder.toString()} holds no port (an integer 1..65535): not used`);
    if (await debuggerHealthy(port)) return port;
    return void log.info(`No FastEdge debugger answers /health on 127.0.0.1:${port}: the local run is left out`);
  };

  const remember = async (bound: BoundConnection, appId: number, request: TestRequest) => {
    const all = readRecents(deps.workspaceState.get(RECENT_TESTS_KEY));
    await deps.workspaceState.update(RECENT_TESTS_KEY, withRecent(all, recentKey(bound.connection.id, appId), request, Date.now()));
  };

  const send = async (bound: BoundConnection, arg?: unknown): Promise<TestShown | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    const appId = edgeAppIdOf(arg) ?? (await pickEdgeApp(deps, bound, ON_APP, 'Send Test Request'));
    if (appId === undefined) return undefined;
    let app;
    try {
      app = await ui.progress(`Reading edge app ${appId} from ${connection.name}…`, false, () => readEdgeApp(bound.api, { app_id: appId }));
    } catch (error) {
      await notifyError(`Could not read edge app ${appId} from ${connection.name}`, error, { log, ui, connectionName: connection.name });
      return undefined;
    }
    const name = app.name || `app ${appId}`;
    const at = appBase(app.url);
    if ('problem' in at) {
      void ui.notify('warning', `Nothing sent to edge app ${name}: ${at.problem}.`);
      return undefined;
    }
    const folder = linkedFolder(bound, appId);
    const recents = recentsOf(readRecents(deps.workspaceState.get(RECENT_TESTS_KEY)), recentKey(connection.id, appId));
    const state = await runWizard<TestState>(
      {},
      { title: `Send Test Request to ${name} (${connection.name})`, ui, steps: testSteps(await offersIn(folder), recents) },
    );
    if (!state) return undefined;
    const request = requestOf(state);
    const problems = testRequestProblems(request);
    if (problems.length) {
      void ui.notify('warning', `Nothing sent to edge app ${name}: ${problems.join('; ')}.`);
      return undefined;
    }
    let url: string;
    try {
      url = testUrl(at.base, request.path);
    } catch (error) {
      void ui.notify('warning', `Nothing sent to edge app ${name}: ${error instanceof Error ? error.message : String(error)}.`);
      return undefined;
    }
    const result = await ui.progress(`${request.method} ${request.path} to ${name}…`, true, async (_report, signal) => {
      const port = await runningDebugger(folder);
      const settle = (p: Promise<TestAnswer>) =>
        p.then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
        );
      const [onApp, onLocal] = await Promise.all([
        settle(sendTestRequest(url, request, { signal })),
        port === undefined ? undefined : settle(executeOnDebugger(port, request, url, { signal })),
      ]);
      return { onApp, onLocal, port };
    });
    await remember(bound, appId, request);
    const appSource: AnswerSource = { label: `App ${name} (id ${appId}) on ${connection.name}`, url };
    const textOf = (r: { answer: TestAnswer } | { error: string }, source: AnswerSource) =>
      'answer' in r ? answerText(r.answer, request, source, TEST_ANSWER_BYTES) : failedText(r.error, request, source);
    const appUri = documents.add(`${name} app answer`, textOf(result.onApp, appSource));
    log.info(`Test request ${request.method} ${url}: ${'answer' in result.onApp ? `${result.onApp.answer.status}` : result.onApp.error}`);
    if (!result.onLocal) {
      await documents.show(appUri);
      return { app: appUri, request };
    }
    const localSource: AnswerSource = { label: `Local run: the FastEdge Launcher's debugger on 127.0.0.1:${result.port}`, url };
    const localUri = documents.add(`${name} local answer`, textOf(result.onLocal, localSource));
    await documents.diff(appUri, localUri, `${name}: ${request.method} ${request.path}: app ↔ local`);
    return { app: appUri, local: localUri, request };
  };

  const onView = { connection: () => deps.tree.activeConnectionId };
  // Sign Out takes a connection's recent requests with it (they name its apps and paths).
  const prune = async () => {
    const all = readRecents(deps.workspaceState.get(RECENT_TESTS_KEY));
    const kept = recentsOfLive(
      all,
      deps.connections.list().map((c) => c.id),
    );
    if (kept.length !== all.length) await deps.workspaceState.update(RECENT_TESTS_KEY, kept);
  };
  return [documents, deps.registerBoundCommand(SEND_TEST_REQUEST, send, onView), deps.connections.onDidChange(() => void prune())];
}
