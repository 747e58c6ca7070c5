// The Storage view: the active connection's object storages (deleted ones too, marked, with until
// when they can be restored) and SFTP storages, each with its location and status, from storage
// API v4. Each list is read when its group is first opened, again on Refresh or after a change.
// A server without v4 (spec dialect) gets one line saying so. Signed out: no roots (the welcome).
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { BoundConnection } from '../../connections/connectionManager';
import { isListMissing } from '../../platform/platformLists';
import type { StorageKind } from '../../schema/storageV4';
import { STORAGE_PAGE_MAX } from '../../schema/storageV4';
import type { FeatureContext } from '../../ui/featureContext';
import { NodeTree } from '../../ui/nodeTree';
import { ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import type { ListedOn } from '../../ui/listedOn';
import { KIND_NOUN, restorable, restoreText, rowDescription, statusIcon, storageRow, type StorageRow } from './model/storageRows';
import type { StorageDeletions } from './storageDeletions';

export const STORAGE_VIEW = 'platformConsole.storage';
export const STORAGE_CONTEXT = {
  group: 'platformConsole.storageGroup',
  /** A live storage of either kind: Delete. */
  live: 'platformConsole.storage',
  /** A deleted object storage that may still be restored: Restore. */
  restorable: 'platformConsole.storageRestorable',
  /** A deleted one past its window. */
  gone: 'platformConsole.storageGone',
} as const;

/** At most this many pages of 1000 are read per list. */
const MAX_PAGES = 20;

type Part =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; rows: StorageRow[]; total: number }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

export class StorageListing {
  part: Part = { status: 'idle' };
  private generation = 0;
  private reading: Promise<void> | undefined;

  constructor(
    readonly kind: StorageKind,
    private readonly bind: () => Promise<BoundConnection | undefined>,
    private readonly changed: () => void,
    private readonly logError: (what: string, error: unknown) => void,
  ) {}

  reset(): void {
    this.generation++;
    this.part = { status: 'idle' };
    this.reading = undefined;
  }

  ensure(): Promise<void> {
    this.reading ??= this.read();
    return this.reading;
  }

  /** Read again; only when it was read before, unless `force`. */
  reload(force = false): Promise<void> {
    if (!force && this.part.status === 'idle') return Promise.resolve();
    this.reading = this.read();
    return this.reading;
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (this.part.status !== 'ok') this.part = { status: 'loading' };
    this.changed();
    const endpoint = this.kind === 'object' ? 'listObjectStorages' : 'listSftpStorages';
    try {
      const rows: StorageRow[] = [];
      let total = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = { show_deleted: true, order_by: 'name.asc', limit: STORAGE_PAGE_MAX, offset: page * STORAGE_PAGE_MAX };
        const answer =
          this.kind === 'object'
            ? await bound.api.storage.listObjectStorages({ params: {}, query })
            : await bound.api.storage.listSftpStorages({ params: {}, query });
        const results = answer.results as { id?: number | null; name?: string | null; location_name?: string | null; provisioning_status?: string | null }[];
        rows.push(...results.flatMap((item) => storageRow(this.kind, item) ?? []));
        total = answer.count ?? rows.length;
        if (results.length < STORAGE_PAGE_MAX || rows.length >= total) break;
      }
      if (generation !== this.generation) return;
      this.part = { status: 'ok', rows, total };
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing(endpoint, error)) this.part = { status: 'missing' };
      else {
        if (!isListMissing(error)) this.logError(`Could not load the ${KIND_NOUN[this.kind].toLowerCase()}s`, error);
        this.part = { status: 'error', error };
      }
    }
    this.changed();
  }

  rows(): StorageRow[] {
    return this.part.status === 'ok' ? this.part.rows : [];
  }
}

export class StorageTree extends NodeTree {
  private shownFor: string | undefined;
  readonly listings: Record<StorageKind, StorageListing>;

  constructor(
    private readonly deps: Pick<FeatureContext, 'connections' | 'bindNamed' | 'log'>,
    readonly deletions: StorageDeletions,
  ) {
    super(STORAGE_VIEW, {});
    const bind = () => this.bind();
    const logError = (what: string, error: unknown) => deps.log.error(what, error);
    this.listings = {
      object: new StorageListing('object', bind, () => this.refresh(), logError),
      sftp: new StorageListing('sftp', bind, () => this.refresh(), logError),
    };
    this._register(deps.connections.onDidChange(() => this.refresh()));
    this.refresh();
  }

