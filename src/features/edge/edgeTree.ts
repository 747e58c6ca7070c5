// The Edge view: the account's status, apps and templates where the platform lists them
// (edgeListing.ts), and pins by id (other clients' objects; all there is without the lists), each
// loading on its own (error node with Retry, "not found (404)" with Remove); pinned clients
// refresh every interval while the view is visible.
import * as vscode from 'vscode';
import { EDGE_KIND_NAMES, EDGE_KINDS, addPins, emptyPins, pinCount, removePin, type EdgeKind, type EdgePins } from './model/edgePins';
import { RefreshSchedule } from '../../ui/refreshSchedule';
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import type { EdgeTemplate } from '../../schema/edge';
import { NodeTree } from '../../ui/nodeTree';
import { ActionNode, MessageNode, type TreeNode } from '../../ui/treeNodes';
import type { EdgePinStore } from './edgePinStore';
import { EdgeGroupNode, type AppBuild, type EdgeData, type LoadState, type TemplateResult } from './edgeNodes';
import { PinNode, type PinHost } from './edgePinNode';
import { EdgeTemplatePreview } from './edgeTemplatePreview';
import { fetchEdge, isNotFound, loadStateOf } from './edgeFetch';
import { EdgeListing } from './edgeListing';
import { EdgeAppStats } from './edgeAppStats';

export const EDGE_VIEW_ID = 'platformConsole.edge';
export const EDGE_REFRESH_SETTING = 'platformConsole.edge.refreshIntervalSeconds';

export const EDGE_ADD_COMMANDS: Record<EdgeKind, { command: string; title: string }> = {
  client: { command: 'platformConsole.addEdgeClient', title: 'Pin Edge Client by ID…' },
  app: { command: 'platformConsole.addEdgeApp', title: 'Pin Edge App by ID…' },
  template: { command: 'platformConsole.openEdgeTemplate', title: 'Open Edge Template…' },
};

export interface EdgeTreeDeps {
  connections: ConnectionManager;
  /** FeatureContext.bindNamed: the view reads on the connection it shows. */
  bindNamed: (id: string | undefined) => Promise<BoundConnection | undefined>;
  store: EdgePinStore;
  log: Log;
  ui: () => FlowUi;
  /** Seconds between refreshes of pinned clients (default: the setting). */
  refreshIntervalSeconds?: () => number;
  now?: () => Date;
}

export class EdgeTree extends NodeTree implements PinHost {
  private connectionId: string | undefined;
  private pins: EdgePins = emptyPins();
  private readonly nodes = new Map<string, PinNode>();
  private readonly groups: Record<EdgeKind, EdgeGroupNode>;
  private readonly templates = new Map<number, Promise<TemplateResult>>();
  private readonly revealed = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();
  readonly preview: EdgeTemplatePreview;
  readonly autoRefresh: RefreshSchedule;
  /** The account's own lists (apps, templates, FastEdge status). */
  readonly listing: EdgeListing;
  readonly appStats: EdgeAppStats;
  /** Counts of automatic client refreshes (for the log and the tests). */
  autoRefreshCount = 0;
  private readonly refreshedAll = this._register(new vscode.EventEmitter<void>());
  /** Fired when Refresh reads the whole view again (drift checks its linked files then too). */
  readonly onDidRefreshAll = this.refreshedAll.event;
  /** What a linked workspace .wasm says of an app's build (set by drift; none until then). */
  buildOf: (appId: number) => AppBuild | undefined = () => undefined;

  constructor(private readonly deps: EdgeTreeDeps) {
    super(EDGE_VIEW_ID, { showCollapseAll: true });
    this.groups = {
      client: new EdgeGroupNode('client', () => this.pinNodes('client'), this),
      app: new EdgeGroupNode('app', () => this.pinNodes('app'), this),
      template: new EdgeGroupNode('template', () => this.pinNodes('template'), this),
    };
    this.listing = new EdgeListing(
      () => this.deps.bindNamed(this.connectionId),
      () => this.refresh(),
      (what, error) => this.deps.log.error(what, error),
    );
    this.appStats = new EdgeAppStats({
      bind: () => this.deps.bindNamed(this.connectionId),
      logError: (what, error) => this.deps.log.error(what, error),
      now: () => this.now(),
    });
    this.preview = new EdgeTemplatePreview((connectionId, id) => this.loadTemplateFor(connectionId, id));
    const seconds = deps.refreshIntervalSeconds ?? (() => vscode.workspace.getConfiguration().get<number>(EDGE_REFRESH_SETTING, 60));
    this.autoRefresh = new RefreshSchedule({
      visible: () => this.view.visible && this.connectionId !== undefined && this.pins.client.length > 0,
      intervalMs: () => seconds() * 1000,
      tick: () => this.refreshClients(),
    });
    this._registerAll(
      this.preview,
      { dispose: () => this.autoRefresh.dispose() },
      deps.connections.onDidChange(() => void this.syncConnection()),
      this.view.onDidChangeVisibility(() => this.autoRefresh.update()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(EDGE_REFRESH_SETTING) && this.autoRefresh.update()),
    );
    void this.syncConnection();
  }

