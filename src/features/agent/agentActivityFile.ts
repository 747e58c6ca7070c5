// Where the editor's MCP server registration writes its audit trail (`--audit-file`), and so the
// file the editor follows (agentActivityFollow.ts): one per VS Code profile, in the extension's
// global storage, beside nothing the person edits.
import * as nodePath from 'node:path';
import type * as vscode from 'vscode';

export const AGENT_ACTIVITY_FILE_NAME = 'agent-activity.jsonl';

/** `<globalStorage>/agent-activity.jsonl`: the path handed to the MCP server and followed here. */
export function agentActivityFile(context: Pick<vscode.ExtensionContext, 'globalStorageUri'>): string {
  return nodePath.join(context.globalStorageUri.fsPath, AGENT_ACTIVITY_FILE_NAME);
}
