// The Cloud view: the active connection's projects (the last one picked first, and open), each
// project's regions (the last one picked first), and in each region its Secrets, Snapshot Policies
// and Functions. Lists come from the connection's kept lists (a flow after the view reuses the
// answer); Refresh reads everything again. Signed out: no roots, so the welcome shows.
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import type { CloudPlace } from '../../ui/cloudTarget';
import { NodeTree } from '../../ui/nodeTree';
import { ErrorNode, MessageNode, type TreeNode } from '../../ui/treeNodes';
import { CloudGroupNode, ProjectNode } from './cloudNodes';
import { placeKey } from './cloudRows';
import type { CloudSource, GroupKind } from './cloudSource';
import { lastPickedFirst } from './model/cloudDisplay';
import type { FilteredSecrets } from './secretFilterRead';
import { SecretPages } from './secretPages';

export const CLOUD_VIEW = 'platformConsole.cloud';

export class CloudTree extends NodeTree implements CloudSource {
  private shownFor: string | undefined;
  private readonly groups = new Map<string, CloudGroupNode>();
  private readonly pages = new Map<string, SecretPages>();
  /** Filter Secrets…' matches per place (connection/project/region), until cleared or Refresh. */
  private readonly filters = new Map<string, FilteredSecrets>();

  constructor(private readonly deps: Pick<FeatureContext, 'connections' | 'bindNamed' | 'log' | 'defaults'>) {
    super(CLOUD_VIEW, { showCollapseAll: true });
    this._register(deps.connections.onDidChange(() => this.refresh()));
    this.refresh();
  }

  /** The connection the view shows (undefined while signed out). */
  get activeConnectionId(): string | undefined {
    return this.deps.connections.signedIn ? this.deps.connections.active?.id : undefined;
  }

  override refresh(node?: TreeNode): void {
    const active = this.deps.connections.signedIn ? this.deps.connections.active : undefined;
    if (active?.id !== this.shownFor) {
      this.shownFor = active?.id;
      this.forgetRows();
    }
    this.view.description = active?.name;
    super.refresh(node);
  }

  bind(connectionId: string): Promise<BoundConnection | undefined> {
    return this.deps.bindNamed(connectionId).catch((error: unknown) => {
      this.deps.log.error('Could not read the connection', error);
      return undefined;
    });
  }

  group(place: CloudPlace, kind: GroupKind, regionName: string): CloudGroupNode {
    const key = `${place.connectionId}/${place.projectId}/${place.regionId}/${kind}`;
    let node = this.groups.get(key);
    if (!node) this.groups.set(key, (node = new CloudGroupNode(this, place, kind, regionName)));
    return node;
  }

  secretPages(place: CloudPlace): SecretPages {
    const key = `${place.connectionId}/${place.projectId}/${place.regionId}`;
    let pages = this.pages.get(key);
    if (!pages) {
      const changed = () => this.redraw(this.group(place, 'secrets', ''));
      pages = new SecretPages(
        () => this.bind(place.connectionId),
        place,
        changed,
        (what, error) => this.deps.log.error(what, error),
      );
      this.pages.set(key, pages);
    }
    return pages;
  }

  secretFilter(place: CloudPlace): FilteredSecrets | undefined {
    return this.filters.get(placeKey(place));
  }

  /** Sets (or with undefined drops) the place's filter; its Secrets group is redrawn once. */
  setSecretFilter(place: CloudPlace, filtered: FilteredSecrets | undefined): void {
    if (filtered) this.filters.set(placeKey(place), filtered);
    else if (!this.filters.delete(placeKey(place))) return;
    this.redraw(this.group(place, 'secrets', ''));
  }

  clearSecretFilter(place: CloudPlace): void {
    this.setSecretFilter(place, undefined);
  }

  redraw(node?: TreeNode): void {
    super.refresh(node);
  }

  now(): number {
    return Date.now();
  }

  /** Refresh: every list of the shown connection read again, every row built again. */
  async reloadAll(): Promise<void> {
    const id = this.activeConnectionId;
    const bound = id ? await this.bind(id) : undefined;
    bound?.lists.forget();
    this.forgetRows();
    this.refresh();
  }

  private forgetRows(): void {
    this.groups.clear();
    this.pages.clear();
    this.filters.clear();
  }

  protected async roots(): Promise<TreeNode[]> {
    const connectionId = this.activeConnectionId;
    if (!connectionId) return [];
    const bound = await this.bind(connectionId);
    if (!bound || connectionId !== this.activeConnectionId) return [];
    const defaults = this.deps.defaults.on(bound);
    const last = defaults.get();
    const loaded = await bound.lists.projects();
    if ('error' in loaded) return [new ErrorNode('Could not load the projects', loaded.error, () => this.reloadAll())];
    const projects = 'unavailable' in loaded ? (last.projectId ? [{ id: last.projectId, name: `project ${last.projectId}` }] : []) : loaded.items;
    if (projects.length === 0) {
      const why =
        'unavailable' in loaded
          ? 'This server does not list projects: set platformConsole.cloud.projectId to show one'
          : `No projects on ${bound.connection.name}`;
      return [new MessageNode(why, 'info')];
    }
    const ordered = lastPickedFirst(projects, last.projectId);
    const regions = async () => {
      const kept = await bound.lists.regions();
      if ('unavailable' in kept && last.regionId) return { items: [{ id: last.regionId, display_name: `region ${last.regionId}` }] };
      return kept;
    };
    return ordered.map((project, i) => new ProjectNode(this, connectionId, project, regions, (rs) => lastPickedFirst(rs, last.regionId), i === 0));
  }
}
