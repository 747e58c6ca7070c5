// The MCP server's audit trail (#56 item 6): with `--audit-file <path>` every write attempt is
// appended to that file as one JSON record (agentAuditFile.ts), which the editor follows and shows.
// Writing the file never fails a tool call: a failure is said on stderr. No VS Code here.
import * as nodePath from 'node:path';
import { agentWriteRecord, recordLine, type AgentWrite } from './agentActivity';
import { appendAuditLine } from './agentAuditFile';
import type { AgentTool } from './toolKit';

export const AUDIT_FILE_FLAG = '--audit-file';

/**
 * `--audit-file <path>` or `--audit-file=<path>` at `argv[i]`: the absolute path and how many
 * arguments it took, or what is wrong; undefined when `argv[i]` is another argument.
 */
export function auditFileArg(argv: readonly string[], i: number, cwd: string): { path: string; used: number } | { problem: string } | undefined {
  const arg = argv[i]!;
  if (arg !== AUDIT_FILE_FLAG && !arg.startsWith(`${AUDIT_FILE_FLAG}=`)) return undefined;
  const given = arg === AUDIT_FILE_FLAG ? argv[i + 1] : arg.slice(AUDIT_FILE_FLAG.length + 1);
  if (given === undefined || given.trim() === '' || given.startsWith('--')) return { problem: `${AUDIT_FILE_FLAG} needs a file path after it` };
  return { path: nodePath.resolve(cwd, given), used: arg === AUDIT_FILE_FLAG ? 2 : 1 };
}

export interface McpAuditOptions {
  /** The file the records go to; none: no record is kept. */
  auditFile?: string;
  /** The agent's name in each record; absent: "MCP client <the client's own name>". */
  agentName?: string;
  /** The agent token's name, when the server runs with one. */
  tokenName?: string;
  note: (line: string) => void;
}

/** Why the flags refuse a tool, in the record's words. */
const flagReason = (tool: AgentTool) =>
  tool.kind === 'destructive' ? 'destructive tools are off (no --allow-destructive); nothing was sent' : 'writes are off (no --allow-writes); nothing was sent';

/** The trail: the run host's `audit`, and the refusals the server makes before a tool runs. */
export function mcpAuditTrail(options: McpAuditOptions, clientName: () => string | undefined) {
  const file = options.auditFile;
  const record = (write: AgentWrite) => {
    if (!file) return;
    const agent = options.agentName ?? `MCP client ${clientName() ?? '(unnamed)'}`;
    try {
      appendAuditLine(file, recordLine(agentWriteRecord(write, { agent, ...(options.tokenName ? { token: options.tokenName } : {}) })));
    } catch (error) {
      options.note(`platform-console-mcp: could not write the audit file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  return {
    host: file ? { audit: record } : {},
    /** A write refused before it ran (the flags, no connection): recorded, and the answer handed back. */
    refused(tool: AgentTool, answer: string, connection: string, reason = flagReason(tool)): string {
      if (tool.kind !== 'read') record({ tool: tool.name, connection, target: `${tool.displayName} (not prepared)`, result: { kind: 'refused', reason } });
      return answer;
    },
  };
}
