// The catalog as the editor's language model tools: each runs on the active connection (or the one
// its input names), bound for the whole call; a write is confirmed by the person with its exact
// request (VS Code asks only when prepareInvocation returns confirmationMessages), and runs on the
// connection that confirmation named, even if another became active meanwhile. A call on another
// connection than the active one says so in its answer's first line; cancelling the call in chat
// aborts its request.
import { consoleField } from '../../schema/consoleBase';
import * as vscode from 'vscode';
import type { FeatureContext } from '../../ui/featureContext';
import type { BoundConnection, Connection } from '../../connections/connectionManager';
import { AGENT_TOOLS, WRITES_SETTING, confirmation, parseToolInput, prepareWrite, runTool, withTarget, type RunHost } from './model/toolCatalog';
import type { WriteResult } from './model/agentActivity';
import { noConnectionAnswer } from './model/toolAnswers';
import { neutralize } from './model/platformText';
import { NO_CONNECTION, type AgentBinding, type AgentConnection, type AgentHost, type AgentTool, type WriteRequest } from './model/toolKit';
import { ConfirmationSlots } from './model/confirmationSlots';
import { askNameInEditor } from './typedNameAsk';

const result = (text: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
const writesAllowed = () => vscode.workspace.getConfiguration('platformConsole').get<boolean>(WRITES_SETTING, true);

export class PlatformLanguageModelTool implements vscode.LanguageModelTool<Record<string, unknown>> {
  /** What each write's preparation decided (asked on a connection, or refused), for the one invocation that follows it. */
  readonly slots = new ConfirmationSlots<WriteRequest>();

  constructor(
    private readonly ctx: FeatureContext,
    readonly tool: AgentTool,
    private readonly extras: AgentExtras = {},
  ) {}

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<Record<string, unknown>>,
    token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation> {
    const connection = this.connectionFor(options.input);
    const where = connection ? ` on ${neutralize(connection.name)}` : '';
    const invocationMessage = `${this.tool.displayName}${where}`;
    if (this.tool.kind === 'read') return { invocationMessage };
    const key = this.key(options.input);
    // Whatever an earlier preparation of this input left (a Cancel, an unanswered question) is gone first.
    const ticket = this.slots.begin(key);
    if (!connection || !writesAllowed()) return { invocationMessage };
    const parsed = parseToolInput(this.tool, options.input);
    // A refused input asks nothing: invoke answers with the field and the rule, and sends nothing.
    if (!parsed.ok) return { invocationMessage };
    const prepared = prepareWrite(this.tool, parsed.input);
    if (!prepared.ok) return { invocationMessage };
    let request = prepared.request;
    if (this.tool.readTarget) {
      // A delete names what it deletes: read it now; a failed read asks nothing, and invoke answers with it.
      const targeted = await this.readTarget(connection, parsed.input, request, token);
      if (!targeted.ok) {
        this.slots.set(key, ticket, { state: 'refused', answer: targeted.answer });
        return { invocationMessage };
      }
      request = targeted.request;
    }
    this.slots.set(key, ticket, { state: 'asked', connectionId: connection.id, request });
    const on = { connectionName: connection.name, baseUrl: connection.baseUrl, dialect: connection.dialect, simulator: connection.simulator };
    const asked = confirmation(this.tool, request, on);
    return { invocationMessage, confirmationMessages: { title: asked.title, message: new vscode.MarkdownString(asked.message) } };
  }

  private async readTarget(
    connection: Connection,
    input: Record<string, unknown>,
    request: WriteRequest,
    token: vscode.CancellationToken,
  ): ReturnType<typeof withTarget> {
    const bound = await this.ctx.bindNamed(connection.id);
    if (!bound)
      return {
        ok: false,
        answer: noConnectionAnswer(
          connection.name,
          this.ctx.connections.list().map((c) => c.name),
        ),
      };
    const cancel = new AbortController();
    const listener = token.onCancellationRequested(() => cancel.abort(new Error('cancelled in chat')));
    try {
      return await withTarget(this.tool, binding(bound, cancel.signal, undefined), input, request);
    } finally {
      listener.dispose();
    }
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<Record<string, unknown>>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const { log } = this.ctx;
    if (this.tool.kind !== 'read' && !writesAllowed()) {
      this.auditEarly(options.input, { kind: 'refused', reason: 'agent writes are off (setting platformConsole.agent.allowWrites); nothing was sent' });
      return result(
        'Refused: changes through the agent are turned off (setting platformConsole.agent.allowWrites). ' +
          'Nothing was sent; the person can do it in Platform Console, or turn the setting on.',
      );
    }
    // This call's own preparation, taken once: a confirmation shown to an earlier call never counts.
    const prepared = this.tool.kind === 'read' ? undefined : this.slots.take(this.key(options.input));
    // The thing could not be read when VS Code prepared the call: nothing was asked, nothing is sent.
    if (prepared?.state === 'refused') {
      this.auditEarly(options.input, { kind: 'failed', reason: 'what it changes could not be read; nothing was sent' });
      return result(log.scrub(prepared.answer));
    }
    const confirmedId = prepared?.connectionId;
    const confirmed = prepared?.request;
    const connection = confirmedId ? this.ctx.connections.list().find((c) => c.id === confirmedId) : this.connectionFor(options.input);
    const host = { connections: () => agentConnections(this.ctx), scrub: (t: string) => log.scrub(t), ...this.extras };
    if (this.tool.offline) return result(await runTool(this.tool, NO_CONNECTION, options.input, host));
    const bound = connection && (await this.ctx.bindNamed(connection.id));
    if (!bound) {
      this.auditEarly(options.input, { kind: 'refused', reason: 'no signed-in connection by that name; nothing was sent' }, connection?.name);
      return result(
        noConnectionAnswer(
          this.named(options.input),
          this.ctx.connections.list().map((c) => c.name),
        ),
      );
    }
    // VS Code prepares every call before it runs it, and asks the person there: a change that
    // would be sent but was never put to the person is refused (a refused input still gets the
    // field and the rule from runTool).
    if (this.tool.kind !== 'read' && !confirmedId && this.wouldSend(options.input)) {
      this.auditEarly(options.input, { kind: 'refused', reason: "not put to the person in VS Code's confirmation; nothing was sent" }, bound.connection.name);
      return result('Refused: this change was not confirmed by the person (VS Code asks before each change the agent makes). Nothing was sent.');
    }
    const cancel = new AbortController();
    const listener = token.onCancellationRequested(() => cancel.abort(new Error('cancelled in chat')));
    // Cancelled before it started: nothing is sent.
    if (token.isCancellationRequested) cancel.abort(new Error('cancelled in chat'));
    try {
      const active = this.ctx.connections.active;
      const elsewhere = active?.id === bound.connection.id ? undefined : (active?.name ?? null);
      // After VS Code's dialog, a write whose operation asks for the name typed asks it (the command's prompt).
      const text = await runTool(this.tool, binding(bound, cancel.signal, elsewhere), options.input, {
        ...host,
        ...(confirmed ? { confirmed } : {}),
        askName: askNameInEditor(this.ctx.ui),
        wrote: (name, input, sent) => linkDeployedFile(name, input, sent, bound.connection.id),
      });
      log.info(`[${bound.connection.name}] agent tool ${this.tool.name} answered (${text.length} characters)`);
      return result(text);
    } finally {
      listener.dispose();
    }
  }

  /** A write that ends before the tool runs (runTool tells the audit of the rest). */
  private auditEarly(input: Record<string, unknown> | undefined, result: WriteResult, connection?: string): void {
    if (this.tool.kind === 'read') return;
    const on = connection ?? this.connectionFor(input)?.name ?? this.named(input) ?? '(no connection)';
    this.extras.audit?.({ tool: this.tool.name, connection: on, target: `${this.tool.displayName} (not prepared)`, result });
  }

  /** The input passes the tool's checks, so invoke would send it. */
  private wouldSend(input: Record<string, unknown> | undefined): boolean {
    const parsed = parseToolInput(this.tool, input);
    return parsed.ok && prepareWrite(this.tool, parsed.input).ok;
  }

  private named(input: Record<string, unknown> | undefined): string | undefined {
    const name = input?.connection;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  }

  /** The connection the input names (by name, any case), else the active one. */
  private connectionFor(input: Record<string, unknown> | undefined): Connection | undefined {
    const named = this.named(input);
    if (!named) return this.ctx.connections.active;
    return this.ctx.connections.list().find((c) => c.name.toLowerCase() === named.toLowerCase());
  }

  private key(input: unknown): string {
    return JSON.stringify(input ?? {});
  }
}

/** The bound connection for one call: Sign Out or the chat's cancel abort its requests; `activeConnectionName` when it is not the active one. */
function binding(bound: BoundConnection, cancelled: AbortSignal, activeConnectionName: string | null | undefined): AgentBinding {
  const { connection } = bound;
  const signal = AbortSignal.any([bound.signal, cancelled]);
  // A tool reads files (deploy_edge_app) only from the workspace's folders.
  const fileRoots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  return {
    connectionName: connection.name,
    baseUrl: connection.baseUrl,
    dialect: connection.dialect,
    ...consoleField(connection),
    ...(connection.simulator ? { simulator: true as const } : {}),
    api: bound.api,
    lists: bound.lists,
    signal,
    fileRoots,
    ...(activeConnectionName === undefined ? {} : { activeConnectionName }),
  };
}

export async function agentConnections(ctx: FeatureContext): Promise<AgentConnection[]> {
  const active = ctx.connections.active?.id;
  const all = ctx.connections.list();
  const keys = await Promise.all(all.map((c) => ctx.connections.hasApiKey(c.id)));
  return all.map((c, i) => ({ name: c.name, baseUrl: c.baseUrl, dialect: c.dialect, active: c.id === active, signedIn: keys[i]! }));
}

/** What other features offer the tools, handed in by extension.ts (the deploy watches); the audit trail, by the agent feature. */
export type AgentExtras = Pick<AgentHost, 'edgeWatches'> & Pick<RunHost, 'audit'>;

export function createLanguageModelTools(ctx: FeatureContext, extras: AgentExtras = {}): PlatformLanguageModelTool[] {
  return AGENT_TOOLS.map((tool) => new PlatformLanguageModelTool(ctx, tool, extras));
}

/** The command the edge feature links a deployed workspace file with (features talk through commands). */
const LINK_DEPLOYED_FILE_COMMAND = 'platformConsole.linkDeployedEdgeFile';

/** After deploy_edge_app stored and pointed the app at a binary: the file is linked to the app, as the command's deploy does. */
function linkDeployedFile(tool: string, input: Record<string, unknown>, sent: unknown, connectionId: string): void {
  // An operation tool's send hands over `{ thing, sent }`: the deploy's answer is inside (a changed file: `{ changed }`, nothing stored).
  const deployed = typeof sent === 'object' && sent !== null && 'sent' in sent ? sent.sent : sent;
  if (tool !== 'deploy_edge_app' || typeof deployed !== 'object' || deployed === null || !('binary' in deployed)) return;
  const app = (deployed as { app?: { name?: string | null } }).app;
  void vscode.commands.executeCommand(LINK_DEPLOYED_FILE_COMMAND, input.file, connectionId, input.app_id, app?.name ?? '').then(undefined, () => undefined);
}
