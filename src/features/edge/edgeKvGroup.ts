// The Edge view's *KV Stores* group (#55 item 5): the account's edge stores (read when the group is
// first opened, again on Refresh), each opening to its keys a page at a time (*Load more*), narrowed
// by a key prefix the platform filters on (shown in the store's description, cleared by a command).
// A key row says its kind (kv pair, sorted set, bloom filter) and its value's size; *Open Value*
// shows it read-only. Like the secrets group: a failed read is an error node with Retry.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { isListMissing } from '../../platform/platformLists';
import type { EdgeKvEntryShort } from '../../schema/edgeKv';
import type { EdgeStoreShort } from '../../schema/edgeStores';
import { nextOffset } from '../../schema/paging';
import type { ListedOn } from '../../ui/listedOn';
import { byteSize, kvValueWords } from '../../ui/text/kvValue';
import { ActionNode, ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { esc, md } from './edgeNodes';

export const EDGE_KV_GROUP_ID = 'edge.listed.kv';
export const KV_CONTEXT = {
  group: 'platformConsole.edgeKvStores',
  store: 'platformConsole.edgeKvStore',
  /** A store whose keys are filtered by a prefix: *Clear Key Filter* shows. */
  storeFiltered: 'platformConsole.edgeKvStore.filtered',
  /** A kv pair: its value can be replaced and the key deleted. */
  pair: 'platformConsole.edgeKvKey.kv',
  /** A sorted set or bloom filter: read only here. */
  other: 'platformConsole.edgeKvKey.other',
} as const;
/** Keys a page. */
export const EDGE_KV_PAGE = 50;
/** Stores read at once (the platform's largest page). */
const STORES_MAX = 1000;

type Part<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ok'; data: T } | { status: 'missing' } | { status: 'error'; error: unknown };

export interface KeyPages {
  items: EdgeKvEntryShort[];
  total?: number;
  next?: number;
  loadingMore: boolean;
  moreError?: unknown;
}

export class EdgeKvListing {
  stores: Part<EdgeStoreShort[]> = { status: 'idle' };
  /** The connection `stores` was read on: its rows keep it, so a command on one after a switch sends nothing. */
  connectionId: string | undefined;
  /** Keys a page (the tests make it small). */
  pageSize = EDGE_KV_PAGE;
  private readonly keys = new Map<number, Part<KeyPages>>();
  private readonly prefixes = new Map<number, string>();
  private generation = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly bind: () => Promise<BoundConnection | undefined>,
    private readonly changed: (node?: TreeNode) => void,
    private readonly logError: (what: string, error: unknown) => void,
  ) {}

  reset(): void {
    this.generation++;
    this.stores = { status: 'idle' };
    this.keys.clear();
    this.prefixes.clear();
    this.reading = undefined;
  }

  /** The first read, when the group is first opened. */
  ensure(): Promise<void> {
    this.reading ??= this.read();
    return this.reading;
  }

  /** Read again (Refresh, after a change); only when it was read before, unless `force`. Filters stay. */
  reload(force = false): Promise<void> {
    if (!force && this.stores.status === 'idle') return Promise.resolve();
    this.keys.clear();
    this.reading = this.read();
    return this.reading;
  }

  store(id: number): EdgeStoreShort | undefined {
    return this.stores.status === 'ok' ? this.stores.data.find((s) => s.id === id) : undefined;
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (this.stores.status !== 'ok') this.stores = { status: 'loading' };
    this.changed();
    try {
      const answer = await bound.api.edge.listEdgeStores({ params: {}, query: { limit: STORES_MAX } });
      if (generation !== this.generation) return;
      this.stores = { status: 'ok', data: [...answer.stores].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')) };
      this.connectionId = bound.connection.id;
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listEdgeStores', error)) this.stores = { status: 'missing' };
      else {
        if (!isListMissing(error)) this.logError('Could not load the edge stores', error);
        this.stores = { status: 'error', error };
      }
    }
    this.changed();
  }

  prefix(id: number): string | undefined {
    return this.prefixes.get(id);
  }

  keysOf(id: number): Part<KeyPages> {
    return this.keys.get(id) ?? { status: 'idle' };
  }

  private query(id: number, offset: number) {
    const search = this.prefixes.get(id);
    return { limit: this.pageSize, offset, ...(search ? { search } : {}) };
  }

  /** The first page of a store's keys (opened, filtered, after a change). */
  async readKeys(id: number, node?: TreeNode): Promise<void> {
    const generation = this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    const asked = this.query(id, 0);
    this.keys.set(id, { status: 'loading' });
    this.changed(node);
    try {
      const page = await bound.api.edge.listEdgeStoreData({ params: { store_id: id }, query: asked });
      if (generation !== this.generation || this.prefixes.get(id) !== asked.search) return;
      const total = page.count ?? undefined;
      this.keys.set(id, {
        status: 'ok',
        data: { items: page.entries, total, next: nextOffset(0, page.entries.length, total, asked.limit), loadingMore: false },
      });
    } catch (error) {
      if (generation !== this.generation) return;
      this.logError(`Could not load the keys of edge store ${id}`, error);
      this.keys.set(id, { status: 'error', error });
    }
    this.changed(node);
  }

  /** The next page of a store's keys, added below the ones shown. */
  async loadMore(id: number, node?: TreeNode): Promise<void> {
    const part = this.keys.get(id);
    if (part?.status !== 'ok' || part.data.next === undefined || part.data.loadingMore) return;
    const generation = this.generation;
    const bound = await this.bind();
    if (!bound) return;
    const pages = part.data;
    const asked = this.query(id, pages.next!);
    pages.loadingMore = true;
    pages.moreError = undefined;
    this.changed(node);
    try {
      const page = await bound.api.edge.listEdgeStoreData({ params: { store_id: id }, query: asked });
      if (generation !== this.generation || this.keys.get(id) !== part) return;
      const total = page.count ?? undefined;
      const next = nextOffset(asked.offset, page.entries.length, total, asked.limit);
      this.keys.set(id, { status: 'ok', data: { items: [...pages.items, ...page.entries], total, next, loadingMore: false } });
    } catch (error) {
      if (generation !== this.generation) return;
      this.logError(`Could not load more keys of edge store ${id}`, error);
      pages.loadingMore = false;
      pages.moreError = error;
    }
    this.changed(node);
  }

  /** Keys that start with `prefix` (undefined or empty: every key), asked of the platform from the first page. */
  setPrefix(id: number, prefix: string | undefined, node?: TreeNode): Promise<void> {
    if (prefix) this.prefixes.set(id, prefix);
    else this.prefixes.delete(id);
    return this.readKeys(id, node);
  }
}

export class EdgeKvStoresNode extends TreeNode {
  constructor(private readonly kv: EdgeKvListing) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const part = this.kv.stores;
    const item = new vscode.TreeItem('KV Stores', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = EDGE_KV_GROUP_ID;
    item.description = part.status === 'ok' ? String(part.data.length) : part.status === 'error' ? 'could not load' : undefined;
    item.iconPath = new vscode.ThemeIcon('database');
    item.tooltip = 'The edge (KV) stores of this account: apps read their keys; open a store to browse its keys';
    item.contextValue = KV_CONTEXT.group;
    return item;
  }
  override getChildren(): TreeNode[] {
    if (this.kv.stores.status === 'idle') void this.kv.ensure();
    const part = this.kv.stores;
    if (part.status === 'idle' || part.status === 'loading') return [new MessageNode('Loading the edge stores…', 'loading~spin')];
    if (part.status === 'missing') return [new MessageNode('This server has no edge stores', 'info')];
    if (part.status === 'error') return [new ErrorNode('Could not load the edge stores', part.error, () => this.kv.reload(true))];
    if (part.data.length === 0) return [new MessageNode('No edge stores in this account', 'info')];
    return part.data.map((s) => new EdgeKvStoreNode(s, this.kv, this.kv.connectionId));
  }
}

export class EdgeKvStoreNode extends TreeNode implements ListedOn {
  constructor(
    readonly store: EdgeStoreShort,
    private readonly kv: EdgeKvListing,
    readonly listedOn: string | undefined,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { store } = this;
    const name = store.name || `Store ${store.id}`;
    const prefix = this.kv.prefix(store.id);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `edge.kv.${store.id}`;
    const size = store.size !== undefined && store.size !== null ? byteSize(store.size) : undefined;
    const apps = store.app_count ? `${store.app_count} app${store.app_count === 1 ? '' : 's'}` : undefined;
    item.description = [prefix !== undefined ? `keys starting with "${prefix}"` : undefined, size, apps].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(prefix !== undefined ? 'filter' : 'database');
    item.tooltip = md(
      `**${esc(name)}** (ID ${store.id})${store.comment ? `\n\n${esc(store.comment)}` : ''}` +
        `${prefix !== undefined ? `\n\nKeys shown: those starting with \`${esc(prefix)}\`` : ''}`,
    );
    item.contextValue = prefix !== undefined ? KV_CONTEXT.storeFiltered : KV_CONTEXT.store;
    item.accessibilityInformation = spokenRow(`Edge store ${name}`, item.description);
    return item;
  }
  override getChildren(): TreeNode[] {
    const id = this.store.id;
    const part = this.kv.keysOf(id);
    if (part.status === 'idle') {
      void this.kv.readKeys(id, this);
      return [new MessageNode('Loading its keys…', 'loading~spin')];
    }
    if (part.status === 'loading') return [new MessageNode('Loading its keys…', 'loading~spin')];
    if (part.status === 'error') return [new ErrorNode('Could not load the keys', part.error, () => this.kv.readKeys(id, this))];
    if (part.status !== 'ok') return [];
    const pages = part.data;
    const prefix = this.kv.prefix(id);
    const nodes: TreeNode[] = pages.items.map((e) => new EdgeKvKeyNode(this.store, e, this.listedOn));
    if (nodes.length === 0) nodes.push(new MessageNode(prefix !== undefined ? `No key starts with "${prefix}"` : 'No keys in this store', 'info'));
    if (pages.moreError !== undefined) nodes.push(new ErrorNode('Could not load more keys', pages.moreError, () => this.kv.loadMore(id, this)));
    else if (pages.next !== undefined) {
      const left = pages.total !== undefined ? ` (${pages.total - pages.items.length} more)` : '';
      nodes.push(
        new ActionNode(pages.loadingMore ? 'Loading…' : `Load more${left}`, pages.loadingMore ? 'loading~spin' : 'more', () => this.kv.loadMore(id, this), {
          tooltip: `The next ${this.kv.pageSize} keys`,
        }),
      );
    }
    return nodes;
  }
}

const KIND_WORDS: Record<string, string> = { kv: 'value', sorted_set: 'sorted set', bloom_filter: 'bloom filter' };

export class EdgeKvKeyNode extends TreeNode implements ListedOn {
  constructor(
    readonly store: EdgeStoreShort,
    readonly entry: EdgeKvEntryShort,
    readonly listedOn: string | undefined,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { entry } = this;
    const kind = entry.datatype ?? 'kv';
    const item = new vscode.TreeItem(entry.key, vscode.TreeItemCollapsibleState.None);
    item.id = `edge.kv.${this.store.id}.key.${entry.key}`;
    const value = kind === 'kv' && entry.payload ? kvValueWords(entry.payload.value ?? '', entry.payload.encoding) : undefined;
    const expiry = entry.payload?.expiry ? `expires ${entry.payload.expiry}` : undefined;
    item.description = [kind === 'kv' ? value : (KIND_WORDS[kind] ?? kind), expiry].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(kind === 'kv' ? (value?.endsWith('binary') ? 'file-binary' : 'symbol-string') : 'symbol-array');
    item.tooltip = md(`\`${esc(entry.key)}\` in ${esc(this.store.name || `store ${this.store.id}`)}: ${esc(item.description || KIND_WORDS[kind] || kind)}`);
    item.contextValue = kind === 'kv' ? KV_CONTEXT.pair : KV_CONTEXT.other;
    item.command = { command: 'platformConsole.openEdgeKvValue', title: 'Open Value', arguments: [this] };
    item.accessibilityInformation = spokenRow(`Key ${entry.key}`, item.description);
    return item;
  }
}
