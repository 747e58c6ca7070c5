// The Function Logs page. It holds a copy of the extension's lines (RowStore), filters it as the person types, and puts
// only the rows in view into the DOM (@tanstack/virtual-core, fixed row height). Newest at the bottom; it follows the
// bottom only while the view is there and the person is not pointing at or has not selected a row; otherwise new
// lines wait behind an "N new lines" pill and the row being read stays put, even when older rows are dropped above it. Nothing here asks the extension for rows: scrolling is local.
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import '../shared/elements';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import { HostConnection } from '../shared/host';
import { EMPTY_FILTER, type LogFilterSpec } from '../../src/protocol/logFilter';
import {
  FILTER_TEXT_MAX,
  type FollowStatus,
  type LogsEvent,
  type LogsNotification,
  type LogsPanelState,
  type LogsRequests,
  type LogsTarget,
  savedTarget,
} from '../../src/protocol/logs';
import { itemCount } from '../../src/protocol/packedItems';
import { Inbox } from './inbox';
import { RowStore, type Row } from './rowStore';
import { RowSelection } from './rowSelection';
import { cssProps } from './cssProps';
import { detailsPane, emptyView, pill, rowView, textHasTheKeys } from './rowView';
import { PaintTimer } from './paintTimer';
import { listKeyAction, pageKeyCommand, scrollToShow, spokenStatus, topRowOf } from './listKeys';
import { banner, countsLine, header, statusView, toolbar, type ToolbarModel } from './toolbar';
import { ToolbarMenus } from './menus';
import { ViewportWatch } from './viewportWatch';
import { FollowHold } from './followHold';
import { rowVirtualizer } from './rowVirtualizer';
import { copyEventRows, copySelection } from './rowCopy';

const ROW_HEIGHT = 20;
const FILTER_DEBOUNCE_MS = 80;
/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK = ROW_HEIGHT / 2;

type PendingScroll = { to: 'bottom' } | { to: 'offset'; offset: number } | undefined;

