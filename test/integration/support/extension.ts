import * as vscode from 'vscode';
import type { PlatformConsoleExports } from '../../../src/extension';

export const EXTENSION_ID = 'platform-console.platform-console';

/** Activates the extension under test and returns what it exports. */
export async function platformConsole(): Promise<PlatformConsoleExports> {
  const extension = vscode.extensions.getExtension<PlatformConsoleExports | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  const exports = await extension.activate();
  // The exports are given only under the tests (ExtensionMode.Test).
  if (!exports) throw new Error(`${EXTENSION_ID} gave no exports: not run in test mode`);
  return exports;
}
