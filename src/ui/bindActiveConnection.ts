// What every command needs first: the connection it acts on, bound once (see BoundConnection).
// Without one it says so and offers Sign In, so no command fails silently when signed out.
import * as vscode from 'vscode';
import type { FlowUi } from './flowUi';
import type { BoundConnection, ConnectionManager } from '../connections/connectionManager';

/** Says that signing in comes first, and opens Sign In when asked. */
export async function promptSignIn(ui: FlowUi): Promise<void> {
  const choice = await ui.notify('warning', 'Platform Console: sign in to a platform first.', ['Sign In']);
  if (choice === 'Sign In') await vscode.commands.executeCommand('platformConsole.signIn');
}

/** Binds the active connection for the whole action that starts now (its Retry included), or offers Sign In. */
export async function bindActiveOrOfferSignIn(connections: ConnectionManager, ui: FlowUi): Promise<BoundConnection | undefined> {
  const bound = await connections.bind();
  if (bound) return bound;
  await promptSignIn(ui);
  return undefined;
}
