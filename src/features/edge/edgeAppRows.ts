// The Edge view's Apps row and the account's apps under it: the first thousand rows directly under
// it, each further thousand under a range row (rowChunks.ts), one kept Load more after the last.
// Rows are kept while the pages last (a first page read makes new ones): a redraw makes no new
// node, and a change to one app redraws its row alone (edgeTree.ts refreshApp).
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { EdgeAppItem } from '../../schema/edgeLists';
import type { ListedOn } from '../../ui/listedOn';
import { ChunkedRows, LoadMoreNode } from '../../ui/rowChunks';
import { EDGE_VIEW_ID } from './edgeTree';
import { ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { appChildren, appItem } from './edgeDetailNodes';
import type { EdgeListing } from './edgeListing';
import { LISTED_CONTEXT, partChildren, type AppPages } from './edgeListParts';
import type { EdgeNodeHost } from './edgeNodes';
import { edgeAppContext } from './model/edgeAppActions';

const count = (n: number) => n.toLocaleString('en-US');

export class AppsNode extends TreeNode {
  private rows: ListedAppNode[] = [];
  private rowsOf: AppPages | undefined;
  readonly chunks: ChunkedRows;
  readonly more: LoadMoreNode;

  constructor(
    private readonly listing: EdgeListing,
    private readonly host: EdgeNodeHost,
  ) {
    super();
    this.more = new LoadMoreNode(
      'edge.listed.apps:more',
      () => this.chunks,
      () => listing.loadMore(),
    );
    this.chunks = new ChunkedRows({
      viewId: EDGE_VIEW_ID,
      id: 'edge.listed.apps',
      noun: 'apps',
      parent: () => this,
      redraw: (node) => host.refresh(node),
      source: {
        get rowCount() {
          return listing.appPages()?.items.length ?? 0;
        },
        row: (i) => this.row(i),
        tail: () => this.tail(),
      },
    });
  }

  getTreeItem(): vscode.TreeItem {
    const pages = this.listing.appPages();
    const item = new vscode.TreeItem('Apps', vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'edge.listed.apps';
    const filter = this.listing.filterText();
    // The total alone: a page read redraws its rows, not always this row; "100 of 2,300 shown" is on Load more.
    const total = pages && (pages.total ?? (pages.next === undefined ? pages.items.length : undefined));
    item.description = [total !== undefined ? count(total) : undefined, filter ? `filtered (${filter})` : undefined].filter(Boolean).join(' · ') || undefined;
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
        if (pages.items.length > 0 || pages.moreError !== undefined) return this.chunks.children();
        const filter = this.listing.filterText();
        return [new MessageNode(filter ? `No apps match ${filter}` : 'No edge apps in this account', 'info')];
      },
    );
  }

  /** The shown row of the app with this id, with its parent chain (a range's rows under their range); undefined when it is not in hand. */
  rowOf(appId: number): ListedAppNode | undefined {
    const index = this.listing.appPages()?.items.findIndex((a) => a.id === appId) ?? -1;
    return index < 0 ? undefined : (this.chunks.rowAt(index) as ListedAppNode | undefined);
  }

  /** The row already built for this app (none: nothing to redraw). */
  builtRow(appId: number): ListedAppNode | undefined {
    const pages = this.listing.appPages();
    return pages && this.rowsOf === pages ? this.rows[pages.items.findIndex((a) => a.id === appId)] : undefined;
  }

  /**
   * After a change to one app (Enable, Disable, a deploy, its configuration): the app read again and
   * its row updated in place, redrawn alone; the pages in hand stay. A row the view's filter now hides,
   * or an app gone, leaves the list (remove). A failed read is logged and the row left as it was.
   */
  async readAgain(appId: number): Promise<void> {
    const app = await this.listing.readApp(appId);
    if (app === undefined) return;
    if (app === null || this.listing.hides(app)) return this.remove(appId);
    const pages = this.listing.appPages()!;
    const index = pages.items.findIndex((a) => a.id === appId);
    if (index < 0) return;
    pages.items[index] = app;
    const row = this.builtRow(appId);
    if (!row) return;
    row.app = app;
    this.host.refresh(row);
  }

  /**
   * An app deleted (or gone): its row leaves the pages in hand, the count and the next page's offset
   * move down by one (the server's list moved up), and Apps is redrawn: the rows after it move up a place.
   */
  remove(appId: number): void {
    const pages = this.listing.appPages();
    const index = pages?.items.findIndex((a) => a.id === appId) ?? -1;
    if (!pages || index < 0) return;
    pages.items.splice(index, 1);
    if (this.rowsOf === pages) this.rows.splice(index, 1);
    if (pages.total !== undefined) pages.total = Math.max(0, pages.total - 1);
    if (pages.next !== undefined) pages.next = Math.max(0, pages.next - 1);
    this.chunks.shrunk();
  }

  private row(index: number): ListedAppNode {
    const pages = this.listing.appPages()!;
    if (this.rowsOf !== pages) {
      this.rows = [];
      this.rowsOf = pages;
    }
    return (this.rows[index] ??= new ListedAppNode(pages.items[index]!, this.host));
  }

  private tail(): TreeNode[] {
    const pages = this.listing.appPages();
    if (!pages) return [];
    if (pages.moreError !== undefined) return [new ErrorNode('Could not load more apps', pages.moreError, () => this.more.run())];
    if (pages.next === undefined) return [];
    const shown = pages.items.length;
    const { more } = this;
    more.label = pages.total !== undefined ? `Load more (${count(pages.total - shown)} more)` : 'Load more';
    more.description = pages.total !== undefined ? `${count(shown)} of ${count(pages.total)} shown` : `${count(shown)} shown`;
    more.tooltip = `The next ${this.listing.pageSize} apps`;
    return [more];
  }
}

export class ListedAppNode extends TreeNode implements ListedOn {
  /** The connection the row was listed on: the view may show another one by the time a command runs on it. */
  readonly listedOn: string | undefined;

  constructor(
    /** Replaced in place when the app is read again after a change (AppsNode.readAgain). */
    public app: EdgeAppItem,
    private readonly host: EdgeNodeHost,
  ) {
    super();
    this.listedOn = host.activeConnectionId;
  }
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'edgeApp', id: this.app.id };
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
