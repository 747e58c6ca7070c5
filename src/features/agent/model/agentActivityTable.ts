// Show Agent Activity's document: this session's agent writes as a plain-text table, newest first.
// Plain text, so nothing the platform or an agent wrote is read as Markdown or HTML; every cell is
// one line (hidden characters shown as escapes) and cut to its column. No VS Code here.
import { neutralize } from './platformText';
import { resultText, type AgentWriteRecord } from './agentActivity';

const HEADERS = ['Time (UTC)', 'Agent', 'Token', 'Connection', 'Tool', 'Target', 'Result'] as const;
/** The widest each column gets (the result, last, is never cut). */
const WIDTHS = [19, 24, 24, 24, 32, 60] as const;

/** A cell: one line, at most `width` characters (cut with an ellipsis). */
function cell(text: string, width: number): string {
  const line = neutralize(text);
  return line.length <= width ? line : `${line.slice(0, width - 1)}…`;
}

/** "2026-11-29 09:30:12" from an ISO time (UTC). */
function shownTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

function row(r: AgentWriteRecord): string[] {
  const texts = [shownTime(r.time), r.agent, r.token ?? '(none)', r.connection, r.tool, r.target];
  return [...texts.map((t, i) => cell(t, WIDTHS[i]!)), resultText(r.result)];
}

/** What the document says when no agent wrote anything in this session. */
export const NO_ACTIVITY =
  'No agent wrote anything in this session (since this window started).\n\n' +
  "Agent writes are off until you turn them on: for the editor's chat agent, the setting " +
  'platformConsole.agent.allowWrites (each write is then confirmed by you with its exact request); ' +
  'for an MCP server, start it with --allow-writes (or --allow-destructive) and --audit-file so its writes are recorded here.\n';

/** The document: a title, the table (newest first), and what was skipped while reading audit files. */
export function activityDocument(records: readonly AgentWriteRecord[], malformed = 0): string {
  const title = 'Platform Console: agent activity in this session (newest first)';
  const skipped = malformed ? `\n${malformed} line(s) of the MCP audit file were not records and were skipped.\n` : '';
  if (records.length === 0) return `${title}\n\n${NO_ACTIVITY}${skipped}`;
  const rows = [HEADERS.map(String), ...records.map(row)];
  const widths = HEADERS.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
  lines.splice(1, 0, widths.map((w, i) => '-'.repeat(i === widths.length - 1 ? Math.max(w, 6) : w)).join('  '));
  return `${title}\n${records.length} write(s) recorded.\n\n${lines.join('\n')}\n${skipped}`;
}
