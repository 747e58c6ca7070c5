// The DDoS Attacks view: the active connection's DDoS events, newest first, an attack still
// going on first and marked, filtered by time range, alert type and targeted addresses on the
// server, read a page at a time ("Load more"; rows in ranges of a thousand, rowChunks.ts). Every
// minute while visible and signed in it reads the newest page again and redraws only what moved:
// the roots when new attacks arrived, else each row that changed (an ongoing one's duration).
// Loading, empty, error (Retry, Show Log) and "this server has none" are rows; signed out it has
// no rows (the welcome).
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { isListMissing } from '../../platform/platformLists';
import type { FeatureContext } from '../../ui/featureContext';
import { NodeTree } from '../../ui/nodeTree';
import { ActionNode, ErrorNode, MessageNode, TreeNode } from '../../ui/treeNodes';
import { RefreshSchedule, realClock, type ScheduleClock } from '../../ui/refreshSchedule';
import { ChunkedRows, LoadMoreNode } from '../../ui/rowChunks';
import { DEFAULT_FILTERS, describeFilters, isDefaultFilters, type AttackFilters } from './model/attackFilters';
import type { AttackRow } from './model/attackRows';
import { AttackNode } from './attackNode';
import { ATTACK_PAGE_SIZE, AttackPages } from './attackPages';

export { ATTACK_CONTEXT, AttackNode } from './attackNode';
export { ATTACK_PAGE_SIZE } from './attackPages';

export const ATTACKS_VIEW = 'platformConsole.attacks';
export const ATTACKS_FILTERED_CONTEXT = 'platformConsole.attacksFiltered';
export const ATTACK_REFRESH_MS = 60_000;

const count = (n: number) => n.toLocaleString('en-US');

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ok' } | { kind: 'missing' } | { kind: 'error'; error: unknown };

export interface AttacksTreeDeps extends Pick<FeatureContext, 'connections' | 'bindNamed' | 'log' | 'ui'> {
  refreshMs?: number;
  /** The person's time zone (undefined: the system's). */
  timeZone?: string;
}

export class AttacksTree extends NodeTree {
  private state: State = { kind: 'idle' };
  private generation = 0;
  private shownFor: string | undefined;
  private reading: Promise<void> | undefined;
  /** The rows in hand; a new one per first page read (an older one's answers are then ignored). */
  pages = new AttackPages();
  /** The rows' nodes by attack id, kept while `pages` is: a redraw makes no new node. */
  private nodes = new Map<string, AttackNode>();
  private clock: ScheduleClock = realClock;
  readonly chunks: ChunkedRows;
  private readonly loadMoreNode: LoadMoreNode;
  filters: AttackFilters = DEFAULT_FILTERS;
  readonly autoRefresh: RefreshSchedule;
  /** Reads made by the schedule (the tests count them). */
  autoReads = 0;

  constructor(private readonly deps: AttacksTreeDeps) {
    super(ATTACKS_VIEW, {});
    this.autoRefresh = new RefreshSchedule({
      visible: () => this.view.visible && this.activeConnectionId !== undefined,
      intervalMs: () => deps.refreshMs ?? ATTACK_REFRESH_MS,
      tick: () => {
        this.autoReads++;
        return this.state.kind === 'ok' ? this.reread() : this.reload();
      },
    });
    this.loadMoreNode = new LoadMoreNode(
      'attacks:more',
      () => this.chunks,
      () => this.loadMore(),
    );
    this.chunks = new ChunkedRows({
      viewId: ATTACKS_VIEW,
      id: 'attacks',
      noun: 'attacks',
      redraw: (node) => this.draw(node),
      source: this,
    });
    this._registerAll(
      { dispose: () => this.autoRefresh.dispose() },
      deps.connections.onDidChange(() => this.refresh()),
      this.view.onDidChangeVisibility(() => this.autoRefresh.update()),
    );
    this.refresh();
  }

  get activeConnectionId(): string | undefined {
    return this.deps.connections.signedIn ? this.deps.connections.active?.id : undefined;
  }