  // ---------- connection and pins ----------

  /** The active connection when signed in; its pins are what the view shows. */
  get activeConnectionId(): string | undefined {
    return this.connectionId;
  }

  appBuild(appId: number): AppBuild | undefined {
    return this.buildOf(appId);
  }

  /** Redraws one app's rows (its listed row where built, its pin): one app's change never redraws the whole list. */
  refreshApp(appId: number): void {
    const row = this.listing.appsNode(this).builtRow(appId);
    if (row) this.refresh(row);
    const pin = this.pinNode('app', appId);
    if (pin) this.refresh(pin);
  }

  get pinned(): EdgePins {
    return { client: [...this.pins.client], app: [...this.pins.app], template: [...this.pins.template] };
  }

  private async syncConnection(): Promise<void> {
    const { connections, store } = this.deps;
    const active = connections.signedIn ? connections.active : undefined;
    if (active?.id !== this.connectionId) {
      this.connectionId = active?.id;
      this.pins = active ? store.get(active.id) : emptyPins();
      this.nodes.clear();
      this.templates.clear();
      this.revealed.clear();
      this.listing.reset();
      this.appStats.clear();
    }
    this.view.description = active?.name;
    this.refresh();
    this.autoRefresh.update();
    await store.prune(connections.list().map((c) => c.id)).catch((e: unknown) => this.deps.log.error('Could not drop the edge pins of removed connections', e));
  }

  private key(kind: EdgeKind, id: number): string {
    return `${kind}:${id}`;
  }

  private pinNodes(kind: EdgeKind): PinNode[] {
    return this.pins[kind].map((id) => this.nodeFor(kind, id));
  }

  private nodeFor(kind: EdgeKind, id: number): PinNode {
    const key = this.key(kind, id);
    let node = this.nodes.get(key);
    if (!node) {
      node = new PinNode(kind, id, this);
      node.parent = this.groups[kind];
      this.nodes.set(key, node);
    }
    return node;
  }

  pinNode(kind: EdgeKind, id: number): PinNode | undefined {
    return this.pins[kind].includes(id) ? this.nodeFor(kind, id) : undefined;
  }

  get groupNodes(): Record<EdgeKind, EdgeGroupNode> {
    return this.groups;
  }

  /**
   * Pins ids on the active connection. `known` holds what was fetched already (the add flow
   * checks each id exists), so those are not fetched twice.
   */
  async pin(kind: EdgeKind, ids: readonly number[], known = new Map<number, LoadState<EdgeData[EdgeKind]>>()): Promise<{ added: number[]; already: number[] }> {
    const connectionId = this.connectionId;
    if (!connectionId) return { added: [], already: [] };
    const result = addPins(this.pins, kind, ids);
    this.pins = result.pins;
    await this.deps.store.set(connectionId, this.pins);
    const toLoad: PinNode[] = [];
    const added = result.added.map((id) => this.nodeFor(kind, id));
    for (const node of added) {
      const state = known.get(node.id);
      if (state && state.status !== 'idle' && state.status !== 'loading') {
        node.state = state;
        if (kind === 'template' && state.status === 'ok') this.templateLoaded(node.id, state.data);
      } else toLoad.push(node);
    }
    this.refresh();
    this.autoRefresh.update();
    if (toLoad.length) await this.reload(toLoad, { notify: true });
    // A pin whose check on Enter failed (not a 404) is told about like one that fails to load;
    // not awaited, so the add command reveals the pin (an error node with Retry) meanwhile.
    const checked = added.filter((n) => !toLoad.includes(n));
    if (checked.length) void this.notifyFailed(checked);
    return { added: result.added, already: result.already };
  }

  async unpin(kind: EdgeKind, id: number): Promise<void> {
    const connectionId = this.connectionId;
    if (!connectionId) return;
    this.pins = removePin(this.pins, kind, id);
    const node = this.nodes.get(this.key(kind, id));
    if (node) node.generation++; // an answer still on its way is dropped
    this.nodes.delete(this.key(kind, id));
    if (kind === 'app') for (const key of [...this.revealed]) if (key.startsWith(`${id}\u0000`)) this.revealed.delete(key);
    await this.deps.store.set(connectionId, this.pins);
    this.refresh();
    this.autoRefresh.update();
  }

