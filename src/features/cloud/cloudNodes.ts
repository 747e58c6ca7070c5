// The Cloud view's rows: project -> region -> Secrets, Snapshot Policies, Functions -> the things.
// Every row that is a thing carries a `cloudTarget` (src/ui/cloudTarget.ts) for the commands run on it.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { Loaded } from '../../platform/platformLists';
import type { LifecyclePolicy } from '../../schema/cloud';
import type { FaasFunction, FaasNamespace, Project, Region, SecretItem } from '../../schema/cloudLists';
import type { CloudPlace, CloudTarget } from '../../ui/cloudTarget';
import type { ListedOn } from '../../ui/listedOn';
import { valueText } from '../../schema/valueText';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { localTimeZone, scheduleName } from '../../ui/text/scheduleText';
import { formatUtc } from '../../ui/text/timeText';
import { ActionNode, ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import {
  functionDescription,
  functionState,
  policyDescription,
  policyPaused,
  scheduleRow,
  secretDescription,
  secretExpiry,
  type ExpiryState,
  type FunctionState,
} from './model/cloudDisplay';
import type { SecretPages } from './secretPages';

/** What the rows need from the view: the connection they were read on, and the view's caches. */
export interface CloudSource {
  bind(connectionId: string): Promise<BoundConnection | undefined>;
  /** The group row for this place (kept, so Load more and Retry redraw the row the view shows). */
  group(place: CloudPlace, kind: GroupKind, regionName: string): CloudGroupNode;
  secretPages(place: CloudPlace): SecretPages;
  /** Redraws one row (or the view). */
  redraw(node?: TreeNode): void;
  /** Reads every list of the connection again and redraws the view (Retry on a list). */
  reloadAll(): Promise<void>;
  now(): number;
}

export type GroupKind = 'secrets' | 'policies' | 'functions';

const GROUPS: Record<GroupKind, { label: string; icon: string }> = {
  secrets: { label: 'Secrets', icon: 'lock' },
  policies: { label: 'Snapshot Policies', icon: 'history' },
  functions: { label: 'Functions', icon: 'symbol-method' },
};

const placeKey = (p: CloudPlace) => `${p.connectionId}/${p.projectId}/${p.regionId}`;

function adopt(parent: TreeNode, children: TreeNode[]): TreeNode[] {
  for (const child of children) child.parent = parent;
  return children;
}

function tooltip(title: string, rows: [string, unknown][]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(`**${escapeMarkdown(title)}**\n\n| | |\n|---|---|\n`);
  for (const [k, v] of rows)
    if (v !== undefined && v !== null && v !== '') md.appendMarkdown(`| ${escapeMarkdown(k)} | ${escapeMarkdown(valueText(v)).replace(/\|/g, '\\|')} |\n`);
  return md;
}

/** A list's answer as rows: its items, or why there are none. */
function listRows<T>(loaded: Loaded<T>, what: string, where: string, rows: (items: T[]) => TreeNode[], retry: () => unknown): TreeNode[] {
  if ('error' in loaded) return [new ErrorNode(`Could not load the ${what}`, loaded.error, retry)];
  if ('unavailable' in loaded)
    return [
      new MessageNode(`This server does not list ${what}`, 'info', {
        tooltip: `The platform answered that it has no list of ${what} here (a server of the original design).`,
      }),
    ];
  if (loaded.items.length === 0) return [new MessageNode(`No ${what} ${where}`, 'info')];
  return rows(loaded.items);
}

/** A row under a region: its list was read on its place's connection (ListedOn, #54). */
abstract class CloudRow extends TreeNode implements ListedOn {
  abstract readonly place: CloudPlace;
  get listedOn(): string {
    return this.place.connectionId;
  }
}

export class ProjectNode extends TreeNode {
  constructor(
    private readonly source: CloudSource,
    readonly connectionId: string,
    readonly project: Project,
    private readonly regions: () => Promise<Loaded<Region>>,
    private readonly lastRegionFirst: (regions: Region[]) => Region[],
    private readonly expanded: boolean,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { project } = this;
    const label = project.name || `project ${project.id}`;
    const item = new vscode.TreeItem(label, this.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${this.connectionId}:project:${project.id}`;
    item.description = [`ID ${project.id}`, project.is_default ? 'default' : undefined, project.state && project.state !== 'ACTIVE' ? project.state : undefined]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon('project');
    item.tooltip = tooltip(`Project ${label}`, [
      ['ID', project.id],
      ['Description', project.description],
      ['State', project.state],
      ['Created', formatUtc(project.created_at)],
    ]);
    item.contextValue = 'platformConsole.cloud.project';
    item.accessibilityInformation = spokenRow(`Project ${label}`, item.description);
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const loaded = await this.regions();
    const where = `for project ${this.project.name || this.project.id}`;
    return adopt(
      this,
      listRows(
        loaded,
        'regions',
        where,
        (regions) =>
          this.lastRegionFirst(regions).map(
            (r) => new RegionNode(this.source, { connectionId: this.connectionId, projectId: this.project.id, regionId: r.id }, r),
          ),
        () => this.source.reloadAll(),
      ),
    );
  }
}

export class RegionNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    private readonly source: CloudSource,
    readonly place: CloudPlace,
    readonly region: Region,
  ) {
    super();
    this.cloudTarget = { kind: 'region', ...place, name: this.label };
  }
  get label(): string {
    return this.region.display_name || `region ${this.region.id}`;
  }
  getTreeItem(): vscode.TreeItem {
    const { region } = this;
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:region`;
    item.description = [`ID ${region.id}`, region.country, region.state && region.state !== 'ACTIVE' ? region.state : undefined].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('globe');
    item.tooltip = tooltip(`Region ${this.label}`, [
      ['ID', region.id],
      ['Slug', region.slug],
      ['Country', region.country],
      ['State', region.state],
    ]);
    item.contextValue = 'platformConsole.cloud.region';
    item.accessibilityInformation = spokenRow(`Region ${this.label}`, item.description);
    return item;
  }
  override getChildren(): TreeNode[] {
    return adopt(
      this,
      (['secrets', 'policies', 'functions'] as const).map((kind) => this.source.group(this.place, kind, this.label)),
    );
  }
}

/** Secrets, Snapshot Policies or Functions of one region; its target is the region (Create Secret… from Secrets). */
export class CloudGroupNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    private readonly source: CloudSource,
    readonly place: CloudPlace,
    readonly kind: GroupKind,
    private readonly regionName: string,
  ) {
    super();
    this.cloudTarget = { kind: 'region', ...place, name: regionName };
  }
  getTreeItem(): vscode.TreeItem {
    const { label, icon } = GROUPS[this.kind];
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:${this.kind}`;
    item.iconPath = new vscode.ThemeIcon(icon);
    if (this.kind === 'secrets') {
      const pages = this.source.secretPages(this.place);
      if (pages.total !== undefined) item.description = pages.items.length < pages.total ? `${pages.items.length} of ${pages.total}` : String(pages.total);
    }
    item.contextValue = `platformConsole.cloud.${this.kind}`;
    item.tooltip = `${label} in ${this.regionName}, project ${this.place.projectId}`;
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const where = `in ${this.regionName}`;
    const bound = await this.source.bind(this.place.connectionId);
    if (!bound) return [];
    const { projectId, regionId } = this.place;
    if (this.kind === 'secrets') return adopt(this, await this.secretRows(where));
    if (this.kind === 'policies') {
      const loaded = await bound.lists.policies(projectId, regionId);
      return adopt(
        this,
        listRows(
          loaded,
          'snapshot policies',
          where,
          (items) => items.map((p) => new PolicyNode(this.place, p)),
          () => this.source.reloadAll(),
        ),
      );
    }
    const loaded = await bound.lists.namespaces(projectId, regionId);
    return adopt(
      this,
      listRows(
        loaded,
        'function namespaces',
        where,
        (items) => items.map((n) => new NamespaceNode(this.source, this.place, n)),
        () => this.source.reloadAll(),
      ),
    );
  }

  private async secretRows(where: string): Promise<TreeNode[]> {
    const pages = this.source.secretPages(this.place);
    await pages.ensure();
    const now = this.source.now();
    const rows: TreeNode[] = pages.items.map((s) => new SecretNode(this.place, s, now));
    if (pages.unavailable) return [new MessageNode('This server does not list secrets', 'info')];
    if (pages.error !== undefined)
      rows.push(new ErrorNode('Could not load the secrets', pages.error, () => void pages.reload().then(() => this.source.redraw(this))));
    else if (pages.next !== undefined) {
      const left = pages.total !== undefined ? ` (${pages.total - pages.items.length} more)` : '';
      rows.push(new ActionNode(pages.loading ? 'Loading…' : `Load more${left}`, pages.loading ? 'loading~spin' : 'more', () => pages.loadMore()));
    }
    return rows.length > 0 ? rows : [new MessageNode(`No secrets ${where}`, 'info')];
  }
}

const EXPIRY_ICONS: Record<ExpiryState, [string, string | undefined]> = {
  expired: ['error', 'errorForeground'],
  expiring: ['warning', 'list.warningForeground'],
  valid: ['lock', undefined],
  never: ['lock', undefined],
};

export class SecretNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    readonly place: CloudPlace,
    readonly secret: SecretItem,
    private readonly now: number,
  ) {
    super();
    this.cloudTarget = { kind: 'secret', ...place, id: secret.id, name: secret.name || secret.id };
  }
  getTreeItem(): vscode.TreeItem {
    const { secret } = this;
    const label = secret.name || secret.id;
    const item = new vscode.TreeItem(label);
    item.id = `cloud:${placeKey(this.place)}:secret:${secret.id}`;
    item.description = secretDescription(secret, this.now);
    const expiry = secretExpiry(secret.expiration, this.now);
    const [icon, color] = EXPIRY_ICONS[expiry.state];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = `platformConsole.cloud.secret.${expiry.state}`;
    item.accessibilityInformation = spokenRow(
      `Secret ${label}`,
      item.description,
      expiry.state === 'expired' ? 'expired' : expiry.state === 'expiring' ? 'expiring soon' : undefined,
    );
    return item;
  }
  override resolveTooltip(): vscode.MarkdownString {
    const { secret } = this;
    const expiry = secretExpiry(secret.expiration, this.now);
    return tooltip(`Secret ${secret.name || secret.id}`, [
      ['ID', secret.id],
      ['Type', secret.secret_type],
      ['Status', secret.status],
      ['Created', formatUtc(secret.created)],
      ['Expiration', secret.expiration ? `${formatUtc(secret.expiration)} (${expiry.text})` : expiry.text],
      ['Algorithm', secret.algorithm],
      ['Bit length', secret.bit_length],
      ['Mode', secret.mode],
    ]);
  }
}

export class PolicyNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    readonly place: CloudPlace,
    readonly policy: LifecyclePolicy,
  ) {
    super();
    this.cloudTarget = { kind: 'policy', ...place, id: policy.id, name: policy.name || `policy ${policy.id}` };
  }
  getTreeItem(): vscode.TreeItem {
    const { policy } = this;
    const label = policy.name || `policy ${policy.id}`;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:policy:${policy.id}`;
    item.description = policyDescription(policy);
    const paused = policyPaused(policy);
    item.iconPath = new vscode.ThemeIcon(paused ? 'debug-pause' : 'history', paused ? new vscode.ThemeColor('disabledForeground') : undefined);
    item.tooltip = tooltip(`Snapshot policy ${label}`, [
      ['ID', policy.id],
      ['Status', policy.status],
      ['Action', policy.action],
      ['Schedules', policy.schedules?.length ?? 0],
      ['Volumes', policy.volumes?.length ?? 0],
    ]);
    item.contextValue = `platformConsole.cloud.policy.${paused ? 'paused' : 'active'}`;
    item.accessibilityInformation = spokenRow(`Snapshot policy ${label}`, item.description);
    return item;
  }
  override getChildren(): TreeNode[] {
    const { policy } = this;
    const schedules = (policy.schedules ?? []).map((s) => new ScheduleNode(this.place, policy, s));
    const volumes = (policy.volumes ?? []).map(
      (v) =>
        new MessageNode(v.volume_name || v.volume_id || 'volume', 'database', {
          description: v.volume_name && v.volume_id ? v.volume_id : undefined,
          contextValue: 'platformConsole.cloud.volume',
        }),
    );
    const rows: TreeNode[] = [...schedules, ...volumes];
    if (schedules.length === 0) rows.unshift(new MessageNode('No schedules: no snapshots are made', 'info'));
    if (volumes.length === 0) rows.push(new MessageNode('No volumes attached', 'info'));
    return adopt(this, rows);
  }
}

