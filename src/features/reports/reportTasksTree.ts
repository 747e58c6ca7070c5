// The Report Tasks view: the account's report tasks where the platform lists them (status
// filter, newest first, Load more; rows in ranges of a thousand, rowChunks.ts), merged with the
// tasks followed here; else the followed ones alone. Each row is kept (reportRows.ts): a poll, a
// followed task's change or a running task's re-read redraws the rows that changed, and the list
// only when tasks came or went. Signed out: no roots, so the welcome shows.
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import type { ReportTask } from '../../schema/billing';
import { newestFirst, reportStatus, type TrackedReport } from './model/reportTasks';
import { listedTasks } from './model/listedTasks';
import { NodeTree } from '../../ui/nodeTree';
import { ChunkedRows, LoadMoreNode } from '../../ui/rowChunks';
import { ActionNode, ErrorNode, MessageNode, TreeNode } from '../../ui/treeNodes';
import type { Log } from '../../ui/log';
import { ReportListing, REPORTS_PAGE } from './reportListing';
import { ReportRows } from './reportRows';
import { ReportTaskNode } from './reportTaskNode';
import type { ReportTaskStore } from './reportTaskStore';

export { ReportTaskNode, statusIcon } from './reportTaskNode';

export const REPORT_TASKS_VIEW = 'platformConsole.reportTasks';

const count = (n: number) => n.toLocaleString('en-US');

export class ReportTasksTree extends NodeTree {
  /** The account's report tasks as the platform lists them (merged with the ones followed here). */
  readonly listing: ReportListing;
  private listedFor: string | undefined;
  private readonly kept = new ReportRows(() => Date.now());
  /** A listed task as a followed one looks, per answer: an unchanged answer gives the same object. */
  private tracked = new WeakMap<ReportTask, TrackedReport>();
  readonly chunks: ChunkedRows;
  private readonly loadMoreNode: LoadMoreNode;

  constructor(
    private readonly connections: ConnectionManager,
    /** FeatureContext.bindNamed: the view reads on the connection it lists. */
    private readonly bindNamed: (id: string | undefined) => Promise<BoundConnection | undefined>,
    private readonly store: ReportTaskStore,
    private readonly commands: { create: () => unknown; open: () => unknown },
    log: Log,
  ) {
    super(REPORT_TASKS_VIEW, { showCollapseAll: true });
    this.listing = new ReportListing(
      () => this.bindNamed(this.listedFor),
      (rows) => (rows ? this.rowsChanged() : this.refresh()),
      (what, error) => log.error(what, error),
      () => this.view.visible,
    );
    this.loadMoreNode = new LoadMoreNode(
      'reportTasks:more',
      () => this.chunks,
      () => this.loadMore(),
    );
    this.chunks = new ChunkedRows({ viewId: REPORT_TASKS_VIEW, id: 'reportTasks', noun: 'report tasks', redraw: (node) => this.draw(node), source: this });
    this._register({ dispose: () => this.listing.dispose() });
    const storeChange = store.onDidChange((connectionId) => {
      if (connectionId === this.connections.active?.id) this.rowsChanged();
    });
    this._registerAll(
      { dispose: () => storeChange.dispose() },
      connections.onDidChange(() => this.refresh()),
    );
    this.refresh();
  }

  override refresh(node?: TreeNode): void {
    const active = this.connections.signedIn ? this.connections.active : undefined;
    if (active?.id !== this.listedFor) {
      this.listedFor = active?.id;
      this.listing.reset();
    }
    this.describe();
    super.refresh(node);
  }

  /** The view's title: the connection, how many followed tasks run, the filter. */
  private describe(): void {
    const active = this.connections.signedIn ? this.connections.active : undefined;
    if (active) {
      const tasks = this.store.list(active.id);
      const running = tasks.filter((t) => ['Pending', 'InProgress'].includes(reportStatus(t.snapshot) ?? '')).length;
      const filter = this.listing.status ? `status: ${this.listing.status}` : undefined;
      this.view.description = [active.name, running ? `${running} running` : undefined, filter].filter(Boolean).join(' · ');
    } else this.view.description = undefined;
  }

  /** Redraws a row, a range or (undefined) the roots, the title left as it is. */
  private draw(node?: TreeNode): void {
    super.refresh(node);
  }

  /** A followed task changed, or a running task's re-read did: the rows that changed, or the roots when tasks came or went. */
  private rowsChanged(): void {
    this.describe();
    const { reordered, changed } = this.sync();
    if (reordered) return this.draw();
    for (const node of changed) this.draw(node);
  }

