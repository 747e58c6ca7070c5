// The audit trail in the editor (#56 item 6): every agent write of this session, the editor chat's
// (told by the tools as they run) and the MCP servers' (read from their audit file), kept in memory
// (bounded), written to the connection log once each, and shown by *Show Agent Activity* as a
// read-only plain-text document that follows new records. The MCP audit file is followed (a watch,
// a 2 s poll) from the first Show or MCP server start on, not from activation (#57): a record
// written before is read then, as every record of this session is (the session starts at activation).
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { AgentActivity, EDITOR_CHAT, activityLogLine, agentWriteRecord, type AgentWrite, type AgentWriteRecord } from './model/agentActivity';
import { activityDocument } from './model/agentActivityTable';
import { AuditFileFollower } from './agentActivityFollow';

export const SHOW_AGENT_ACTIVITY_COMMAND = 'platformConsole.showAgentActivity';
/** The document's scheme: only this provider serves it, nothing is on disk, the editor cannot change it. */
export const AGENT_ACTIVITY_SCHEME = 'platform-console-agent-activity';
export const AGENT_ACTIVITY_URI = vscode.Uri.from({ scheme: AGENT_ACTIVITY_SCHEME, path: '/Agent Activity.txt' });

export class AgentActivityService extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly activity = new AgentActivity();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private follower: AuditFileFollower | undefined;

  constructor(
    private readonly ctx: Pick<FeatureContext, 'log' | 'registerUnboundCommand'>,
    /** The MCP audit file followed; undefined: none. */
    readonly file: string | undefined,
    private readonly sessionStart = Date.now(),
  ) {
    super();
    this._registerAll(
      vscode.workspace.registerTextDocumentContentProvider(AGENT_ACTIVITY_SCHEME, this),
      ctx.registerUnboundCommand(SHOW_AGENT_ACTIVITY_COMMAND, () => this.show()),
    );
  }

  /** Whether the MCP audit file is followed yet. */
  get following(): boolean {
    return this.follower !== undefined;
  }

  /** Follows the MCP audit file from now on (an MCP server starts, or Show): its records since the session's start first. */
  follow(): void {
    if (!this.file || this.follower || this.isDisposed) return;
    this.follower = this._register(
      new AuditFileFollower(
        this.file,
        this.sessionStart,
        (record) => this.keep(record),
        () => {
          this.activity.malformed++;
          this.changed.fire(AGENT_ACTIVITY_URI);
        },
      ),
    );
  }

  /** A write of the editor's chat agent (on the person's own connection: no token). */
  recordEditorWrite(write: AgentWrite): void {
    this.keep(agentWriteRecord(write, { agent: EDITOR_CHAT }));
  }

  private keep(record: AgentWriteRecord): void {
    if (!this.activity.add(record)) return;
    // The log scrubs every known key from the line; the record holds none.
    const line = activityLogLine(record);
    if (record.result.kind === 'succeeded') this.ctx.log.info(line);
    else this.ctx.log.warn(line);
    this.changed.fire(AGENT_ACTIVITY_URI);
  }

  /** This session's records, newest first (the tests read them). */
  records(): AgentWriteRecord[] {
    return this.activity.newestFirst();
  }

  /** Reads what the MCP audit file has that is new (Show reads it first), following it from now on. */
  async refresh(): Promise<void> {
    this.follow();
    await this.follower?.read();
  }

  provideTextDocumentContent(): string {
    return this.ctx.log.scrub(activityDocument(this.activity.newestFirst(), this.activity.malformed));
  }

  private async show(): Promise<void> {
    await this.refresh();
    const document = await vscode.workspace.openTextDocument(AGENT_ACTIVITY_URI);
    await vscode.window.showTextDocument(document, { preview: false });
  }
}
