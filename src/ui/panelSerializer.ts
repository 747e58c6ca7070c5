// Brings a panel back after a reload: VS Code hands over the state the webview saved with
// setState; it is checked like any message before the panel uses it.
import type * as z from 'zod';
import * as vscode from 'vscode';
import type { Log } from './log';
import { issuePath } from '../schema/validate';

export function registerPanelSerializer<S>(
  viewType: string,
  schema: z.ZodType<S>,
  log: Log,
  revive: (panel: vscode.WebviewPanel, state: S | undefined) => void,
): vscode.Disposable {
  const deserializeWebviewPanel = (panel: vscode.WebviewPanel, saved: unknown): Promise<void> => {
    const parsed = saved === undefined || saved === null ? undefined : schema.safeParse(saved);
    if (parsed && !parsed.success) {
      const detail = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${issuePath(i.path)}: ${i.message}`)
        .join('; ');
      log.error(`${viewType}: the saved state was not usable, starting afresh (${detail})`);
    }
    revive(panel, parsed?.success ? parsed.data : undefined);
    return Promise.resolve();
  };
  return vscode.window.registerWebviewPanelSerializer(viewType, { deserializeWebviewPanel });
}