  /** The rows merged again from the followed tasks and the pages in hand (no redraw). */
  private sync(): ReturnType<ReportRows['update']> {
    const active = this.connections.signedIn ? this.connections.active : undefined;
    if (!active) return this.kept.update(undefined, []);
    const followed = this.store.list(active.id);
    if (this.listing.available !== true) return this.kept.update(active.id, newestFirst(followed));
    const { listing } = this;
    const now = Date.now();
    const tracked = (t: ReportTask) => {
      let known = this.tracked.get(t);
      if (!known) this.tracked.set(t, (known = { uuid: t.uuid.toLowerCase(), addedAt: Date.parse(t.created_at ?? '') || now, snapshot: t, checkedAt: now }));
      return known;
    };
    return this.kept.update(active.id, listedTasks({ followed, listed: listing.tasks, status: listing.status, whole: listing.next === undefined, tracked }));
  }

  /** RowSource (rowChunks.ts): the rows in hand, their kept nodes, and what follows them. */
  get rowCount(): number {
    return this.kept.order.length;
  }

  row(index: number): ReportTaskNode {
    return this.kept.order[index]!;
  }

  tail(): TreeNode[] {
    const { listing } = this;
    if (listing.available !== true) return [];
    if (listing.error !== undefined) return [new ErrorNode('Could not load the report tasks', listing.error, () => listing.reload())];
    const more = this.loadMoreNode;
    if (listing.moreError !== undefined) return [new ErrorNode('Could not load more report tasks', listing.moreError, () => more.run())];
    if (listing.next === undefined) return [];
    const shown = listing.tasks.length;
    const { total } = listing;
    more.label = total !== undefined ? `Load more (${count(Math.max(0, total - shown))} more)` : 'Load more';
    more.description = total !== undefined ? `${count(shown)} of ${count(total)} shown` : `${count(shown)} shown`;
    more.tooltip = `The next ${REPORTS_PAGE} report tasks`;
    return [more];
  }

  /** Load more: the next page into the rows; the LoadMoreNode redraws once. */
  private async loadMore(): Promise<void> {
    await this.listing.loadMore();
    this.sync();
  }

  /**
   * Reads the view's own next pages until the task `uuid` is among its rows or none is left (Go
   * to…), then redraws once. The index of its row, or -1. `signal`: stopped, the pages read kept.
   */
  async readUntil(uuid: string, signal: AbortSignal, report: (message: string) => void): Promise<number> {
    const before = this.rowCount;
    let at = this.kept.indexOf(uuid);
    try {
      while (at < 0 && this.listing.next !== undefined && this.listing.moreError === undefined && !signal.aborted) {
        await this.listing.loadMore();
        this.sync();
        const { total } = this.listing;
        report(`${count(this.listing.tasks.length)}${total !== undefined ? ` of ${count(total)}` : ''} read`);
        at = this.kept.indexOf(uuid);
      }
    } finally {
      if (this.rowCount !== before) this.chunks.grown(before);
    }
    return at;
  }

  /** The row of the task at `index`, its parent chain set (for reveal()). */
  nodeAt(index: number): ReportTaskNode | undefined {
    return this.chunks.rowAt(index) as ReportTaskNode | undefined;
  }

  /** The index of the task's row now, or -1. */
  indexOf(uuid: string): number {
    this.resync();
    return this.kept.indexOf(uuid);
  }

  /** What the view lists where the platform lists report tasks: its page(s) and the followed ones, newest first (the kept rows). */
  listedNodes(): ReportTaskNode[] {
    this.resync();
    return [...this.kept.order];
  }

  /** The rows merged again outside a redraw: a change no event told of redraws the roots. */
  private resync(): void {
    if (this.sync().reordered) this.draw();
  }

  /** The task nodes of the active connection, newest first (what the view shows). */
  taskNodes(): ReportTaskNode[] {
    const active = this.connections.active;
    if (!this.connections.signedIn || !active) return [];
    const now = Date.now();
    return newestFirst(this.store.list(active.id)).map((t) => new ReportTaskNode(t, active.id, () => now));
  }

  protected async roots(): Promise<TreeNode[]> {
    const active = this.connections.signedIn ? this.connections.active : undefined;
    if (!active) return [];
    await this.listing.ensure();
    this.sync();
    const children = this.chunks.children();
    if (children.length > 0) return children;
    const { listing } = this;
    const listed = listing.available === true;
    const none = listed
      ? new MessageNode(listing.status ? `No ${listing.status} report tasks on ${active.name}` : `No report tasks on ${active.name}`, 'info')
      : new MessageNode(`No report tasks followed on ${active.name}`, 'info', {
          tooltip: 'Reports created here, or opened by their UUID, are listed with their live status.',
        });
    return [none, new ActionNode('Create Report…', 'add', this.commands.create), new ActionNode('Open Report by UUID…', 'go-to-file', this.commands.open)];
  }

  /** Selects a task: a new one quietly; the notification's "Show" also focuses and expands it. */
  async reveal(uuid: string, options: { focus?: boolean; expand?: boolean } = {}): Promise<boolean> {
    const node = this.nodeAt(this.indexOf(uuid));
    if (!node) return false;
    try {
      await this.view.reveal(node, { select: true, focus: options.focus ?? false, expand: options.expand ?? false });
      return true;
    } catch {
      return false;
    }
  }
}