export class FunctionLogsApp extends LitElement {
  /** Messages in posting order, a reset's deflated chunks inflated first; one that cannot be read asks for a reset. */
  private readonly inbox = new Inbox(
    (event, receivedAt) => this.onEvent(event, receivedAt),
    () => this.host.notify({ type: 'resync', generation: this.store.generation }),
  );
  private readonly host = new HostConnection<LogsNotification, LogsRequests, LogsEvent, LogsPanelState>((event) => this.inbox.receive(event));
  private readonly saved = this.host.savedState();
  private readonly store = new RowStore(this.saved?.filter ?? EMPTY_FILTER);
  private utc = this.saved?.utc ?? false;
  private details = this.saved?.details ?? false;
  private filterDraft: LogFilterSpec = this.store.filter;
  /** The function and connection shown: the extension says, in each reset (the saved state keeps the connection's id only). */
  private target: LogsTarget | undefined;
  private status: FollowStatus | undefined;
  private maxLines = 0;
  private maxMemoryMB = 0; // all panels' lines together (platformConsole.logs.maxMemoryMB)
  private loaded = false;
  private readonly selection = new RowSelection(this.store);
  private stick = true; // following the bottom: new lines scroll into view, unless held
  private readonly hold = new FollowHold(() => this.selection.size);
  private watch: ViewportWatch | undefined; // the person or the layout moved the list?
  private unseen = 0;
  /** The new lines waiting when they started to wait: what the live region says (not each new batch). */
  private spokenUnseen = 0;
  private notice = '';
  private readonly menus = new ToolbarMenus(this);
  private pendingScroll: PendingScroll;
  private filterTimer: number | undefined;
  private readonly paint = new PaintTimer(this.dataset);
  /** Older lines of the last reset still to arrive. */
  private pending = 0;
  private viewport: HTMLElement | null = null;
  private cleanupVirtualizer: (() => void) | undefined;
  private readonly virtualizer = rowVirtualizer(
    () => this.viewport,
    ROW_HEIGHT,
    () => this.requestUpdate(),
  );

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('copy', this.onCopyEvent);
    document.addEventListener('keydown', this.onDocumentKey);
    document.addEventListener('mousedown', this.menus.onDocumentMouseDown);
    this.host.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('copy', this.onCopyEvent);
    document.removeEventListener('keydown', this.onDocumentKey);
    document.removeEventListener('mousedown', this.menus.onDocumentMouseDown);
    this.cleanupVirtualizer?.();
    this.watch?.dispose();
  }

  protected override firstUpdated(): void {
    this.viewport = this.querySelector<HTMLElement>('.viewport');
    this.cleanupVirtualizer = this.virtualizer._didMount();
    this.virtualizer._willUpdate();
    if (this.viewport) this.watch = new ViewportWatch(this.viewport, () => this.layoutChanged());
  }

  /** Following and not held (followHold.ts): new lines scroll into view. */
  private following = () => this.stick && !this.hold.held();

  /** The list's height changed, or a hold ended (pointer gone, selection cleared): following, the newest line is shown again. */
  private layoutChanged(): void {
    if (this.following()) [this.unseen, this.pendingScroll] = [0, { to: 'bottom' }];
    this.requestUpdate();
  }

  // ---- data from the extension ------------------------------------------------------------

  private onEvent(event: LogsEvent, receivedAt: number): void | Promise<void> {
    switch (event.type) {
      case 'reset': {
        this.paint.arrived('reset', event.sentAt);
        this.store.reset(event);
        this.pending = event.pending;
        this.target = event.target;
        this.maxLines = event.maxLines;
        this.maxMemoryMB = event.maxMemoryMB;
        this.status = event.status;
        this.loaded = true;
        this.selection.reset();
        this.hold.picked();
        this.stick = true;
        this.unseen = 0;
        this.pendingScroll = { to: 'bottom' };
        this.save();
        break;
      }
      case 'ops': {
        const arrived = Date.now();
        this.paint.arrived('ops', event.sentAt);
        // Where the person is now decides, if they scrolled (a scroll event may not have been handled yet).
        if (this.viewport && this.watch?.movedSinceSeen() && this.stick !== this.isAtBottom()) {
          this.stick = !this.stick;
          if (this.stick) this.unseen = 0;
        }
        const follow = this.following();
        const anchor = follow ? undefined : this.topRow();
        const outcome = this.store.apply(event, anchor?.row);
        if (!outcome.applied) {
          this.host.notify({ type: 'resync', generation: this.store.generation });
          return;
        }
        if (event.backfill) {
          this.paint.chunk(event.sentAt, receivedAt, arrived);
          this.pending = Math.max(0, this.pending - event.ops.reduce((n, op) => n + (op.op === 'insert' ? itemCount(op.items) : 0), 0));
          if (this.pending === 0) this.paint.backfillDone();
        }
        if (follow) this.pendingScroll = { to: 'bottom' };
        else {
          if (!event.backfill && !event.older) this.unseen += outcome.addedShown;
          if (anchor && outcome.anchor !== undefined) {
            this.pendingScroll = { to: 'offset', offset: this.store.shownPosition(outcome.anchor) * ROW_HEIGHT + anchor.within };
          } else if (anchor) this.pendingScroll = { to: 'offset', offset: 0 };
        }
        break;
      }
      case 'status':
        this.status = event.status;
        break;
      case 'notice':
        this.notice = event.text;
        break;
    }
    this.requestUpdate();
    if (event.type !== 'reset') return; // a reset's older chunks wait for its first rows: here (inbox.ts), a big one's in the extension
    return this.paint.painted().then(() => void (event.awaitsPaint && this.host.notify({ type: 'painted', generation: event.generation })));
  }

  private topRow = () => topRowOf(this.viewport?.scrollTop ?? 0, this.store.shown, ROW_HEIGHT);

  private save(): void {
    const target = this.target ? savedTarget(this.target) : this.saved?.target;
    this.host.saveState({ filter: this.store.filter, utc: this.utc, details: this.details, ...(target && { target }) });
  }

  // ---- scrolling ---------------------------------------------------------------------------

  protected override willUpdate(_changed: PropertyValues): void {
    this.spokenUnseen = this.following() || this.unseen === 0 ? 0 : this.spokenUnseen || this.unseen;
    this.virtualizer.setOptions({ ...this.virtualizer.options, count: this.store.shown.length });
    this.virtualizer._willUpdate();
  }

  protected override updated(): void {
    const viewport = this.viewport;
    const pending = this.pendingScroll;
    this.pendingScroll = undefined;
    if (viewport && pending) {
      const target = pending.to === 'bottom' ? viewport.scrollHeight : pending.offset;
      if (Math.abs(viewport.scrollTop - target) >= 1) viewport.scrollTop = target;
    }
    this.watch?.seen();
    this.dataset.domRows = String(this.querySelectorAll('.row').length);
    this.paint.rendered();
  }

  private isAtBottom(): boolean {
    const viewport = this.viewport;
    return !viewport || viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight <= BOTTOM_SLACK;
  }

  private onScroll = (): void => {
    if (!this.viewport) return;
    // Held, the offset this page set to keep the rows still is not the person leaving the bottom.
    if (this.hold.held() && this.stick && !this.watch?.movedSinceSeen()) return;
    if (this.watch?.resizedSinceSeen()) return this.layoutChanged();
    const atBottom = this.isAtBottom();
    if (atBottom !== this.stick || (atBottom && this.unseen > 0 && !this.hold.held())) {
      this.stick = atBottom;
      if (atBottom && !this.hold.held()) this.unseen = 0;
      this.requestUpdate();
    }
  };

  private jumpToBottom(): void {
    this.stick = true;
    this.hold.letGo();
    this.unseen = 0;
    this.pendingScroll = { to: 'bottom' };
    this.requestUpdate();
  }

  // ---- filter ------------------------------------------------------------------------------

  private editFilter(patch: Partial<LogFilterSpec>, immediate = false): void {
    this.filterDraft = { ...this.filterDraft, ...patch, text: (patch.text ?? this.filterDraft.text).slice(0, FILTER_TEXT_MAX) };
    window.clearTimeout(this.filterTimer);
    if (immediate) this.applyFilter();
    else this.filterTimer = window.setTimeout(() => this.applyFilter(), FILTER_DEBOUNCE_MS);
    this.requestUpdate();
  }

  private applyFilter(): void {
    const anchor = this.following() ? undefined : this.topRow();
    const started = performance.now();
    this.store.setFilter(this.filterDraft);
    this.dataset.filterMs = (performance.now() - started).toFixed(1);
    this.unseen = 0;
    if (this.following()) this.pendingScroll = { to: 'bottom' };
    else if (anchor) this.pendingScroll = { to: 'offset', offset: this.store.shownPosition(anchor.row) * ROW_HEIGHT };
    this.save();
    this.requestUpdate();
  }

  // ---- selection and copy ------------------------------------------------------------------

  private onRowClick(e: MouseEvent): void {
    const element = (e.target as HTMLElement).closest<HTMLElement>('.row');
    if (!element) return;
    if (!this.selection.click(Number(element.dataset.pos), { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey })) return;
    this.hold.picked();
    if (this.selection.size === 0) this.layoutChanged();
    this.viewport?.focus({ preventScroll: true });
    this.requestUpdate();
  }

  /** Arrows, Page Up/Down, Home/End move the active row (Shift extends the selection); Space toggles it. */
  private readonly onListKey = (e: KeyboardEvent): void => {
    const v = this.viewport;
    const action = listKeyAction(
      e,
      this.selection.activePosition(),
      Math.ceil((v?.scrollTop ?? 0) / ROW_HEIGHT),
      this.store.shown.length,
      v ? Math.floor(v.clientHeight / ROW_HEIGHT) : 1,
    );
    if (!action) return;
    e.preventDefault();
    this.selection.click(action.position, { shift: action.extend, toggle: action.toggle });
    // End on the newest line follows again (the selection then does not hold the list).
    const toNewest = e.key === 'End' && !action.extend && action.position === this.store.shown.length - 1;
    this.hold.picked(toNewest);
    if (toNewest) [this.stick, this.unseen] = [true, 0];
    const offset = v ? scrollToShow(action.position, ROW_HEIGHT, v.scrollTop, v.clientHeight) : undefined;
    if (offset !== undefined) this.pendingScroll = { to: 'offset', offset };
    this.requestUpdate();
  };

  private copySelection = () => copySelection(this.selection, this.host, (text) => this.say(text));
  private readonly onCopyEvent = (e: ClipboardEvent): void => copyEventRows(this.selection, e);

  private readonly onDocumentKey = (e: KeyboardEvent): void => {
    const command = pageKeyCommand(e, textHasTheKeys(e.target));
    if (!command) return;
    if (command === 'filter') {
      // Kept from VS Code (which would take Ctrl+F for its own find and the focus with it).
      e.preventDefault();
      e.stopPropagation();
      this.querySelector<HTMLElement>('[data-testid="filter"]')?.focus();
    } else if (command === 'copy' && this.selection.size > 0) {
      e.preventDefault();
      this.copySelection();
    } else if (command === 'selectAll') {
      e.preventDefault();
      this.selection.selectAllShown();
    } else if (command === 'escape') {
      if (!this.menus.close(true)) {
        this.selection.clear();
        this.layoutChanged();
      }
    } else if (command === 'newest') this.jumpToBottom();
    this.requestUpdate();
  };

  // ---- actions -----------------------------------------------------------------------------

  /** A remembered on/off choice of the page (UTC times, the details pane). */
  private flip(choice: 'utc' | 'details'): void {
    this[choice] = !this[choice];
    this.save();
    this.requestUpdate();
  }

  private say(text: string): void {
    this.notice = text;
    this.requestUpdate();
  }

  /** A line cut on intake: the extension reads it whole from the platform again (its answer comes as a notice). */
  private readOlder = () => (this.say('Reading older lines from the platform…'), this.host.notify({ type: 'older' }));
  private showFullLine = (row: Row) => (
    this.say('Reading the full line from the platform…'),
    this.host.notify({ type: 'fullLine', time: row.time, pod: this.store.pods[row.pod] ?? '', message: row.message })
  );
  private setFollow(on: boolean): void {
    if (this.status) this.status = { ...this.status, follow: on };
    this.host.notify({ type: 'follow', on });
    this.requestUpdate();
  }

  // ---- rendering ---------------------------------------------------------------------------

  private toolbarModel(): ToolbarModel {
    const draft = this.filterDraft;
    return {
      status: this.status,
      filterDraft: draft,
      filterError: this.store.filterError && draft.text === this.store.filter.text && draft.regex ? this.store.filterError : undefined,
      pods: this.store.pods,
      edge: this.target?.kind === 'edgeApp',
      openMenu: this.menus.open,
      utc: this.utc,
      lineCount: this.store.lineCount,
      shownLineCount: this.store.shownLineCount,
      setFollow: (on) => this.setFollow(on),
      editFilter: (patch, immediate) => this.editFilter(patch, immediate),
      toggleMenu: (menu) => this.menus.toggle(menu),
      closeMenu: () => this.menus.close(true),
      details: this.details,
      toggleDetails: () => this.flip('details'),
      toggleUtc: () => this.flip('utc'),
      copySelection: () => this.copySelection(),
      openInEditor: () => this.host.notify({ type: 'openInEditor', filter: this.store.filter }),
      exportAs: (scope, format) => {
        this.menus.close();
        this.say(`Exporting ${scope === 'all' ? 'all' : 'the shown'} lines as .${format}…`);
        this.host.notify({ type: 'export', scope, format, filter: this.store.filter });
      },
      retryNow: () => this.host.notify({ type: 'retryNow' }),
      focusList: () => this.viewport?.focus(),
      command: (command) => this.host.notify({ type: 'command', command }),
    };
  }

  private rowView(position: number, start: number): TemplateResult {
    const row = this.store.rows[this.store.shown[position]!]!;
    return rowView(row, position, start, {
      selected: this.selection.has(row.uid),
      active: row.uid === this.selection.activeUid,
      utc: this.utc,
      pod: this.store.pods[row.pod] ?? '',
      chip: this.store.podChip(row.pod),
      edge: this.target?.kind === 'edgeApp',
    });
  }

  private body(): TemplateResult {
    const items = this.virtualizer.getVirtualItems();
    const total = this.virtualizer.getTotalSize();
    // Only a row in the DOM can be the active descendant.
    const activeDrawn = items.some((v) => this.store.rows[this.store.shown[v.index]!]?.uid === this.selection.activeUid);
    return html`<div
        class="viewport"
        tabindex="0"
        role="listbox"
        aria-multiselectable="true"
        aria-label="Log lines, newest at the bottom"
        aria-activedescendant=${activeDrawn ? `row-${this.selection.activeUid}` : nothing}
        data-testid="viewport"
        @keydown=${this.onListKey}
        @scroll=${this.onScroll}
        @pointerenter=${() => ((this.hold.pointerIn = true), this.requestUpdate())}
        @pointerleave=${() => ((this.hold.pointerIn = false), this.layoutChanged())}
        @click=${(e: MouseEvent) => this.onRowClick(e)}
      >
        <div class="canvas" ${cssProps({ height: `${total}px` })}>${items.map((v) => this.rowView(v.index, v.start))}</div>
      </div>
      ${emptyView({
        loaded: this.loaded,
        lineCount: this.store.lineCount,
        shownLineCount: this.store.shownLineCount,
        status: this.status,
        edge: this.target?.kind === 'edgeApp',
      })}
      ${pill(this.following() ? 0 : this.unseen, () => this.jumpToBottom())}`;
  }

  protected override render(): TemplateResult {
    const model = this.toolbarModel();
    const selected = this.selection.size ? this.selection.rows().length : 0;
    return html`${header(this.target, statusView(this.status, this.maxLines, this.maxMemoryMB))}
      <main>
        ${toolbar(model)} ${banner(model)}
        ${countsLine({
          shown: this.store.shownLineCount,
          all: this.store.lineCount,
          dropped: this.status?.dropped ?? 0,
          maxLines: this.maxLines,
          maxMemoryMB: this.maxMemoryMB,
          pending: this.pending,
          selected,
          notice: this.notice,
          older: this.status?.older,
          readOlder: this.readOlder,
        })}
        <div class="list">${this.body()}</div>
        ${this.details
          ? detailsPane(this.selection.activeRow(), this.utc, (pod) => this.store.pods[pod] ?? '', this.showFullLine, this.target?.kind === 'edgeApp')
          : nothing}
      </main>
      <div class="sr-only" role="status" data-testid="spoken-status">${spokenStatus(this.status, this.spokenUnseen)}</div>`;
  }
}

customElements.define('function-logs-app', FunctionLogsApp);
