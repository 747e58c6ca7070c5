// The audit trail of agent writes (#56 item 6): one record per write an agent attempted, from the
// editor's chat agent or an MCP server, in the person's words: who, on which connection, which
// tool, what it changed, when, and how it ended. Never a key, a token or a body: the tool's name,
// the target as the confirmation names it, and our words for the result. No VS Code here.
import { randomUUID } from 'node:crypto';
import { neutralize, quoted } from './platformText';

/** The agent name of the editor's own chat agent (language model tools, on the person's connection). */
export const EDITOR_CHAT = 'editor chat';
/** The most characters a text field of a record keeps (a target, a reason, a name). */
export const FIELD_MAX = 300;
/** The most records a session keeps in memory (the oldest go first). */
export const SESSION_MAX = 1000;

/** How a write ended: sent and taken, sent and failed (or could not be sent), declined by the person, refused by the product. */
export type WriteResult =
  | { readonly kind: 'succeeded'; readonly status?: number }
  | { readonly kind: 'failed'; readonly status?: number; readonly reason: string }
  | { readonly kind: 'declined'; readonly reason: string }
  | { readonly kind: 'refused'; readonly reason: string };

/** What the tool run knows of one write attempt. */
export interface AgentWrite {
  readonly tool: string;
  readonly connection: string;
  /** The write's target as the confirmation names it ("Delete report task ResellerExpenses"). */
  readonly target: string;
  readonly result: WriteResult;
}

/** One line of the trail: the write, who made it and when; `id` tells a record read twice (the file is followed). */
export interface AgentWriteRecord extends AgentWrite {
  readonly id: string;
  /** ISO 8601, UTC. */
  readonly time: string;
  readonly agent: string;
  /** The agent token's name, when the agent ran with one (none: the person's own connection). */
  readonly token?: string;
}

/** Who wrote: the agent's name, and its token's name when it has one. */
export interface AgentWho {
  readonly agent: string;
  readonly token?: string;
}

/** Text cut at FIELD_MAX characters, said with an ellipsis. */
function cut(text: string): string {
  return text.length <= FIELD_MAX ? text : `${text.slice(0, FIELD_MAX - 1)}…`;
}

function boundResult(result: WriteResult): WriteResult {
  return 'reason' in result ? { ...result, reason: cut(result.reason) } : result;
}

/** The record of a write, every text field bounded. */
export function agentWriteRecord(write: AgentWrite, who: AgentWho, now = new Date(), id: string = randomUUID()): AgentWriteRecord {
  return {
    id,
    time: now.toISOString(),
    agent: cut(who.agent),
    ...(who.token ? { token: cut(who.token) } : {}),
    connection: cut(write.connection),
    tool: cut(write.tool),
    target: cut(write.target),
    result: boundResult(write.result),
  };
}

/** "succeeded (HTTP 201)", "failed (HTTP 409): conflict", "declined by the person: …", "refused by Platform Console: …". */
export function resultText(result: WriteResult): string {
  const status = 'status' in result && result.status !== undefined ? ` (HTTP ${result.status})` : '';
  switch (result.kind) {
    case 'succeeded':
      return `succeeded${status}`;
    case 'failed':
      return `failed${status}: ${neutralize(result.reason)}`;
    case 'declined':
      return `declined by the person: ${neutralize(result.reason)}`;
    case 'refused':
      return `refused by Platform Console: ${neutralize(result.reason)}`;
  }
}

/** The connection log's line: `[<connection>] agent write: <tool> on "<target>" by <agent>[ with token "<name>"]: <result>`. */
export function activityLogLine(r: AgentWriteRecord): string {
  const token = r.token ? ` with token ${quoted(r.token)}` : '';
  return `[${neutralize(r.connection)}] agent write: ${neutralize(r.tool)} on ${quoted(r.target)} by ${neutralize(r.agent)}${token}: ${resultText(r.result)}`;
}

/** A record as one line of the audit file (JSON: its newlines escaped). */
export function recordLine(r: AgentWriteRecord): string {
  return JSON.stringify(r);
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isStatus = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 599);

function parseResult(v: unknown): WriteResult | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  if (r.kind === 'succeeded' && isStatus(r.status)) return { kind: 'succeeded', ...(r.status === undefined ? {} : { status: r.status as number }) };
  if (!isText(r.reason)) return undefined;
  if (r.kind === 'failed' && isStatus(r.status)) return { kind: 'failed', reason: r.reason, ...(r.status === undefined ? {} : { status: r.status as number }) };
  if (r.kind === 'declined' || r.kind === 'refused') return { kind: r.kind, reason: r.reason };
  return undefined;
}

/** A line of the audit file as a record (its text fields bounded again), or undefined when it is not one. */
export function parseRecordLine(line: string): AgentWriteRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const result = parseResult(r.result);
  const fields = [r.id, r.time, r.agent, r.connection, r.tool, r.target];
  if (!result || !fields.every(isText) || (r.token !== undefined && !isText(r.token)) || Number.isNaN(Date.parse(r.time as string))) return undefined;
  const write = { tool: r.tool as string, connection: r.connection as string, target: r.target as string, result };
  const who = { agent: r.agent as string, ...(r.token ? { token: r.token } : {}) };
  return agentWriteRecord(write, who, new Date(r.time as string), cut(r.id as string));
}

/** This session's records, newest last, at most `max`; a record seen before (by id) is not kept twice. */
export class AgentActivity {
  private readonly records: AgentWriteRecord[] = [];
  private readonly ids = new Set<string>();
  /** Lines of an audit file that were not records (skipped). */
  malformed = 0;

  constructor(private readonly max = SESSION_MAX) {}

  /** Keeps the record; false when it was already kept. */
  add(record: AgentWriteRecord): boolean {
    if (this.ids.has(record.id)) return false;
    this.records.push(record);
    this.ids.add(record.id);
    while (this.records.length > this.max) this.ids.delete(this.records.shift()!.id);
    return true;
  }

  /** Newest first (by time; records from a file may arrive late). */
  newestFirst(): AgentWriteRecord[] {
    return [...this.records].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  }

  get size(): number {
    return this.records.length;
  }
}
