// Composition root: builds the services and hands them to views, flows and panels.
// First import: its load time marks the start of the bundle's evaluation (activation benchmark).
import { activationTimer, bundleEvaluated } from './activationTimings';
import * as vscode from 'vscode';
import { registerConnectionCommands } from './connection/commands';
import { ConnectionManager } from './connection/connectionManager';
import { createConnectionStatusBar } from './connection/statusBar';
import type { FlowUi } from './flows/ui';
import { VscodeFlowUi } from './flows/vscodeUi';
import { registerEdgeCommands } from './edge/edgeCommands';
import { EdgePinStore } from './edge/edgePinStore';
import { EdgeTree } from './edge/edgeTree';
import { Log } from './log';
import { registerIdentityCommands } from './identity/identityCommands';
import { NotificationSettingStore } from './identity/notificationSettingStore';
import { registerScheduleCommands } from './schedules/scheduleCommands';
import { registerSecretCommands } from './secrets/secretCommands';
import { registerDeleteStorageCommand } from './storage/deleteStorageCommand';
import { cloudDefaults } from './settings';
import { registerNodeActions } from './views/nodes';
import { registerProfileCommands } from './profiles/profileCommands';
import { ReportTasksFeature, type ReportTasksApi } from './reports/reportTasksFeature';
import { ProfilesTree } from './profiles/profilesTree';
import { registerPricing, type PricingExports } from './pricing/pricingPanel';
import { registerFunctionLogs, type FunctionLogsExports } from './logs/functionLogsCommands';
import { onWebviewTraffic, openPanelPages, type WebviewTraffic } from './panels/panelHost';

/** What the extension exports: used by the integration tests to script prompts and inspect state. */
export interface PlatformConsoleExports {
  connections: ConnectionManager;
  log: Log;
  /** Replace the prompt UI (tests script answers); undefined restores VS Code's own. */
  setUi(ui: FlowUi | undefined): void;
  /** Every globalState key the extension wrote, with its value (tests check no key is there). */
  globalStateSnapshot(): Record<string, unknown>;
  /** The Protection Profiles view (filters, loads, edits). */
  profiles: ProfilesTree;
  /** The Edge view (pins, loads, auto-refresh). */
  edge: EdgeTree;
  /** Report Tasks (view, store, poller) and the readable trial / free feature documents. */
  reports: ReportTasksApi;
  /** Price Preview: sessions driven without a webview, the open panel's session. */
  pricing: PricingExports;
  /** Function Logs: open panels (followers, held lines), the export save dialog. */
  logs: FunctionLogsExports;
  /** Title and HTML of every open webview panel (tests check CSP, nonces and origins). */
  webviewPages(): { title: string; html: string }[];
  /** Every page and message that goes into any webview, as it happens (tests watch it for keys). */
  onWebviewTraffic: vscode.Event<WebviewTraffic>;
}

// Every import above is evaluated by now (activation benchmark).
bundleEvaluated();

export async function activate(context: vscode.ExtensionContext): Promise<PlatformConsoleExports> {
  const activated = activationTimer();
  const started = Date.now();
  const log = new Log();
  const connections = new ConnectionManager(context, log);
  const vscodeUi = new VscodeFlowUi();
  let ui: FlowUi = vscodeUi;
  context.subscriptions.push(log, connections);

  await connections.migrateDialects();
  await connections.bootstrapFromEnvironment();
  await connections.updateContext();

  context.subscriptions.push(
    createConnectionStatusBar(connections),
    registerNodeActions(),
    ...registerConnectionCommands(connections, log, () => ui),
    ...registerSecretCommands({ connections, log, ui: () => ui, defaults: cloudDefaults() }),
    ...registerIdentityCommands({ connections, log, ui: () => ui, store: new NotificationSettingStore(context.globalState) }),
    registerDeleteStorageCommand({ connections, log, ui: () => ui }),
    ...registerScheduleCommands({ connections, log, ui: () => ui, defaults: cloudDefaults() }),
  );

  const reports = new ReportTasksFeature({ context, connections, log, ui: () => ui });
  context.subscriptions.push(reports);
  await reports.start();

  const edge = new EdgeTree({ connections, log, ui: () => ui, store: new EdgePinStore(context.globalState) });
  context.subscriptions.push(edge, ...registerEdgeCommands({ connections, log, ui: () => ui, tree: edge }));

  const profiles = new ProfilesTree({ connections, log, ui: () => ui, memento: context.globalState, extensionUri: context.extensionUri });
  context.subscriptions.push(profiles, ...registerProfileCommands({ tree: profiles, connections, log, ui: () => ui }));

  const pricing = registerPricing({ extensionUri: context.extensionUri, connections, log, ui: () => ui, defaults: cloudDefaults() });
  context.subscriptions.push(...pricing.disposables);

  const logs = registerFunctionLogs({ extensionUri: context.extensionUri, connections, log, ui: () => ui, defaults: cloudDefaults(), memento: context.globalState });
  context.subscriptions.push(...logs.disposables);

  log.info(`Platform Console activated in ${Date.now() - started} ms`);
  activated();
  return {
    connections,
    log,
    edge,
    profiles,
    reports: reports.api,
    pricing: pricing.exports,
    logs: logs.exports,
    webviewPages: openPanelPages,
    onWebviewTraffic,
    setUi: (next) => {
      ui = next ?? vscodeUi;
    },
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
