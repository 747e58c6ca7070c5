// Composition root: builds one FeatureContext, then activates each feature with it. VS Code
// activates the extension at its first use (a command, a view, a tool call, a restored panel:
// the events it derives from package.json), never as the window starts.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import * as agent from './features/agent/index';
import * as attacks from './features/attacks/index';
import * as billing from './features/billing/index';
import * as connectionsFeature from './features/connections/index';
import * as consoleFeature from './features/console/index';
import * as cloud from './features/cloud/index';
import * as edge from './features/edge/index';
import * as identity from './features/identity/index';
import * as logs from './features/logs/index';
import * as pricing from './features/pricing/index';
import * as profiles from './features/profiles/index';
import * as reports from './features/reports/index';
import * as schedules from './features/schedules/index';
import * as secrets from './features/secrets/index';
import * as storage from './features/storage/index';
import { ConnectionManager } from './connections/connectionManager';
import { durableMemento } from './connections/durableState';
import { takeEnvironmentKey } from './connections/environmentKey';
import { boundCommand, namedBinding, unboundCommand, type FeatureContext } from './ui/featureContext';
import type { FlowUi } from './ui/flowUi';
import { Log } from './ui/log';
import { PanelWatch, type WebviewTraffic } from './ui/panelHost';
import { ReadableDocuments } from './ui/readableDocuments';
import { cloudDefaults } from './ui/settings';
import { lazySchemaCounts } from './ui/schemaCounts';
import { registerNodeActions } from './ui/treeNodes';
import { VscodeFlowUi } from './ui/vscodeFlowUi';

/** What the extension exports: used by the integration tests to script prompts and inspect state. */
export interface PlatformConsoleExports {
  connections: ConnectionManager;
  /** The last lines the log wrote (scrubbed), up to TEST_LOG_LINES. */
  log: {
    readonly recent: readonly string[];
    /** Where the log is now, for `since` (every line ever written counted). */
    mark(): number;
    /** The lines written after `mark` (at most the last TEST_LOG_LINES). */
    since(mark: number): readonly string[];
  };
  /**
   * The first backoff step of the automatic GET retries, for clients made from now on (a change of
   * `platformConsole.requestTimeoutSeconds` makes new ones); undefined restores the default.
   */
  setRetryBaseMs(ms: number | undefined): void;
  /** The report poller's 2 s..30 s schedule from its next read on (tests shorten it); undefined restores the default. */
  setReportPollDelays(delays: Partial<reports.PollDelays> | undefined): void;
  /** Replace the prompt UI (tests script answers); undefined restores VS Code's own. */
  setUi(ui: FlowUi | undefined): void;
  /** Every globalState key the extension wrote, with its value (tests check no key is there). */
  globalStateSnapshot(): Record<string, unknown>;
  /** *Try the Simulator*: the simulator this window runs (its URL while it runs). */
  simulator: connectionsFeature.ConnectionsFeature['simulator'];
  /** The Protection Profiles view (filters, loads, edits). */
  profiles: profiles.ProfilesFeature['tree'];
  /** The Cloud view (projects, regions, secrets, snapshot policies, functions). */
  cloud: cloud.CloudFeature['tree'];
  /** The Storage view (object and SFTP storages, v4). */
  storage: storage.StorageFeature['tree'];
  /** The DDoS Attacks view (the account's DDoS events, filters, paging, refresh while visible). */
  attacks: attacks.AttacksFeature['tree'];
  /** The Edge view (pins, loads, auto-refresh). */
  edge: edge.EdgeFeature['tree'];
  /** The workspace's .wasm ↔ edge app links (tests set one), the build drift and the configuration drift they drive. */
  edgeLinks: edge.EdgeFeature['links'];
  edgeDrift: edge.EdgeFeature['drift'];
  edgeConfigDrift: edge.EdgeFeature['configDrift'];
  /** The watches after deploys (tests shorten the poll interval with `setInterval`). */
  edgeWatches: edge.EdgeFeature['watches'];
  /** Open in Console: the opener the tests observe instead of a browser (#58 item 4). */
  openInConsole: consoleFeature.ConsoleFeature['exports'];
  /** Report Tasks (view, store, poller) and the readable documents. */
  reports: reports.ReportTasksFeature['api'];
  /** Price Preview: sessions driven without a webview, the open panel's session. */
  pricing: pricing.PricingFeature['exports'];
  /** Function Logs: open panels (followers, held lines), the export save dialog. */
  logs: logs.LogsFeature['exports'];
  /** The audit trail of agent writes (#56): this session's records, and the MCP audit file it follows. */
  agentActivity: agent.AgentFeature['activity'];
  /** The agent tools as registered (tests call prepareInvocation directly: a confirmation would block). */
  agentTool(name: string): vscode.LanguageModelTool<Record<string, unknown>> | undefined;
  /** Agent tokens (#56): the store, their end (a clock for the expiry timer) and the Connections view. */
  agentTokens: { store: agent.AgentFeature['tokens']; lifecycle: agent.AgentFeature['tokenLifecycle']; tree: agent.AgentFeature['connectionsTree'] };
  /** The MCP server definition provider (#56): tests resolve and start it as VS Code would. */
  mcpServer: agent.AgentFeature['mcpServer'];
  /** Title and HTML of every open webview panel (tests check CSP, nonces and origins). */
  webviewPages(): { title: string; html: string }[];
  /** Every page and message that goes into any webview, as it happens (tests watch it for keys). */
  onWebviewTraffic: vscode.Event<WebviewTraffic>;
  /** The API's schemas when activation ended: how many exist, how many were built (tests: none). */
  schemasAtActivation: { defined: number; built: number };
  /** Whether the agent tool catalog was evaluated when activation ended (tests: not; it is at the first tool call). */
  agentCatalogAtActivation: boolean;
  /** The lazy bundles (dist/lazy/*.js: zod, the tool catalog...) read when activation ended (tests: none). */
  lazyBundlesAtActivation: string[];
  /** Whether the MCP audit file was followed (watched, polled) when activation ended (tests: not; from Show Agent Activity or an MCP server's start). */
  agentActivityFollowedAtActivation: boolean;
}

