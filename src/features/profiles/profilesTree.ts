// The Protection Profiles view. Filters and order go to the server; where it pages (the platform's
// own list) it is asked for 200 at a time and "Load more" asks for the next page; elsewhere (a
// spec-only server: endpoint 14) the answer is one array, shown 200 at a time. Past a thousand the
// rows go in ranges (profileRows.ts). Loading, empty and error states are nodes; signed out the
// roots are [] so the welcome view (Sign In) shows.
import * as vscode from 'vscode';
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import {
  DEFAULT_PAGE_SIZE,
  describeFilters,
  emptyMessage,
  filtersStateKey,
  isFiltered,
  listQuery,
  nextShown,
  restoreFilters,
  staleFilterKeys,
  storedFilters,
  type ProfileFilters,
} from './model/profileQuery';
import type { FeatureContext } from '../../ui/featureContext';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import { PlatformError } from '../../schema/errors';
import type { ProtectionProfile } from '../../schema/security';
import { NodeTree } from '../../ui/nodeTree';
import { ActionNode, ErrorNode, MessageNode, type TreeNode } from '../../ui/treeNodes';
import type { ProfileNode } from './profileNodes';
import { PAGE_MAX, appendProfilePage, firstProfilePage, type LoadState, type LoadedList } from './profilePages';
import { ProfileRows, type ProfileRowsOwner } from './profileRows';
import { ProfileTemplateList } from './templateList';
import { TemplatesNode } from './templateNodes';

export const PROFILES_VIEW = 'platformConsole.protectionProfiles';
/** Context key: the list is narrowed by a name or client filter (shows "Clear Filters" in the title). */
export const FILTERED_CONTEXT = 'platformConsole.protectionProfiles.filtered';
export const PAGE_SIZE_SETTING = 'platformConsole.protectionProfiles.pageSize';

export interface ProfilesTreeDeps {
  connections: ConnectionManager;
  /** FeatureContext.bindNamed: the view reads on the connection it shows. */
  bindNamed: FeatureContext['bindNamed'];
  log: Log;
  ui: () => FlowUi;
  /** globalState: filters per connection. */
  memento: vscode.Memento;
  extensionUri: vscode.Uri;
  /** Told of each list load's steps, if given (a build that measures the view). */
  loads?: ProfileLoadObserver;
}

/** A list load's steps: the request sent, the checked answer in hand, its first rows given to VS Code. */
export interface ProfileLoadObserver {
  requested(): void;
  received(count: number, pageSize: number): void;
  rootsReturned(shown: number): void;
}

export class ProfilesTree extends NodeTree implements ProfileRowsOwner {
  readonly mediaUri: vscode.Uri;
  idPrefix = 'none';
  private filters: ProfileFilters = { sort: [] };
  private state: LoadState = { kind: 'idle' };
  private generation = 0;
  private inFlight: { abort: AbortController; done: Promise<void> } | undefined;
  /** Templates seen in any list of this connection, id -> name (the API has no template list). */
  private readonly templates = new Map<number, string>();
  /** The Templates group's source: the platform's templates on the connection shown. */
  readonly templateList = new ProfileTemplateList(this, () => this.deps.bindNamed(this.idPrefix));
  /** The profiles' rows of the connection shown (made again when it changes: their ids carry it). */
  rows!: ProfileRows;

