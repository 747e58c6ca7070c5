// Tree nodes are classes: each knows its TreeItem and its children. Errors, empty results,
// loading and "Load more" are nodes too, so a view is never blank (see views/nodeTree.ts).
import * as vscode from 'vscode';
import { escapeMarkdown } from './text/markdownText';
import { PlatformError } from '../schema/errors';

export abstract class TreeNode {
  abstract getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  getChildren(): TreeNode[] | Promise<TreeNode[]> {
    return [];
  }
  /** The node's parent, for reveal(); set by whoever builds the children. */
  parent?: TreeNode;
  /**
   * A tooltip built only when the person hovers the row (VS Code's resolveTreeItem): a list of
   * thousands of rows then sends no tooltip text each time it is redrawn.
   */
  resolveTooltip?(): vscode.MarkdownString | string | undefined;
}

/** Runs `run` when clicked (Retry, Load more, Sign In…): through `platformConsole.runNodeAction`. */
export const RUN_NODE_ACTION = 'platformConsole.runNodeAction';

export interface Runnable {
  run(): unknown;
}

export function isRunnable(value: unknown): value is Runnable {
  return typeof value === 'object' && value !== null && typeof (value as Runnable).run === 'function';
}

/**
 * What a screen reader says for a row whose icon shows a state: the label, then the description's
 * parts ("hello-edge, Enabled, Free"), with `state` first where the description does not say it.
 */
export function spokenRow(label: string, description?: string, state?: string): vscode.AccessibilityInformation {
  const parts = [label, state, ...(description ? description.split(' · ') : [])].filter((p): p is string => Boolean(p && p.trim()));
  return { label: parts.join(', ') };
}

/** A line of text with an icon: "No profiles match name ~ 'x'", "Loading…". */
export class MessageNode extends TreeNode {
  constructor(
    private readonly label: string,
    private readonly icon: string = 'info',
    private readonly options: { description?: string; tooltip?: string | vscode.MarkdownString; contextValue?: string } = {},
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.options.description;
    item.tooltip = this.options.tooltip;
    item.contextValue = this.options.contextValue ?? 'platformConsole.message';
    return item;
  }
}

/** A clickable line: "Load 200 more…", "Clear Filters", "Retry". */
export class ActionNode extends TreeNode implements Runnable {
  constructor(
    private readonly label: string,
    private readonly icon: string,
    readonly run: () => unknown,
    private readonly options: { description?: string; tooltip?: string; contextValue?: string } = {},
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.options.description;
    item.tooltip = this.options.tooltip ?? this.label;
    item.contextValue = this.options.contextValue ?? 'platformConsole.action';
    item.command = { command: RUN_NODE_ACTION, title: this.label, arguments: [this] };
    return item;
  }
}

/**
 * "Could not load protection profiles" with the reason; clicking retries; the context menu has
 * Retry and Show Log (contextValue `platformConsole.error`).
 */
export class ErrorNode extends TreeNode implements Runnable {
  constructor(
    readonly what: string,
    readonly error: unknown,
    readonly run: () => unknown,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const reason = this.error instanceof Error ? this.error.message : String(this.error);
    const item = new vscode.TreeItem(this.what);
    item.description = reason;
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    const kind = this.error instanceof PlatformError ? ` (${this.error.kind}${this.error.status ? `, HTTP ${this.error.status}` : ''})` : '';
    item.tooltip = new vscode.MarkdownString(`**${escapeMarkdown(this.what)}**${escapeMarkdown(kind)}\n\n${escapeMarkdown(reason)}\n\nClick to retry.`);
    item.contextValue = 'platformConsole.error';
    item.accessibilityInformation = spokenRow(this.what, `${reason} · press Enter to retry`, 'error');
    item.command = { command: RUN_NODE_ACTION, title: 'Retry', arguments: [this] };
    return item;
  }
}

/** Registers the one command that clickable nodes use. */
export function registerNodeActions(): vscode.Disposable {
  return vscode.commands.registerCommand(RUN_NODE_ACTION, (node: unknown) => (isRunnable(node) ? node.run() : undefined));
}
