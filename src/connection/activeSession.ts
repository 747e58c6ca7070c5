// What every write command needs first: the active connection and its API. Without them it
// says so and offers Sign In, so no command fails silently when signed out.
import * as vscode from 'vscode';
import type { FlowUi } from '../flows/ui';
import type { PlatformApi } from '../platform/api';
import type { Connection, ConnectionManager } from './connectionManager';

export interface ActiveSession {
  api: PlatformApi;
  connection: Connection;
}

/** Says that signing in comes first, and opens Sign In when asked. */
export async function promptSignIn(ui: FlowUi): Promise<void> {
  const choice = await ui.notify('warning', 'Platform Console: sign in to a platform first.', ['Sign In']);
  if (choice === 'Sign In') await vscode.commands.executeCommand('platformConsole.signIn');
}

export async function activeSession(connections: ConnectionManager, ui: FlowUi): Promise<ActiveSession | undefined> {
  const api = await connections.api();
  const connection = connections.active;
  if (api && connection) return { api, connection };
  await promptSignIn(ui);
  return undefined;
}
