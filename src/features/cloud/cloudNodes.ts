// The Cloud view's rows: project -> region -> Secrets, Snapshot Policies, Functions -> the things
// (cloudSecretNode.ts, cloudPolicyNodes.ts, cloudFunctionNodes.ts). Every row that is a thing
// carries a `cloudTarget` (src/ui/cloudTarget.ts) for the commands run on it.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { Loaded } from '../../platform/platformLists';
import type { Project, Region } from '../../schema/cloudLists';
import type { CloudPlace, CloudTarget } from '../../ui/cloudTarget';
import { formatUtc } from '../../ui/text/timeText';
import { TreeNode, spokenRow } from '../../ui/treeNodes';
import { NamespaceNode } from './cloudFunctionNodes';
import { PolicyNode } from './cloudPolicyNodes';
import { CloudRow, adopt, listRows, placeKey, tooltip } from './cloudRows';
import type { CloudSource, GroupKind } from './cloudSource';
import { SecretRows } from './secretRows';

const GROUPS: Record<GroupKind, { label: string; icon: string }> = {
  secrets: { label: 'Secrets', icon: 'lock' },
  policies: { label: 'Snapshot Policies', icon: 'history' },
  functions: { label: 'Functions', icon: 'symbol-method' },
};

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
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'cloudProject', projectId: this.project.id };
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
  /** The Secrets group's rows (the paged list, or the filter's matches). */
  readonly secrets: SecretRows | undefined;
  constructor(
    private readonly source: CloudSource,
    readonly place: CloudPlace,
    readonly kind: GroupKind,
    private readonly regionName: string,
  ) {
    super();
    this.cloudTarget = { kind: 'region', ...place, name: regionName };
    this.secrets = kind === 'secrets' ? new SecretRows(source, place, this) : undefined;
  }
  getTreeItem(): vscode.TreeItem {
    const { label, icon } = GROUPS[this.kind];
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:${this.kind}`;
    item.iconPath = new vscode.ThemeIcon(icon);
    item.description = this.secrets?.description();
    // Filtered: Clear Secret Filter is offered on the row.
    item.contextValue = `platformConsole.cloud.${this.kind}${this.secrets?.filtered ? '.filtered' : ''}`;
    item.tooltip = `${label} in ${this.regionName}, project ${this.place.projectId}`;
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const where = `in ${this.regionName}`;
    const bound = await this.source.bind(this.place.connectionId);
    if (!bound) return [];
    const { projectId, regionId } = this.place;
    if (this.secrets) return adopt(this, await this.secrets.children(where));
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
}
