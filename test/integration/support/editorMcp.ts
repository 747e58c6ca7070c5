// The MCP server as VS Code starts it from the extension's registration (#56): the definition from
// the extension's own provider, resolved (a live agent token in a new hand-over file), then spawned
// with exactly its command, arguments and environment merged over the extension host's own, as
// VS Code 1.139 does (null removes a variable), and connected with the MCP SDK's client. What the
// process was given is read back from /proc for the key-leak scan.
import { existsSync, readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import * as vscode from 'vscode';
import type { PlatformConsoleExports } from '../../../src/extension';
import type { AgentTokenRecord } from '../../../src/features/agent/model/agentTokens';
import { createPlatformApi, type PlatformApi } from '../../../src/platform/api';
import { HttpClient } from '../../../src/platform/http';

export const AGENT_FILE_ENV = 'PLATFORM_CONSOLE_AGENT_FILE';

/** A token minted with the key on `api` (as Create Agent Token… does) and remembered by the extension's store. */
export async function mintAgentToken(
  ext: PlatformConsoleExports,
  connection: { id: string; name: string; baseUrl: string },
  api: PlatformApi,
  expiresAt: string,
): Promise<{ record: AgentTokenRecord; secret: string }> {
  const me = await api.iam.getAccountDetails({ params: {} });
  const made = await api.iam.createApiToken({
    params: { clientId: me.id },
    body: { name: 'Editor MCP test', exp_date: expiresAt, client_user: { role: { name: 'Engineers' } } },
  });
  const record: AgentTokenRecord = {
    connectionId: connection.id,
    connectionName: connection.name,
    baseUrl: connection.baseUrl,
    clientId: me.id,
    tokenId: made.id,
    name: made.name ?? 'Editor MCP test',
    role: { name: 'Engineers' },
    expiresAt,
    createdAt: new Date().toISOString(),
    usedBy: [],
  };
  await ext.agentTokens.store.add(record, made.token);
  return { record, secret: made.token };
}

/** The person's own client on the simulator (the key), for minting and revoking. */
export const keyApi = (baseUrl: string, key: string) => createPlatformApi(new HttpClient({ baseUrl, apiKey: key }));

/** VS Code's merge of a stdio server's environment over the extension host's (extHostMcpNode). */
export function mergedEnv(given: Record<string, string | number | null>): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const [name, value] of Object.entries(given)) env[name] = value === null ? undefined : String(value);
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface StartedMcp {
  client: Client;
  definition: vscode.McpStdioServerDefinition;
  /** The hand-over file as it was before the server read it. */
  handoffFile: string;
  handoffText: string;
  pid: number;
  /** What the process was started with (/proc/<pid>/environ and cmdline), read once it runs. */
  environ: string;
  cmdline: string;
  stderr: () => string;
}

/** Provides, resolves and starts the server as VS Code would; undefined when resolve starts nothing. */
export async function startEditorMcp(ext: PlatformConsoleExports): Promise<StartedMcp | undefined> {
  const [offered] = await ext.mcpServer.provideMcpServerDefinitions();
  if (!offered) throw new Error('the provider offered no MCP server');
  const definition = await ext.mcpServer.resolveMcpServerDefinition(offered);
  if (!definition) return undefined;
  const handoffFile = String(definition.env[AGENT_FILE_ENV]);
  const handoffText = readFileSync(handoffFile, 'utf8');
  const transport = new StdioClientTransport({ command: definition.command, args: definition.args, env: mergedEnv(definition.env), stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const client = new Client({ name: 'editor-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid ?? 0;
  const environ = existsSync(`/proc/${pid}/environ`) ? readFileSync(`/proc/${pid}/environ`, 'utf8') : '';
  const cmdline = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  return { client, definition, handoffFile, handoffText, pid, environ, cmdline, stderr: () => err };
}

export const toolText = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');
