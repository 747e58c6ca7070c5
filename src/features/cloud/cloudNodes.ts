// The Cloud view's rows: project -> region -> Secrets, Snapshot Policies, Functions -> the things
// (cloudSecretNode.ts, cloudPolicyNodes.ts, cloudFunctionNodes.ts). Every row that is a thing
// carries a `cloudTarget` (src/ui/cloudTarget.ts) for the commands run on it.
import * as vscode from 'vscode';
import type { Loaded } from '../../platform/platformLists';
import type { Project, Region } from '../../schema/cloudLists';
import type { CloudPlace, CloudTarget } from '../../ui/cloudTarget';
import { formatUtc } from '../../ui/text/timeText';
import { ChunkedRows, LoadMoreNode } from '../../ui/rowChunks';
import { ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { NamespaceNode } from './cloudFunctionNodes';
import { PolicyNode } from './cloudPolicyNodes';
import { CloudRow, adopt, listRows, placeKey, tooltip } from './cloudRows';
import { SecretNode } from './cloudSecretNode';
import type { CloudSource, GroupKind } from './cloudSource';
import { SECRETS_PAGE, type SecretPages } from './secretPages';

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
  /** The secrets' rows, kept per first page read (pages.generation): a redraw reuses them. */
  private secretNodes: SecretNode[] = [];
  private secretNodesOf = -1;
  private chunks: ChunkedRows | undefined;
  private loadMoreNode: LoadMoreNode | undefined;
  getTreeItem(): vscode.TreeItem {
    const { label, icon } = GROUPS[this.kind];
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:${this.kind}`;
    item.iconPath = new vscode.ThemeIcon(icon);
    if (this.kind === 'secrets') {
      // The total alone: a page read redraws its rows, not this row (rowChunks.ts); "100 of 230 shown" is on Load more.
      const { total } = this.source.secretPages(this.place);
      if (total !== undefined) item.description = total.toLocaleString('en-US');
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
    if (pages.unavailable) return [new MessageNode('This server does not list secrets', 'info')];
    if (pages.items.length === 0 && pages.error === undefined) return [new MessageNode(`No secrets ${where}`, 'info')];
    return this.secretChunks(pages).children();
  }

  private secretChunks(pages: SecretPages): ChunkedRows {
    if (this.secretNodesOf !== pages.generation) {
      this.secretNodes = [];
      this.secretNodesOf = pages.generation;
    }
    const more = (this.loadMoreNode ??= new LoadMoreNode(
      `cloud:${placeKey(this.place)}:secrets:more`,
      () => this.chunks!,
      () => pages.loadMore(),
    ));
    return (this.chunks ??= new ChunkedRows({
      id: `cloud:${placeKey(this.place)}:secrets`,
      noun: 'secrets',
      parent: () => this,
      redraw: (node) => this.source.redraw(node),
      source: {
        get rowCount() {
          return pages.items.length;
        },
        row: (i) => (this.secretNodes[i] ??= new SecretNode(this.place, pages.items[i]!, this.source.now())),
        tail: () => {
          if (pages.error !== undefined)
            return [new ErrorNode('Could not load the secrets', pages.error, () => void pages.reload().then(() => this.source.redraw(this)))];
          if (pages.moreError !== undefined) return [new ErrorNode('Could not load more secrets', pages.moreError, () => more.run())];
          if (pages.next === undefined) return [];
          const left = pages.total !== undefined ? ` (${(pages.total - pages.items.length).toLocaleString('en-US')} more)` : '';
          more.label = `Load more${left}`;
          more.description =
            pages.total !== undefined ? `${pages.items.length.toLocaleString('en-US')} of ${pages.total.toLocaleString('en-US')} shown` : undefined;
          more.tooltip = `The next ${SECRETS_PAGE} secrets`;
          return [more];
        },
      },
    }));
  }
}
