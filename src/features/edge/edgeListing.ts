// What the Edge view lists of the account itself (paths.md §2): its FastEdge status at the top,
// its apps (a page at a time, "Load more", filtered by name and status on the server; their rows in
// edgeAppRows.ts) and the templates it may use. A server without these lists (404: a spec-only
// server) is remembered and the view shows only the pins, as before; a failed load is an error node with Retry.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { BoundConnection } from '../../connections/connectionManager';
import { MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import type { EdgeApp, EdgeClient } from '../../schema/edge';
import { PlatformError } from '../../schema/errors';
import { readEdgeApp } from '../../operations/edgeApps';
import type { EdgeAppItem, EdgeTemplateItem } from '../../schema/edgeLists';
import { nextOffset } from '../../schema/paging';
import { isListMissing } from '../../platform/platformLists';
import { edgeAppStatus, edgeClientStatus } from './model/edgeDisplay';
import { clientChildren, templateChildren, templateItem } from './edgeDetailNodes';
import { themeIcon, type EdgeNodeHost } from './edgeNodes';
import { EdgeSecretsListing, EdgeSecretsNode } from './edgeSecretsGroup';
import { EdgeKvListing, EdgeKvStoresNode } from './edgeKvGroup';
import { AppsNode } from './edgeAppRows';
import { LISTED_CONTEXT, partChildren, type AppPages, type Part } from './edgeListParts';

export { LISTED_CONTEXT } from './edgeListParts';
export { ListedAppNode } from './edgeAppRows';

export const EDGE_APPS_PAGE = 100;
/** The apps list's largest page (fastedge_api.yaml: GET /fastedge/v1/apps `limit` ≤ 1000): Go to… reads at it. */
export const EDGE_APPS_PAGE_MAX = 1000;
export interface EdgeAppFilter {
  name?: string;
  status?: number;
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
  private appsRow: AppsNode | undefined;
  /** The page read now (readNext): the next waits for it. */
  private paging: Promise<void> = Promise.resolve();
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
      this.pageOf(await bound.api.edge.listEdgeApps({ params: {}, query: this.query(0, this.pageSize) })),
    );
  }

  private query(offset: number, limit: number) {
    return {
      limit,
      offset,
      ordering: 'name',
      ...(this.filter.name ? { name: this.filter.name } : {}),
      ...(this.filter.status !== undefined ? { status: this.filter.status } : {}),
    };
  }

  private pageOf(answer: { count?: number | null; apps: EdgeAppItem[] }): AppPages {
    const total = answer.count ?? undefined;
    return { items: answer.apps, total, next: nextOffset(0, answer.apps.length, total, this.pageSize) };
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

  /** The apps read so far; undefined until the first page is in. */
  appPages(): AppPages | undefined {
    return this.apps.status === 'ok' ? this.apps.data : undefined;
  }

  /** The Apps row, kept: its rows and Load more live on it (edgeAppRows.ts). */
  appsNode(host: EdgeNodeHost): AppsNode {
    return (this.appsRow ??= new AppsNode(this, host));
  }

  /**
   * The next page of apps, added below the ones shown; a failure becomes the list's tail (its
   * Retry runs Load more again). Nothing is redrawn here: the Load more row redraws once (rowChunks.ts).
   */
  async loadMore(): Promise<void> {
    const pages = this.appPages();
    try {
      await this.readNext(this.pageSize);
      if (pages) pages.moreError = undefined;
    } catch (error) {
      if (!pages || pages !== this.appPages()) return;
      this.logError('Could not load more edge apps', error);
      pages.moreError = error;
    }
  }

  /**
   * Reads the next pages at the API's largest page until the app `appId` is in hand (Go to…): its
   * index, or undefined when the list ended without it. Throws what a read threw; redraws nothing.
   */
  async readUntil(appId: number, signal: AbortSignal, report: (read: number, total: number | undefined) => void): Promise<number | undefined> {
    for (;;) {
      const pages = this.appPages();
      const index = pages?.items.findIndex((a) => a.id === appId) ?? -1;
      if (index >= 0) return index;
      if (!pages || pages.next === undefined || signal.aborted) return undefined;
      report(pages.items.length, pages.total);
      await this.readNext(EDGE_APPS_PAGE_MAX, signal);
      if (pages !== this.appPages()) return undefined;
    }
  }

  /** One page after the last in hand, added to it; one at a time (a Load more and Go to… never read the same page twice). */
  private readNext(limit: number, signal?: AbortSignal): Promise<void> {
    const run = this.paging.then(async () => {
      const pages = this.appPages();
      const generation = this.generation;
      if (!pages || pages.next === undefined || signal?.aborted) return;
      const bound = await this.bind();
      if (!bound || generation !== this.generation) return;
      const offset = pages.next;
      const answer = await bound.api.edge.listEdgeApps({ params: {}, query: this.query(offset, limit) }, { signal });
      if (generation !== this.generation || pages !== this.appPages()) return;
      const known = new Set(pages.items.map((a) => a.id));
      pages.items.push(...answer.apps.filter((a) => !known.has(a.id)));
      pages.total = answer.count ?? undefined;
      pages.next = nextOffset(offset, answer.apps.length, pages.total, limit);
    });
    this.paging = run.catch(() => undefined);
    return run;
  }

  /**
   * One app read again after a change (no page read again: the pages in hand stay), merged over its
   * item; undefined when it is not in hand, the list changed meanwhile or the read failed (logged: the
   * row stays as it was), null when it is gone (404).
   */
  async readApp(appId: number): Promise<EdgeAppItem | null | undefined> {
    const pages = this.appPages();
    const generation = this.generation;
    if (!pages?.items.some((a) => a.id === appId)) return undefined;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return undefined;
    let app: EdgeApp;
    try {
      app = await readEdgeApp(bound.api, { app_id: appId });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') return null;
      this.logError(`Could not read edge app ${appId} again`, error);
      return undefined;
    }
    const item = pages.items.find((a) => a.id === appId);
    if (generation !== this.generation || pages !== this.appPages() || !item) return undefined;
    return { ...item, ...app, id: appId };
  }

  /** The view's filter hides this app (the server filters by a part of the name, any case, and the status). */
  hides(app: EdgeAppItem): boolean {
    const { name, status } = this.filter;
    return (name !== undefined && !(app.name ?? '').toLowerCase().includes(name.toLowerCase())) || (status !== undefined && app.status !== status);
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
    return [new AccountNode(this, host), this.appsNode(host), new EdgeSecretsNode(this.secrets), new EdgeKvStoresNode(this.kv), new TemplatesNode(this, host)];
  }
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
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'edgeTemplate', id: this.template.id };
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
