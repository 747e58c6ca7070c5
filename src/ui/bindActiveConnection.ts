// Without a connection to act on, a command says so and offers Sign In, so none fails silently
// when signed out (registerBoundCommand, src/ui/featureContext.ts, binds the connection itself).
import * as vscode from 'vscode';
import type { FlowUi } from './flowUi';

/** Says that signing in comes first, and opens Sign In when asked. */
export async function promptSignIn(ui: FlowUi): Promise<void> {
  const choice = await ui.notify('warning', 'Platform Console: sign in to a platform first.', ['Sign In']);
  if (choice === 'Sign In') await vscode.commands.executeCommand('platformConsole.signIn');
}
