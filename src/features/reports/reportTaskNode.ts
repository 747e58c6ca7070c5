// A row of the Report Tasks view: one task with its status as icon and words; below it its
// parameters, processing notes (errors and warnings, counted in the label) and dates. Kept while
// the view lists the task (reportRows.ts): a poll changes its `task` and redraws this row alone.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import { formatUtc, relativeTime } from '../../ui/text/timeText';
import { escapeMarkdown } from '../../ui/text/markdownText';
import {
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
import { MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import type { ListedOn } from '../../ui/listedOn';
import { valueText } from '../../schema/valueText';

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
    /** The task as last merged: replaced in place when a poll or a re-read changes it. */
    public task: TrackedReport,
    readonly connectionId: string,
    /** The time its words are drawn at ("3 h ago"). */
    private readonly clock: () => number,
  ) {
    super();
  }

  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'reportTask', id: this.task.uuid };
  }

  /** A task is listed on the connection it belongs to (its commands bind that one). */
  get listedOn(): string {
    return this.connectionId;
  }

  /** The tree item's id: the same task on the same connection is the same row, read after read. */
  get itemId(): string {
    return `reportTask:${this.connectionId}:${this.task.uuid}`;
  }

  private get now(): number {
    return this.clock();
  }

  getTreeItem(): vscode.TreeItem {
    const { task } = this;
    const item = new vscode.TreeItem(reportLabel(task), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.itemId;
    item.description = reportDescription(task, this.now);
    item.iconPath = task.problem && task.snapshot ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) : statusIcon(task);
    // The status in words (the icon shows it in colour): "Report ResellerExpenses, Completed, 2026-04, 3 h ago".
    item.accessibilityInformation = spokenRow(`Report ${reportLabel(task)}`, item.description);
    const status = reportStatus(task.snapshot);
    // `completed` (a result to open or save), `running` or `settled` (failed, cancelled, unknown).
    const kind = status === 'Pending' || status === 'InProgress' ? 'running' : status === 'Completed' ? 'completed' : 'settled';
    item.contextValue = `platformConsole.reportTask.${kind}`;
    return item;
  }

  /** Built when hovered: a range of a thousand rows redrawn sends no tooltip text. */
  override resolveTooltip(): vscode.MarkdownString {
    const { task } = this;
    const tooltip = new vscode.MarkdownString(`**${escapeMarkdown(reportLabel(task))}** \`${shortUuid(task.uuid)}\`\n\n| | |\n|---|---|\n`);
    for (const [k, v] of reportTooltipRows(task)) tooltip.appendMarkdown(`| ${escapeMarkdown(k)} | ${escapeMarkdown(v)} |\n`);
    return tooltip;
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
