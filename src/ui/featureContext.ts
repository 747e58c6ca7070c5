// What every feature is handed at activation, built once in extension.ts: the connections, the
// log, the prompt UI, storage, the extension's folder, the cloud defaults and the readable
// documents; and the one way a command binds its action to a connection.
import * as vscode from 'vscode';
import { bindActiveOrOfferSignIn } from './bindActiveConnection';
import type { BoundConnection, ConnectionManager } from '../connections/connectionManager';
import type { FlowUi } from './flowUi';
import type { PanelWatch } from './panelHost';
import type { Log } from './log';
import type { ReadableDocuments } from './readableDocuments';
import type { ConnectionCloudDefaults } from './settings';

export interface FeatureContext {
  readonly connections: ConnectionManager;
  readonly log: Log;
  /** The prompt UI in use now (integration tests script it). */
  readonly ui: () => FlowUi;
  /** globalState: per-connection data keyed by connection id (Sign Out clears those keys). */
  readonly state: vscode.Memento;
  readonly extensionUri: vscode.Uri;
  /** Project and region the cloud flows start from (`platformConsole.cloud.*`); `on(bound)`: on one connection, with its lists. */
  readonly defaults: ConnectionCloudDefaults;
  /** Read-only Markdown and JSON documents (trials, free features, report tasks). */
  readonly documents: ReadableDocuments;
  /** Under the tests only: what every webview panel is given. */
  readonly panelWatch?: PanelWatch;
  /**
   * Registers a command whose action runs on the connection active when the person starts it,
   * to its last request (Retry included): the handler receives that binding. Without a signed-in
   * connection it offers Sign In and the handler does not run.
   */
  registerBoundCommand(id: string, handler: (bound: BoundConnection, ...args: unknown[]) => unknown): vscode.Disposable;
}

export function boundCommand(connections: ConnectionManager, ui: () => FlowUi) {
  return (id: string, handler: (bound: BoundConnection, ...args: unknown[]) => unknown): vscode.Disposable =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      const bound = await bindActiveOrOfferSignIn(connections, ui());
      return bound ? handler(bound, ...args) : undefined;
    });
}
