// The Edge view's nodes: groups (Clients, Apps, Templates), one node per pin in whatever state
// its last load left it (loading, loaded, not found, failed), and the detail lines below.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../core/markdownText';
import {
  consumptionRows,
  debugWindow,
  describeValue,
  edgeAppStatus,
  edgeClientStatus,
  formatCount,
  paramSummary,
  type StatusLook,
} from '../core/edgeDisplay';
import { EDGE_KIND_NAMES, type EdgeKind } from '../core/edgePins';
import { PlatformError } from '../platform/errors';
import type { EdgeApp, EdgeClient, EdgeTemplate } from '../platform/edge';
import { ActionNode, ErrorNode, MessageNode, RUN_NODE_ACTION, TreeNode, type Runnable } from '../views/nodes';

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
  retry(pin: PinNode): unknown;
  previewTemplate(id: number): unknown;
  /** Builds the "Add Edge …" command line shown in an empty group. */
  addCommand(kind: EdgeKind): { command: string; title: string };
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

function themeIcon(look: { icon: string; color?: string }): vscode.ThemeIcon {
  return new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
}

const md = (text: string) => {
  const m = new vscode.MarkdownString(text);
  m.supportThemeIcons = true;
  return m;
};

/** Escapes text for a Markdown tooltip. */
const esc = escapeMarkdown;

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
    private readonly pins: () => PinNode[],
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const names = EDGE_KIND_NAMES[this.kind];
    const item = new vscode.TreeItem(names.group, vscode.TreeItemCollapsibleState.Expanded);
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

/** One pinned id: its object when loaded, "not found (404)", or the error with Retry. */
export class PinNode extends TreeNode implements Runnable {
  state: LoadState<EdgeData[EdgeKind]> = { status: 'idle' };
  /** Bumped per load: an answer to an older load is dropped. */
  generation = 0;

  constructor(
    readonly kind: EdgeKind,
    readonly id: number,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }

  get title(): string {
    return `${EDGE_KIND_NAMES[this.kind].title} ${this.id}`;
  }

  /** Retry (error state): loads again. */
  run(): unknown {
    return this.host.retry(this);
  }

  getTreeItem(): vscode.TreeItem {
    const state = this.state;
    const noun = `edge ${EDGE_KIND_NAMES[this.kind].noun} ${this.id}`;
    if (state.status === 'idle' || state.status === 'loading') {
      const item = new vscode.TreeItem(this.title);
      item.description = 'loading…';
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      item.tooltip = `Loading ${noun}…`;
      item.contextValue = CONTEXT.pin(this.kind, 'loading');
      return item;
    }
    if (state.status === 'notFound') {
      const item = new vscode.TreeItem(this.title);
      item.description = 'not found (404)';
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = md(`**${esc(this.title)}**: not found (404)\n\nThe platform has no ${esc(noun)} for this connection's key: it was deleted, or belongs to another account. Remove the pin from the context menu.`);
      item.contextValue = CONTEXT.pin(this.kind, 'notFound');
      return item;
    }
    if (state.status === 'error') {
      const item = new ErrorNode(this.title, state.error, () => this.run()).getTreeItem();
      const reason = state.error instanceof Error ? state.error.message : String(state.error);
      const kind = state.error instanceof PlatformError ? ` (${state.error.kind}${state.error.status ? `, HTTP ${state.error.status}` : ''})` : '';
      item.tooltip = md(`**Could not load ${esc(noun)}**${esc(kind)}\n\n${esc(reason)}\n\nClick to retry; Show Log has the details.`);
      item.contextValue = CONTEXT.pin(this.kind, 'error');
      item.command = { command: RUN_NODE_ACTION, title: 'Retry', arguments: [this] };
      return item;
    }
    switch (this.kind) {
      case 'client':
        return clientItem(this.id, state.data as EdgeClient);
      case 'app':
        return appItem(this.id, state.data as EdgeApp, this.host.now());
      case 'template':
        return templateItem(this.id, state.data as EdgeTemplate);
    }
  }

  override getChildren(): TreeNode[] {
    if (this.state.status !== 'ok') return [];
    switch (this.kind) {
      case 'client':
        return clientChildren(this.state.data as EdgeClient, this.host.now());
      case 'app':
        return appChildren(this.id, this.state.data as EdgeApp, this.host);
      case 'template':
        return templateChildren(this.id, this.state.data as EdgeTemplate, this.host, { withName: false });
    }
  }
}