/** How many of the log's last lines the tests can read. */
const TEST_LOG_LINES = 2000;

/** What a build may hand the features besides the context (the loader, dist/main.js, its log lines; the benches' build its instruments). */
export interface FeatureSeams {
  /** The loader's lines (the code cache: src/loader/codeCache.ts) go to the extension's log. */
  loaderLog?: (write: (line: string) => void) => void;
  pricingSession?: pricing.PanelSessionDeps;
  profileLoads?: profiles.ProfileLoadObserver;
}

/** The exports under the tests (ExtensionMode.Test); undefined otherwise. */
export async function activate(context: vscode.ExtensionContext, seams: FeatureSeams = {}): Promise<PlatformConsoleExports | undefined> {
  const started = Date.now();
  // The key the environment hands over leaves it first, before anything this extension host
  // starts later could inherit it.
  const handed = takeEnvironmentKey(process.env);
  const own = <T extends vscode.Disposable>(thing: T): T => {
    context.subscriptions.push(thing);
    return thing;
  };
  // What only the tests read, made only under them (the exports below).
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const logLines: string[] = [];
  let logTotal = 0;
  const keepLine = (line: string) => {
    logTotal++;
    logLines.push(line);
    if (logLines.length > TEST_LOG_LINES) logLines.shift();
  };
  const log = own(new Log(testing ? keepLine : undefined));
  seams.loaderLog?.((line) => log.info(line));
  let retryBaseMs: number | undefined;
  const connections = own(new ConnectionManager(context, log, () => retryBaseMs));
  let reportPollDelays: Partial<reports.PollDelays> | undefined;
  const panelWatch = testing ? own(new PanelWatch()) : undefined;
  const vscodeUi = new VscodeFlowUi();
  let currentUi: FlowUi = vscodeUi;
  const ui = () => currentUi;
  // Every feature's globalState writes made to hold (an echo of an earlier write can undo one).
  const state = durableMemento(context.globalState);
  const ctx: FeatureContext = {
    connections,
    log,
    ui,
    state,
    workspaceState: durableMemento(context.workspaceState),
    extensionUri: context.extensionUri,
    secrets: context.secrets,
    globalStorageUri: context.globalStorageUri,
    defaults: cloudDefaults(state, log, (c) => connections.environmentLocation(c)),
    documents: own(new ReadableDocuments()),
    panelWatch,
    registerBoundCommand: boundCommand(connections, ui),
    registerUnboundCommand: unboundCommand,
    bindNamed: namedBinding(connections),
  };
  own(registerNodeActions());

  // activate()'s parts, in its log line: what first use costs beyond the bundle's evaluation (#57).
  const contextAt = Date.now();
  await connections.migrateDialects();
  await connections.bootstrapFromEnvironment(process.env, handed);
  // Signed in or not is known before any feature starts; the menus are told meanwhile.
  await connections.updateContext({ untilKnown: true });
  const connectionsAt = Date.now();

  // The features, each with what it owns.
  const feature = <T extends vscode.Disposable>(activateFeature: (ctx: FeatureContext) => T): T => own(activateFeature(ctx));
  const connectionsRoom = feature(connectionsFeature.activate);
  for (const room of [secrets, identity, schedules, billing]) feature(room.activate);
  const consoleLinks = feature(consoleFeature.activate);
  const storageView = feature(storage.activate);
  const attacksView = feature(attacks.activate);
  const reportTasks = feature((c) => reports.activate(c, testing ? () => reportPollDelays : undefined));
  const edgeView = feature(edge.activate);
  const cloudView = feature(cloud.activate);
  const profilesView = feature((c) => profiles.activate(c, seams.profileLoads));
  const pricePreview = feature((c) => pricing.activate(c, seams.pricingSession));
  const functionLogs = feature((c) => logs.activate(c, testing ? new logs.LogsPanelWatch() : undefined));
  // The deploy watches reach the agent tools through here: features never import each other.
  const agentTools = feature((c) =>
    agent.activate(
      c,
      agent.contributedToolNames(context.extension.packageJSON),
      { edgeWatches: () => edgeView.watches.reports() },
      agent.agentActivityFile(context),
    ),
  );

  const schemasAtActivation = lazySchemaCounts();
  const agentCatalogAtActivation = agentTools.catalogMade();
  const lazyBundlesAtActivation = testing ? lazyBundlesRead(context.extensionPath) : [];
  const agentActivityFollowedAtActivation = agentTools.activity.following;
  const endedAt = Date.now();
  const parts = `context ${contextAt - started} ms, connections ${connectionsAt - contextAt} ms, features ${endedAt - connectionsAt} ms`;
  log.info(`Platform Console activated in ${endedAt - started} ms (${parts})`);
  // Only the tests get the internals (prompts that can be scripted, the connections): no other
  // extension can answer a confirmation or reach a connection through them.
  if (!testing) return undefined;
  return {
    connections,
    log: {
      recent: logLines,
      mark: () => logTotal,
      // The lines kept are the last TEST_LOG_LINES: a mark counts every line ever written, so a long run's shifts do not move it.
      since: (mark) => logLines.slice(Math.max(0, logLines.length - (logTotal - mark))),
    },
    setRetryBaseMs: (ms) => {
      retryBaseMs = ms;
    },
    setReportPollDelays: (delays) => {
      reportPollDelays = delays;
    },
    simulator: connectionsRoom.simulator,
    edge: edgeView.tree,
    edgeLinks: edgeView.links,
    edgeDrift: edgeView.drift,
    edgeConfigDrift: edgeView.configDrift,
    edgeWatches: edgeView.watches,
    cloud: cloudView.tree,
    storage: storageView.tree,
    attacks: attacksView.tree,
    profiles: profilesView.tree,
    reports: reportTasks.api,
    openInConsole: consoleLinks.exports,
    pricing: pricePreview.exports,
    logs: functionLogs.exports,
    agentTool: (name) => agentTools.tool(name),
    agentActivity: agentTools.activity,
    agentTokens: { store: agentTools.tokens, lifecycle: agentTools.tokenLifecycle, tree: agentTools.connectionsTree },
    mcpServer: agentTools.mcpServer,
    webviewPages: () => panelWatch?.pages() ?? [],
    onWebviewTraffic: panelWatch?.onTraffic ?? (() => ({ dispose() {} })),
    schemasAtActivation,
    agentCatalogAtActivation,
    lazyBundlesAtActivation,
    agentActivityFollowedAtActivation,
    setUi: (next) => {
      currentUi = next ?? vscodeUi;
    },
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
  };
}

/** The lazy bundles of this extension (dist/lazy/<name>.js) Node has loaded so far, by name. */
function lazyBundlesRead(extensionPath: string): string[] {
  const folder = nodePath.join(extensionPath, 'dist', 'lazy') + nodePath.sep;
  return Object.keys(require.cache)
    .filter((file) => file.startsWith(folder))
    .map((file) => nodePath.basename(file, '.js'));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