type Schedule = NonNullable<LifecyclePolicy['schedules']>[number];

export class ScheduleNode extends CloudRow {
  readonly cloudTarget: CloudTarget | undefined;
  constructor(
    readonly place: CloudPlace,
    readonly policy: LifecyclePolicy,
    readonly schedule: Schedule,
  ) {
    super();
    this.cloudTarget = schedule.id
      ? { kind: 'schedule', ...place, id: schedule.id, policyId: policy.id, policyName: policy.name || `policy ${policy.id}` }
      : undefined;
  }
  getTreeItem(): vscode.TreeItem {
    const { schedule } = this;
    const zone = localTimeZone();
    const row = scheduleRow(schedule, new Date(), zone);
    const label = row.label;
    const item = new vscode.TreeItem(label);
    item.id = `cloud:${placeKey(this.place)}:policy:${this.policy.id}:schedule:${schedule.id ?? label}`;
    item.description = row.description || undefined;
    item.iconPath = new vscode.ThemeIcon(schedule.type === 'cron' ? 'calendar' : 'watch');
    item.tooltip = tooltip(`Schedule ${label}`, [
      ['Schedule', scheduleName(schedule)],
      [`Next runs (your time, ${zone})`, row.runs.join('; ')],
      ['ID', schedule.id],
      ['Name template', schedule.resource_name_template],
      ['Owner', schedule.owner],
    ]);
    item.contextValue = 'platformConsole.cloud.schedule';
    item.accessibilityInformation = spokenRow(`Schedule ${label}`, item.description);
    return item;
  }
}