// ---------- clients ----------

function clientItem(id: number, client: EdgeClient): vscode.TreeItem {
  const status = edgeClientStatus(client.status);
  const item = new vscode.TreeItem(`Client ${id}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.description = [status.label, client.plan ?? undefined, `app limit ${formatCount(client.app_count)}`].filter(Boolean).join(' · ');
  item.iconPath = themeIcon(status);
  item.tooltip = md(
    [
      `**Edge client ${id}**`,
      `Status: ${statusText(status, client.status)}`,
      `Plan: ${esc(client.plan ?? '—')}${client.plan_id !== null && client.plan_id !== undefined ? ` (plan ${client.plan_id})` : ''}`,
      `App limit: ${formatCount(client.app_count)} (the number of apps the client may have)`,
      `Reseller: ${client.reseller_id ?? '—'}`,
    ].join('\n\n'),
  );
  item.contextValue = CONTEXT.pin('client', 'ok');
  return item;
}

function statusText(look: StatusLook, raw: number | null | undefined): string {
  return look.known ? `${look.label} (${raw})` : `${look.label}: a value the API documentation does not list`;
}

export function clientChildren(client: EdgeClient, now: Date): TreeNode[] {
  const rows = consumptionRows(client, now).map(
    (row) => new EdgeLineNode(row.label, row.description, row.period === 'hourly' ? 'watch' : row.period === 'daily' ? 'calendar' : 'graph', { tooltip: row.tooltip }),
  );
  const networks = client.networks ?? [];
  return [
    ...rows,
    new EdgeLineNode('App limit', `${formatCount(client.app_count)} ${client.app_count === 1 ? 'app' : 'apps'}`, 'layers', {
      tooltip: 'The number of apps this client is allowed to have (app_count), not how many it has.',
    }),
    new EdgeLineNode('Plan', planText(client.plan, client.plan_id), 'credit-card'),
    new EdgeLineNode('Networks', networks.length === 0 ? 'none' : networks.map((n) => n.name ?? '?').join(', '), 'globe', {
      tooltip: 'Enabled networks; the default one is marked.',
      children:
        networks.length === 0
          ? undefined
          : () =>
              networks.map(
                (n) =>
                  new EdgeLineNode(n.name ?? '(no name)', n.is_default ? 'default' : undefined, n.is_default ? 'star-full' : 'circle-outline', {
                    tooltip: n.is_default ? `${n.name}: the default network` : `${n.name}`,
                  }),
              ),
    }),
    new EdgeLineNode('Reseller', client.reseller_id === null || client.reseller_id === undefined ? '—' : String(client.reseller_id), 'briefcase', {
      tooltip: 'The reseller this client belongs to',
    }),
  ];
}

function planText(plan: string | null | undefined, planId: number | null | undefined): string {
  const id = planId === null || planId === undefined ? '' : `plan ${planId}`;
  if (plan && id) return `${plan} (${id})`;
  return plan || id || '—';
}

// ---------- apps ----------

function appItem(id: number, app: EdgeApp, now: Date): vscode.TreeItem {
  const status = edgeAppStatus(app.status);
  const item = new vscode.TreeItem(app.name || `App ${id}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.description = [status.label, app.plan ?? undefined].filter(Boolean).join(' · ');
  item.iconPath = themeIcon(status);
  const debug = debugWindow(app.debug_until, now);
  item.tooltip = md(
    [
      `**${esc(app.name || `App ${id}`)}** (edge app ${id})`,
      `Status: ${statusText(status, app.status)}`,
      `Plan: ${esc(planText(app.plan, app.plan_id))}`,
      `Client: ${app.client_id ?? '—'}`,
      app.url ? `URL: ${esc(app.url)}` : undefined,
      app.template_name || app.template ? `Template: ${esc(app.template_name ?? '')} (${app.template ?? '—'})` : undefined,
      debug?.active ? `$(debug-alt) ${esc(debug.text)}` : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  item.contextValue = CONTEXT.pin('app', 'ok');
  return item;
}

/** An environment variable: its key, the value hidden until "Reveal Value" (it may be secret). */
export class EnvNode extends TreeNode {
  constructor(
    readonly appId: number,
    readonly key: string,
    readonly value: string,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  get revealed(): boolean {
    return this.host.isRevealed(this.appId, this.key);
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.key);
    const revealed = this.revealed;
    item.description = revealed ? this.value : HIDDEN_VALUE;
    item.iconPath = new vscode.ThemeIcon(revealed ? 'eye' : 'symbol-variable');
    // Never the value here: tooltips are read by screen readers and show on hover.
    item.tooltip = revealed
      ? `${this.key}: value shown. Hide Value hides it again.`
      : `${this.key}: value hidden because it may be secret. Reveal Value shows it.`;
    item.contextValue = revealed ? CONTEXT.envRevealed : CONTEXT.envHidden;
    return item;
  }
}

/** The app's address: Open in Browser, Copy URL. */
export class UrlNode extends TreeNode {
  constructor(readonly url: string) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('URL');
    item.description = this.url;
    item.iconPath = new vscode.ThemeIcon('link');
    item.tooltip = `${this.url}\n\nOpen in Browser or Copy URL from the context menu.`;
    item.contextValue = CONTEXT.url;
    return item;
  }
}

/** The template an app runs; expands to the template itself, fetched when opened. */
export class AppTemplateNode extends TreeNode {
  constructor(
    readonly templateId: number,
    private readonly templateName: string | undefined,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Template', vscode.TreeItemCollapsibleState.Collapsed);
    item.description = this.templateName ? `${this.templateName} (${this.templateId})` : String(this.templateId);
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.tooltip = `Template ${this.templateId}${this.templateName ? `: ${this.templateName}` : ''}. Expand for its parameters; Preview Description shows its long description.`;
    item.contextValue = CONTEXT.appTemplate;
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const result = await this.host.template(this.templateId);
    if (result.status === 'ok') return templateChildren(this.templateId, result.data, this.host, { withName: true });
    if (result.status === 'notFound') return [new MessageNode(`Template ${this.templateId} not found (404)`, 'warning')];
    if (result.status === 'error') return [new ErrorNode(`Could not load template ${this.templateId}`, result.error, () => this.host.retryTemplate(this.templateId, this))];
    return [new MessageNode('Loading…', 'loading~spin')];
  }
}

/** "KEY  value" lines of a map given as is (response headers, secrets, stores). */
function mapLines(entries: [string, unknown][], icon: string, what: string): TreeNode[] {
  return entries.map(([k, v]) => {
    const text = describeValue(v);
    return new EdgeLineNode(k, text, icon, {
      tooltip: md(`**${esc(k)}** (${esc(what)}), as the platform gives it:\n\n\`\`\`json\n${JSON.stringify(v, null, 2)?.replace(/```/g, '`\u200b``') ?? String(v)}\n\`\`\``),
    });
  });
}

