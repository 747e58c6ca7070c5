// Sign In, Switch Connection, Sign Out, Show Log.
import * as vscode from 'vscode';
import type { FlowUi } from '../flows/ui';
import type { Log } from '../log';
import type { ConnectionManager } from './connectionManager';
import { signInFlow } from './signInFlow';

export function registerConnectionCommands(connections: ConnectionManager, log: Log, ui: () => FlowUi): vscode.Disposable[] {
  const pickConnection = async (placeholder: string) => {
    const all = connections.list();
    const active = connections.active;
    return ui().pick({
      title: 'Platform Console',
      step: 1,
      totalSteps: 1,
      canGoBack: false,
      placeholder,
      items: all.map((c) => ({ label: c.name, description: c.id === active?.id ? `${c.baseUrl} (active)` : c.baseUrl, value: c.id })),
      activeValue: active?.id,
    });
  };

  return [
    vscode.commands.registerCommand('platformConsole.signIn', async (prefill?: { name?: string; baseUrl?: string }) => {
      const connection = await signInFlow(connections, ui(), prefill);
      if (connection) void vscode.window.showInformationMessage(`Signed in to ${connection.name}.`);
    }),
    vscode.commands.registerCommand('platformConsole.switchConnection', async () => {
      if (connections.list().length === 0) return vscode.commands.executeCommand('platformConsole.signIn');
      const id = await pickConnection('Switch to connection');
      if (typeof id === 'string') await connections.switchTo(id);
    }),
    vscode.commands.registerCommand('platformConsole.signOut', async () => {
      if (connections.list().length === 0) return void vscode.window.showInformationMessage('Platform Console: no connection to sign out of.');
      const id = connections.list().length === 1 ? connections.list()[0]!.id : await pickConnection('Sign out of connection (its API key is deleted)');
      if (typeof id !== 'string') return;
      const name = connections.list().find((c) => c.id === id)?.name;
      await connections.signOut(id);
      void vscode.window.showInformationMessage(`Signed out of ${name}; its API key was deleted.`);
    }),
    vscode.commands.registerCommand('platformConsole.showLog', () => log.show()),
  ];
}
