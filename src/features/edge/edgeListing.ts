// What the Edge view lists of the account itself (paths.md §2): its FastEdge status at the top,
// its apps (a page at a time, "Load more", filtered by name and status on the server) and the
// templates it may use. A server without these lists (404: a spec-only server) is remembered and
// the view shows only the pins, as before; a failed load is an error node with Retry.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { ActionNode, ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import type { EdgeClient } from '../../schema/edge';
import type { EdgeAppItem, EdgeTemplateItem } from '../../schema/edgeLists';
import { nextOffset } from '../../schema/paging';
import { isListMissing } from '../../platform/platformLists';
import { edgeAppStatus, edgeClientStatus } from './model/edgeDisplay';
import { edgeAppContext } from './model/edgeAppActions';
import { appChildren, appItem, clientChildren, templateChildren, templateItem } from './edgeDetailNodes';
import { themeIcon, type EdgeNodeHost } from './edgeNodes';
import { EdgeSecretsListing, EdgeSecretsNode } from './edgeSecretsGroup';
import { EdgeKvListing, EdgeKvStoresNode } from './edgeKvGroup';
import type { ListedOn } from '../../ui/listedOn';

export const EDGE_APPS_PAGE = 100;
export const LISTED_CONTEXT = {
  app: 'platformConsole.edgeListed.app',
  template: 'platformConsole.edgeListed.template',
  apps: 'platformConsole.edgeListed.apps',
} as const;

export interface EdgeAppFilter {
  name?: string;
  status?: number;
}

type Part<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; error: unknown };

interface AppPages {
  items: EdgeAppItem[];
  total?: number;
  next?: number;
  loadingMore: boolean;
  moreError?: unknown;
}

export class EdgeListing {
  /** Undefined until the server has answered the apps list once; false: it has none (pins only). */
  available: boolean | undefined;
  account: Part<EdgeClient> = { status: 'idle' };
  apps: Part<AppPages> = { status: 'idle' };
  templates: Part<EdgeTemplateItem[]> = { status: 'idle' };
  filter: EdgeAppFilter = {};
  /** Apps a page (the tests make it small). */
  pageSize = EDGE_APPS_PAGE;
  private generation = 0;
  private first: Promise<void> | undefined;
  /** The account's FastEdge secrets (their own group, read when opened). */
  readonly secrets: EdgeSecretsListing;
  /** The account's edge (KV) stores and their keys (their own group, read when opened). */
  readonly kv: EdgeKvListing;

  constructor(
    private readonly bind: () => Promise<BoundConnection | undefined>,
    private readonly changed: (node?: TreeNode) => void,
    private readonly logError: (what: string, error: unknown) => void,
  ) {
    this.secrets = new EdgeSecretsListing(bind, changed, logError);
    this.kv = new EdgeKvListing(bind, changed, logError);
  }

  /** Another connection (or signed out): everything read is dropped; answers on their way too. */
  reset(): void {
    this.generation++;
    this.available = undefined;
    this.account = this.apps = this.templates = { status: 'idle' };
    this.filter = {};
    this.first = undefined;
    this.secrets.reset();
    this.kv.reset();
  }

  /** The first read of the three lists (once per connection; Refresh reads again). */
  ensure(): Promise<void> {
    this.first ??= this.reload();
    return this.first;
  }

  /** Reads the three lists again (Refresh, Retry); what is shown stays until the answers come. */
  reload(): Promise<void> {
    const first = this.read();
    this.first = first;
    return Promise.all([first, this.secrets.reload(), this.kv.reload()]).then(() => undefined);
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (bound.lists.isMissing('listEdgeApps')) {
      this.available = false;
      return this.changed();
    }
    const fresh = (part: Part<unknown>) => (part.status === 'ok' ? part : { status: 'loading' as const });
    this.account = fresh(this.account) as Part<EdgeClient>;
    this.apps = fresh(this.apps) as Part<AppPages>;
    this.templates = fresh(this.templates) as Part<EdgeTemplateItem[]>;
    const { api } = bound;
    await Promise.all([
      this.part(bound, generation, 'account', 'the FastEdge account', () => api.edge.getEdgeAccount({ params: {} })),
      this.firstAppsPage(bound, generation),
      this.part(
        bound,
        generation,
        'templates',
        'the edge templates',
        async () => (await api.edge.listEdgeTemplates({ params: {}, query: { limit: 1000 } })).templates,
      ),
    ]);
  }

  private firstAppsPage(bound: BoundConnection, generation: number): Promise<void> {
    return this.part(bound, generation, 'apps', 'the edge apps', async () =>
      this.pageOf(await bound.api.edge.listEdgeApps({ params: {}, query: this.query(0) }), 0, []),
    );
  }