function collection(label: string, icon: string, entries: [string, unknown][], lines: () => TreeNode[], tooltip: string): EdgeLineNode {
  return new EdgeLineNode(label, entries.length === 0 ? 'none' : String(entries.length), icon, {
    tooltip,
    children: entries.length === 0 ? undefined : lines,
  });
}

export function appChildren(id: number, app: EdgeApp, host: EdgeNodeHost): TreeNode[] {
  const nodes: TreeNode[] = [];
  if (app.url) nodes.push(new UrlNode(app.url));
  if (app.template !== null && app.template !== undefined) nodes.push(new AppTemplateNode(app.template, app.template_name ?? undefined, host));
  nodes.push(
    new EdgeLineNode('Client', app.client_id === null || app.client_id === undefined ? '—' : String(app.client_id), 'organization', { tooltip: 'The edge client that owns this app' }),
    new EdgeLineNode('Binary', app.binary === null || app.binary === undefined ? '—' : String(app.binary), 'file-binary', { tooltip: 'Binary id of the app' }),
    new EdgeLineNode('Plan', planText(app.plan, app.plan_id), 'credit-card'),
  );
  if (app.api_type) nodes.push(new EdgeLineNode('API type', app.api_type, 'symbol-interface', { tooltip: 'Wasm API type' }));

  const env = Object.entries(app.env ?? {});
  nodes.push(
    collection('Environment variables', 'symbol-namespace', env, () => env.map(([k, v]) => new EnvNode(id, k, v, host)), 'Keys are shown; each value stays hidden until Reveal Value, since it may be secret.'),
  );
  const headers = Object.entries(app.rsp_headers ?? {});
  nodes.push(collection('Response headers', 'arrow-swap', headers, () => mapLines(headers, 'symbol-string', 'response header'), 'Extra headers added to every response'));
  const networks = app.networks ?? [];
  nodes.push(
    new EdgeLineNode('Networks', networks.length === 0 ? 'none' : networks.join(', '), 'globe', {
      children: networks.length === 0 ? undefined : () => networks.map((n) => new EdgeLineNode(n, undefined, 'circle-outline')),
    }),
  );
  const secrets = Object.entries(app.secrets ?? {});
  nodes.push(collection('Secrets', 'lock', secrets, () => mapLines(secrets, 'key', 'secret'), 'Secrets the app uses, as the platform lists them'));
  const stores = Object.entries(app.stores ?? {});
  nodes.push(collection('Stores', 'database', stores, () => mapLines(stores, 'database', 'store'), 'Edge stores the app uses, as the platform lists them'));

  const debug = debugWindow(app.debug_until, host.now());
  if (debug) {
    nodes.push(
      new EdgeLineNode('Debug', debug.text, debug.active ? new vscode.ThemeIcon('debug-alt', new vscode.ThemeColor('debugIcon.startForeground')) : 'debug-disconnect', {
        tooltip: `debug_until ${app.debug_until} (shown in local time)`,
      }),
    );
  }
  if (app.comment) nodes.push(new EdgeLineNode('Comment', app.comment, 'comment', { tooltip: app.comment }));
  if (app.log !== null && app.log !== undefined) {
    nodes.push(
      new EdgeLineNode('Log (deprecated)', `${app.log} · deprecated`, new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')), {
        tooltip: `log: ${app.log}. The platform marks the log field deprecated: it may stop working or disappear.`,
      }),
    );
  }
  return nodes;
}

