// A language model tool registered by its name at activation, its implementation (the tool
// catalog, its schemas and answers) evaluated at the first call of any tool: VS Code needs every
// contributed tool registered as the extension activates, and most sessions never call one (#57).
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../ui/featureContext';
import type * as Implementation from './languageModelTools';

/** The catalog's own bundle (dist/lazy/agentTools.js, esbuild.mjs), read at the first tool call, never at start-up. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const implementation = (): typeof Implementation => require('./languageModelTools') as typeof Implementation;

type Tool = vscode.LanguageModelTool<Record<string, unknown>>;

/** The catalog's tools by name, made once, at the first call of any of them. */
export function toolsOnFirstCall(ctx: FeatureContext, extras: Implementation.AgentExtras = {}): { tool(name: string): Tool; made(): boolean } {
  let tools: ReadonlyMap<string, Tool> | undefined;
  return {
    tool(name) {
      tools ??= new Map(
        implementation()
          .createLanguageModelTools(ctx, extras)
          .map((t) => [t.tool.name, t]),
      );
      const tool = tools.get(name);
      if (!tool) throw new Error(`Platform Console has no agent tool named ${name}`);
      return tool;
    },
    made: () => tools !== undefined,
  };
}

/** What VS Code holds for one tool: each call goes to the catalog's tool of that name. */
export class DeferredTool implements Tool {
  constructor(
    private readonly name: string,
    private readonly tools: { tool(name: string): Tool },
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<Record<string, unknown>>, token: vscode.CancellationToken) {
    return this.tools.tool(this.name).prepareInvocation?.(options, token);
  }

  invoke(options: vscode.LanguageModelToolInvocationOptions<Record<string, unknown>>, token: vscode.CancellationToken) {
    return this.tools.tool(this.name).invoke(options, token);
  }
}