  get activeConnectionId(): string | undefined {
    return this.deps.connections.signedIn ? this.deps.connections.active?.id : undefined;
  }

  bind(): Promise<BoundConnection | undefined> {
    const id = this.activeConnectionId;
    if (!id) return Promise.resolve(undefined);
    return this.deps.bindNamed(id).catch((error: unknown) => {
      this.deps.log.error('Could not read the connection', error);
      return undefined;
    });
  }

  override refresh(node?: TreeNode): void {
    const active = this.activeConnectionId;
    if (active !== this.shownFor) {
      this.shownFor = active;
      for (const listing of Object.values(this.listings)) listing.reset();
    }
    this.view.description = active ? this.deps.connections.active?.name : undefined;
    super.refresh(node);
  }

  /** Refresh, or after a change: both lists read again (those opened before). */
  async reloadAll(force = false): Promise<void> {
    await Promise.all(Object.values(this.listings).map((l) => l.reload(force)));
  }

  protected roots(): TreeNode[] {
    const connectionId = this.activeConnectionId;
    if (!connectionId) return [];
    return [new StorageGroupNode(this.listings.object, this, connectionId), new StorageGroupNode(this.listings.sftp, this, connectionId)];
  }
}

class StorageGroupNode extends TreeNode {
  constructor(
    private readonly listing: StorageListing,
    private readonly tree: StorageTree,
    private readonly connectionId: string,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const part = this.listing.part;
    const label = this.listing.kind === 'object' ? 'Object Storages' : 'SFTP Storages';
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `storage.group.${this.listing.kind}`;
    item.iconPath = new vscode.ThemeIcon(this.listing.kind === 'object' ? 'database' : 'server');
    item.description = part.status === 'ok' ? String(part.total) : part.status === 'error' ? 'could not load' : undefined;
    item.contextValue = STORAGE_CONTEXT.group;
    return item;
  }
  override getChildren(): TreeNode[] {
    if (this.listing.part.status === 'idle') void this.listing.ensure();
    const part = this.listing.part;
    const noun = KIND_NOUN[this.listing.kind].toLowerCase();
    if (part.status === 'idle' || part.status === 'loading') return [new MessageNode(`Loading the ${noun}s…`, 'loading~spin')];
    if (part.status === 'missing') {
      return [
        new MessageNode('This server has no storage API v4', 'info', {
          tooltip: 'A spec-dialect server: Delete Storage… uses the deprecated v1 deletion there',
        }),
      ];
    }
    if (part.status === 'error') return [new ErrorNode(`Could not load the ${noun}s`, part.error, () => this.listing.reload(true))];
    if (part.rows.length === 0) return [new MessageNode(`No ${noun}s`, 'info')];
    const now = Date.now();
    const rows: TreeNode[] = part.rows.map(
      (row) => new StorageNode(row, restorable(row, this.tree.deletions.deletedAt(this.connectionId, row.id), now), this.connectionId),
    );
    if (part.rows.length < part.total) rows.push(new MessageNode(`${part.rows.length} of ${part.total} shown`, 'info'));
    return rows;
  }
}

export class StorageNode extends TreeNode implements ListedOn {
  constructor(
    readonly row: StorageRow,
    private readonly restore: ReturnType<typeof restorable>,
    /** The connection the row was listed on: the same id may name another storage on the next one. */
    readonly listedOn: string,
  ) {
    super();
  }
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'storage', id: this.row.id, name: this.row.name };
  }
  getTreeItem(): vscode.TreeItem {
    const { row } = this;
    const item = new vscode.TreeItem(row.name);
    item.id = `storage.${row.kind}.${row.id}`;
    item.description = rowDescription(row, this.restore);
    const deleted = row.status === 'deleted';
    item.iconPath = new vscode.ThemeIcon(statusIcon(row), deleted ? new vscode.ThemeColor('disabledForeground') : undefined);
    const when = restoreText(this.restore);
    item.tooltip =
      `${KIND_NOUN[row.kind]} ${row.name} (ID ${row.id})\nLocation: ${row.location}\nStatus: ` +
      `${row.status}${when ? `\n${when[0]!.toUpperCase()}${when.slice(1)}` : ''}`;
    item.contextValue = !deleted
      ? STORAGE_CONTEXT.live
      : this.restore.kind === 'until' || this.restore.kind === 'window'
        ? STORAGE_CONTEXT.restorable
        : STORAGE_CONTEXT.gone;
    item.accessibilityInformation = spokenRow(`${KIND_NOUN[row.kind]} ${row.name}`, item.description);
    return item;
  }
}
