// platformConsole.mcp.tools: which tools the MCP server registered with the editor offers (its
// --tools, toolSelection.ts). Read where the registration starts the server; an entry the selector
// refuses is left out and said, never passed on (the server would refuse to start on it).
import * as vscode from 'vscode';
import { contributedToolNames } from './toolManifest';
import { PATTERNS_TEXT_MAX, TOOLS_FLAG, patternProblem, shownPattern, splitPatterns, type ToolIndex } from './model/toolSelection';

/**
 * The tools as the manifest lists them (contributes.languageModelTools, written from the catalog by
 * `npm run tools:manifest`): checking a pattern needs their names, and the catalog itself loads only
 * at the first tool call. Groups need no member list to be checked, so none is given.
 */
function manifestIndex(): ToolIndex {
  const names = contributedToolNames(vscode.extensions.getExtension('platform-console.platform-console')?.packageJSON);
  return { names, groupOf: () => undefined };
}

export const MCP_TOOLS_SETTING = 'platformConsole.mcp.tools';

/**
 * The setting as the server's arguments, and what was wrong in it:
 * - `args`: `[]` (the setting empty, or nothing in it usable: every tool the write settings allow)
 *   or `['--tools', 'edge,read']` (the entries kept, comma-separated);
 * - `problems`: one line per entry left out, naming the setting, the entry and the rule, for the
 *   caller to show (a warning); empty when every entry was used.
 */
export function mcpToolsSetting(value: unknown = vscode.workspace.getConfiguration().get<unknown>(MCP_TOOLS_SETTING, [])): {
  args: string[];
  problems: string[];
} {
  if (value === undefined || value === null) return { args: [], problems: [] };
  if (!Array.isArray(value)) return { args: [], problems: [`${MCP_TOOLS_SETTING}: must be a list of patterns; it is ignored, every tool is offered`] };
  const problems: string[] = [];
  const kept: string[] = [];
  const index = manifestIndex();
  for (const entry of value) {
    if (typeof entry !== 'string') {
      problems.push(`${MCP_TOOLS_SETTING}: ${JSON.stringify(entry) ?? String(entry)} is not text; left out`);
      continue;
    }
    for (const pattern of splitPatterns([entry])) {
      const problem = patternProblem(pattern, index);
      if (problem) problems.push(`${MCP_TOOLS_SETTING}: "${shownPattern(pattern)}" ${problem}; left out`);
      else if ([...kept, pattern].join(',').length > PATTERNS_TEXT_MAX)
        problems.push(`${MCP_TOOLS_SETTING}: "${shownPattern(pattern)}" is past the ${PATTERNS_TEXT_MAX} characters the server takes in all; left out`);
      else if (!kept.includes(pattern)) kept.push(pattern);
    }
  }
  if (kept.length === 0 && problems.length > 0) problems.push(`${MCP_TOOLS_SETTING}: no entry left: every tool the write settings allow is offered`);
  return { args: kept.length ? [TOOLS_FLAG, kept.join(',')] : [], problems };
}

/** Only the arguments (`[]` or `['--tools', 'a,b']`); each problem of mcpToolsSetting is handed to `warn` (the caller's log or notification). */
export function mcpToolsArgs(warn?: (problem: string) => void): string[] {
  const { args, problems } = mcpToolsSetting();
  if (warn) problems.forEach((p) => warn(p));
  return args;
}