  /** What the view shows now (the tests read it). */
  get rows(): readonly AttackRow[] {
    return this.state.kind === 'ok' ? this.pages.rows : [];
  }

  get total(): number | undefined {
    return this.state.kind === 'ok' ? this.pages.total : undefined;
  }

  /** Time for the rows' words and the schedule: the real clock, or one a test moves (undefined: the real one). */
  useClock(clock: ScheduleClock | undefined): void {
    this.clock = clock ?? realClock;
    this.autoRefresh.useClock(clock);
  }

  override refresh(node?: TreeNode): void {
    const active = this.activeConnectionId;
    if (active !== this.shownFor) {
      this.shownFor = active;
      this.generation++;
      this.state = { kind: 'idle' };
      this.pages = new AttackPages();
      this.nodes.clear();
      this.reading = undefined;
      this.autoRefresh.update();
    }
    this.view.description = active ? describeFilters(this.filters, this.deps.timeZone) : undefined;
    void vscode.commands.executeCommand('setContext', ATTACKS_FILTERED_CONTEXT, !isDefaultFilters(this.filters));
    super.refresh(node);
  }

  /** Redraws a row, a range or (undefined) the roots, without touching the view's title. */
  private draw(node?: TreeNode): void {
    super.refresh(node);
  }

  /** New filters: the first page read again with them. */
  setFilters(filters: AttackFilters): Promise<void> {
    this.filters = filters;
    this.refresh();
    return this.reload();
  }

  /** The first load, when the view first asks for its rows. */
  ensure(): Promise<void> {
    this.reading ??= this.read();
    return this.reading;
  }

  /** Refresh: the first page again, with the range up to now. */
  reload(): Promise<void> {
    this.reading = this.read();
    return this.reading;
  }

  /** The node of the attack at `index` in the view, its parent chain set (for reveal()). */
  nodeAt(index: number): AttackNode | undefined {
    return this.chunks.rowAt(index) as AttackNode | undefined;
  }

  /**
   * Reads the view's own next pages until `found` holds for a row or none is left (Go to…: the row
   * is not in hand yet), then redraws once. `signal`: stopped (the rows read so far are kept).
   */
  async readUntil(found: (row: AttackRow) => boolean, signal: AbortSignal, report: (message: string) => void): Promise<number> {
    const pages = this.pages;
    const bound = await this.bind();
    const before = pages.rows.length;
    let at = pages.rows.findIndex(found);
    try {
      while (at < 0 && bound && pages === this.pages && pages.next !== undefined && !signal.aborted) {
        const from = pages.rows.length;
        await pages.more(bound);
        report(`${count(pages.rows.length)}${pages.total !== undefined ? ` of ${count(pages.total)}` : ''} read`);
        const k = pages.rows.slice(from).findIndex(found);
        if (k >= 0) at = from + k;
      }
    } catch (error) {
      this.deps.log.error(`Could not load more DDoS attacks from ${bound?.connection.name ?? 'the platform'}`, error);
    } finally {
      if (pages === this.pages && pages.rows.length !== before) this.chunks.grown(before);
    }
    return pages === this.pages ? at : -1;
  }

  /** RowSource (rowChunks.ts): the rows in hand, their kept nodes, and what follows them. */
  get rowCount(): number {
    return this.pages.rows.length;
  }

  row(index: number): AttackNode {
    return this.node(this.pages.rows[index]!);
  }

  private node(row: AttackRow): AttackNode {
    let node = this.nodes.get(row.id);
    if (!node) this.nodes.set(row.id, (node = new AttackNode(row, () => this.clock.now(), this.deps.timeZone)));
    node.row = row;
    return node;
  }

