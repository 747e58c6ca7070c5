// The start-up bundle (dist/extension.js): all that VS Code loads as it starts. It loads the real
// extension (main.ts, its own bundle dist/main.js) at once when a feature asked for it (report
// tasks still running, startupWake.ts) or under the tests, and otherwise only stands in for it
// until the person uses a command, a view or a restored panel (lazyActivation.ts).
// First import: its load time marks the start of the bundle's evaluation (activation benchmark).
import { activationTimer, benchEager, bundleEvaluated } from './ui/activationTimings';
import * as vscode from 'vscode';
import type * as Main from './main';
import { LazyExtension } from './ui/lazyActivation';
import { keyFileWaiting, takeEnvironmentKey } from './connections/environmentKey';
import { standInSignedIn, startupWakeReasons } from './connections/startupWake';
import { stepTimer } from './ui/stepTimer';

/** The real extension: its own bundle, read on first use (esbuild.mjs). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadMain = (): typeof Main => require('./main') as typeof Main;

export type { PlatformConsoleExports } from './main';

bundleEvaluated();

/** The exports under the tests (ExtensionMode.Test); undefined otherwise. */
export async function activate(context: vscode.ExtensionContext): Promise<Main.PlatformConsoleExports | undefined> {
  const activated = activationTimer('startup');
  // What each step costs (the activation bench prints them).
  const { steps, step } = stepTimer();
  // The key the environment hands over leaves it now, before anything this extension host starts
  // later could inherit it; it is held here until the extension stores it.
  const handed = takeEnvironmentKey(process.env);
  const lazy = new LazyExtension(context, loadMain, handed);
  const wake = context.extensionMode === vscode.ExtensionMode.Test || benchEager() || keyFileWaiting(handed) || startupWakeReasons(context.globalState).length > 0;
  step('why to load now (stored reasons, a key file waiting)');
  if (wake) {
    const exports = await lazy.load();
    activated();
    // Only the tests get the internals (prompts that can be scripted, the connections): no other
    // extension can answer a confirmation or reach a connection through them.
    return context.extensionMode === vscode.ExtensionMode.Test ? exports : undefined;
  }
  lazy.standBy(standInSignedIn(context.globalState, process.env, handed?.key), step);
  activated(steps);
  return undefined;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
