// The detail lines under a loaded pin: a client's consumption and networks, an app's URL, env,
// headers, template and debug window, a template's parameters.
import * as vscode from 'vscode';
import {
  appLimitLine,
  consumptionRows,
  debugWindow,
  describeValue,
  edgeAppStatus,
  edgeClientStatus,
  formatCount,
  paramSummary,
  type StatusLook,
} from './model/edgeDisplay';
import type { EdgeApp, EdgeClient, EdgeTemplate } from '../../schema/edge';
import { ActionNode, ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { CONTEXT, EdgeLineNode, HIDDEN_VALUE, esc, md, themeIcon, type AppBuild, type EdgeNodeHost } from './edgeNodes';
import type { ListedOn } from '../../ui/listedOn';
import { LastHourNode } from './edgeStatsNodes';

/** A value as JSON inside a ``` fence: a ``` in its text cannot close the fence early. */
const fencedJson = (v: unknown): string => JSON.stringify(v, null, 2)?.replace(/```/g, '`\u200b``') ?? String(v);

// ---------- clients ----------

export function clientItem(id: number, client: EdgeClient): vscode.TreeItem {
  const status = edgeClientStatus(client.status);
  const item = new vscode.TreeItem(`Client ${id}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.description = [status.label, client.plan ?? undefined, `app limit ${formatCount(client.app_count)}`].filter(Boolean).join(' · ');
  item.iconPath = themeIcon(status);
  item.accessibilityInformation = spokenRow(`Edge client ${id}`, item.description);
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

/** `appsInUse`: how many apps the client has, when the view knows it (the account's own list). */
export function clientChildren(client: EdgeClient, now: Date, appsInUse?: number): TreeNode[] {
  const rows = consumptionRows(client, now).map(
    (row) =>
      new EdgeLineNode(row.label, row.description, row.period === 'hourly' ? 'watch' : row.period === 'daily' ? 'calendar' : 'graph', { tooltip: row.tooltip }),
  );
  const networks = client.networks ?? [];
  const limit = appLimitLine(client.app_count, appsInUse);
  return [
    ...rows,
    new EdgeLineNode('App limit', limit.description, 'layers', { tooltip: limit.tooltip }),
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

export function appItem(id: number, app: EdgeApp, now: Date, build?: AppBuild): vscode.TreeItem {
  const status = edgeAppStatus(app.status);
  const item = new vscode.TreeItem(app.name || `App ${id}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.description = [status.label, app.plan ?? undefined, build?.words].filter(Boolean).join(' · ');
  item.iconPath = themeIcon(status);
  item.accessibilityInformation = spokenRow(`Edge app ${app.name || id}`, item.description);
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
      build ? esc(build.tooltip) : undefined,
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
export class AppTemplateNode extends TreeNode implements ListedOn {
  /** The connection its app was read on (Preview Description reads the template there). */
  readonly listedOn: string | undefined;

  constructor(
    readonly templateId: number,
    private readonly templateName: string | undefined,
    private readonly host: EdgeNodeHost,
  ) {
    super();
    this.listedOn = host.activeConnectionId;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Template', vscode.TreeItemCollapsibleState.Collapsed);
    item.description = this.templateName ? `${this.templateName} (${this.templateId})` : String(this.templateId);
    item.iconPath = new vscode.ThemeIcon('file-code');
    const named = this.templateName ? `: ${this.templateName}` : '';
    item.tooltip = `Template ${this.templateId}${named}. Expand for its parameters; Preview Description shows its long description.`;
    item.contextValue = CONTEXT.appTemplate;
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const result = await this.host.template(this.templateId);
    if (result.status === 'ok') return templateChildren(this.templateId, result.data, this.host, { withName: true });
    if (result.status === 'notFound') return [new MessageNode(`Template ${this.templateId} not found (404)`, 'warning')];
    if (result.status === 'error')
      return [new ErrorNode(`Could not load template ${this.templateId}`, result.error, () => this.host.retryTemplate(this.templateId, this))];
    return [new MessageNode('Loading…', 'loading~spin')];
  }
}

/** "KEY  value" lines of a map given as is (response headers, secrets, stores). */
function mapLines(entries: [string, unknown][], icon: string, what: string): TreeNode[] {
  return entries.map(([k, v]) => {
    const text = describeValue(v);
    return new EdgeLineNode(k, text, icon, {
      tooltip: md(`**${esc(k)}** (${esc(what)}), as the platform gives it:\n\n\`\`\`json\n${fencedJson(v)}\n\`\`\``),
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
  // First: the last hour of calls, read now that the row is expanded.
  const nodes: TreeNode[] = [new LastHourNode(id, host)];
  if (app.url) nodes.push(new UrlNode(app.url));
  if (app.template !== null && app.template !== undefined) nodes.push(new AppTemplateNode(app.template, app.template_name ?? undefined, host));
  nodes.push(
    new EdgeLineNode('Client', app.client_id === null || app.client_id === undefined ? '—' : String(app.client_id), 'organization', {
      tooltip: 'The edge client that owns this app',
    }),
    new EdgeLineNode('Binary', app.binary === null || app.binary === undefined ? '—' : String(app.binary), 'file-binary', {
      tooltip: 'Binary id of the app',
    }),
    new EdgeLineNode('Plan', planText(app.plan, app.plan_id), 'credit-card'),
  );
  if (app.api_type) nodes.push(new EdgeLineNode('API type', app.api_type, 'symbol-interface', { tooltip: 'Wasm API type' }));

  const env = Object.entries(app.env ?? {});
  nodes.push(
    collection(
      'Environment variables',
      'symbol-namespace',
      env,
      () => env.map(([k, v]) => new EnvNode(id, k, v, host)),
      'Keys are shown; each value stays hidden until Reveal Value, since it may be secret.',
    ),
  );
  const headers = Object.entries(app.rsp_headers ?? {});
  nodes.push(
    collection('Response headers', 'arrow-swap', headers, () => mapLines(headers, 'symbol-string', 'response header'), 'Extra headers added to every response'),
  );
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
      new EdgeLineNode(
        'Debug',
        debug.text,
        debug.active ? new vscode.ThemeIcon('debug-alt', new vscode.ThemeColor('debugIcon.startForeground')) : 'debug-disconnect',
        {
          tooltip: `debug_until ${app.debug_until} (shown in local time)`,
        },
      ),
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

export function templateItem(id: number, template: EdgeTemplate): vscode.TreeItem {
  const item = new vscode.TreeItem(template.name || `Template ${id}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.description = [`#${id}`, template.api_type ?? undefined, template.owned === true ? 'owned' : undefined].filter(Boolean).join(' · ');
  item.iconPath = new vscode.ThemeIcon('file-code');
  item.tooltip = md(
    [
      `**${esc(template.name || `Template ${id}`)}** (edge template ${id})`,
      template.short_descr ? esc(template.short_descr) : undefined,
      'Preview Description shows the long description.',
    ]
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
    new EdgeLineNode('Owned', template.owned === true ? 'yes' : template.owned === false ? 'no' : '—', 'account', {
      tooltip: 'Whether you own this template',
    }),
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
                      [
                        `**${esc(p.name)}**: ${esc(paramSummary(p))}`,
                        p.descr ? esc(p.descr) : undefined,
                        p.metadata ? `Metadata: \`${p.metadata.replace(/`/g, "'")}\`` : undefined,
                      ]
                        .filter(Boolean)
                        .join('\n\n'),
                    ),
                  }),
              ),
    }),
    new ActionNode('Preview long description', 'open-preview', () => host.previewTemplate(id), {
      tooltip: 'Open the Markdown long description in a read-only preview',
    }),
  );
  return nodes;
}
