// The MCP server offered to the editor (#56 item 2): one definition for the active signed-in
// connection, so that any agent in VS Code that speaks MCP gets the tools. VS Code starts it with
// the editor's own executable in Node mode; just before, resolveMcpServerDefinition hands it a live
// agent token of that connection in a one-shot file (model/mcpHandoff.ts), never the person's key,
// asking to create a token when there is none. Read-only unless the person allows writes.
import { agentActivityFile } from './agentActivityFile';
import { mcpToolsArgs } from './mcpToolsSetting';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { userAreaBaseUrls } from '../../connections/connectionSettings';
import type { Connection } from '../../connections/connectionManager';
import { areaBaseUrlsFor } from '../../schema/connectionRules';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import type { AgentTokenStore } from './agentTokenStore';
import type { AgentTokenRecord } from './model/agentTokens';
import { AGENT_FILE_ENV, HANDOFF_FOLDER, deleteStaleHandoffs, writeHandoff } from './model/mcpHandoff';
import { consoleField } from '../../schema/consoleBase';
import { mcpServerArgs, mcpServerEnv, mcpServerVersion } from './model/mcpServerLaunch';

export { MCP_PROVIDER_ID } from './model/mcpServerLaunch';

/** Where a token is used, as its record lists it. */
export const MCP_TOKEN_USE = 'MCP server in the editor';
/** The command that mints an agent token: resolves to its record, or undefined when the person cancelled. */
export const CREATE_AGENT_TOKEN = 'platformConsole.createAgentToken';
const CREATE = 'Create Agent Token…';
/** The longest a timer can wait (setTimeout's limit): a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const mcpServerLabel = (connectionName: string) => `Platform Console · ${connectionName}`;

export class McpServerProvider extends Disposable implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  /** The connection each offered definition is for, by label (what VS Code hands back to resolve). */
  private readonly offered = new Map<string, string>();
  private expiry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ctx: FeatureContext,
    private readonly tokens: AgentTokenStore,
    /** Called as a server starts: the editor follows its audit file from then on. */
    private readonly starting: () => void = () => {},
  ) {
    super();
    const fire = () => this.changed.fire();
    this._register(ctx.connections.onDidChange(fire));
    this._register(ctx.connections.onDidSignOut(fire));
    this._register(tokens.onDidChange(fire));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('platformConsole.mcp') || e.affectsConfiguration('platformConsole.areaBaseUrls')) fire();
      }),
    );
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.settings().allowWrites && fire()));
    this._register({ dispose: () => clearTimeout(this.expiry) });
    // Hand-over files of servers that never started (the window closed first) go.
    setTimeout(() => deleteStaleHandoffs(this.handoffFolder()), 0);
  }

  async provideMcpServerDefinitions(): Promise<vscode.McpStdioServerDefinition[]> {
    this.offered.clear();
    const connection = this.ctx.connections.active;
    if (!connection || !(await this.ctx.connections.hasApiKey(connection.id))) return [];
    const token = this.tokens.live(connection.id)[0];
    this.watchExpiry(token);
    const label = mcpServerLabel(connection.name);
    this.offered.set(label, connection.id);
    const args = this.launchArgs();
    const areaBaseUrls = this.areaBaseUrls(connection);
    const version = mcpServerVersion({
      connectionId: connection.id,
      connectionName: connection.name,
      baseUrl: connection.baseUrl,
      dialect: connection.dialect,
      areaBaseUrls,
      args,
      tokenId: token?.tokenId,
    });
    return [new vscode.McpStdioServerDefinition(label, process.execPath, args, mcpServerEnv(), version)];
  }

  /** Called as VS Code starts the server: a live agent token of its connection in a new hand-over file, or undefined (not started). */
  async resolveMcpServerDefinition(server: vscode.McpStdioServerDefinition): Promise<vscode.McpStdioServerDefinition | undefined> {
    const id = this.offered.get(server.label) ?? this.ctx.connections.active?.id;
    const connection = this.ctx.connections.list().find((c) => c.id === id);
    const ui = this.ctx.ui();
    if (!connection || !(await this.ctx.connections.hasApiKey(connection.id))) {
      void ui.notify('warning', 'The Platform Console MCP server was not started: sign in to Platform Console first.');
      return undefined;
    }
    const handed = (await this.liveToken(connection)) ?? (await this.askForToken(connection));
    if (!handed) return undefined;
    const { record, secret } = handed;
    const folder = this.handoffFolder();
    deleteStaleHandoffs(folder);
    const file = writeHandoff(folder, {
      baseUrl: connection.baseUrl,
      dialect: connection.dialect,
      connectionName: connection.name,
      token: secret,
      tokenName: record.name,
      tokenId: record.tokenId,
      expiresAt: record.expiresAt,
      areaBaseUrls: this.areaBaseUrls(connection),
      // The console its answers link to: the connection's own (a reseller's), its dialect's, or none.
      ...consoleField(connection),
    });
    await this.tokens.setUse(record, MCP_TOKEN_USE, true);
    this.ctx.log.info(
      `[${connection.name}] MCP server in the editor started with agent token ${record.name} (id ${record.tokenId}, until ${record.expiresAt})`,
    );
    server.env = { ...server.env, [AGENT_FILE_ENV]: file };
    this.starting();
    return server;
  }

  /** The server's script and arguments. */
  private launchArgs(): string[] {
    const script = vscode.Uri.joinPath(this.ctx.extensionUri, 'dist', 'mcp.js').fsPath;
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const args = [script, ...mcpServerArgs(this.settings(), folders)];
    // The tools the person chose (platformConsole.mcp.tools), and the audit file this window follows.
    args.push(...mcpToolsArgs((problem) => this.ctx.log.warn(problem)), '--audit-file', agentActivityFile(this.ctx));
    return args;
  }

  private settings() {
    const config = vscode.workspace.getConfiguration('platformConsole.mcp');
    return { allowWrites: config.get<boolean>('allowWrites', false) === true, allowDestructive: config.get<boolean>('allowDestructive', false) === true };
  }

  private areaBaseUrls(connection: Connection): Record<string, string> {
    return areaBaseUrlsFor(userAreaBaseUrls(), connection).urls;
  }

  private handoffFolder(): string {
    return path.join(this.ctx.globalStorageUri.fsPath, HANDOFF_FOLDER);
  }

  private async liveToken(connection: Connection): Promise<{ record: AgentTokenRecord; secret: string } | undefined> {
    for (const record of this.tokens.live(connection.id)) {
      const secret = await this.tokens.secretOf(record);
      if (secret) return { record, secret };
    }
    return undefined;
  }

  /** No live token: the person is asked, and Create Agent Token… runs on yes. */
  private async askForToken(connection: Connection): Promise<{ record: AgentTokenRecord; secret: string } | undefined> {
    const ui = this.ctx.ui();
    const chosen = await ui.confirm(
      `The MCP server needs an agent token for ${connection.name}: the agent never gets your own key. Create one?`,
      'An agent token expires and can be revoked; the server starts read-only unless platformConsole.mcp.allowWrites is on.',
      [CREATE],
    );
    const notStarted = (why: string) => void ui.notify('warning', `The Platform Console MCP server for ${connection.name} was not started: ${why}`);
    if (chosen !== CREATE) return notStarted('it needs an agent token, and none was created.');
    let record: AgentTokenRecord | undefined;
    try {
      record = await vscode.commands.executeCommand<AgentTokenRecord | undefined>(CREATE_AGENT_TOKEN, { connectionId: connection.id });
    } catch (error) {
      this.ctx.log.warn(`Create Agent Token could not run for the MCP server: ${error instanceof Error ? error.message : String(error)}`);
      return notStarted('Create Agent Token… is not available in this version of Platform Console, so no agent token could be made.');
    }
    const secret = record && (await this.tokens.secretOf(record));
    if (!record || !secret) return notStarted('no agent token was created.');
    return { record, secret };
  }

  /** The definition changes when the token it would hand over expires: VS Code is told then. */
  private watchExpiry(token: AgentTokenRecord | undefined): void {
    clearTimeout(this.expiry);
    if (!token) return;
    const ms = Date.parse(token.expiresAt) - Date.now();
    this.expiry = setTimeout(() => this.changed.fire(), Math.min(Math.max(ms, 0) + 1000, MAX_TIMER_MS));
  }
}
