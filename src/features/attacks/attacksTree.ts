// The DDoS Attacks view: the active connection's DDoS events, newest first, an attack still
// going on first and marked, filtered by time range, alert type and targeted addresses on the
// server, read a page at a time ("Load more"). It reads again every minute while visible and
// signed in. Loading, empty, error (Retry, Show Log) and "this server has none" are rows; signed
// out it has no rows (the welcome).
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { isListMissing } from '../../platform/platformLists';
import type { EventLogsQuery } from '../../schema/ddosEvents';
import type { FeatureContext } from '../../ui/featureContext';
import { NodeTree } from '../../ui/nodeTree';
import { notifyError } from '../../ui/notify';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { ActionNode, ErrorNode, MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { RefreshSchedule } from '../../ui/refreshSchedule';
import { DEFAULT_FILTERS, describeFilters, filterQuery, isDefaultFilters, type AttackFilters } from './model/attackFilters';
import { attackFacts, attackRow, ongoingFirst, rowDescription, rowLabel, type AttackRow } from './model/attackRows';

export const ATTACKS_VIEW = 'platformConsole.attacks';
export const ATTACK_CONTEXT = 'platformConsole.attack';
export const ATTACKS_FILTERED_CONTEXT = 'platformConsole.attacksFiltered';
/** Rows asked for per page. */
export const ATTACK_PAGE_SIZE = 25;
/** The largest page the platform serves (a refresh re-reads what is shown, up to this). */
const PAGE_MAX = 500;
export const ATTACK_REFRESH_MS = 60_000;

type Query = Pick<EventLogsQuery, 'date_from' | 'date_to' | 'alert_type' | 'targeted_ip_addresses'>;
type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ok'; rows: AttackRow[]; total: number | undefined; query: Query; more: boolean; loadingMore: boolean }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

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
        return this.reload();
      },
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
    return this.state.kind === 'ok' ? this.state.rows : [];
  }

  get total(): number | undefined {
    return this.state.kind === 'ok' ? this.state.total : undefined;
  }

  override refresh(node?: TreeNode): void {
    const active = this.activeConnectionId;
    if (active !== this.shownFor) {
      this.shownFor = active;
      this.generation++;
      this.state = { kind: 'idle' };
      this.reading = undefined;
      this.autoRefresh.update();
    }
    this.view.description = active ? describeFilters(this.filters, this.deps.timeZone) : undefined;
    void vscode.commands.executeCommand('setContext', ATTACKS_FILTERED_CONTEXT, !isDefaultFilters(this.filters));
    super.refresh(node);
  }

  /** New filters: the first page read again with them. */
  setFilters(filters: AttackFilters): Promise<void> {
    this.filters = filters;
    this.refresh();
    return this.reload(true);
  }

  /** The first load, when the view first asks for its rows. */
  ensure(): Promise<void> {
    this.reading ??= this.read(false);
    return this.reading;
  }

  /** Refresh: read again with the range up to now, as many rows as are shown. `fresh`: from the first page only. */
  reload(fresh = false): Promise<void> {
    this.reading = this.read(!fresh);
    return this.reading;
  }

  private bind(): Promise<BoundConnection | undefined> {
    const id = this.activeConnectionId;
    if (!id) return Promise.resolve(undefined);
    return this.deps.bindNamed(id).catch((error: unknown) => {
      this.deps.log.error('Could not read the connection', error);
      return undefined;
    });
  }

  private async read(keepShown: boolean): Promise<void> {
    const generation = ++this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    const shown = keepShown && this.state.kind === 'ok' ? this.state.rows.length : 0;
    if (this.state.kind !== 'ok') {
      this.state = { kind: 'loading' };
      this.refresh();
    }
    const query = filterQuery(this.filters, Date.now());
    const limit = Math.min(PAGE_MAX, Math.max(ATTACK_PAGE_SIZE, shown));
    try {
      const answer = await bound.api.security.listDdosEvents({ params: {}, query: { ...query, ordering: '-attack_start_time', limit, offset: 0 } });
      if (generation !== this.generation) return;
      const rows = answer.results.map(attackRow);
      const total = answer.count ?? undefined;
      this.state = { kind: 'ok', rows, total, query, more: total !== undefined ? rows.length < total : rows.length >= limit, loadingMore: false };
    } catch (error) {
      if (generation !== this.generation) return;
      if (bound.lists.noteMissing('listDdosEvents', error)) this.state = { kind: 'missing' };
      else {
        if (!isListMissing(error)) this.deps.log.error('Could not load the DDoS attacks', error);
        this.state = { kind: 'error', error };
      }
    }
    this.autoRefresh.markRefreshed();
    this.refresh();
  }

  /** The next page with the same range as the first (new attacks do not shift it). */
  async loadMore(): Promise<void> {
    const state = this.state;
    if (state.kind !== 'ok' || !state.more || state.loadingMore) return;
    const generation = this.generation;
    const bound = await this.bind();
    if (!bound || generation !== this.generation) return;
    state.loadingMore = true;
    this.refresh();
    try {
      const answer = await bound.api.security.listDdosEvents({
        params: {},
        query: { ...state.query, ordering: '-attack_start_time', limit: ATTACK_PAGE_SIZE, offset: state.rows.length },
      });
      if (generation !== this.generation) return;
      const known = new Set(state.rows.map((r) => r.id));
      const added = answer.results.map(attackRow).filter((r) => !known.has(r.id));
      state.rows = [...state.rows, ...added];
      state.total = answer.count ?? state.total;
      state.more = state.total !== undefined ? state.rows.length < state.total : answer.results.length >= ATTACK_PAGE_SIZE;
    } catch (error) {
      if (generation === this.generation)
        void notifyError('Could not load more DDoS attacks', error, { log: this.deps.log, ui: this.deps.ui(), connectionName: bound.connection.name });
    } finally {
      state.loadingMore = false;
      if (generation === this.generation) this.refresh();
    }
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
    if (state.kind === 'error') return [new ErrorNode('Could not load the DDoS attacks', state.error, () => this.reload(true))];
    const clear = () => new ActionNode('Clear Filters', 'clear-all', () => this.setFilters(DEFAULT_FILTERS));
    if (state.rows.length === 0) {
      const none = new MessageNode(`No attacks: ${describeFilters(this.filters, this.deps.timeZone)}`, 'pass');
      return isDefaultFilters(this.filters) ? [none] : [none, clear()];
    }
    const now = Date.now();
    const nodes: TreeNode[] = ongoingFirst(state.rows).map((row) => new AttackNode(row, now, this.deps.timeZone));
    const shown = state.total !== undefined ? `${state.rows.length} of ${state.total} shown` : `${state.rows.length} shown`;
    if (state.loadingMore) nodes.push(new MessageNode('Loading more attacks…', 'loading~spin', { description: shown }));
    else if (state.more) nodes.push(new ActionNode(`Load ${ATTACK_PAGE_SIZE} more…`, 'more', () => this.loadMore(), { description: shown }));
    return nodes;
  }
}