  private bind(): Promise<BoundConnection | undefined> {
    const id = this.activeConnectionId;
    if (!id) return Promise.resolve(undefined);
    return this.deps.bindNamed(id).catch((error: unknown) => {
      this.deps.log.error('Could not read the connection', error);
      return undefined;
    });
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    if (this.state.kind !== 'ok') {
      this.state = { kind: 'loading' };
      this.draw();
    }
    const pages = new AttackPages();
    try {
      await pages.first(bound, this.filters, this.clock.now());
      if (generation !== this.generation) return;
      this.pages = pages;
      this.nodes.clear();
      this.state = { kind: 'ok' };
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listDdosEvents', error)) this.state = { kind: 'missing' };
      else {
        if (!isListMissing(error)) this.deps.log.error(`Could not load the DDoS attacks from ${bound.connection.name}`, error);
        this.state = { kind: 'error', error };
      }
    }
    this.autoRefresh.markRefreshed();
    this.refresh();
  }

  /**
   * The minute's read: the newest page merged into the rows in hand. New attacks redraw the roots
   * (they go first); otherwise each row whose words moved is redrawn alone, and nothing when none did.
   * A whole page of new attacks may leave a gap behind it: the list is then read again from its start.
   */
  private async reread(): Promise<void> {
    const { pages, generation } = this;
    const bound = await this.bind();
    if (!bound || generation !== this.generation || pages !== this.pages) return;
    let merged;
    try {
      merged = await pages.reread(bound, this.filters, this.clock.now());
    } catch (error) {
      if (generation === this.generation) this.deps.log.error(`Could not read the DDoS attacks from ${bound.connection.name} again`, error);
      return;
    }
    if (generation !== this.generation || pages !== this.pages) return;
    if (merged.added.length >= ATTACK_PAGE_SIZE) return this.reload();
    if (merged.added.length > 0) return this.draw();
    const changed = new Set(merged.changed.map((r) => this.nodes.get(r.id)).filter((n): n is AttackNode => n !== undefined));
    for (const node of this.nodes.values()) if (node.row.end.kind === 'ongoing' && node.moved) changed.add(node);
    for (const node of changed) {
      node.row = pages.rows.find((r) => r.id === node.row.id) ?? node.row;
      this.draw(node);
    }
  }

  /** Load more: the next page into the rows (LoadMoreNode redraws once); a failure becomes the tail's Retry. */
  private async loadMore(): Promise<void> {
    const { pages, generation } = this;
    const bound = await this.bind();
    if (!bound || generation !== this.generation || pages !== this.pages) return;
    try {
      await pages.more(bound);
    } catch (error) {
      this.deps.log.error(`Could not load more DDoS attacks from ${bound.connection.name}`, error);
    }
  }

  tail(): TreeNode[] {
    const { pages } = this;
    const more = this.loadMoreNode;
    if (pages.moreError !== undefined) return [new ErrorNode('Could not load more DDoS attacks', pages.moreError, () => more.run())];
    if (pages.next === undefined) return [];
    const shown = pages.rows.length;
    const { total } = pages;
    more.label = total !== undefined ? `Load more (${count(Math.max(0, total - shown))} more)` : 'Load more';
    more.description = total !== undefined ? `${count(shown)} of ${count(total)} shown` : `${count(shown)} shown`;
    more.tooltip = `The next ${ATTACK_PAGE_SIZE} attacks`;
    return [more];
  }

  protected roots(): TreeNode[] {
    if (!this.activeConnectionId) return [];
    const state = this.state;
    if (state.kind === 'idle') void this.ensure();
    if (state.kind === 'idle' || state.kind === 'loading')
      return [new MessageNode('Loading the DDoS attacks…', 'loading~spin', { description: describeFilters(this.filters, this.deps.timeZone) })];
    if (state.kind === 'missing')
      return [
        new MessageNode('This server has no DDoS event log', 'info', {
          tooltip: 'GET /security/notifier/v1/event_logs is the platform’s own endpoint; this server answers 404',
        }),
      ];
    if (state.kind === 'error') return [new ErrorNode('Could not load the DDoS attacks', state.error, () => this.reload())];
    if (this.pages.rows.length === 0) {
      const none = new MessageNode(`No attacks: ${describeFilters(this.filters, this.deps.timeZone)}`, 'pass');
      return isDefaultFilters(this.filters) ? [none] : [none, new ActionNode('Clear Filters', 'clear-all', () => this.setFilters(DEFAULT_FILTERS))];
    }
    return this.chunks.children();
  }
}
