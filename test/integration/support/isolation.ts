// What every integration file starts from, and what it must not leave behind. All files share one
// extension host, so index.ts puts each file's suites under a suite of its own whose "before all"
// resets this state and whose "after all" fails the run naming what the file left: another
// connection, a visible view of this extension, an open webview panel, a changed setting.
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { SimulatorControl } from '../../../simulator/controlClient';
import type { PlatformConsoleExports } from '../../../src/extension';
import testKeys from '../../support/testKeys.json';
import { EXTENSION_ID } from './extension';
import { until } from './until';

/** Set by runIntegration.mjs: the control token of the harness's simulator (PLATFORM_CONSOLE_BASE_URL). */
export const SIM_CONTROL_TOKEN_VARIABLE = 'PLATFORM_CONSOLE_SIM_CONTROL_TOKEN';

// No setting of this extension is resource-scoped: user and workspace settings are all there is.
type Scope = 'globalValue' | 'workspaceValue';
const SCOPES: readonly [Scope, vscode.ConfigurationTarget][] = [
  ['globalValue', vscode.ConfigurationTarget.Global],
  ['workspaceValue', vscode.ConfigurationTarget.Workspace],
];

/** Every `platformConsole.*` setting the manifest declares, as set in each scope. */
type Settings = Map<string, Partial<Record<Scope, unknown>>>;

export interface Baseline {
  settings: Settings;
}

const envUrl = () => (process.env.PLATFORM_CONSOLE_BASE_URL ?? '').replace(/\/+$/, '');

function readSettings(): Settings {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { configuration: { properties: Record<string, unknown> } } };
  const config = vscode.workspace.getConfiguration();
  const settings: Settings = new Map();
  for (const key of Object.keys(manifest.contributes.configuration.properties)) {
    const seen = config.inspect(key);
    settings.set(key, Object.fromEntries(SCOPES.map(([scope]) => [scope, seen?.[scope]])));
  }
  return settings;
}

/** Taken once, before the first file: the state every file starts from. */
export function takeBaseline(): Baseline {
  return { settings: readSettings() };
}

/** The extension's views (each a NodeTree's TreeView), by name. */
function views(ext: PlatformConsoleExports): [string, vscode.TreeView<unknown>][] {
  return [
    ['Protection Profiles', ext.profiles.view],
    ['Edge', ext.edge.view],
    ['Report Tasks', ext.reports.tree.view],
    ['Cloud', ext.cloud.view],
    ['Storage', ext.storage.view],
    ['DDoS Attacks', ext.attacks.view],
  ];
}

function webviewTabs(): string[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs.filter((tab) => tab.input instanceof vscode.TabInputWebview).map((tab) => tab.label));
}

/** The harness's own connection (made from the environment at activation), if it is there. */
function harnessConnection(ext: PlatformConsoleExports) {
  return ext.connections.list().find((c) => c.baseUrl === envUrl());
}

/** For a file's `after`: signs out every connection to one of `urls` (the file's own simulators). */
export async function signOutOf(ext: PlatformConsoleExports, ...urls: string[]): Promise<void> {
  const ours = new Set(urls.map((url) => url.replace(/\/+$/, '')));
  for (const c of ext.connections.list()) if (ours.has(c.baseUrl)) await ext.connections.signOut(c.id, { explicit: false });
}

/** What the file that just ran left behind, one line each; [] when it left nothing. */
export async function leftovers(ext: PlatformConsoleExports, baseline: Baseline): Promise<string[]> {
  // A view hidden or a panel closed by the file's last step is told to the extension host a moment later.
  await until('views hidden and panels closed', () => views(ext).every(([, view]) => !view.visible) && webviewTabs().length === 0, 2000).catch(() => undefined);
  const found: string[] = [];
  const own = harnessConnection(ext);
  if (!own) found.push(`the harness's connection (${envUrl()}) signed out`);
  for (const c of ext.connections.list().filter((c) => c.id !== own?.id)) found.push(`a connection: ${c.name} (${c.baseUrl})`);
  for (const [name, view] of views(ext)) if (view.visible) found.push(`a visible view: ${name}`);
  for (const label of webviewTabs()) found.push(`an open webview panel: ${label}`);
  const now = readSettings();
  for (const [key, was] of baseline.settings) {
    for (const [scope] of SCOPES) {
      const value = now.get(key)?.[scope];
      if (!isDeepStrictEqual(value, was[scope]))
        found.push(`a changed setting: ${key} (${scope.replace('Value', '')}) is ${JSON.stringify(value)}, was ${JSON.stringify(was[scope])}`);
    }
  }
  return found;
}

/**
 * Back to the baseline: editors, webview panels and the panel area closed, the Explorer in front
 * (no view of this extension visible), only the harness's connection (signed in again if a file
 * signed it out) and active, every setting as it was, the test seams at their defaults, and the
 * harness's simulator back to its seed with no fault and no request counted.
 */
export async function resetState(ext: PlatformConsoleExports, baseline: Baseline): Promise<void> {
  ext.setUi(undefined);
  ext.setRetryBaseMs(undefined);
  ext.setReportPollDelays(undefined);
  ext.edgeWatches.setInterval(undefined);
  ext.edgeWatches.stopAll('the next test file');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await vscode.commands.executeCommand('workbench.view.explorer');
  await until('the Explorer in front of every Platform Console view', () => views(ext).every(([, view]) => !view.visible));
  await until('every webview panel closed', () => webviewTabs().length === 0);

  const kept = harnessConnection(ext);
  for (const c of ext.connections.list()) if (c.id !== kept?.id) await ext.connections.signOut(c.id, { explicit: false });
  if (!harnessConnection(ext)) {
    // As at activation; an explicit Sign Out of it is remembered, and a sign-in on purpose lifts that.
    const made = await ext.connections.bootstrapFromEnvironment({ ...process.env, PLATFORM_CONSOLE_API_KEY: testKeys.environment });
    if (!made) await ext.connections.signIn(new URL(envUrl()).host, envUrl(), testKeys.environment);
  }
  const own = harnessConnection(ext);
  if (own && ext.connections.active?.id !== own.id) await ext.connections.switchTo(own.id);

  const config = vscode.workspace.getConfiguration();
  const now = readSettings();
  for (const [key, was] of baseline.settings) {
    for (const [scope, target] of SCOPES) {
      if (!isDeepStrictEqual(now.get(key)?.[scope], was[scope])) await config.update(key, was[scope], target);
    }
  }

  const token = process.env[SIM_CONTROL_TOKEN_VARIABLE];
  if (!token) throw new Error(`${SIM_CONTROL_TOKEN_VARIABLE} is not set: run the integration tests with npm run test:integration`);
  await new SimulatorControl(envUrl(), token).reset({ faults: true, requests: true });
}