export class AttackNode extends TreeNode {
  constructor(
    readonly row: AttackRow,
    private readonly nowMs: number,
    private readonly timeZone?: string,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { row } = this;
    const ongoing = row.end.kind === 'ongoing';
    const item = new vscode.TreeItem(rowLabel(row));
    item.id = `attack.${row.id}`;
    item.description = rowDescription(row, this.nowMs, this.timeZone);
    item.iconPath = ongoing
      ? new vscode.ThemeIcon('flame', new vscode.ThemeColor('errorForeground'))
      : new vscode.ThemeIcon(row.alertType === 'rtbh_alert' ? 'circle-slash' : 'shield');
    const facts = attackFacts(row, this.nowMs, this.timeZone);
    item.tooltip = new vscode.MarkdownString(
      [
        `**${ongoing ? 'Ongoing DDoS attack' : 'DDoS attack'}** on ${escapeMarkdown(rowLabel(row))}`,
        '',
        ...facts.slice(1).map(([label, value]) => `${label}: ${escapeMarkdown(value)}  `),
      ].join('\n'),
    );
    item.contextValue = ATTACK_CONTEXT;
    item.accessibilityInformation = spokenRow(rowLabel(row), item.description, ongoing ? 'ongoing attack' : undefined);
    return item;
  }
}
