// platform-console-mcp: the agent tool catalog (src/features/agent/model) over MCP on stdio, for
// agents outside the editor. One connection, from the environment the editor's environment
// sign-in reads (PLATFORM_CONSOLE_BASE_URL, PLATFORM_CONSOLE_API_KEY, PLATFORM_CONSOLE_DIALECT,
// PLATFORM_CONSOLE_CONNECTION_NAME); the key is held in memory only: never written to a file,
// never in an answer or a log line, never passed to a child process (none is started).
// Read-only unless started with --allow-writes; reads are marked readOnlyHint, deletes destructiveHint.
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createPlatformApi } from './platform/api';
import { HttpClient } from './platform/http';
import { PlatformLists } from './platform/platformLists';
import { redact } from './platform/redact';
import { ENV_API_KEY, ENV_BASE_URL, ENV_CONNECTION_NAME, ENV_DIALECT, connectionNameFromUrl, normalizeBaseUrl, plainHttpRisk } from './schema/connectionRules';
import { dialectForBaseUrl, parseDialect } from './schema/dialect';
import { AGENT_TOOLS, agentTool, confirmation, runTool } from './features/agent/model/toolCatalog';
import { NO_CONNECTION, inputJsonSchema, type AgentBinding, type AgentTool, type WriteRequest } from './features/agent/model/toolKit';

const VERSION = '0.1.0';

export interface McpOptions {
  allowWrites: boolean;
  env: NodeJS.ProcessEnv;
  /** Where the server says what it does (stderr: stdout is the protocol). */
  note: (line: string) => void;
}

/** The connection the environment names, or why there is none. */
function connectionFrom(env: NodeJS.ProcessEnv): { binding: AgentBinding; key: string } | { problem: string } {
  const rawUrl = env[ENV_BASE_URL]?.trim();
  const key = env[ENV_API_KEY]?.trim();
  if (!rawUrl || !key) return { problem: `set ${ENV_BASE_URL} and ${ENV_API_KEY} (the same variables as the editor's environment sign-in)` };
  let baseUrl: string;
  let dialect;
  try {
    baseUrl = normalizeBaseUrl(rawUrl);
    dialect = parseDialect(env[ENV_DIALECT], ENV_DIALECT) ?? dialectForBaseUrl(baseUrl);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const api = createPlatformApi(new HttpClient({ baseUrl, apiKey: key, dialect }));
  const binding: AgentBinding = { connectionName: env[ENV_CONNECTION_NAME]?.trim() || connectionNameFromUrl(baseUrl), baseUrl, dialect, api, lists: new PlatformLists(api), signal: new AbortController().signal };
  return { binding, key };
}

/** The MCP server over the catalog; `connect` it to a transport. */
export function createMcpServer(options: McpOptions): Server {
  const connection = connectionFrom(options.env);
  const key = 'key' in connection ? connection.key : undefined;
  const scrub = (text: string) => redact(text, [key]);
  if ('problem' in connection) options.note(`platform-console-mcp: no connection: ${connection.problem}. Tools answer with this until it is set.`);
  else {
    const risk = plainHttpRisk(connection.binding.baseUrl);
    options.note(`platform-console-mcp: ${connection.binding.connectionName} (${connection.binding.baseUrl}, ${connection.binding.dialect} API), ${options.allowWrites ? 'writes allowed (--allow-writes)' : 'read-only'}${risk ? `; ${risk}` : ''}`);
  }
  const offered = AGENT_TOOLS.filter((t) => t.kind === 'read' || options.allowWrites);
  const server = new Server({ name: 'platform-console', version: VERSION }, { capabilities: { tools: {} } });
  const host = {
    connections: async () =>
      'binding' in connection ? [{ name: connection.binding.connectionName, baseUrl: connection.binding.baseUrl, dialect: connection.binding.dialect, active: true, signedIn: true }] : [],
    scrub,
  };
  const answer = (text: string, isError = false) => ({ content: [{ type: 'text' as const, text: scrub(text) }], ...(isError ? { isError: true } : {}) });

  server.setRequestHandler('tools/list', () => ({
    tools: offered.map((t) => ({
      name: t.name,
      title: t.displayName,
      description: t.modelDescription,
      inputSchema: inputJsonSchema(t) as { type: 'object' },
      annotations: { title: t.displayName, readOnlyHint: t.kind === 'read', destructiveHint: t.kind === 'destructive', idempotentHint: t.kind === 'read', openWorldHint: true },
    })),
  }));

  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    const tool: AgentTool | undefined = agentTool(name);
    if (!tool) return answer(`No tool ${name}.`, true);
    if (tool.kind !== 'read' && !options.allowWrites) {
      return answer(`Refused: this server is read-only; nothing was sent. Start platform-console-mcp with --allow-writes to allow ${name}.`, true);
    }
    if (tool.offline) return answer(await runTool(tool, NO_CONNECTION, args, host));
    if (!('binding' in connection)) return answer(`Not connected: ${connection.problem}.`, true);
    const named = typeof args?.connection === 'string' ? args.connection.trim() : '';
    if (named && named.toLowerCase() !== connection.binding.connectionName.toLowerCase()) {
      return answer(`No connection named "${named}": this server has one, "${connection.binding.connectionName}". Leave "connection" out.`, true);
    }
    // A write about to be sent is named on stderr (the client asks the person before calling it).
    const binding = connection.binding;
    const sending = (request: WriteRequest) => options.note(scrub(`platform-console-mcp: ${confirmation(tool, request, binding).title} ${request.operation}`));
    return answer(await runTool(tool, binding, args, { ...host, sending }));
  });
  return server;
}

/** `platform-console-mcp [--allow-writes]`: serves on stdin/stdout until the client closes them. */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  const unknown = argv.filter((a) => a !== '--allow-writes');
  if (unknown.length) {
    process.stderr.write(`platform-console-mcp: unknown argument ${unknown.join(' ')}\nUsage: platform-console-mcp [--allow-writes]\n`);
    process.exitCode = 2;
    return;
  }
  const server = createMcpServer({ allowWrites: argv.includes('--allow-writes'), env: process.env, note: (line) => process.stderr.write(`${line}\n`) });
  await server.connect(new StdioServerTransport());
}

if (require.main === module) void main();
