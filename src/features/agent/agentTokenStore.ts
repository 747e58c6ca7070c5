// Agent tokens (model/agentTokens.ts) held by the editor: each token's secret in SecretStorage
// under its own key, the records in globalState. Nothing here talks to the platform: minting and
// revoking (which delete the token there) use this to remember and forget.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import { AGENT_TOKENS_KEY, agentTokenSecretKey, liveTokensOf, readAgentTokens, sameToken, type AgentTokenRecord } from './model/agentTokens';

export class AgentTokenStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fired after a token is added, removed or its uses change. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** Every record (expired ones too, until they are revoked). */
  all(): AgentTokenRecord[] {
    return readAgentTokens(this.state.get(AGENT_TOKENS_KEY));
  }

  /** The live tokens of a connection, the one expiring last first. */
  live(connectionId: string): AgentTokenRecord[] {
    return liveTokensOf(this.all(), connectionId, this.now());
  }

  /** The token itself, for the one place that hands it to an agent; undefined once forgotten. */
  secretOf(record: Pick<AgentTokenRecord, 'connectionId' | 'tokenId'>): Thenable<string | undefined> {
    return this.secrets.get(agentTokenSecretKey(record.connectionId, record.tokenId));
  }

  /** Remembers a token just minted: the secret first, so a record never lacks it. */
  async add(record: AgentTokenRecord, secret: string): Promise<void> {
    await this.secrets.store(agentTokenSecretKey(record.connectionId, record.tokenId), secret);
    await this.state.update(AGENT_TOKENS_KEY, [...this.all().filter((r) => !sameToken(r, record)), record]);
    this.changed.fire();
  }

  /** Forgets a token (after it was deleted on the platform, or found gone there). */
  async remove(record: Pick<AgentTokenRecord, 'connectionId' | 'tokenId'>): Promise<void> {
    await this.state.update(
      AGENT_TOKENS_KEY,
      this.all().filter((r) => !sameToken(r, record)),
    );
    await this.secrets.delete(agentTokenSecretKey(record.connectionId, record.tokenId));
    this.changed.fire();
  }

  /** Records where a token is handed over (`MCP server in the editor`), or that it no longer is. */
  async setUse(record: Pick<AgentTokenRecord, 'connectionId' | 'tokenId'>, where: string, inUse: boolean): Promise<void> {
    const all = this.all();
    const next = all.map((r) =>
      sameToken(r, record) ? { ...r, usedBy: inUse ? [...new Set([...r.usedBy, where])] : r.usedBy.filter((u) => u !== where) } : r,
    );
    await this.state.update(AGENT_TOKENS_KEY, next);
    this.changed.fire();
  }
}
