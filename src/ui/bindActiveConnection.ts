// What every command needs first: the connection it acts on, bound once (see Bound). Without one
// it says so and offers Sign In, so no command fails silently when signed out.
import * as vscode from 'vscode';
import type { FlowUi } from './flowUi';
import type { Bound, ConnectionManager } from './connectionManager';

export type ActiveSession = Bound;

/** Says that signing in comes first, and opens Sign In when asked. */
export async function promptSignIn(ui: FlowUi): Promise<void> {
  const choice = await ui.notify('warning', 'Platform Console: sign in to a platform first.', ['Sign In']);
  if (choice === 'Sign In') await vscode.commands.executeCommand('platformConsole.signIn');
}

/** The active connection, bound for the whole action that starts now (its Retry included). */
export async function activeSession(connections: ConnectionManager, ui: FlowUi): Promise<Bound | undefined> {
  const bound = await connections.bind();
  if (bound) return bound;
  await promptSignIn(ui);
  return undefined;
}
