// Composition root: builds one FeatureContext, then activates each feature with it. VS Code
// activates the extension at its first use (a command, a view, a tool call, a restored panel:
// the events it derives from package.json), never as the window starts.
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
import { ConnectionManager } from './ui/connectionManager';
import { boundCommand, type FeatureContext } from './ui/featureContext';
import type { FlowUi } from './ui/flowUi';
import { Log } from './ui/log';
import { onWebviewTraffic, openPanelPages, type WebviewTraffic } from './ui/panelHost';
import { ReadableDocuments } from './ui/readableDocuments';
import { cloudDefaults } from './ui/settings';
import { durableMemento } from './ui/durableState';
import { lazySchemaCounts } from './ui/schemaCounts';
import { takeEnvironmentKey } from './ui/environmentKey';
import { registerNodeActions } from './ui/treeNodes';
import { VscodeFlowUi } from './ui/vscodeFlowUi';

/** What the extension exports: used by the integration tests to script prompts and inspect state. */
export interface PlatformConsoleExports {
  connections: ConnectionManager;
  log: Log;
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
  agentTool(name: string): vscode.LanguageModelTool<Record<string, unknown>> | undefined;
  /** Title and HTML of every open webview panel (tests check CSP, nonces and origins). */
  webviewPages(): { title: string; html: string }[];
  /** Every page and message that goes into any webview, as it happens (tests watch it for keys). */
  onWebviewTraffic: vscode.Event<WebviewTraffic>;
  /** The API's schemas when activation ended: how many exist, how many were built (tests: none). */
  schemasAtActivation: { defined: number; built: number };
}

/** The exports under the tests (ExtensionMode.Test); undefined otherwise. */
export async function activate(context: vscode.ExtensionContext): Promise<PlatformConsoleExports | undefined> {
  const started = Date.now();
  // The key the environment hands over leaves it first, before anything this extension host
  // starts later could inherit it.
  const handed = takeEnvironmentKey(process.env);
  const own = <T extends vscode.Disposable>(thing: T): T => {
    context.subscriptions.push(thing);
    return thing;
  };
  const log = own(new Log());
  const connections = own(new ConnectionManager(context, log));
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
    registerBoundCommand: boundCommand(connections, ui),
  };
  own(registerNodeActions());

  await connections.migrateDialects();
  await connections.bootstrapFromEnvironment(process.env, handed);
  // Signed in or not is known before any feature starts; the menus are told meanwhile.
  await connections.updateContext({ untilKnown: true });

  // The features, each with what it owns.
  const feature = <T extends vscode.Disposable>(activateFeature: (ctx: FeatureContext) => T): T => own(activateFeature(ctx));
  for (const room of [connectionsFeature, secrets, identity, storage, schedules, billing]) feature(room.activate);
  const reportTasks = feature(reports.activate);
  const edgeView = feature(edge.activate);
  const profilesView = feature(profiles.activate);
  const pricePreview = feature(pricing.activate);
  const functionLogs = feature(logs.activate);
  const agentTools = feature(agent.activate);

  const schemasAtActivation = lazySchemaCounts();
  log.info(`Platform Console activated in ${Date.now() - started} ms`);
  // Only the tests get the internals (prompts that can be scripted, the connections): no other
  // extension can answer a confirmation or reach a connection through them.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    connections,
    log,
    edge: edgeView.tree,
    profiles: profilesView.tree,
    reports: reportTasks.api,
    pricing: pricePreview.exports,
    logs: functionLogs.exports,
    agentTool: (name) => agentTools.tool(name),
    webviewPages: openPanelPages,
    onWebviewTraffic,
    schemasAtActivation,
    setUi: (next) => {
      currentUi = next ?? vscodeUi;
    },
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
