// The settings a connection's client is built from, read where the client is made.
import * as vscode from 'vscode';

/**
 * `platformConsole.areaBaseUrls` from the person's own (user) settings only: a workspace's
 * settings could otherwise send the key to a host of the repository author's choosing. The
 * setting is application-scoped too, so VS Code itself offers it in user settings only.
 */
export function userAreaBaseUrls(): unknown {
  return vscode.workspace.getConfiguration('platformConsole').inspect('areaBaseUrls')?.globalValue;
}

/** How long one request may take (`platformConsole.requestTimeoutSeconds`, at least a second). */
export function requestTimeoutMs(): number {
  return Math.max(1, vscode.workspace.getConfiguration('platformConsole').get<number>('requestTimeoutSeconds', 30)) * 1000;
}

/** Whether a configuration change touches what a client is built from (its timeout, its hosts). */
export function affectsClients(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration('platformConsole.requestTimeoutSeconds') || e.affectsConfiguration('platformConsole.areaBaseUrls');
}
