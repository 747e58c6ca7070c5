// The Edge view's shared pieces: what a pin holds, the host the nodes ask, context values, the
// group nodes (Clients, Apps, Templates) and the detail line; the pin itself is edgePinNode.ts,
// what lies under a loaded pin edgeDetailNodes.ts.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { EDGE_KIND_NAMES, type EdgeKind } from './model/edgePins';
import type { EdgeApp, EdgeClient, EdgeTemplate } from '../../schema/edge';
import { ActionNode, TreeNode } from '../../ui/treeNodes';
import type { EdgeAppStats } from './edgeAppStats';

export interface EdgeData {
  client: EdgeClient;
  app: EdgeApp;
  template: EdgeTemplate;
}

export type LoadState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; data: T; loadedAt: Date }
  | { status: 'notFound'; error: unknown }
  | { status: 'error'; error: unknown };

export type TemplateResult = LoadState<EdgeTemplate>;

/** What nodes ask of the tree that holds them. */
export interface EdgeNodeHost {
  now(): Date;
  isRevealed(appId: number, key: string): boolean;
  /** A template by id (the pinned one when loaded, else fetched once per refresh). */
  template(id: number): Promise<TemplateResult>;
  /** Forgets a failed template fetch and redraws `node`, which fetches again. */
  retryTemplate(id: number, node: TreeNode): void;
  previewTemplate(id: number): unknown;
  /** Builds the "Pin Edge … by ID…" command line shown in an empty group. */
  addCommand(kind: EdgeKind): { command: string; title: string };
  /** The server lists the account's own apps: the pin groups are then "Pinned …". */
  listsAccount(): boolean;
  /** The connection the view shows now: a row keeps the one it was listed on. */
  readonly activeConnectionId: string | undefined;
  /** Each app's last hour of calls, read when its row is expanded and kept until Refresh. */
  readonly appStats: EdgeAppStats;
  /** Redraws `node` (and below), or the whole view. */
  refresh(node?: TreeNode): void;
  /** What a workspace .wasm linked to the app says of its build ("runs this build"), when one is linked (drift). */
  appBuild?(appId: number): AppBuild | undefined;
}

/** An app row's build words: the description's few words and the tooltip's line. */
export interface AppBuild {
  words: string;
  tooltip: string;
}

export const CONTEXT = {
  pin: (kind: EdgeKind, state: 'loading' | 'ok' | 'notFound' | 'error') => `platformConsole.edgePin.${kind}.${state}`,
  group: (kind: EdgeKind) => `platformConsole.edgeGroup.${kind}`,
  url: 'platformConsole.edgeAppUrl',
  envHidden: 'platformConsole.edgeEnv.hidden',
  envRevealed: 'platformConsole.edgeEnv.revealed',
  appTemplate: 'platformConsole.edgeAppTemplate',
  detail: 'platformConsole.edgeDetail',
} as const;

/** Shown instead of an env value until "Reveal Value". */
export const HIDDEN_VALUE = '••••••••';

export function themeIcon(look: { icon: string; color?: string }): vscode.ThemeIcon {
  return new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
}

export const md = (text: string) => {
  const m = new vscode.MarkdownString(text);
  m.supportThemeIcons = true;
  return m;
};

/** Escapes text for a Markdown tooltip. */
export const esc = escapeMarkdown;

/** One line of detail: a label, a value as description, an icon; optionally with children. */
export class EdgeLineNode extends TreeNode {
  constructor(
    readonly label: string,
    readonly description: string | undefined,
    private readonly icon: string | vscode.ThemeIcon,
    private readonly options: {
      tooltip?: string | vscode.MarkdownString;
      contextValue?: string;
      children?: () => TreeNode[] | Promise<TreeNode[]>;
      expanded?: boolean;
    } = {},
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { children, expanded } = this.options;
    const item = new vscode.TreeItem(
      this.label,
      children ? (expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed) : vscode.TreeItemCollapsibleState.None,
    );
    item.description = this.description;
    item.iconPath = typeof this.icon === 'string' ? new vscode.ThemeIcon(this.icon) : this.icon;
    item.tooltip = this.options.tooltip ?? (this.description ? `${this.label}: ${this.description}` : this.label);
    item.contextValue = this.options.contextValue ?? CONTEXT.detail;
    return item;
  }
  override getChildren(): TreeNode[] | Promise<TreeNode[]> {
    return this.options.children?.() ?? [];
  }
}

/** "Clients", "Apps", "Templates": the pins of one kind, or a line to add one. */
export class EdgeGroupNode extends TreeNode {
  constructor(
    readonly kind: EdgeKind,
    private readonly pins: () => TreeNode[],
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const names = EDGE_KIND_NAMES[this.kind];
    const item = new vscode.TreeItem(this.host.listsAccount() ? `Pinned ${names.plural}` : names.group, vscode.TreeItemCollapsibleState.Expanded);
    const count = this.pins().length;
    item.description = count === 0 ? 'none pinned' : String(count);
    item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[this.kind]);
    item.tooltip = `Pinned edge ${names.plural} of this connection`;
    item.contextValue = CONTEXT.group(this.kind);
    item.id = `edge.group.${this.kind}`;
    return item;
  }
  override getChildren(): TreeNode[] {
    const pins = this.pins();
    if (pins.length > 0) return pins;
    const { command, title } = this.host.addCommand(this.kind);
    return [new ActionNode(title, 'add', () => vscode.commands.executeCommand(command), { tooltip: `Pin an edge ${EDGE_KIND_NAMES[this.kind].noun} by id` })];
  }
}

const GROUP_ICONS: Record<EdgeKind, string> = { client: 'organization', app: 'symbol-event', template: 'file-code' };