  private query(offset: number) {
    return {
      limit: this.pageSize,
      offset,
      ordering: 'name',
      ...(this.filter.name ? { name: this.filter.name } : {}),
      ...(this.filter.status !== undefined ? { status: this.filter.status } : {}),
    };
  }

  private pageOf(answer: { count?: number | null; apps: EdgeAppItem[] }, offset: number, before: EdgeAppItem[]): AppPages {
    const total = answer.count ?? undefined;
    return { items: [...before, ...answer.apps], total, next: nextOffset(offset, answer.apps.length, total, this.pageSize), loadingMore: false };
  }

  private async part<K extends 'account' | 'apps' | 'templates'>(
    bound: BoundConnection,
    generation: number,
    key: K,
    what: string,
    read: () => Promise<unknown>,
  ): Promise<void> {
    try {
      const data = await read();
      if (generation !== this.generation) return;
      (this as Record<K, unknown>)[key] = { status: 'ok', data };
      if (key === 'apps') this.available = true;
    } catch (error) {
      if (generation !== this.generation) return;
      // The apps list decides whether the view lists at all; its absence is remembered per connection.
      if (key === 'apps') this.available = !bound.lists.noteMissing('listEdgeApps', error);
      if (!isListMissing(error)) this.logError(`Could not load ${what}`, error);
      (this as Record<K, unknown>)[key] = { status: 'error', error };
    }
    this.changed();
  }

  /** The next page of apps, added below the ones shown. */
  async loadMore(): Promise<void> {
    const apps = this.apps;
    if (apps.status !== 'ok' || apps.data.next === undefined || apps.data.loadingMore) return;
    const generation = this.generation;
    const bound = await this.bind();
    if (!bound) return;
    const offset = apps.data.next;
    apps.data.loadingMore = true;
    apps.data.moreError = undefined;
    this.changed();
    try {
      const answer = await bound.api.edge.listEdgeApps({ params: {}, query: this.query(offset) });
      if (generation !== this.generation) return;
      this.apps = { status: 'ok', data: this.pageOf(answer, offset, apps.data.items) };
    } catch (error) {
      if (generation !== this.generation) return;
      this.logError('Could not load more edge apps', error);
      apps.data.loadingMore = false;
      apps.data.moreError = error;
    }
    this.changed();
  }

  /** A new filter: the first page again, asked of the server. */
  async setFilter(filter: EdgeAppFilter): Promise<void> {
    this.filter = { ...(filter.name?.trim() ? { name: filter.name.trim() } : {}), ...(filter.status !== undefined ? { status: filter.status } : {}) };
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    this.apps = { status: 'loading' };
    this.changed();
    await this.firstAppsPage(bound, generation);
  }

  /** How many apps the account has: the unfiltered list's count (or every page read); unknown otherwise. */
  appsInUse(): number | undefined {
    if (this.apps.status !== 'ok' || this.filterText()) return undefined;
    const { total, next, items } = this.apps.data;
    return total ?? (next === undefined ? items.length : undefined);
  }

  filterText(): string | undefined {
    const parts = [
      this.filter.name ? `name: ${this.filter.name}` : undefined,
      this.filter.status !== undefined ? `status: ${edgeAppStatus(this.filter.status).label}` : undefined,
    ].filter(Boolean);
    return parts.length ? parts.join(', ') : undefined;
  }

  /** The roots this part of the view adds: account, apps, secrets, KV stores, templates. */
  nodes(host: EdgeNodeHost): TreeNode[] {
    return [
      new AccountNode(this, host),
      new AppsNode(this, host),
      new EdgeSecretsNode(this.secrets),
      new EdgeKvStoresNode(this.kv),
      new TemplatesNode(this, host),
    ];
  }
}

function partChildren<T>(part: Part<T>, what: string, retry: () => unknown, ok: (data: T) => TreeNode[]): TreeNode[] {
  if (part.status === 'idle' || part.status === 'loading') return [new MessageNode(`Loading ${what}…`, 'loading~spin')];
  if (part.status === 'ok') return ok(part.data);
  return [new ErrorNode(`Could not load ${what}`, part.error, retry)];
}

