// What every feature is handed at activation, built once in extension.ts: the connections, the
// log, the prompt UI, storage, the extension's folder, the cloud defaults and the readable
// documents; and the one way a command gets its connection (#54): registerBoundCommand binds it
// and refuses a row listed on another one, before the handler runs.
import * as vscode from 'vscode';
import { promptSignIn } from './bindActiveConnection';
import type { BoundConnection, ConnectionManager } from '../connections/connectionManager';
import type { FlowUi } from './flowUi';
import { listedElsewhereText, rowListedElsewhere } from './listedOn';
import type { PanelWatch } from './panelHost';
import type { Log } from './log';
import type { ReadableDocuments } from './readableDocuments';
import type { ConnectionCloudDefaults } from './settings';

type Handler<B> = (bound: B, ...args: unknown[]) => unknown;

export interface BoundCommandOptions {
  /**
   * The connection to bind when it is not the active one, from the command's arguments: the one
   * the feature's view shows (the Edge view follows the active connection a moment behind), or
   * the one a handed-in thing belongs to (a report task). Undefined: none, Sign In is offered.
   */
  readonly connection?: (...args: unknown[]) => string | undefined;
}

/** FeatureContext.registerBoundCommand (see there). */
export interface RegisterBoundCommand {
  (id: string, handler: Handler<BoundConnection>, options?: BoundCommandOptions): vscode.Disposable;
  (id: string, handler: Handler<BoundConnection | undefined>, options: BoundCommandOptions & { whenSignedOut: 'run' }): vscode.Disposable;
}

export interface FeatureContext {
  readonly connections: ConnectionManager;
  readonly log: Log;
  /** The prompt UI in use now (integration tests script it). */
  readonly ui: () => FlowUi;
  /** globalState: per-connection data keyed by connection id (Sign Out clears those keys). */
  readonly state: vscode.Memento;
  /** workspaceState: what belongs to this workspace (a .wasm linked to an edge app). */
  readonly workspaceState: vscode.Memento;
  readonly extensionUri: vscode.Uri;
  /** SecretStorage: agent tokens (#56) beside the connections' keys, each under its own key. */
  readonly secrets: vscode.SecretStorage;
  /** This extension's global storage folder (the MCP server's one-shot hand-over files, the agents' audit file). */
  readonly globalStorageUri: vscode.Uri;
  /** Project and region the cloud flows start from (`platformConsole.cloud.*`); `on(bound)`: on one connection, with its lists. */
  readonly defaults: ConnectionCloudDefaults;
  /** Read-only Markdown and JSON documents (trials, free features, report tasks). */
  readonly documents: ReadableDocuments;
  /** Under the tests only: what every webview panel is given. */
  readonly panelWatch?: PanelWatch;
  /**
   * The one way a person's command gets a connection: bound when the command starts (the active
   * one unless `options.connection` names another), to its last request (Retry included). Without
   * a key it offers Sign In; on a row (or pin) listed on another connection it sends nothing and
   * says so. In both cases the handler does not run. `whenSignedOut: 'run'`: without a key the
   * handler runs unbound (Preview Prices works signed out) instead of Sign In being offered.
   */
  readonly registerBoundCommand: RegisterBoundCommand;
  /**
   * A command that acts on no connection: Sign In and the other connection commands, a view's
   * filter, a copy, the log. Anything sent to a platform on a person's behalf is a bound command.
   */
  readonly registerUnboundCommand: (id: string, handler: (...args: unknown[]) => unknown) => vscode.Disposable;
  /**
   * The connection `id` names, for what is not a person's command: a view or panel reading on the
   * connection it shows, an agent tool call on the connection it names. Undefined without a key.
   */
  readonly bindNamed: (id: string | undefined) => Promise<BoundConnection | undefined>;
}

/** registerBoundCommand over these connections and this prompt UI. */
export function boundCommand(connections: ConnectionManager, ui: () => FlowUi): RegisterBoundCommand {
  return (id: string, handler: Handler<BoundConnection>, options?: BoundCommandOptions & { whenSignedOut?: 'run' }): vscode.Disposable =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      const connectionId = options?.connection ? options.connection(...args) : connections.active?.id;
      const bound = connectionId === undefined ? undefined : await connections.bind(connectionId);
      if (!bound) {
        if (options?.whenSignedOut === 'run') return (handler as Handler<BoundConnection | undefined>)(undefined, ...args);
        return void (await promptSignIn(ui()));
      }
      const row = rowListedElsewhere(args, bound.connection.id);
      if (row) {
        const listedName = connections.list().find((c) => c.id === row.listedOn)?.name;
        return void ui().notify('warning', listedElsewhereText(bound.connection.name, listedName));
      }
      return handler(bound, ...args);
    });
}

/** A command bound to no connection (see FeatureContext.registerUnboundCommand). */
export function unboundCommand(id: string, handler: (...args: unknown[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, handler);
}

/** bindNamed over these connections: undefined names none (never the active one by default). */
export function namedBinding(connections: ConnectionManager): FeatureContext['bindNamed'] {
  return (id) => (id === undefined ? Promise.resolve(undefined) : connections.bind(id));
}
