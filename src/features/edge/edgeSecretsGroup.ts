// The Edge view's *Secrets* group: the account's FastEdge secrets (read when the group is first
// opened, again on Refresh), each with how many apps use it and, opened, its slots (when each value
// begins and its checksum). A value is write-only on the platform: nothing here can show one.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { isListMissing } from '../../platform/platformLists';
import type { EdgeSecret, EdgeSecretShort } from '../../schema/edgeSecrets';
import { ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { activeSlot, appsUsingText, slotLabel } from './model/edgeSecretRules';
import { esc, md } from './edgeNodes';
import type { ListedOn } from '../../ui/listedOn';

export const EDGE_SECRETS_GROUP_ID = 'edge.listed.secrets';
export const SECRET_CONTEXT = { group: 'platformConsole.edgeSecrets', secret: 'platformConsole.edgeSecret' } as const;

type Part<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ok'; data: T } | { status: 'missing' } | { status: 'error'; error: unknown };

export class EdgeSecretsListing {
  list: Part<EdgeSecretShort[]> = { status: 'idle' };
  /** The connection `list` was read on: its rows keep it, so a command on one after a switch sends nothing. */
  connectionId: string | undefined;
  private readonly details = new Map<number, Part<EdgeSecret>>();
  private generation = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly bind: () => Promise<BoundConnection | undefined>,
    private readonly changed: (node?: TreeNode) => void,
    private readonly logError: (what: string, error: unknown) => void,
  ) {}

  reset(): void {
    this.generation++;
    this.list = { status: 'idle' };
    this.details.clear();
    this.reading = undefined;
  }

  /** The first read, when the group is first opened. */
  ensure(): Promise<void> {
    this.reading ??= this.read();
    return this.reading;
  }

  /** Read again (Refresh, after a change); only when it was read before, unless `force`. */
  reload(force = false): Promise<void> {
    if (!force && this.list.status === 'idle') return Promise.resolve();
    this.details.clear();
    this.reading = this.read();
    return this.reading;
  }

  names(): string[] {
    return this.list.status === 'ok' ? this.list.data.map((s) => s.name ?? '').filter(Boolean) : [];
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (this.list.status !== 'ok') this.list = { status: 'loading' };
    this.changed();
    try {
      const answer = await bound.api.edge.listEdgeSecrets({ params: {}, query: {} });
      if (generation !== this.generation) return;
      this.list = { status: 'ok', data: [...(answer.secrets ?? [])].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')) };
      this.connectionId = bound.connection.id;
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listEdgeSecrets', error)) this.list = { status: 'missing' };
      else {
        if (!isListMissing(error)) this.logError('Could not load the edge secrets', error);
        this.list = { status: 'error', error };
      }
    }
    this.changed();
  }

  detail(id: number): Part<EdgeSecret> {
    return this.details.get(id) ?? { status: 'idle' };
  }

  /** One secret's slots, read when its row is opened. */
  async readDetail(id: number, node: TreeNode): Promise<void> {
    const generation = this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    this.details.set(id, { status: 'loading' });
    try {
      const data = await bound.api.edge.getEdgeSecret({ params: { secret_id: id } });
      if (generation === this.generation) this.details.set(id, { status: 'ok', data });
    } catch (error) {
      if (generation !== this.generation) return;
      this.logError(`Could not load edge secret ${id}`, error);
      this.details.set(id, { status: 'error', error });
    }
    this.changed(node);
  }
}

export class EdgeSecretsNode extends TreeNode {
  constructor(private readonly secrets: EdgeSecretsListing) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const part = this.secrets.list;
    const item = new vscode.TreeItem('Secrets', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = EDGE_SECRETS_GROUP_ID;
    item.description = part.status === 'ok' ? String(part.data.length) : part.status === 'error' ? 'could not load' : undefined;
    item.iconPath = new vscode.ThemeIcon('key');
    item.tooltip = 'The FastEdge secrets of this account: apps refer to them by name; their values are never shown';
    item.contextValue = SECRET_CONTEXT.group;
    return item;
  }
  override getChildren(): TreeNode[] {
    if (this.secrets.list.status === 'idle') void this.secrets.ensure();
    const part = this.secrets.list;
    if (part.status === 'idle' || part.status === 'loading') return [new MessageNode('Loading the edge secrets…', 'loading~spin')];
    if (part.status === 'missing') return [new MessageNode('This server has no FastEdge secrets', 'info')];
    if (part.status === 'error') return [new ErrorNode('Could not load the edge secrets', part.error, () => this.secrets.reload(true))];
    if (part.data.length === 0)
      return [new MessageNode('No secrets yet: Create Secret… adds one', 'info', { tooltip: "Create Secret… is on this group's menu" })];
    return part.data.map((s) => new EdgeSecretNode(s, this.secrets, this.secrets.connectionId));
  }
}

export class EdgeSecretNode extends TreeNode implements ListedOn {
  constructor(
    readonly secret: EdgeSecretShort,
    private readonly secrets: EdgeSecretsListing,
    /** The connection the row was listed on. */
    readonly listedOn: string | undefined,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { secret } = this;
    const name = secret.name || `Secret ${secret.id}`;
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `edge.secret.${secret.id}`;
    const used = appsUsingText(secret.app_count);
    item.description = [used, secret.comment || undefined].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(secret.app_count ? 'key' : 'circle-outline');
    item.tooltip = md(
      `**${esc(name)}** (ID ${secret.id})\n\n${esc(used)}${secret.comment ? `\n\n${esc(secret.comment)}` : ''}\n\n` +
        'The value is write-only: *Replace Value…* sets a new one.',
    );
    item.contextValue = SECRET_CONTEXT.secret;
    item.accessibilityInformation = spokenRow(`Edge secret ${name}`, item.description);
    return item;
  }
  override getChildren(): TreeNode[] {
    const id = this.secret.id;
    if (id === undefined || id === null) return [];
    const part = this.secrets.detail(id);
    if (part.status === 'idle') {
      void this.secrets.readDetail(id, this);
      return [new MessageNode('Loading its slots…', 'loading~spin')];
    }
    if (part.status === 'loading') return [new MessageNode('Loading its slots…', 'loading~spin')];
    if (part.status === 'error') return [new ErrorNode('Could not load this secret', part.error, () => this.secrets.readDetail(id, this))];
    if (part.status !== 'ok') return [];
    const now = Math.floor(Date.now() / 1000);
    const slots = (part.data.secret_slots ?? []).map((s) => ({ slot: s.slot ?? 0, checksum: s.checksum }));
    if (slots.length === 0) return [new MessageNode('No value set', 'info')];
    const active = activeSlot(slots, now);
    return [...slots]
      .sort((a, b) => a.slot - b.slot)
      .map((s) => {
        const { label, description } = slotLabel(s, active, now);
        return new MessageNode(label, s === active ? 'pass' : 'history', { description, tooltip: `${label}: ${description}` });
      });
  }
}