class AccountNode extends TreeNode {
  constructor(
    private readonly listing: EdgeListing,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const part = this.listing.account;
    const item = new vscode.TreeItem('FastEdge account', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = 'edge.account';
    if (part.status === 'ok') {
      const status = edgeClientStatus(part.data.status);
      item.description = [status.label, part.data.plan ?? undefined, `app limit ${part.data.app_count ?? '—'}`].filter(Boolean).join(' · ');
      item.iconPath = themeIcon(status);
      item.tooltip = `Your FastEdge account: ${item.description}`;
      item.accessibilityInformation = spokenRow('FastEdge account', item.description);
    } else if (part.status === 'error') {
      item.description = 'could not load';
      item.iconPath = new vscode.ThemeIcon('error');
    } else {
      item.description = 'loading…';
      item.iconPath = new vscode.ThemeIcon('loading~spin');
    }
    item.contextValue = 'platformConsole.edgeAccount';
    return item;
  }
  override getChildren(): TreeNode[] {
    return partChildren(
      this.listing.account,
      'the FastEdge account',
      () => this.listing.reload(),
      (client) => clientChildren(client, this.host.now(), this.listing.appsInUse()),
    );
  }
}

class AppsNode extends TreeNode {
  constructor(
    private readonly listing: EdgeListing,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const part = this.listing.apps;
    const item = new vscode.TreeItem('Apps', vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'edge.listed.apps';
    const filter = this.listing.filterText();
    const count =
      part.status === 'ok'
        ? `${part.data.items.length}${part.data.total !== undefined && part.data.total > part.data.items.length ? ` of ${part.data.total}` : ''}`
        : undefined;
    item.description = [count, filter ? `filtered (${filter})` : undefined].filter(Boolean).join(' · ') || undefined;
    item.iconPath = new vscode.ThemeIcon(filter ? 'filter' : 'symbol-event');
    item.tooltip = `The edge apps of this account${filter ? `, filtered on the server by ${filter}` : ''}`;
    item.contextValue = filter ? `${LISTED_CONTEXT.apps}.filtered` : LISTED_CONTEXT.apps;
    return item;
  }
  override getChildren(): TreeNode[] {
    return partChildren(
      this.listing.apps,
      'the edge apps',
      () => this.listing.reload(),
      (pages) => {
        const nodes: TreeNode[] = pages.items.map((app) => new ListedAppNode(app, this.host));
        if (nodes.length === 0) {
          const filter = this.listing.filterText();
          nodes.push(new MessageNode(filter ? `No apps match ${filter}` : 'No edge apps in this account', 'info'));
        }
        if (pages.moreError !== undefined) nodes.push(new ErrorNode('Could not load more apps', pages.moreError, () => this.listing.loadMore()));
        else if (pages.next !== undefined) {
          const left = pages.total !== undefined ? ` (${pages.total - pages.items.length} more)` : '';
          nodes.push(
            new ActionNode(pages.loadingMore ? 'Loading…' : `Load more${left}`, pages.loadingMore ? 'loading~spin' : 'more', () => this.listing.loadMore(), {
              tooltip: `The next ${this.listing.pageSize} apps`,
            }),
          );
        }
        return nodes;
      },
    );
  }
}

export class ListedAppNode extends TreeNode implements ListedOn {
  /** The connection the row was listed on: the view may show another one by the time a command runs on it. */
  readonly listedOn: string | undefined;

  constructor(
    readonly app: EdgeAppItem,
    private readonly host: EdgeNodeHost,
  ) {
    super();
    this.listedOn = host.activeConnectionId;
  }
  getTreeItem(): vscode.TreeItem {
    const item = appItem(this.app.id, this.app, this.host.now(), this.host.appBuild?.(this.app.id));
    const template = this.app.template_name ? `template ${this.app.template_name}` : undefined;
    item.description = [item.description, template].filter(Boolean).join(' · ');
    item.id = `edge.listed.app.${this.app.id}`;
    item.contextValue = edgeAppContext(LISTED_CONTEXT.app, this.app.status);
    item.accessibilityInformation = spokenRow(`Edge app ${this.app.name || this.app.id}`, item.description);
    return item;
  }
  override getChildren(): TreeNode[] {
    return appChildren(this.app.id, this.app, this.host);
  }
}

class TemplatesNode extends TreeNode {
  constructor(
    private readonly listing: EdgeListing,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const part = this.listing.templates;
    const item = new vscode.TreeItem('Templates', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = 'edge.listed.templates';
    item.description = part.status === 'ok' ? String(part.data.length) : undefined;
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.tooltip = 'The edge templates this account may use';
    return item;
  }
  override getChildren(): TreeNode[] {
    return partChildren(
      this.listing.templates,
      'the edge templates',
      () => this.listing.reload(),
      (templates) => (templates.length === 0 ? [new MessageNode('No templates', 'info')] : templates.map((t) => new ListedTemplateNode(t, this.host))),
    );
  }
}

class ListedTemplateNode extends TreeNode {
  constructor(
    readonly template: EdgeTemplateItem,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = templateItem(this.template.id, this.template);
    item.id = `edge.listed.template.${this.template.id}`;
    item.contextValue = LISTED_CONTEXT.template;
    return item;
  }
  override getChildren(): TreeNode[] {
    return templateChildren(this.template.id, this.template, this.host, { withName: false });
  }
}
