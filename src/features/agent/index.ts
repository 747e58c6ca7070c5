// Agent tools: the platform in the editor's chat agent. The catalog (model/) is registered as
// language model tools; the MCP server (src/mcp.ts) serves the same catalog outside the editor.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { createLanguageModelTools, type PlatformLanguageModelTool } from './languageModelTools';

export class AgentFeature extends Disposable {
  /** The registered tools by name (the integration tests prepare and run them directly). */
  private readonly registered = new Map<string, PlatformLanguageModelTool>();

  constructor(ctx: FeatureContext) {
    super();
    for (const tool of createLanguageModelTools(ctx)) {
      this.registered.set(tool.tool.name, tool);
      this._register(vscode.lm.registerTool(tool.tool.name, tool));
    }
  }

  tool(name: string): vscode.LanguageModelTool<Record<string, unknown>> | undefined {
    return this.registered.get(name);
  }
}

export function activate(ctx: FeatureContext): AgentFeature {
  return new AgentFeature(ctx);
}