export class NamespaceNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    private readonly source: CloudSource,
    readonly place: CloudPlace,
    readonly namespace: FaasNamespace,
  ) {
    super();
    this.cloudTarget = { kind: 'namespace', ...place, name: namespace.name };
  }
  getTreeItem(): vscode.TreeItem {
    const { namespace } = this;
    const item = new vscode.TreeItem(namespace.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:namespace:${namespace.name}`;
    item.description = namespace.status ?? undefined;
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.tooltip = tooltip(`Namespace ${namespace.name}`, [
      ['Status', namespace.status],
      ['Description', namespace.description],
      ['Created', formatUtc(namespace.created_at)],
    ]);
    item.contextValue = 'platformConsole.cloud.namespace';
    item.accessibilityInformation = spokenRow(`Namespace ${namespace.name}`, item.description);
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const bound = await this.source.bind(this.place.connectionId);
    if (!bound) return [];
    const loaded = await bound.lists.functions(this.place.projectId, this.place.regionId, this.namespace.name);
    return adopt(
      this,
      listRows(
        loaded,
        'functions',
        `in namespace ${this.namespace.name}`,
        (items) => items.map((f) => new FunctionNode(this.place, this.namespace.name, f)),
        () => this.source.reloadAll(),
      ),
    );
  }
}

const FUNCTION_ICONS: Record<FunctionState, [string, string | undefined]> = {
  active: ['pass', 'testing.iconPassed'],
  disabled: ['circle-slash', 'disabledForeground'],
  deploying: ['sync~spin', 'charts.blue'],
  failed: ['error', 'errorForeground'],
  unknown: ['symbol-method', undefined],
};

export class FunctionNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  // What Open Function Logs reads from its argument: run from this row, it asks nothing.
  readonly projectId: number;
  readonly regionId: number;
  readonly functionName: string;
  constructor(
    readonly place: CloudPlace,
    readonly namespace: string,
    readonly fn: FaasFunction,
  ) {
    super();
    this.cloudTarget = { kind: 'function', ...place, namespace, name: fn.name };
    this.projectId = place.projectId;
    this.regionId = place.regionId;
    this.functionName = fn.name;
  }
  getTreeItem(): vscode.TreeItem {
    const { fn } = this;
    const item = new vscode.TreeItem(fn.name);
    item.id = `cloud:${placeKey(this.place)}:namespace:${this.namespace}:function:${fn.name}`;
    item.description = functionDescription(fn) || undefined;
    const state = functionState(fn);
    const [icon, color] = FUNCTION_ICONS[state];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.tooltip = tooltip(`Function ${fn.name}`, [
      ['Namespace', this.namespace],
      ['Status', fn.status],
      ['Runtime', fn.runtime],
      ['Flavor', fn.flavor],
      ['Endpoint', fn.endpoint],
      ['Description', fn.description],
    ]);
    item.contextValue = `platformConsole.cloud.function.${state}`;
    item.accessibilityInformation = spokenRow(`Function ${fn.name}`, item.description);
    return item;
  }
}
