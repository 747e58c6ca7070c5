import * as vscode from 'vscode';
import type { PlatformConsoleExports } from '../../../src/extension';

export const EXTENSION_ID = 'platform-console.platform-console';

/** Activates the extension under test and returns what it exports. */
export async function platformConsole(): Promise<PlatformConsoleExports> {
  const extension = vscode.extensions.getExtension<PlatformConsoleExports | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  const exports = await extension.activate();
  // Under the tests (ExtensionMode.Test) the start-up bundle loads the real extension at once.
  if (!exports) throw new Error(`${EXTENSION_ID} only stands by: the real extension was not loaded`);
  return exports;
}
