// The MCP server's connection when the editor started it (#56): the agent token of the hand-over
// file (mcpHandoff.ts) as its only credential, never the person's key. A 401 then means the token
// was revoked or expired, and the answer says how to get a new one.
import { createPlatformApi } from '../../../platform/api';
import { HttpClient } from '../../../platform/http';
import { PlatformLists } from '../../../platform/platformLists';
import { normalizeConsoleUrl } from '../../../schema/consoleBase';
import type { McpHandoff } from './mcpHandoff';
import { quoted } from './platformText';
import type { AgentBinding, Unauthorized } from './toolKit';

/** What a 401 means on an agent token, in the answer's words. */
export function tokenRejected(handoff: Pick<McpHandoff, 'tokenName' | 'connectionName' | 'expiresAt'>): Unauthorized {
  return {
    rejected: `the agent token ${quoted(handoff.tokenName)} of connection ${quoted(handoff.connectionName)}`,
    why: `it was revoked, or it expired (it was valid until ${handoff.expiresAt}).`,
    next:
      'This server cannot get a new one itself: ask the person to restart the Platform Console MCP server from VS Code ' +
      '(MCP: List Servers, Platform Console, Restart), which hands it a live agent token and offers to create one if none is left. ' +
      'Do not retry until then.',
  };
}

/** The binding (and the secret to scrub from every answer and line) of a server run on a hand-over. */
export function handoffConnection(
  handoff: McpHandoff,
  options: { fileRoots: readonly string[]; fileRootsFlag: string; userAgent: string },
): { binding: AgentBinding; key: string; credential: string } {
  const http = new HttpClient({
    baseUrl: handoff.baseUrl,
    apiKey: handoff.token,
    dialect: handoff.dialect,
    areaBaseUrls: handoff.areaBaseUrls,
    userAgent: options.userAgent,
  });
  const api = createPlatformApi(http);
  const binding: AgentBinding = {
    connectionName: handoff.connectionName,
    baseUrl: http.baseUrl,
    dialect: handoff.dialect,
    ...(handoff.consoleUrl ? { consoleUrl: normalizeConsoleUrl(handoff.consoleUrl) } : {}),
    api,
    lists: new PlatformLists(api),
    signal: new AbortController().signal,
    fileRoots: options.fileRoots,
    fileRootsFlag: options.fileRootsFlag,
    unauthorized: tokenRejected(handoff),
  };
  return { binding, key: handoff.token, credential: `agent token ${quoted(handoff.tokenName)} (until ${handoff.expiresAt}), not your key` };
}
