// platform-console-mcp: the agent tool catalog (src/features/agent/model) over MCP on stdio, for
// agents outside the editor. One connection, from the environment the editor's environment
// sign-in reads (PLATFORM_CONSOLE_BASE_URL, PLATFORM_CONSOLE_API_KEY, PLATFORM_CONSOLE_DIALECT,
// PLATFORM_CONSOLE_CONNECTION_NAME; or Gcore's GCORE_API_KEY, GCORE_API_URL, GCORE_CLOUD_PROJECT_ID and
// GCORE_CLOUD_REGION_ID, the product's names winning); the key is held in memory only: never written to a file,
// never in an answer or a log line, never passed to a child process (none is started).
// Read-only unless started with --allow-writes (writes, but nothing that removes, disables,
// overwrites or prunes) or --allow-destructive (those too); only the allowed tools are listed, and a
// write that is destructive for its input (set_edge_app_config removing a variable) is refused per
// call. Reads are marked readOnlyHint, whatever may destroy destructiveHint. A client that declared elicitation is asked to
// confirm each write with its exact request before anything is sent (and to type the thing's name
// when its operation asks for it; without elicitation such a call is refused). A cancelled call aborts its
// HTTP request. The tools that read a file (deploy_edge_app, create_tls_secret) read only inside the
// folders given with --file-root (repeatable); without one they read no file. With --audit-file
// <path> each write attempt is appended to that file as a JSON line (the audit trail, mcpAudit.ts).
// --tools <pattern,…> offers fewer tools (toolSelection.ts: names, globs, groups, kinds), within what the flags allow.
// Started by VS Code for the editor (#56), it runs on the agent token of the one-shot file named by
// PLATFORM_CONSOLE_AGENT_FILE (features/agent/model/mcpHandoff.ts) instead, and ignores any key.
import { consoleField } from './schema/consoleBase';
import { statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { Server, type ServerContext } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { typedNameText, type TypedNamePrompt } from './operations/commandConfirmation';
import { createPlatformApi } from './platform/api';
import { HttpClient } from './platform/http';
import { PlatformLists } from './platform/platformLists';
import { redact } from './platform/redact';
import { connectionFromEnvironment, locationFromEnvironment } from './schema/environmentNames';
import { ENV_CONNECTION_NAME, ENV_DIALECT, connectionNameFromUrl, normalizeBaseUrl, plainHttpRisk } from './schema/connectionRules';
import { dialectForBaseUrl, parseDialect } from './schema/dialect';
import { AGENT_TOOLS, agentTool, confirmation, mayDestroy, runTool } from './features/agent/model/toolCatalog';
import { NO_CONNECTION, inputJsonSchema, type AgentBinding, type AgentTool, type WriteRequest } from './features/agent/model/toolKit';
import { quoted } from './features/agent/model/platformText';
import { auditFileArg, mcpAuditTrail } from './features/agent/model/mcpAudit';
import { takeHandoff, type McpHandoff } from './features/agent/model/mcpHandoff';
import { handoffConnection } from './features/agent/model/mcpAgentToken';
import { TOOLS_FLAG, offerTools, takeToolsFlag } from './features/agent/model/toolSelection';
import { CATALOG_INDEX } from './features/agent/model/toolGroupOf';
import { listedInputSchema, locationDefaultsNote, withLocationDefaults } from './features/agent/model/cloudLocationDefaults';

const VERSION = '0.1.0';
/** The platform's records (and the simulator's) name the MCP server as the client of its requests. */
const USER_AGENT = `platform-console-mcp/${VERSION}`;
const USAGE =
  'Usage: platform-console-mcp [--allow-writes] [--allow-destructive] [--file-root <folder>]... [--audit-file <path>] ' + `[${TOOLS_FLAG} <pattern,…>]...`;
const FILE_ROOT = '--file-root';
/** How long a person has to answer a confirmation (the SDK's default, a minute, is short for reading a request). */
const CONFIRM_TIMEOUT_MS = 10 * 60_000;

export interface McpOptions {
  /** Offer and allow the tools that change something, but not the destructive ones. */
  allowWrites: boolean;
  /** Offer and allow the destructive tools too (implies allowWrites). */
  allowDestructive?: boolean;
  /** Folders the file tools may read from (absolute, existing); none: no file is read. */
  fileRoots?: readonly string[];
  /** The --tools patterns (toolSelection.ts): only the tools they select are offered; absent: every tool the flags allow. */
  tools?: readonly string[];
  env: NodeJS.ProcessEnv;
  /** The connection and agent token the editor handed over (PLATFORM_CONSOLE_AGENT_FILE, #56): `env` is then not read for one. */
  handoff?: McpHandoff;
  /** Where the server says what it does (stderr: stdout is the protocol). */
  note: (line: string) => void;
  /** The audit trail (#56): each write attempt appended to this file as a JSON line (mcpAudit.ts); the agent and token names in each. */
  auditFile?: string;
  agentName?: string;
  tokenName?: string;
}

/**
 * The command line. --allow-destructive implies --allow-writes: the permissions are ordered (read,
 * change, delete), and a server that may delete but not create has no use; asking for both flags
 * would add a step, not safety.
 */
export function mcpOptionsFromArgs(
  argv: readonly string[],
  cwd = process.cwd(),
): { allowWrites: boolean; allowDestructive: boolean; fileRoots: string[]; auditFile?: string; tools?: string[] } | { problem: string } {
  const fileRoots: string[] = [];
  const unknown: string[] = [];
  let auditFile: string | undefined;
  const tools = takeToolsFlag(argv, CATALOG_INDEX);
  if ('problem' in tools) return { problem: `platform-console-mcp: ${tools.problem}\n${USAGE}` };
  argv = tools.rest;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--allow-writes' || arg === '--allow-destructive') continue;
    const audit = auditFileArg(argv, i, cwd);
    if (audit) {
      if ('problem' in audit) return { problem: `platform-console-mcp: ${audit.problem}\n${USAGE}` };
      auditFile = audit.path;
      i += audit.used - 1;
      continue;
    }
    if (arg !== FILE_ROOT && !arg.startsWith(`${FILE_ROOT}=`)) {
      unknown.push(arg);
      continue;
    }
    const given = arg === FILE_ROOT ? argv[++i] : arg.slice(FILE_ROOT.length + 1);
    if (given === undefined || given === '' || given.startsWith('--'))
      return { problem: `platform-console-mcp: ${FILE_ROOT} needs a folder after it\n${USAGE}` };
    const folder = nodePath.resolve(cwd, given);
    const kind = folderProblem(folder);
    if (kind) return { problem: `platform-console-mcp: ${FILE_ROOT} ${given}: ${kind}; the server does not start\n${USAGE}` };
    fileRoots.push(folder);
  }
  if (unknown.length) return { problem: `platform-console-mcp: unknown argument ${unknown.join(' ')}\n${USAGE}` };
  const allowDestructive = argv.includes('--allow-destructive');
  return {
    allowWrites: allowDestructive || argv.includes('--allow-writes'),
    allowDestructive,
    fileRoots,
    ...(auditFile ? { auditFile } : {}),
    ...(tools.patterns.length ? { tools: tools.patterns } : {}),
  };
}

