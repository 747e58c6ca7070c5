// Agent tools: the platform in the editor's chat agent. The catalog (model/) is registered as
// language model tools; the MCP server (src/mcp.ts) serves the same catalog outside the editor.
// Each tool is registered by the name the manifest contributes; the catalog is evaluated at the
// first call (deferredTool.ts).
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { DeferredTool, toolsOnFirstCall } from './deferredTool';
import type { AgentExtras } from './languageModelTools';
import { AgentTokenStore } from './agentTokenStore';
import { AgentActivityService } from './agentActivityService';
import { registerAgentTokenCommands } from './agentTokenCommands';
import { AgentTokenLifecycle } from './agentTokenLifecycle';
import { ConnectionsTree } from './connectionsTree';
import { MCP_PROVIDER_ID, McpServerProvider } from './mcpServerProvider';

export type { AgentExtras };
export { agentActivityFile } from './agentActivityFile';
export { contributedToolNames } from './toolManifest';

export class AgentFeature extends Disposable {
  /** The registered tools by name (the integration tests prepare and run them directly). */
  private readonly registered = new Map<string, DeferredTool>();
  private readonly catalog: ReturnType<typeof toolsOnFirstCall>;
  /** Agent tokens (#56): minted per connection for agents, so that no agent process holds the person's key. */
  readonly tokens: AgentTokenStore;
  /** The audit trail (#56 item 6): the editor chat's writes, the MCP audit file followed, Show Agent Activity. */
  readonly activity: AgentActivityService;
  /** Their end: deleted on the platform at Sign Out and at expiry (tests give it a clock). */
  readonly tokenLifecycle: AgentTokenLifecycle;
  /** The Connections view: each connection with its agent tokens. */
  readonly connectionsTree: ConnectionsTree;
  /** The MCP server offered to the editor (#56): its definitions are made only when VS Code asks. */
  readonly mcpServer: McpServerProvider;

  constructor(ctx: FeatureContext, toolNames: readonly string[], extras: AgentExtras = {}, activityFile?: string) {
    super();
    this.tokens = this._register(new AgentTokenStore(ctx.state, ctx.secrets));
    this.activity = this._register(new AgentActivityService(ctx, activityFile));
    this.tokenLifecycle = this._register(new AgentTokenLifecycle(this.tokens, ctx));
    this.connectionsTree = this._register(new ConnectionsTree(ctx.connections, this.tokens));
    for (const d of registerAgentTokenCommands({ ...ctx, store: this.tokens })) this._register(d);
    this.mcpServer = this._register(new McpServerProvider(ctx, this.tokens, () => this.activity.follow()));
    this._register(vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, this.mcpServer));
    this.catalog = toolsOnFirstCall(ctx, { ...extras, audit: (write) => this.activity.recordEditorWrite(write) });
    for (const name of toolNames) {
      const tool = new DeferredTool(name, this.catalog);
      this.registered.set(name, tool);
      this._register(vscode.lm.registerTool(name, tool));
    }
  }

  tool(name: string): vscode.LanguageModelTool<Record<string, unknown>> | undefined {
    return this.registered.get(name);
  }

  /** Whether the catalog was evaluated (a tool was called). */
  catalogMade(): boolean {
    return this.catalog.made();
  }
}

export function activate(ctx: FeatureContext, toolNames: readonly string[], extras: AgentExtras = {}, activityFile?: string): AgentFeature {
  return new AgentFeature(ctx, toolNames, extras, activityFile);
}
