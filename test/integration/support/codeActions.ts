// Code actions as VS Code's own command gives them. It cancels a request that overlaps a change of
// the document's diagnostics (the drift checks republish them as they re-run): asked again until
// one is answered, never a fixed pause.
import * as vscode from 'vscode';
import { until } from './until';

export function codeActionsAt(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  return until('the code actions (a cancelled request is asked again)', async () => {
    try {
      return await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range);
    } catch (error) {
      if (error instanceof Error && (error.name === 'Canceled' || error.message === 'Canceled')) return undefined;
      throw error;
    }
  });
}