// ---------- templates ----------

function templateItem(id: number, template: EdgeTemplate): vscode.TreeItem {
  const item = new vscode.TreeItem(template.name || `Template ${id}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.description = [`#${id}`, template.api_type ?? undefined, template.owned === true ? 'owned' : undefined].filter(Boolean).join(' · ');
  item.iconPath = new vscode.ThemeIcon('file-code');
  item.tooltip = md(
    [`**${esc(template.name || `Template ${id}`)}** (edge template ${id})`, template.short_descr ? esc(template.short_descr) : undefined, 'Preview Description shows the long description.']
      .filter(Boolean)
      .join('\n\n'),
  );
  item.contextValue = CONTEXT.pin('template', 'ok');
  return item;
}

export function templateChildren(id: number, template: EdgeTemplate, host: EdgeNodeHost, options: { withName: boolean }): TreeNode[] {
  const params = template.params ?? [];
  const nodes: TreeNode[] = [];
  if (options.withName) nodes.push(new EdgeLineNode('Name', template.name ?? '—', 'tag'));
  nodes.push(
    new EdgeLineNode('API type', template.api_type ?? '—', 'symbol-interface'),
    new EdgeLineNode('Owned', template.owned === true ? 'yes' : template.owned === false ? 'no' : '—', 'account', { tooltip: 'Whether you own this template' }),
    new EdgeLineNode('Short description', template.short_descr || '—', 'note', { tooltip: template.short_descr || 'No short description' }),
    new EdgeLineNode('Binary', template.binary_id === null || template.binary_id === undefined ? '—' : String(template.binary_id), 'file-binary'),
    new EdgeLineNode('Parameters', params.length === 0 ? 'none' : String(params.length), 'symbol-parameter', {
      children:
        params.length === 0
          ? undefined
          : () =>
              params.map(
                (p) =>
                  new EdgeLineNode(p.name || '(no name)', paramSummary(p), p.mandatory ? 'symbol-field' : 'symbol-parameter', {
                    tooltip: md(
                      [`**${esc(p.name)}**: ${esc(paramSummary(p))}`, p.descr ? esc(p.descr) : undefined, p.metadata ? `Metadata: \`${p.metadata.replace(/`/g, "'")}\`` : undefined]
                        .filter(Boolean)
                        .join('\n\n'),
                    ),
                  }),
              ),
    }),
    new ActionNode('Preview long description', 'open-preview', () => host.previewTemplate(id), { tooltip: 'Open the Markdown long description in a read-only preview' }),
  );
  return nodes;
}
