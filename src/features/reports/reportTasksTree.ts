// The Report Tasks view: the account's report tasks where the platform lists them (status
// filter, newest first, Load more), merged with the tasks followed here; else the followed ones
// alone. Newest first, each with
// its status as icon and words; below a task its parameters, processing notes (errors and
// warnings, counted in the label) and dates. Signed out: no roots, so the welcome shows.
import * as vscode from 'vscode';
import { formatUtc, relativeTime } from '../../ui/text/timeText';
import { escapeMarkdown } from '../../ui/text/markdownText';
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import {
  newestFirst,
  notesSummary,
  parameterText,
  reportDescription,
  reportLabel,
  reportStatus,
  reportTooltipRows,
  shortUuid,
  type ReportStatus,
  type TrackedReport,
} from './model/reportTasks';
import { NodeTree } from '../../ui/nodeTree';
import { ActionNode, ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import type { ListedOn } from '../../ui/listedOn';
import type { Log } from '../../ui/log';
import { ReportListing } from './reportListing';
import type { ReportTaskStore } from './reportTaskStore';
import { valueText } from '../../schema/valueText';

export const REPORT_TASKS_VIEW = 'platformConsole.reportTasks';

const STATUS_ICONS: Record<ReportStatus, [string, string | undefined]> = {
  Pending: ['clock', 'charts.yellow'],
  InProgress: ['sync~spin', 'charts.blue'],
  Completed: ['pass', 'testing.iconPassed'],
  Failed: ['error', 'testing.iconFailed'],
  Cancelled: ['circle-slash', 'disabledForeground'],
};

export function statusIcon(task: TrackedReport): vscode.ThemeIcon {
  if (!task.snapshot) return new vscode.ThemeIcon('loading~spin');
  const status = reportStatus(task.snapshot);
  if (!status) return new vscode.ThemeIcon('question');
  const [id, color] = STATUS_ICONS[status];
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}

/** A labelled branch: "Parameters (3)", "Errors (1)". */
class GroupNode extends TreeNode {
  constructor(
    private readonly label: string,
    private readonly icon: string,
    private readonly children: TreeNode[],
    private readonly options: { description?: string; expanded?: boolean; tooltip?: string; id?: string } = {},
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const state =
      this.children.length === 0
        ? vscode.TreeItemCollapsibleState.None
        : this.options.expanded
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(this.label, state);
    // Its own id (not its place and label): opened or closed, it stays so when the list is read
    // again, even when its count changes or a "Last refresh failed" row comes above it.
    if (this.options.id) item.id = this.options.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.options.description;
    item.tooltip = this.options.tooltip;
    item.contextValue = 'platformConsole.reportDetail';
    return item;
  }
  override getChildren(): TreeNode[] {
    for (const child of this.children) child.parent = this;
    return this.children;
  }
}

export class ReportTaskNode extends TreeNode implements ListedOn {
  constructor(
    readonly task: TrackedReport,
    readonly connectionId: string,
    private readonly now: number,
  ) {
    super();
  }

  /** A task is listed on the connection it belongs to (its commands bind that one). */
  get listedOn(): string {
    return this.connectionId;
  }

  /** The tree item's id: the same task on the same connection is the same row, read after read. */
  get itemId(): string {
    return `reportTask:${this.connectionId}:${this.task.uuid}`;
  }

  getTreeItem(): vscode.TreeItem {
    const { task } = this;
    const item = new vscode.TreeItem(reportLabel(task), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.itemId;
    item.description = reportDescription(task, this.now);
    item.iconPath = task.problem && task.snapshot ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) : statusIcon(task);
    // The status in words (the icon shows it in colour): "Report ResellerExpenses, Completed, 2026-04, 3 h ago".
    item.accessibilityInformation = spokenRow(`Report ${reportLabel(task)}`, item.description);
    const tooltip = new vscode.MarkdownString(`**${escapeMarkdown(reportLabel(task))}** \`${shortUuid(task.uuid)}\`\n\n| | |\n|---|---|\n`);
    for (const [k, v] of reportTooltipRows(task)) tooltip.appendMarkdown(`| ${escapeMarkdown(k)} | ${escapeMarkdown(v)} |\n`);
    item.tooltip = tooltip;
    const status = reportStatus(task.snapshot);
    // `completed` (a result to open or save), `running` or `settled` (failed, cancelled, unknown).
    item.contextValue = `platformConsole.reportTask.${status === 'Pending' || status === 'InProgress' ? 'running' : status === 'Completed' ? 'completed' : 'settled'}`;
    return item;
  }

  override getChildren(): TreeNode[] {
    const { task } = this;
    const s = task.snapshot;
    const children: TreeNode[] = [];
    if (task.problem)
      children.push(
        new MessageNode('Last refresh failed', 'warning', { description: task.problem, tooltip: `${task.problem}\n\nRefresh Status tries again.` }),
      );
    if (!s) {
      children.push(new MessageNode('Not read yet', 'loading~spin'));
      return this.adopt(children);
    }
    const parameters = Object.entries(s.parameters ?? {});
    const id = (group: string) => `${this.itemId}/${group}`;
    children.push(
      new GroupNode(
        `Parameters (${parameters.length})`,
        'symbol-parameter',
        parameters.map(([k, v]) => new MessageNode(k, 'symbol-field', { description: parameterText(v), tooltip: `${k} = ${JSON.stringify(v)}` })),
        { id: id('parameters') },
      ),
    );
    const notes = notesSummary(s);
    const n = s.processing_notes;
    const noteChildren: TreeNode[] = [
      new GroupNode(
        `Errors (${notes.errors.length})`,
        'error',
        notes.errors.map((e) => new MessageNode(e, 'circle-small-filled', { tooltip: e })),
        { expanded: notes.errors.length > 0, id: id('errors') },
      ),
      new GroupNode(
        `Warnings (${notes.warnings.length})`,
        'warning',
        notes.warnings.map((w) => new MessageNode(w, 'circle-small-filled', { tooltip: w })),
        { expanded: notes.warnings.length > 0, id: id('warnings') },
      ),
    ];
    const facts: [string, unknown][] = [
      ['Worker group', n?.worker_group_id],
      ['Celery group', n?.celery_group_id],
      ['Period', n?.period],
      ['Records to process', n?.records_to_process],
    ];
    for (const [label, value] of facts)
      if (value !== undefined && value !== null) noteChildren.push(new MessageNode(label, 'symbol-property', { description: valueText(value) }));
    children.push(
      new GroupNode(`Processing notes: ${notes.counts}`, 'note', noteChildren, { expanded: notes.errors.length + notes.warnings.length > 0, id: id('notes') }),
    );
    children.push(
      new MessageNode(`Created`, 'calendar', {
        description: `${formatUtc(s.created_at) ?? '—'}${s.created_at ? ` (${relativeTime(Date.parse(s.created_at), this.now) ?? ''})` : ''}`,
      }),
      new MessageNode(`Updated`, 'history', {
        description: `${formatUtc(s.updated_at) ?? '—'}${s.updated_at ? ` (${relativeTime(Date.parse(s.updated_at), this.now) ?? ''})` : ''}`,
      }),
    );
    if (task.checkedAt)
      children.push(
        new MessageNode('Status read', 'eye', {
          description: `${formatUtc(new Date(task.checkedAt).toISOString())} (${relativeTime(task.checkedAt, this.now)})`,
        }),
      );
    children.push(new MessageNode('UUID', 'key', { description: task.uuid, tooltip: 'Copy UUID is in the task\u2019s context menu' }));
    return this.adopt(children);
  }

  private adopt(children: TreeNode[]): TreeNode[] {
    for (const child of children) child.parent = this;
    return children;
  }
}

export class ReportTasksTree extends NodeTree {
  /** The account's report tasks as the platform lists them (merged with the ones followed here). */
  readonly listing: ReportListing;
  private listedFor: string | undefined;

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
      () => this.refresh(),
      (what, error) => log.error(what, error),
      () => this.view.visible,
    );
    this._register({ dispose: () => this.listing.dispose() });
    const storeChange = store.onDidChange((connectionId) => {
      if (connectionId === this.connections.active?.id) this.refresh();
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
    if (active) {
      const tasks = this.store.list(active.id);
      const running = tasks.filter((t) => ['Pending', 'InProgress'].includes(reportStatus(t.snapshot) ?? '')).length;
      const filter = this.listing.status ? `status: ${this.listing.status}` : undefined;
      this.view.description = [active.name, running ? `${running} running` : undefined, filter].filter(Boolean).join(' · ');
    } else this.view.description = undefined;
    super.refresh(node);
  }

  /** What the view lists where the platform lists report tasks: its page(s) and the followed ones, newest first. */
  listedNodes(): ReportTaskNode[] {
    const active = this.connections.active;
    if (!this.connections.signedIn || !active) return [];
    const now = Date.now();
    const followed = this.store.list(active.id);
    const known = new Set(followed.map((t) => t.uuid));
    const status = this.listing.status;
    const listedOnly: TrackedReport[] = this.listing.tasks
      .filter((t) => !known.has(t.uuid.toLowerCase()))
      .map((t) => ({ uuid: t.uuid.toLowerCase(), addedAt: Date.parse(t.created_at ?? '') || now, snapshot: t, checkedAt: now }));
    const shown = [...followed.filter((t) => !status || reportStatus(t.snapshot) === status), ...listedOnly];
    return newestFirst(shown).map((t) => new ReportTaskNode(t, active.id, now));
  }

  /** The task nodes of the active connection, newest first (what the view shows). */
  taskNodes(): ReportTaskNode[] {
    const active = this.connections.active;
    if (!this.connections.signedIn || !active) return [];
    const now = Date.now();
    return newestFirst(this.store.list(active.id)).map((t) => new ReportTaskNode(t, active.id, now));
  }

  protected async roots(): Promise<TreeNode[]> {
    if (!this.connections.signedIn || !this.connections.active) return [];
    await this.listing.ensure();
    if (this.listing.available === true) return this.listedRoots(this.connections.active.name);
    const nodes = this.taskNodes();
    if (nodes.length > 0) return nodes;
    return [
      new MessageNode(`No report tasks followed on ${this.connections.active.name}`, 'info', {
        tooltip: 'Reports created here, or opened by their UUID, are listed with their live status.',
      }),
      new ActionNode('Create Report…', 'add', this.commands.create),
      new ActionNode('Open Report by UUID…', 'go-to-file', this.commands.open),
    ];
  }

  private listedRoots(connectionName: string): TreeNode[] {
    const nodes: TreeNode[] = this.listedNodes();
    const { listing } = this;
    if (listing.error !== undefined) nodes.push(new ErrorNode('Could not load the report tasks', listing.error, () => listing.reload()));
    else if (listing.next !== undefined) {
      const left = listing.total !== undefined ? ` (${listing.total - listing.tasks.length} more)` : '';
      nodes.push(new ActionNode(listing.loading ? 'Loading…' : `Load more${left}`, listing.loading ? 'loading~spin' : 'more', () => listing.loadMore()));
    }
    if (nodes.length > 0) return nodes;
    return [
      new MessageNode(listing.status ? `No ${listing.status} report tasks on ${connectionName}` : `No report tasks on ${connectionName}`, 'info'),
      new ActionNode('Create Report…', 'add', this.commands.create),
      new ActionNode('Open Report by UUID…', 'go-to-file', this.commands.open),
    ];
  }

  /** Selects a task: a new one quietly; the notification's "Show" also focuses and expands it. */
  async reveal(uuid: string, options: { focus?: boolean; expand?: boolean } = {}): Promise<boolean> {
    const node = (this.listing.available === true ? this.listedNodes() : this.taskNodes()).find((n) => n.task.uuid === uuid);
    if (!node) return false;
    try {
      await this.view.reveal(node, { select: true, focus: options.focus ?? false, expand: options.expand ?? false });
      return true;
    } catch {
      return false;
    }
  }
}
