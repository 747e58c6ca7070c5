// Agent tokens (#56): API tokens the product mints on a connection for agents, so that no agent
// process is handed the person's own key. The records (never the token itself, which lives in
// SecretStorage) are kept in globalState under one key; this is their shape and the pure rules.

/** globalState key of the records. Not keyed by a connection id: Sign Out must not wipe them before they are revoked. */
export const AGENT_TOKENS_KEY = 'platformConsole.agentTokens';

/** SecretStorage key of one token's secret. */
export const agentTokenSecretKey = (connectionId: string, tokenId: number) => `platformConsole.agentToken.${connectionId}.${tokenId}`;

export interface AgentTokenRecord {
  /** The connection it was minted on (its id), and its name then, for the list. */
  readonly connectionId: string;
  readonly connectionName: string;
  readonly baseUrl: string;
  /** The account it belongs to (the token paths take it). */
  readonly clientId: number;
  /** The platform's id of the token. */
  readonly tokenId: number;
  readonly name: string;
  readonly role: { readonly id?: number; readonly name: string };
  /** RFC 3339 UTC: the product never mints a token that does not expire. */
  readonly expiresAt: string;
  readonly createdAt: string;
  /** Where it is handed over now (`MCP server in the editor`); empty: nowhere. */
  readonly usedBy: readonly string[];
}

function isRecord(value: unknown): value is AgentTokenRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.connectionId === 'string' &&
    typeof r.connectionName === 'string' &&
    typeof r.baseUrl === 'string' &&
    Number.isSafeInteger(r.clientId) &&
    Number.isSafeInteger(r.tokenId) &&
    typeof r.name === 'string' &&
    typeof r.role === 'object' &&
    r.role !== null &&
    typeof (r.role as Record<string, unknown>).name === 'string' &&
    typeof r.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(r.expiresAt)) &&
    typeof r.createdAt === 'string' &&
    Array.isArray(r.usedBy) &&
    r.usedBy.every((u) => typeof u === 'string')
  );
}

/** The records stored (anything malformed left out). */
export function readAgentTokens(stored: unknown): AgentTokenRecord[] {
  return Array.isArray(stored) ? stored.filter(isRecord) : [];
}

export function isExpired(record: Pick<AgentTokenRecord, 'expiresAt'>, nowMs: number): boolean {
  return Date.parse(record.expiresAt) <= nowMs;
}

/** The live tokens of a connection, the one expiring last first. */
export function liveTokensOf(records: readonly AgentTokenRecord[], connectionId: string, nowMs: number): AgentTokenRecord[] {
  return records.filter((r) => r.connectionId === connectionId && !isExpired(r, nowMs)).sort((a, b) => Date.parse(b.expiresAt) - Date.parse(a.expiresAt));
}

export const sameToken = (a: Pick<AgentTokenRecord, 'connectionId' | 'tokenId'>, b: Pick<AgentTokenRecord, 'connectionId' | 'tokenId'>) =>
  a.connectionId === b.connectionId && a.tokenId === b.tokenId;