  // ---------- the tree ----------

  listsAccount(): boolean {
    return this.listing.available === true;
  }

  protected async roots(): Promise<TreeNode[]> {
    if (!this.connectionId) return [];
    await this.listing.ensure();
    const lists = this.listsAccount();
    if (!lists && pinCount(this.pins) === 0) {
      return [
        new MessageNode('Pin an edge app or client by id', 'pinned', {
          tooltip: 'The platform reads edge objects one at a time by id: pin the ones you want to watch here.',
        }),
        ...EDGE_KINDS.map(
          (kind) =>
            new ActionNode(EDGE_ADD_COMMANDS[kind].title, kind === 'template' ? 'file-code' : 'add', () =>
              vscode.commands.executeCommand(EDGE_ADD_COMMANDS[kind].command),
            ),
        ),
      ];
    }
    // Pins load when the view first shows them.
    const idle = EDGE_KINDS.flatMap((kind) => this.pinNodes(kind)).filter((n) => n.state.status === 'idle');
    if (idle.length) this.reload(idle, { notify: false }).catch((error: unknown) => this.deps.log.error('Could not load the edge pins', error));
    const groups = EDGE_KINDS.filter((kind) => !lists || this.pins[kind].length > 0).map((kind) => this.groups[kind]);
    return lists ? [...this.listing.nodes(this), ...groups] : groups;
  }

  // ---------- loading ----------

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  /** Resolves when every load started so far (and any they started) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Loads one pin; keeps showing what it had while loading again (expanded nodes stay open). */
  private load(node: PinNode): Promise<void> {
    return this.track(
      (async () => {
        // The connection shown now, captured before any await: the answer lands only in its view.
        const connectionId = this.connectionId;
        if (!connectionId) return;
        const bound = await this.deps.bindNamed(connectionId).catch((error: unknown) => void this.deps.log.error('Could not read the connection', error));
        const api = bound?.api;
        if (!api || this.connectionId !== connectionId || this.nodes.get(this.key(node.kind, node.id)) !== node) return;
        const generation = ++node.generation;
        if (node.state.status !== 'ok') {
          node.state = { status: 'loading' };
          this.refresh(node);
        }
        let outcome: { data: EdgeData[EdgeKind] } | { error: unknown };
        try {
          outcome = { data: await fetchEdge(api, node.kind, node.id) };
        } catch (error) {
          outcome = { error };
          if (!isNotFound(error)) this.deps.log.error(`Could not load edge ${EDGE_KIND_NAMES[node.kind].noun} ${node.id}`, error);
        }
        if (generation !== node.generation || this.connectionId !== connectionId) return;
        node.state = loadStateOf(outcome);
        if (node.kind === 'template' && node.state.status === 'ok') this.templateLoaded(node.id, node.state.data);
        this.refresh(node);
      })(),
    );
  }

  /** Loads pins side by side; with `notify`, failures (not 404s) get one notification. */
  private async reload(nodes: readonly PinNode[], options: { notify: boolean }): Promise<void> {
    await Promise.all(nodes.map((n) => this.load(n)));
    if (nodes.some((n) => n.kind === 'client')) this.autoRefresh.markRefreshed();
    if (options.notify) await this.notifyFailed(nodes);
  }

  /** One notification for the pins among `nodes` that failed to load (not 404s); Retry loads those again. */
  private async notifyFailed(nodes: readonly PinNode[]): Promise<void> {
    const connection = this.deps.connections.active;
    const failed = nodes.filter((n) => n.state.status === 'error' && this.nodes.get(this.key(n.kind, n.id)) === n);
    const first = failed[0];
    if (!first || first.state.status !== 'error') return;
    const what =
      failed.length === 1
        ? `Could not load edge ${EDGE_KIND_NAMES[first.kind].noun} ${first.id}`
        : `Could not load ${failed.length} pinned edge items (${failed.map((n) => `${EDGE_KIND_NAMES[n.kind].noun} ${n.id}`).join(', ')})`;
    const choice = await notifyError(what, first.state.error, {
      log: this.deps.log,
      ui: this.deps.ui(),
      connectionName: connection?.name,
      actions: ['Retry'],
      signInAgain: () =>
        vscode.commands.executeCommand('platformConsole.signIn', connection ? { name: connection.name, baseUrl: connection.baseUrl } : undefined),
    });
    if (choice === 'Retry') await this.reload(failed, { notify: true });
  }

