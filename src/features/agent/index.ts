// Agent tools: the platform in the editor's chat agent. The catalog (model/) is registered as
// language model tools; the MCP server (src/mcp.ts) serves the same catalog outside the editor.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { createLanguageModelTools, type PlatformLanguageModelTool } from './languageModelTools';

/** The registered tools by name: the start-up stand-in hands a call made before the load to these. */
const registered = new Map<string, PlatformLanguageModelTool>();

export function languageModelTool(name: string): vscode.LanguageModelTool<Record<string, unknown>> | undefined {
  return registered.get(name);
}

export class AgentFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    for (const tool of createLanguageModelTools(ctx)) {
      registered.set(tool.tool.name, tool);
      this._register(vscode.lm.registerTool(tool.tool.name, tool));
      this._register({ dispose: () => registered.delete(tool.tool.name) });
    }
  }
}

export function activate(ctx: FeatureContext): AgentFeature {
  return new AgentFeature(ctx);
}