  constructor(private readonly deps: ProfilesTreeDeps) {
    super(PROFILES_VIEW, { showCollapseAll: true });
    this.mediaUri = vscode.Uri.joinPath(deps.extensionUri, 'media', 'profiles');
    this._registerAll(
      deps.connections.onDidChange(() => this.connectionChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(PAGE_SIZE_SETTING)) this.pageSizeChanged();
      }),
    );
    this.connectionChanged();
  }

  /** Rows shown per page (setting; 200 unless changed). */
  get pageSize(): number {
    const value = vscode.workspace.getConfiguration().get<number>(PAGE_SIZE_SETTING, DEFAULT_PAGE_SIZE);
    return Number.isInteger(value) && value >= 1 ? value : DEFAULT_PAGE_SIZE;
  }

  get currentFilters(): ProfileFilters {
    return this.filters;
  }

  /** The whole list of the last load (not only the rows shown), or undefined. */
  get profiles(): readonly ProtectionProfile[] | undefined {
    return this.state.kind === 'loaded' ? this.state.profiles : undefined;
  }

  /** Resolves when no load is running. */
  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight.done;
  }

  /** A load is running. */
  get loading(): boolean {
    return this.inFlight !== undefined;
  }

  /**
   * Loads again with the current filters; resolves when the answer (or the error) is in the view.
   * Rows already shown stay, under the view's progress bar, until the answer replaces them: VS Code
   * delivers a tree change that follows another within 200 ms only 200 ms after the last one
   * (ExtHostTreeView debounces onDidChangeTreeData), so drawing a "Loading…" node first would hold
   * back the answer of a quick request. With nothing shown yet, the loading node is the view.
   */
  reload(): Promise<void> {
    return this.startLoad(true);
  }

  /** `redraw` false: called from roots(), which is about to show the loading node itself. */
  private startLoad(redraw: boolean): Promise<void> {
    this.inFlight?.abort.abort();
    const abort = new AbortController();
    const generation = ++this.generation;
    const keepRows = this.state.kind === 'loaded';
    if (!keepRows) {
      this.state = { kind: 'loading' };
      if (redraw) this.refresh();
    }
    const done = this.fetch(generation, abort.signal).finally(() => {
      if (this.inFlight?.abort === abort) this.inFlight = undefined;
    });
    this.inFlight = { abort, done };
    if (keepRows) void vscode.window.withProgress({ location: { viewId: PROFILES_VIEW } }, () => done);
    return done;
  }

  /** The loaded list, loading it first if need be; undefined when signed out or the load failed. */
  async ensureLoaded(): Promise<readonly ProtectionProfile[] | undefined> {
    if (!this.deps.connections.signedIn) return undefined;
    if (this.state.kind === 'idle' || this.state.kind === 'error') await this.reload();
    else await this.settled();
    return this.profiles;
  }

  async setFilters(next: ProfileFilters): Promise<void> {
    this.filters = next;
    const connection = this.deps.connections.active;
    if (connection) await this.deps.memento.update(filtersStateKey(connection.id), storedFilters(next));
    this.showFilters();
    await this.reload();
  }

  /** Clears the name and client filters; the order stays (it narrows nothing). */
  clearFilters(): Promise<void> {
    return this.setFilters({ sort: this.filters.sort });
  }

  /** The list in hand, if loaded. */
  list(): LoadedList | undefined {
    return this.state.kind === 'loaded' ? this.state : undefined;
  }

  /** Tells whether `list` is still the one shown (no reload or other connection since). */
  isCurrent(list: LoadedList): boolean {
    return this.state === list;
  }

  /**
   * One more page of rows, from the server where it pages, else from the answer in hand. It
   * redraws nothing: the Load more row redraws once after it (rowChunks.ts).
   */
  async loadMore(): Promise<void> {
    const list = this.list();
    if (!list) return;
    if (!list.paged) {
      list.shown = nextShown(list.profiles.length, list.shown, this.pageSize);
      return;
    }
    const bound = await this.deps.bindNamed(this.idPrefix);
    try {
      if (!bound || !this.isCurrent(list)) return;
      const fresh = await appendProfilePage(bound, list, this.pageQuery(Math.min(this.pageSize, PAGE_MAX)));
      if (!this.isCurrent(list)) return;
      this.noteTemplates(fresh);
      list.shown = list.profiles.length;
    } catch (error) {
      if (!this.isCurrent(list) || (error instanceof PlatformError && error.kind === 'cancelled')) return;
      void notifyError('Could not load more protection profiles', error, {
        log: this.deps.log,
        ui: this.deps.ui(),
        connectionName: bound?.connection.name,
        actions: ['Retry'],
      }).then((choice) => {
        if (choice === 'Retry') return this.rows.more.run();
      });
    }
  }

  /** The filters and order with a page size (`limit`); offset 0 (a later page: appendProfilePage sets it). */
  pageQuery(limit: number) {
    return { ...listQuery(this.filters), limit, offset: 0 };
  }

  /** Puts the PATCH answer in place of the profile it updates, without reloading the list. */
  applyUpdate(updated: ProtectionProfile): ProfileNode | undefined {
    if (this.state.kind !== 'loaded') return undefined;
    const index = this.state.profiles.findIndex((p) => p.id === updated.id);
    this.noteTemplates([updated]);
    if (index < 0) return undefined;
    this.state.profiles[index] = updated;
    const node = this.state.nodes[index];
    if (node) {
      node.profile = updated;
      this.refresh(node);
    }
    return node;
  }

  /** A created profile's row, for reveal: put first where the list in hand lacks it (a filter, a later page). */
  rowFor(profile: ProtectionProfile): ProfileNode | undefined {
    const list = this.list();
    if (!list) return undefined;
    let index = list.profiles.findIndex((p) => p.id === profile.id);
    if (index < 0 || index >= list.shown) {
      if (index < 0 && list.total !== undefined) list.total++;
      if (index >= 0) this.dropRow(list, index);
      list.profiles.unshift(profile);
      list.nodes.unshift(undefined);
      list.shown = Math.min(list.shown + 1, list.profiles.length);
      this.noteTemplates([profile]);
      // Every row moves down one: the roots are redrawn (the ranges below them with them).
      this.refresh();
      index = 0;
    }
    return this.rows.rowAt(index);
  }

  /** A deleted profile leaves the list in hand (no reload): the rows after it move up. */
  removeProfile(id: number): void {
    const list = this.list();
    const index = list ? list.profiles.findIndex((p) => p.id === id) : -1;
    if (!list || index < 0) return;
    const shownBefore = list.shown;
    this.dropRow(list, index);
    if (list.total !== undefined) list.total = Math.max(0, list.total - 1);
    if (list.profiles.length === 0 || index < shownBefore) this.rows.shifted(index, shownBefore);
    else this.rows.chunks.tailChanged();
  }

  private dropRow(list: LoadedList, index: number): void {
    list.profiles.splice(index, 1);
    list.nodes.splice(index, 1);
    if (index < list.shown) list.shown--;
  }

  /** The node showing this profile id, if it has been shown. */
  nodeFor(id: number): ProfileNode | undefined {
    if (this.state.kind !== 'loaded') return undefined;
    const index = this.state.profiles.findIndex((p) => p.id === id);
    return index < 0 ? undefined : this.state.nodes[index];
  }

  /** Templates seen in the lists and edits of this connection, id -> name (the API has no template list). */
  knownTemplates(): ReadonlyMap<number, string> {
    return this.templates;
  }

  /** Notes the templates of profiles read (Go to… reads pages of its own). */
  noteTemplates(profiles: readonly ProtectionProfile[]): void {
    for (const p of profiles) {
      if (p.template?.id != null) this.templates.set(p.template.id, p.template.name ?? `template ${p.template.id}`);
    }
  }

  protected roots(): TreeNode[] {
    if (!this.deps.connections.signedIn) return [];
    const state = this.state;
    switch (state.kind) {
      case 'idle':
        void this.startLoad(false);
        return [this.loadingNode()];
      case 'loading':
        return [this.loadingNode()];
      case 'error':
        return [new ErrorNode('Could not load protection profiles', state.error, () => this.reload()), ...this.clearFiltersNodes()];
      case 'loaded': {
        if (state.profiles.length === 0)
          return [new MessageNode(emptyMessage(this.filters), 'search-stop'), ...this.clearFiltersNodes(), new TemplatesNode(this.templateList)];
        const rows = this.rows.children();
        this.deps.loads?.rootsReturned(state.shown);
        return [...rows, new TemplatesNode(this.templateList)];
      }
    }
  }

  private loadingNode(): TreeNode {
    return new MessageNode('Loading protection profiles…', 'loading~spin', { description: describeFilters(this.filters) || undefined });
  }

  private clearFiltersNodes(): TreeNode[] {
    if (!isFiltered(this.filters)) return [];
    return [new ActionNode('Clear Filters', 'clear-all', () => this.clearFilters(), { tooltip: 'Show every profile (the order stays)' })];
  }

  /**
   * One profile with its field values (the platform's own GET; its list carries none). The
   * reason a read fails is the caller's to show (an error row, or the edit's notification).
   */
  async readProfile(id: number, on?: BoundConnection): Promise<ProtectionProfile> {
    const bound = on ?? (await this.deps.bindNamed(this.idPrefix));
    if (!bound) throw new PlatformError({ kind: 'unauthorized', message: 'Not signed in.' });
    const { api, connection } = bound;
    const profile = await api.security.getProtectionProfile({ params: { protection_profile_id: id } });
    this.deps.log.info(`Protection profile ${id}: read its ${profile.fields?.length ?? 0} field value(s) from ${connection.name}`);
    return profile;
  }

  /** Never rejects: every failure becomes the error state and a notification. */
  private async fetch(generation: number, signal: AbortSignal): Promise<void> {
    const { connections, log } = this.deps;
    let connection = connections.active;
    try {
      const bound = await this.deps.bindNamed(connection?.id);
      if (generation !== this.generation) return;
      const api = bound?.api;
      connection = bound?.connection;
      if (!api || !connection) {
        this.state = { kind: 'idle' };
        this.refresh();
        return;
      }
      this.deps.loads?.requested();
      const paged = this.pageQuery(Math.min(this.pageSize, PAGE_MAX));
      const first = await firstProfilePage(bound, { paged, whole: listQuery(this.filters), log }, signal);
      if (generation !== this.generation) return;
      const { profiles } = first;
      this.deps.loads?.received(profiles.length, this.pageSize);
      this.noteTemplates(profiles);
      const nodes = new Array<ProfileNode | undefined>(profiles.length);
      this.state = { kind: 'loaded', ...first, nodes, shown: Math.min(profiles.length, this.pageSize) };
      this.refresh();
    } catch (error) {
      if (generation !== this.generation || (error instanceof PlatformError && error.kind === 'cancelled')) return;
      const signInAgainTo = (c: typeof connection) =>
        c && (() => vscode.commands.executeCommand('platformConsole.signIn', { name: c.name, baseUrl: c.baseUrl }));
      this.state = { kind: 'error', error };
      this.refresh();
      void notifyError('Could not load protection profiles', error, {
        log,
        ui: this.deps.ui(),
        connectionName: connection?.name,
        actions: ['Retry'],
        signInAgain: signInAgainTo(connection),
      }).then((choice) => {
        if (choice === 'Retry') return this.reload();
      });
    }
  }

  private connectionChanged(): void {
    this.inFlight?.abort.abort();
    this.generation++;
    this.state = { kind: 'idle' };
    const connection = this.deps.connections.active;
    this.idPrefix = connection?.id ?? 'none';
    this.rows = new ProfileRows(this);
    this.templates.clear();
    this.filters = connection ? restoreFilters(this.deps.memento.get(filtersStateKey(connection.id))) : { sort: [] };
    const { memento, connections } = this.deps;
    for (const key of staleFilterKeys(
      memento.keys(),
      connections.list().map((c) => c.id),
    ))
      void memento.update(key, undefined);
    this.showFilters();
    this.refresh();
  }

  private pageSizeChanged(): void {
    if (this.state.kind !== 'loaded') return;
    if (this.state.paged) return this.refresh();
    this.state.shown = Math.min(this.state.profiles.length, Math.max(this.pageSize, this.state.shown));
    this.refresh();
  }

  /** The view's description (active filters and order, else the connection) and the "filtered" context key. */
  private showFilters(): void {
    this.view.description = describeFilters(this.filters) || this.deps.connections.active?.name;
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, isFiltered(this.filters));
  }
}
