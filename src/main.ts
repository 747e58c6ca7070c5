// Composition root: builds one FeatureContext, then activates each feature with it. Its own
// bundle (dist/main.js), loaded by the start-up bundle (extension.ts) at the extension's first use.
// First import: its load time marks the start of the bundle's evaluation (activation benchmark).
import { activationTimer, bundleEvaluated } from './ui/activationTimings';
import * as vscode from 'vscode';
import * as agent from './features/agent/index';
import * as billing from './features/billing/index';
import * as connectionsFeature from './features/connections/index';
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
import { boundCommand, type FeatureContext } from './ui/featureContext';
import type { FlowUi } from './ui/flowUi';
import { Log } from './ui/log';
import { PanelWatch, type WebviewTraffic } from './ui/panelHost';
export { revivePanel } from './ui/panelSerializer';
export { languageModelTool } from './features/agent/index';
import { ReadableDocuments } from './ui/readableDocuments';
import { cloudDefaults } from './ui/settings';
import { durableMemento } from './connections/durableState';
import { startupWakeReasons } from './connections/startupWake';
import { lazySchemaCounts } from './ui/schemaCounts';
import { stepTimer } from './ui/stepTimer';
import type { EarlyReads } from './connections/storedConnections';
import { registerNodeActions } from './ui/treeNodes';
import { VscodeFlowUi } from './ui/vscodeFlowUi';

/** What the extension exports: used by the integration tests to script prompts and inspect state. */
export interface PlatformConsoleExports {
  connections: ConnectionManager;
  /** The last lines the log wrote (scrubbed), up to TEST_LOG_LINES. */
  log: { readonly recent: readonly string[] };
  /**
   * The first backoff step of the automatic GET retries, for clients made from now on (a change of
   * `platformConsole.requestTimeoutSeconds` makes new ones); undefined restores the default.
   */
  setRetryBaseMs(ms: number | undefined): void;
  /** Replace the prompt UI (tests script answers); undefined restores VS Code's own. */
  setUi(ui: FlowUi | undefined): void;
  /** Every globalState key the extension wrote, with its value (tests check no key is there). */
  globalStateSnapshot(): Record<string, unknown>;
  /** The Protection Profiles view (filters, loads, edits). */
  profiles: profiles.ProfilesFeature['tree'];
  /** The Edge view (pins, loads, auto-refresh). */
  edge: edge.EdgeFeature['tree'];
  /** Report Tasks (view, store, poller) and the readable documents. */
  reports: reports.ReportTasksFeature['api'];
  /** Price Preview: sessions driven without a webview, the open panel's session. */
  pricing: pricing.PricingFeature['exports'];
  /** Function Logs: open panels (followers, held lines), the export save dialog. */
  logs: logs.LogsFeature['exports'];
  /** The agent tools as registered (tests call prepareInvocation directly: a confirmation would block). */
  agentTool: typeof agent.languageModelTool;
  /** Title and HTML of every open webview panel (tests check CSP, nonces and origins). */
  webviewPages(): { title: string; html: string }[];
  /** Every page and message that goes into any webview, as it happens (tests watch it for keys). */
  onWebviewTraffic: vscode.Event<WebviewTraffic>;
  /** The API's schemas when activation ended: how many exist, how many were built (tests: none). */
  schemasAtActivation: { defined: number; built: number };
}

/** How many of the log's last lines the tests can read. */
const TEST_LOG_LINES = 2000;

/** What a build may hand the features besides the context (the shipped build hands nothing). */
export interface FeatureSeams {
  pricingSession?: pricing.PanelSessionDeps;
  profileLoads?: profiles.ProfileLoadObserver;
}

// Every import above is evaluated by now (activation benchmark).
bundleEvaluated();

export async function activate(context: vscode.ExtensionContext, early?: EarlyReads, seams: FeatureSeams = {}): Promise<PlatformConsoleExports> {
  const activated = activationTimer('main');
  const started = Date.now();
  // What each step of activation costs (in the log line below, and in the activation bench).
  const { steps, step } = stepTimer();
  const own = <T extends vscode.Disposable>(thing: T): T => {
    context.subscriptions.push(thing);
    return thing;
  };
  // What only the tests read, made only under them (the exports below).
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const logLines: string[] = [];
  const keepLine = (line: string) => {
    logLines.push(line);
    if (logLines.length > TEST_LOG_LINES) logLines.shift();
  };
  const log = own(new Log(testing ? keepLine : undefined));
  let retryBaseMs: number | undefined;
  const connections = own(new ConnectionManager(context, log, early, () => retryBaseMs));
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
    extensionUri: context.extensionUri,
    defaults: cloudDefaults(state, log),
    documents: own(new ReadableDocuments()),
    panelWatch,
    registerBoundCommand: boundCommand(connections, ui),
  };
  own(registerNodeActions());
  step('services');

  await connections.migrateDialects();
  await connections.bootstrapFromEnvironment(process.env, early?.environmentKey);
  // Signed in or not is known before any feature starts; the menus are told meanwhile.
  await connections.updateContext({ untilKnown: true });
  step('connections (storage, secrets, environment sign-in)');

  // The features, each with what it owns, timed one by one.
  const feature = <T extends vscode.Disposable>(name: string, activateFeature: (ctx: FeatureContext) => T): T => {
    const owned = own(activateFeature(ctx));
    step(name);
    return owned;
  };
  for (const [name, room] of Object.entries({ 'the connection commands': connectionsFeature, secrets, identity, storage, schedules, billing })) feature(name, room.activate);
  const reportTasks = feature('reports', reports.activate);
  const edgeView = feature('edge', edge.activate);
  const profilesView = feature('profiles', (c) => profiles.activate(c, seams.profileLoads));
  const pricePreview = feature('pricing', (c) => pricing.activate(c, seams.pricingSession));
  const functionLogs = feature('logs', logs.activate);
  feature('agent', agent.activate);

  const schemasAtActivation = lazySchemaCounts();
  const wake = startupWakeReasons(context.globalState);
  const costliest = Object.entries(steps).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, ms]) => `${name} ${ms} ms`).join(', ');
  log.info(`Platform Console activated in ${Date.now() - started} ms (${costliest})${wake.length ? `; loaded at start-up for: ${wake.join(', ')}` : ''}`);
  activated(steps);
  return {
    connections,
    log: { recent: logLines },
    setRetryBaseMs: (ms) => {
      retryBaseMs = ms;
    },
    edge: edgeView.tree,
    profiles: profilesView.tree,
    reports: reportTasks.api,
    pricing: pricePreview.exports,
    logs: functionLogs.exports,
    agentTool: agent.languageModelTool,
    webviewPages: () => panelWatch?.pages() ?? [],
    onWebviewTraffic: panelWatch?.onTraffic ?? (() => ({ dispose() {} })),
    schemasAtActivation,
    setUi: (next) => {
      currentUi = next ?? vscodeUi;
    },
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
  };
}
