import * as vscode from 'vscode';
import type { PlatformConsoleExports } from '../../../src/extension';

export const EXTENSION_ID = 'platform-console.platform-console';

/** Activates the extension under test and returns what it exports. */
export async function platformConsole(): Promise<PlatformConsoleExports> {
  const extension = vscode.extensions.getExtension<PlatformConsoleExports>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  return extension.activate();
}