/** Why a --file-root folder cannot be one, or undefined. */
function folderProblem(folder: string): string | undefined {
  try {
    return statSync(folder).isDirectory() ? undefined : 'is not a folder';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'does not exist'
      : `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/** Why the flags refuse a tool (naming the flag that would allow it), or undefined when they allow it. */
function refusal(tool: AgentTool, flags: { allowWrites: boolean; allowDestructive: boolean }): string | undefined {
  if (tool.kind === 'destructive' && !flags.allowDestructive) {
    return (
      `Refused: ${tool.name} deletes for good, and this server was not started with --allow-destructive; nothing was sent. ` +
      'Start platform-console-mcp with --allow-destructive to allow it.'
    );
  }
  if (tool.kind === 'write' && !flags.allowWrites)
    return `Refused: this server is read-only; nothing was sent. Start platform-console-mcp with --allow-writes to allow ${tool.name}.`;
  return undefined;
}

/** The connection the environment names, or why there is none. */
function connectionFrom(env: NodeJS.ProcessEnv, fileRoots: readonly string[]): { binding: AgentBinding; key: string; notes: string[] } | { problem: string } {
  // The names and their order (PLATFORM_CONSOLE_* first, then GCORE_*) are the editor's environment sign-in's.
  const found = connectionFromEnvironment(env);
  if ('problem' in found) return found;
  const { url: rawUrl, key } = found;
  let baseUrl: string;
  let dialect;
  try {
    baseUrl = normalizeBaseUrl(rawUrl);
    dialect = parseDialect(env[ENV_DIALECT], ENV_DIALECT) ?? dialectForBaseUrl(baseUrl);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const api = createPlatformApi(new HttpClient({ baseUrl, apiKey: key, dialect, userAgent: USER_AGENT }));
  const binding: AgentBinding = {
    connectionName: env[ENV_CONNECTION_NAME]?.trim() || connectionNameFromUrl(baseUrl),
    baseUrl,
    dialect,
    // The MCP server knows the connection's dialect only: its default console (none for Spec).
    ...consoleField({ dialect }),
    api,
    lists: new PlatformLists(api),
    signal: new AbortController().signal,
    fileRoots,
    fileRootsFlag: FILE_ROOT,
  };
  return { binding, key, notes: found.notes };
}

/** Whether the client declared form elicitation at initialize (an empty `elicitation: {}` is form, as the spec says). */
function canElicit(server: Server): boolean {
  const e = server.getClientCapabilities()?.elicitation as Record<string, unknown> | undefined;
  return Boolean(e && (e.form !== undefined || Object.keys(e).length === 0));
}

/** Asks the person, through the client, to confirm one write: undefined when confirmed, else the answer that says nothing was sent. */
async function confirmThroughClient(
  server: Server,
  ctx: ServerContext,
  tool: AgentTool,
  request: WriteRequest,
  binding: AgentBinding,
  scrub: (t: string) => string,
): Promise<string | undefined> {
  const asked = confirmation(tool, request, binding);
  // An operation that asks for the name typed asks it in the same form, with the command's prompt.
  const name = request.target?.typed;
  const typed = name && typedNameText(name);
  const reply = await server.elicitInput(
    {
      mode: 'form',
      message: scrub(`${asked.title}\n\n${asked.message}`),
      requestedSchema: {
        type: 'object',
        properties: {
          confirm: { type: 'boolean', title: 'Send this request once', description: 'Tick to send exactly the request above, once.', default: false },
          ...(typed ? { name: { type: 'string', title: scrub(typed.label), description: scrub(typed.prompt), minLength: 1 } } : {}),
        },
        required: typed ? ['confirm', 'name'] : ['confirm'],
      },
    },
    { signal: ctx.mcpReq.signal, timeout: CONFIRM_TIMEOUT_MS, relatedRequestId: ctx.mcpReq.id },
  );
  if (reply.action === 'decline') return `Not sent: the person declined ${tool.displayName} when asked to confirm it. Nothing was sent.`;
  if (reply.action === 'cancel') return `Not sent: the person dismissed the confirmation of ${tool.displayName}. Nothing was sent.`;
  if (reply.content?.confirm !== true) return `Not sent: the person did not confirm ${tool.displayName} (the box was left unticked). Nothing was sent.`;
  if (name && typed && typed.problem(typeof reply.content.name === 'string' ? reply.content.name : '') !== undefined)
    return `Not sent: the name typed is not ${quoted(name.name)}, the name of what ${tool.displayName} changes. Nothing was sent.`;
  return undefined;
}

/** Without elicitation nobody can type the name: the call is refused whatever the flags (docs/features/agent-tools.md says why). */
function cannotAskName(tool: AgentTool, typed: TypedNamePrompt): string {
  return (
    `Refused: ${tool.name} is confirmed only by the person typing the name of what it changes (${quoted(typed.name)}), ` +
    'and this MCP client cannot ask the person (it declared no elicitation); nothing was sent, whatever the flags. ' +
    `Use a client that supports elicitation, or ${typed.title} in Platform Console.`
  );
}

/** The MCP server over the catalog; `connect` it to a transport. */
export function createMcpServer(options: McpOptions): Server {
  const flags = { allowDestructive: options.allowDestructive ?? false, allowWrites: options.allowWrites || (options.allowDestructive ?? false) };
  const fileRoots = options.fileRoots ?? [];
  const connection: ReturnType<typeof connectionFrom> & { credential?: string } = options.handoff
    ? { ...handoffConnection(options.handoff, { fileRoots, fileRootsFlag: FILE_ROOT, userAgent: USER_AGENT }), notes: [] }
    : connectionFrom(options.env, fileRoots);
  const key = 'key' in connection ? connection.key : undefined;
  const scrub = (text: string) => redact(text, [key]);
  const mode = flags.allowDestructive
    ? 'writes and destructive tools allowed (--allow-destructive)'
    : flags.allowWrites
      ? 'writes allowed, destructive tools not (--allow-writes)'
      : 'read-only';
  if ('problem' in connection) options.note(`platform-console-mcp: no connection: ${connection.problem}. Tools answer with this until it is set.`);
  else {
    const risk = plainHttpRisk(connection.binding.baseUrl);
    options.note(
      `platform-console-mcp: ${connection.binding.connectionName} (${connection.binding.baseUrl}, ${connection.binding.dialect} API), ` +
        `${'credential' in connection && connection.credential ? `on ${connection.credential}, ` : ''}${mode}${risk ? `; ${risk}` : ''}`,
    );
    connection.notes.forEach((line) => options.note(`platform-console-mcp: ${line}`));
  }
  const location = locationFromEnvironment(options.env);
  [...location.problems, ...locationDefaultsNote(location)].forEach((line) => options.note(`platform-console-mcp: ${line}`));
  if (flags.allowWrites)
    options.note(
      fileRoots.length
        ? `platform-console-mcp: file tools read only inside ${fileRoots.join(', ')} (${FILE_ROOT})`
        : `platform-console-mcp: file tools read no file (no ${FILE_ROOT} given)`,
    );
  const { offered, notes, unselected } = offerTools(AGENT_TOOLS, options.tools, (t) => refusal(t, flags) === undefined, CATALOG_INDEX);
  notes.forEach((line) => options.note(line));
  const server = new Server({ name: 'platform-console', version: VERSION }, { capabilities: { tools: {} } });
  const trail = mcpAuditTrail({ ...options, tokenName: options.tokenName ?? options.handoff?.tokenName }, () => server.getClientVersion()?.name);
  const connectionName = 'binding' in connection ? connection.binding.connectionName : '(no connection)';
  server.oninitialized = () => {
    if (!flags.allowWrites) return;
    options.note(
      canElicit(server)
        ? 'platform-console-mcp: the client confirms each write with the person (elicitation) before it is sent'
        : 'platform-console-mcp: the client has no elicitation: writes are sent as the client calls them (the flags decide), but none whose name must be typed',
    );
  };
  const host = {
    connections: () =>
      Promise.resolve(
        'binding' in connection
          ? [
              {
                name: connection.binding.connectionName,
                baseUrl: connection.binding.baseUrl,
                dialect: connection.binding.dialect,
                active: true,
                signedIn: true,
              },
            ]
          : [],
      ),
    scrub,
  };
  const answer = (text: string, isError = false) => ({ content: [{ type: 'text' as const, text: scrub(text) }], ...(isError ? { isError: true } : {}) });

  server.setRequestHandler('tools/list', () => ({
    tools: offered.map((t) => ({
      name: t.name,
      title: t.displayName,
      description: t.modelDescription,
      inputSchema: listedInputSchema(t, inputJsonSchema(t), location) as { type: 'object' },
      annotations: {
        title: t.displayName,
        readOnlyHint: t.kind === 'read',
        destructiveHint: mayDestroy(t),
        idempotentHint: t.kind === 'read',
        openWorldHint: true,
      },
    })),
  }));

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name } = request.params;
    const tool: AgentTool | undefined = agentTool(name);
    if (!tool) return answer(`No tool ${quoted(name)}.`, true);
    const args = withLocationDefaults(tool, request.params.arguments, location);
    const refused = unselected(tool) ?? refusal(tool, flags);
    if (refused) return answer(trail.refused(tool, refused, connectionName), true);
    if (tool.offline) return answer(await runTool(tool, NO_CONNECTION, args, host));
    if (!('binding' in connection)) return answer(trail.refused(tool, `Not connected: ${connection.problem}.`, connectionName, 'no connection'), true);
    const named = typeof args?.connection === 'string' ? args.connection.trim() : '';
    if (named && named.toLowerCase() !== connection.binding.connectionName.toLowerCase()) {
      const no = `No connection named ${quoted(named)}: this server has one, ${quoted(connection.binding.connectionName)}. Leave "connection" out.`;
      return answer(trail.refused(tool, no, connectionName, 'it named another connection than the server has'), true);
    }
    // The client's cancel (notifications/cancelled) aborts this call's requests.
    const binding: AgentBinding = { ...connection.binding, signal: ctx.mcpReq.signal };
    // A write about to be sent is named on stderr.
    const sending = (req: WriteRequest) => options.note(scrub(`platform-console-mcp: ${confirmation(tool, req, binding).title} ${req.operation}`));
    let declined = false;
    const elicit = canElicit(server);
    const confirm = elicit
      ? async (req: WriteRequest) => {
          declined = true; // until the person confirms (a failed question sends nothing either)
          const no = await confirmThroughClient(server, ctx, tool, req, binding, scrub);
          declined = no !== undefined;
          return no;
        }
      : undefined;
    const askName = elicit ? undefined : (typed: TypedNamePrompt) => ((declined = true), Promise.resolve(cannotAskName(tool, typed)));
    // A write that removes, disables, overwrites or prunes for this input is refused like a destructive tool.
    const refuseDestructive = flags.allowDestructive
      ? undefined
      : (req: WriteRequest) => (
          (declined = true),
          `Refused: this call of ${tool.name} is destructive (${req.target?.destructive ?? 'it cannot be undone'}), ` +
            'and this server was not started with --allow-destructive; nothing was sent. ' +
            'Start platform-console-mcp with --allow-destructive to allow it, or leave out what removes or overwrites.'
        );
    const text = await runTool(tool, binding, args, {
      ...host,
      ...trail.host,
      sending,
      ...(confirm ? { confirm, confirmAsksName: true } : {}),
      ...(askName ? { askName, askNameRefuses: true } : {}),
      ...(refuseDestructive ? { refuseDestructive } : {}),
    });
    return answer(text, declined);
  });
  return server;
}

/**
 * `platform-console-mcp [--allow-writes] [--allow-destructive] [--file-root <folder>]... [--tools <pattern,…>] [--audit-file <path>]`:
 * serves on stdin/stdout until the client closes them.
 */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  // The editor's hand-over (#56) is read and deleted first, whatever follows; any key in the environment goes with it.
  const handed = takeHandoff(process.env);
  if (handed && 'problem' in handed) return void ((process.exitCode = 2), process.stderr.write(`platform-console-mcp: ${handed.problem}\n`));
  if (handed?.ignored.length)
    process.stderr.write(`platform-console-mcp: ${handed.ignored.join(', ')} ignored: this server runs on the agent token handed over\n`);
  const parsed = mcpOptionsFromArgs(argv);
  if ('problem' in parsed) {
    process.stderr.write(`${parsed.problem}\n`);
    process.exitCode = 2;
    return;
  }
  const server = createMcpServer({ ...parsed, env: process.env, handoff: handed?.handoff, note: (line) => process.stderr.write(`${line}\n`) });
  await server.connect(new StdioServerTransport());
}

if (require.main === module) void main();
