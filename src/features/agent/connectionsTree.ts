// The Connections view (#56): each connection, and under it an "Agent tokens" group when it has any:
// each token's name, role, expiry (relative; absolute in the tooltip; an expired one says so) and
// where it is used. Drawn again when the store or the connections change; the store changes when a
// token expires (the one expiry timer, agentTokenLifecycle.ts), so nothing here polls.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { ConnectionInfo } from '../../schema/connectionRules';
import { expiryBothZones } from '../../operations/agentTokens';
import { NodeTree } from '../../ui/nodeTree';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { TreeNode, spokenRow } from '../../ui/treeNodes';
import type { AgentTokenStore } from './agentTokenStore';
import { isExpired, type AgentTokenRecord } from './model/agentTokens';
import { expiryRelative } from './model/agentTokenRules';

export const CONNECTIONS_VIEW = 'platformConsole.connections';

const usedByText = (r: AgentTokenRecord) => (r.usedBy.length ? `used by ${r.usedBy.join(', ')}` : 'not in use');

export class AgentTokenNode extends TreeNode {
  /** The connection it was minted on: a command run on the row binds that one. */
  readonly listedOn: string;
  constructor(
    readonly record: AgentTokenRecord,
    private readonly now: () => number,
  ) {
    super();
    this.listedOn = record.connectionId;
  }
  getTreeItem(): vscode.TreeItem {
    const r = this.record;
    const expired = isExpired(r, this.now());
    const item = new vscode.TreeItem(r.name);
    item.description = `${r.role.name} · ${expiryRelative(Date.parse(r.expiresAt), this.now())} · ${usedByText(r)}`;
    item.iconPath = new vscode.ThemeIcon(expired ? 'warning' : 'key');
    item.contextValue = 'platformConsole.agentToken';
    item.accessibilityInformation = spokenRow(r.name, item.description, expired ? 'expired' : undefined);
    return item;
  }
  override resolveTooltip(): vscode.MarkdownString {
    const r = this.record;
    return new vscode.MarkdownString(
      [
        `**${escapeMarkdown(r.name)}** (agent token ${r.tokenId})`,
        `Role: ${escapeMarkdown(r.role.name)}`,
        `${isExpired(r, this.now()) ? 'Expired' : 'Expires'}: ${escapeMarkdown(expiryBothZones(r.expiresAt))}`,
        `Where: ${escapeMarkdown(usedByText(r))}`,
      ].join('\n\n'),
    );
  }
}

class TokensGroupNode extends TreeNode {
  constructor(
    private readonly records: readonly AgentTokenRecord[],
    private readonly now: () => number,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Agent tokens', vscode.TreeItemCollapsibleState.Expanded);
    item.description = String(this.records.length);
    item.iconPath = new vscode.ThemeIcon('shield');
    item.contextValue = 'platformConsole.agentTokens';
    return item;
  }
  override getChildren(): TreeNode[] {
    return this.records.map((r) => new AgentTokenNode(r, this.now));
  }
}

export class ConnectionNode extends TreeNode {
  readonly connectionId: string;
  readonly listedOn: string;
  constructor(
    readonly connection: ConnectionInfo,
    private readonly active: boolean,
    private readonly tokens: readonly AgentTokenRecord[],
    private readonly now: () => number,
  ) {
    super();
    this.connectionId = this.listedOn = connection.id;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      this.connection.name,
      this.tokens.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `connection:${this.connection.id}`;
    item.description = `${this.connection.baseUrl}${this.active ? ' · active' : ''}`;
    item.iconPath = new vscode.ThemeIcon(this.active ? 'plug' : 'debug-disconnect');
    item.contextValue = 'platformConsole.connection';
    return item;
  }
  override getChildren(): TreeNode[] {
    return this.tokens.length ? [new TokensGroupNode(this.tokens, this.now)] : [];
  }
}

export class ConnectionsTree extends NodeTree {
  constructor(
    private readonly connections: ConnectionManager,
    private readonly store: AgentTokenStore,
    private readonly now: () => number = Date.now,
  ) {
    super(CONNECTIONS_VIEW);
    this._register(store.onDidChange(() => this.refresh()));
    this._register(connections.onDidChange(() => this.refresh()));
  }

  protected roots(): TreeNode[] {
    const all = this.store.all();
    const active = this.connections.active?.id;
    return this.connections.list().map(
      (c) =>
        new ConnectionNode(
          c,
          c.id === active,
          all.filter((r) => r.connectionId === c.id).sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt)),
          this.now,
        ),
    );
  }
}