  /** Refresh: every pin (or one) and the templates apps use; shows progress on the view. */
  async refreshPins(node?: PinNode): Promise<void> {
    if (!this.connectionId) return;
    const nodes = node ? [node] : EDGE_KINDS.flatMap((kind) => this.pinNodes(kind));
    if (!node) {
      this.templates.clear();
      this.revealed.clear();
      this.appStats.clear();
    } else if (node.kind === 'app') {
      for (const key of [...this.revealed]) if (key.startsWith(`${node.id}\u0000`)) this.revealed.delete(key);
      this.appStats.forget(node.id);
    }
    const lists = !node && this.listing.available !== false ? this.listing.reload() : undefined;
    await vscode.window.withProgress({ location: { viewId: EDGE_VIEW_ID } }, () => Promise.all([this.reload(nodes, { notify: true }), lists]));
    this.refresh(node);
    if (!node) this.refreshedAll.fire();
  }

  retry(pin: PinNode): Promise<void> {
    return this.reload([pin], { notify: true });
  }

  /** The automatic refresh: pinned clients only (their consumption moves), quietly. */
  async refreshClients(): Promise<void> {
    const clients = this.pinNodes('client').filter((n) => n.state.status !== 'idle');
    if (clients.length === 0) return;
    this.autoRefreshCount++;
    await this.reload(clients, { notify: false });
  }

  // ---------- templates (pinned and those apps use) ----------

  template(id: number): Promise<TemplateResult> {
    const pinned = this.nodes.get(this.key('template', id));
    if (pinned?.state.status === 'ok') return Promise.resolve(pinned.state as TemplateResult);
    let cached = this.templates.get(id);
    if (!cached) {
      cached = this.track(
        (async (): Promise<TemplateResult> => {
          // Captured before the awaits: A's template text never lands in B's preview of the same id.
          const connectionId = this.connectionId;
          const api = (await this.deps.bindNamed(connectionId).catch(() => undefined))?.api;
          if (!api || !connectionId) return { status: 'error', error: new Error('Signed out') };
          try {
            const data = (await fetchEdge(api, 'template', id)) as EdgeTemplate;
            this.preview.update(connectionId, id, data);
            return { status: 'ok', data, loadedAt: new Date() };
          } catch (error) {
            if (!isNotFound(error)) this.deps.log.error(`Could not load edge template ${id}`, error);
            return loadStateOf<EdgeTemplate>({ error });
          }
        })(),
      );
      this.templates.set(id, cached);
    }
    return cached;
  }

  retryTemplate(id: number, node: TreeNode): void {
    this.templates.delete(id);
    this.refresh(node);
  }

  private templateLoaded(id: number, data: EdgeTemplate): void {
    this.templates.set(id, Promise.resolve({ status: 'ok', data, loadedAt: new Date() }));
    if (this.connectionId) this.preview.update(this.connectionId, id, data);
  }

  private async loadTemplateFor(connectionId: string, id: number): Promise<EdgeTemplate> {
    if (connectionId !== this.connectionId)
      throw new Error('this preview belongs to a connection that is not the active one; switch to it and open the template again');
    const result = await this.template(id);
    if (result.status === 'ok') return result.data;
    throw result.status === 'notFound' || result.status === 'error' ? result.error : new Error('not loaded');
  }

  /** Opens the read-only Markdown preview of a template's long description. */
  async previewTemplate(id: number): Promise<vscode.Uri | undefined> {
    const connectionId = this.connectionId;
    if (!connectionId) return undefined;
    const result = await this.template(id);
    if (result.status === 'ok') return this.preview.show(connectionId, id, result.data);
    if (result.status === 'notFound' || result.status === 'error') {
      this.templates.delete(id);
      const connection = this.deps.connections.active;
      const choice = await notifyError(`Could not open edge template ${id}`, result.error, {
        log: this.deps.log,
        ui: this.deps.ui(),
        connectionName: connection?.name,
        actions: result.status === 'error' ? ['Retry'] : [],
      });
      if (choice === 'Retry') return this.previewTemplate(id);
    }
    return undefined;
  }

  // ---------- env values ----------

  isRevealed(appId: number, key: string): boolean {
    return this.revealed.has(`${appId}\u0000${key}`);
  }

  setRevealed(appId: number, key: string, revealed: boolean, node?: TreeNode): void {
    const k = `${appId}\u0000${key}`;
    if (revealed) this.revealed.add(k);
    else this.revealed.delete(k);
    this.refresh(node);
  }

  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  addCommand(kind: EdgeKind): { command: string; title: string } {
    return EDGE_ADD_COMMANDS[kind];
  }

  async revealPin(kind: EdgeKind, id: number): Promise<void> {
    const node = this.pinNode(kind, id);
    if (!node) return;
    try {
      await this.view.reveal(node, { select: true, focus: false, expand: false });
    } catch (error) {
      this.deps.log.error(`Could not reveal edge ${EDGE_KIND_NAMES[kind].noun} ${id}`, error);
    }
  }
}
