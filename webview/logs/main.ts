// The Function Logs page. It holds a copy of the extension's lines (RowStore), filters it as the
// person types, and puts only the rows in view into the DOM (@tanstack/virtual-core, fixed row
// height). Newest at the bottom; it follows the bottom only while the view is there, otherwise
// new lines wait behind an "N new lines" pill and the row being read stays put, even when older
// rows are dropped above it. Nothing here asks the extension for rows: scrolling is local.
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import '../shared/elements';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import { HostConnection } from '../shared/host';
import { EMPTY_FILTER, type LogFilterSpec } from '../../src/core/logFilter';
import { logTextLine } from '../../src/core/logExport';
import {
  FILTER_TEXT_MAX,
  functionLabel,
  type ExportFormat,
  type ExportScope,
  type FollowStatus,
  type LogsEvent,
  type LogsNotification,
  type LogsPanelState,
  type LogsRequests,
  type LogsTarget,
} from '../../src/protocol/logs';
import { RowStore, type Row } from './rowStore';
import { cssProps } from './cssProps';
import { timeParts } from './timeText';

const ROW_HEIGHT = 20;
const FILTER_DEBOUNCE_MS = 80;
/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK = ROW_HEIGHT / 2;
const POD_COLORS = 8;

const count = (n: number) => n.toLocaleString('en-US');

type PendingScroll = { to: 'bottom' } | { to: 'offset'; offset: number } | undefined;

export class FunctionLogsApp extends LitElement {
  private readonly host = new HostConnection<LogsNotification, LogsRequests, LogsEvent, LogsPanelState>((event) => this.onEvent(event));
  private readonly saved = this.host.savedState();
  private readonly store = new RowStore(this.saved?.filter ?? EMPTY_FILTER);
  private utc = this.saved?.utc ?? false;
  private filterDraft: LogFilterSpec = this.store.filter;
  private target: LogsTarget | undefined = this.saved?.target;
  private status: FollowStatus | undefined;
  private maxLines = 0;
  private loaded = false;
  private readonly selected = new Set<number>();
  private selectionAnchor: number | undefined;
  /** Following the bottom: new lines scroll into view. */
  private stick = true;
  private unseen = 0;
  private notice = '';
  private exportOpen = false;
  private podsOpen = false;
  private pendingScroll: PendingScroll;
  private filterTimer: number | undefined;
  /** When the data message arrived, to time the paint that shows it. */
  private paintStart: number | undefined;
  private paintKind: 'reset' | 'ops' = 'reset';
  /** When the extension posted it (Date.now() there): post -> painted, transfer included. */
  private paintSentAt = 0;
  private paintSentAtReset = 0;
  /** Older lines of the last reset still to arrive. */
  private pending = 0;
  private viewport: HTMLElement | null = null;
  private cleanupVirtualizer: (() => void) | undefined;
  private readonly virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
    count: 0,
    getScrollElement: () => this.viewport,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    onChange: () => this.requestUpdate(),
  });

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('copy', this.onCopyEvent);
    document.addEventListener('keydown', this.onDocumentKey);
    document.addEventListener('mousedown', this.onDocumentMouseDown);
    this.host.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('copy', this.onCopyEvent);
    document.removeEventListener('keydown', this.onDocumentKey);
    document.removeEventListener('mousedown', this.onDocumentMouseDown);
    this.cleanupVirtualizer?.();
  }

  protected override firstUpdated(): void {
    this.viewport = this.querySelector<HTMLElement>('.viewport');
    this.cleanupVirtualizer = this.virtualizer._didMount();
    this.virtualizer._willUpdate();
  }

  // ---- data from the extension ------------------------------------------------------------

  private onEvent(event: LogsEvent): void {
    switch (event.type) {
      case 'reset': {
        this.paintStart = performance.now();
        this.paintSentAt = event.sentAt;
        this.paintSentAtReset = event.sentAt;
        this.paintKind = 'reset';
        this.store.reset(event);
        this.pending = event.pending;
        this.target = event.target;
        this.maxLines = event.maxLines;
        this.status = event.status;
        this.loaded = true;
        this.selected.clear();
        this.selectionAnchor = undefined;
        this.stick = true;
        this.unseen = 0;
        this.pendingScroll = { to: 'bottom' };
        this.save();
        break;
      }
      case 'ops': {
        this.paintStart = performance.now();
        this.paintSentAt = event.sentAt;
        this.paintKind = 'ops';
        // Where the person is now decides (a scroll event may not have been handled yet).
        if (this.viewport && this.stick !== this.isAtBottom()) {
          this.stick = !this.stick;
          if (this.stick) this.unseen = 0;
        }
        const anchor = this.stick ? undefined : this.topRow();
        const outcome = this.store.apply(event, anchor?.row);
        if (!outcome.applied) {
          this.host.notify({ type: 'resync', generation: this.store.generation });
          return;
        }
        if (event.backfill) {
          this.pending = Math.max(0, this.pending - event.ops.reduce((n, op) => n + (op.op === 'insert' ? op.items.length : 0), 0));
          if (this.pending === 0) this.dataset.backfillTotalMs = String(Date.now() - this.paintSentAtReset);
        }
        if (this.stick) this.pendingScroll = { to: 'bottom' };
        else {
          if (!event.backfill) this.unseen += outcome.addedShown;
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
  }

  /** The row at the top of the view and how far it is scrolled past. */
  private topRow(): { row: number; within: number } | undefined {
    const top = this.viewport?.scrollTop ?? 0;
    const position = Math.floor(top / ROW_HEIGHT);
    const row = this.store.shown[position];
    return row === undefined ? undefined : { row, within: top - position * ROW_HEIGHT };
  }

  private save(): void {
    this.host.saveState({ filter: this.store.filter, utc: this.utc, ...(this.target && { target: this.target }) });
  }

  // ---- scrolling ---------------------------------------------------------------------------

  protected override willUpdate(_changed: PropertyValues): void {
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
    this.dataset.domRows = String(this.querySelectorAll('.row').length);
    if (this.paintStart !== undefined) {
      const start = this.paintStart;
      const kind = this.paintKind;
      this.paintStart = undefined;
      const sentAt = this.paintSentAt;
      requestAnimationFrame(() => {
        // Read by the benchmark: message handled -> painted, and posted -> painted (clocks of one machine).
        this.dataset[kind === 'reset' ? 'resetPaintMs' : 'opsPaintMs'] = (performance.now() - start).toFixed(1);
        this.dataset[kind === 'reset' ? 'resetTotalMs' : 'opsTotalMs'] = String(Date.now() - sentAt);
      });
    }
  }

  private isAtBottom(): boolean {
    const viewport = this.viewport;
    return !viewport || viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight <= BOTTOM_SLACK;
  }

  private onScroll = (): void => {
    if (!this.viewport) return;
    const atBottom = this.isAtBottom();
    if (atBottom !== this.stick || (atBottom && this.unseen > 0)) {
      this.stick = atBottom;
      if (atBottom) this.unseen = 0;
      this.requestUpdate();
    }
  };

  private jumpToBottom(): void {
    this.stick = true;
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
    const anchor = this.stick ? undefined : this.topRow();
    const started = performance.now();
    this.store.setFilter(this.filterDraft);
    this.dataset.filterMs = (performance.now() - started).toFixed(1);
    this.unseen = 0;
    if (this.stick) this.pendingScroll = { to: 'bottom' };
    else if (anchor) this.pendingScroll = { to: 'offset', offset: this.store.shownPosition(anchor.row) * ROW_HEIGHT };
    this.save();
    this.requestUpdate();
  }

  // ---- selection and copy ------------------------------------------------------------------

  private onRowClick(e: MouseEvent): void {
    const element = (e.target as HTMLElement).closest<HTMLElement>('.row');
    if (!element) return;
    const position = Number(element.dataset.pos);
    const row = this.store.rows[this.store.shown[position] ?? -1];
    if (!row) return;
    if (e.shiftKey && this.selectionAnchor !== undefined) {
      const from = this.positionOfUid(this.selectionAnchor);
      if (!e.ctrlKey && !e.metaKey) this.selected.clear();
      if (from !== undefined) {
        const [a, b] = from <= position ? [from, position] : [position, from];
        for (let p = a; p <= b; p++) this.selected.add(this.store.rows[this.store.shown[p]!]!.uid);
      }
    } else if (e.ctrlKey || e.metaKey) {
      if (this.selected.has(row.uid)) this.selected.delete(row.uid);
      else this.selected.add(row.uid);
      this.selectionAnchor = row.uid;
    } else {
      this.selected.clear();
      this.selected.add(row.uid);
      this.selectionAnchor = row.uid;
    }
    this.viewport?.focus({ preventScroll: true });
    this.requestUpdate();
  }

  private positionOfUid(uid: number): number | undefined {
    const shown = this.store.shown;
    const rows = this.store.rows;
    for (let p = 0; p < shown.length; p++) if (rows[shown[p]!]!.uid === uid) return p;
    return undefined;
  }

  /** Selected rows that are shown, in order. */
  private selectedRows(): Row[] {
    if (this.selected.size === 0) return [];
    const out: Row[] = [];
    for (const index of this.store.shown) {
      const row = this.store.rows[index]!;
      if (this.selected.has(row.uid)) out.push(row);
    }
    return out;
  }

  private rowText(row: Row): string {
    if (row.marker) return logTextLine({ kind: 'marker', reason: row.marker, time: 0n, text: row.message });
    return logTextLine({ kind: 'line', time: 0n, timeText: row.time, pod: this.store.pods[row.pod] ?? '', message: row.message });
  }

  private copySelection(): void {
    const rows = this.selectedRows();
    if (rows.length === 0) return this.say('Select rows first: click a row, Shift+click to extend, Ctrl+click to add one.');
    const text = rows.map((r) => this.rowText(r)).join('\n');
    void this.host.request('copy', { text, rows: rows.filter((r) => !r.marker).length }).then(
      (r) => this.say(r.message),
      (e: Error) => this.say(`Could not copy: ${e.message}`),
    );
  }

  private readonly onCopyEvent = (e: ClipboardEvent): void => {
    // Rows are not DOM text selection (most are not in the DOM): the selected rows are what is copied.
    const active = document.activeElement;
    if (this.selected.size === 0 || (active && active.closest('vscode-textfield, input, textarea'))) return;
    const rows = this.selectedRows();
    if (rows.length === 0) return;
    e.clipboardData?.setData('text/plain', rows.map((r) => this.rowText(r)).join('\n'));
    e.preventDefault();
  };

  /** A click outside an open menu closes it. */
  private readonly onDocumentMouseDown = (e: MouseEvent): void => {
    if (!this.exportOpen && !this.podsOpen) return;
    if ((e.target as HTMLElement | null)?.closest?.('.menu-anchor')) return;
    this.exportOpen = this.podsOpen = false;
    this.requestUpdate();
  };

  private readonly onDocumentKey = (e: KeyboardEvent): void => {
    const inField = (e.target as HTMLElement | null)?.closest?.('vscode-textfield, input, textarea');
    if (inField) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'c' && this.selected.size > 0) {
      e.preventDefault();
      this.copySelection();
    } else if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      for (const index of this.store.shown) this.selected.add(this.store.rows[index]!.uid);
      this.requestUpdate();
    } else if (e.key === 'Escape') {
      if (this.exportOpen || this.podsOpen) this.exportOpen = this.podsOpen = false;
      else this.selected.clear();
      this.requestUpdate();
    } else if (e.key === 'End' && mod) this.jumpToBottom();
  };

  // ---- actions -----------------------------------------------------------------------------

  private say(text: string): void {
    this.notice = text;
    this.requestUpdate();
  }

  private exportAs(scope: ExportScope, format: ExportFormat): void {
    this.exportOpen = false;
    this.say(`Exporting ${scope === 'all' ? 'all' : 'the shown'} lines as .${format}…`);
    this.host.notify({ type: 'export', scope, format, filter: this.store.filter });
  }

  private openInEditor(): void {
    this.host.notify({ type: 'openInEditor', filter: this.store.filter });
  }

  private setFollow(on: boolean): void {
    if (this.status) this.status = { ...this.status, follow: on };
    this.host.notify({ type: 'follow', on });
    this.requestUpdate();
  }

  // ---- rendering ---------------------------------------------------------------------------

  private statusView(): TemplateResult {
    const s = this.status;
    if (!s) return html`<span class="status muted" data-testid="status"><vscode-progress-ring class="tiny"></vscode-progress-ring> Connecting…</span>`;
    const read = s.lastReadAt ? ` · last read ${new Date(s.lastReadAt).toLocaleTimeString()}` : '';
    const gap = s.lastLimit && s.lastLimit > s.limit ? ` (asked for ${count(s.lastLimit)} lines to close a gap)` : '';
    const title = `Reads the newest ${count(s.limit)} lines every ${s.intervalSeconds} s while this panel is visible${gap}. Holds at most ${count(this.maxLines)} lines.`;
    const label: Record<FollowStatus['state'], TemplateResult> = {
      loading: html`<vscode-progress-ring class="tiny"></vscode-progress-ring> Reading the newest ${count(s.limit)} lines…`,
      following: html`<span class="dot live"></span> Following · every ${s.intervalSeconds} s${read}`,
      paused: html`<span class="codicon codicon-debug-pause"></span> ${s.reason ?? 'Paused'}`,
      retrying: html`<span class="codicon codicon-sync"></span> Retrying${read}`,
      stopped: html`<span class="codicon codicon-error"></span> Stopped`,
    };
    return html`<span class="status state-${s.state}" data-testid="status" data-state=${s.state} title=${title}>${label[s.state]}</span>`;
  }

  private banner(): TemplateResult | typeof nothing {
    const s = this.status;
    if (!s?.error || (s.state !== 'retrying' && s.state !== 'stopped' && s.state !== 'paused')) return nothing;
    const kept = this.store.lineCount > 0 ? ` The ${count(this.store.lineCount)} lines shown are kept.` : '';
    const next =
      s.state === 'retrying' ? (s.retryInSeconds ? ` Trying again in ${s.retryInSeconds} s.` : ' Trying again now…') : s.state === 'stopped' ? ` ${s.reason ?? ''}` : '';
    return html`<div class="banner error" role="alert" data-testid="banner">
      <span class="codicon codicon-error"></span>
      <span class="text">Could not read the logs: ${s.error}.${kept}${next}</span>
      <span class="actions">
        ${s.signIn ? html`<vscode-button secondary @click=${() => this.host.notify({ type: 'command', command: 'signIn' })}>Sign In Again</vscode-button>` : nothing}
        <vscode-button secondary data-testid="retry" @click=${() => this.host.notify({ type: 'retryNow' })}>Retry Now</vscode-button>
        <vscode-button secondary @click=${() => this.host.notify({ type: 'command', command: 'showLog' })}>Show Log</vscode-button>
      </span>
    </div>`;
  }

  private toolbar(): TemplateResult {
    const draft = this.filterDraft;
    const error = this.store.filterError && draft.text === this.store.filter.text && draft.regex ? this.store.filterError : undefined;
    const follow = this.status?.follow ?? true;
    const pods = this.store.pods;
    return html`<div class="toolbar" role="toolbar" aria-label="Log tools">
      <vscode-button
        data-testid="follow"
        ?secondary=${follow}
        title=${follow ? 'Stop reading new lines (the lines held stay)' : 'Read new lines again every few seconds'}
        @click=${() => this.setFollow(!follow)}
        ><span class="codicon codicon-${follow ? 'debug-pause' : 'play'}"></span> ${follow ? 'Pause' : 'Follow'}</vscode-button
      >
      <div class="filter ${error ? 'has-issue' : ''}">
        <vscode-textfield
          data-testid="filter"
          placeholder=${draft.regex ? 'Filter (regular expression)' : 'Filter'}
          aria-label="Filter lines"
          .value=${draft.text}
          ?invalid=${Boolean(error)}
          @input=${(e: Event) => this.editFilter({ text: (e.target as HTMLInputElement).value })}
        >
          <vscode-toolbar-button
            slot="content-after"
            data-testid="case"
            icon="case-sensitive"
            label="Match Case"
            title="Match Case"
            toggleable
            .checked=${draft.caseSensitive}
            @click=${() => this.editFilter({ caseSensitive: !draft.caseSensitive }, true)}
          ></vscode-toolbar-button>
          <vscode-toolbar-button
            slot="content-after"
            data-testid="regex"
            icon="regex"
            label="Use Regular Expression"
            title="Use Regular Expression"
            toggleable
            .checked=${draft.regex}
            @click=${() => this.editFilter({ regex: !draft.regex }, true)}
          ></vscode-toolbar-button>
        </vscode-textfield>
        ${error ? html`<div class="issue" role="alert" data-testid="filter-error"><span class="codicon codicon-error"></span> ${error}; not applied.</div>` : nothing}
      </div>
      <div class="menu-anchor">
        <vscode-button
          secondary
          data-testid="pods"
          aria-haspopup="menu"
          aria-expanded=${this.podsOpen ? 'true' : 'false'}
          title="Show the lines of some pods only"
          @click=${() => ((this.podsOpen = !this.podsOpen), (this.exportOpen = false), this.requestUpdate())}
          ><span class="codicon codicon-server-process"></span> ${draft.pods.length === 0 ? `All pods (${pods.length})` : `${draft.pods.length} of ${pods.length} pods`}</vscode-button
        >
        ${this.podsOpen ? this.podMenu() : nothing}
      </div>
      <vscode-toolbar-button
        data-testid="utc"
        icon="globe"
        label=${this.utc ? 'Times in UTC (click for local time)' : 'Times in local time (click for UTC)'}
        title=${this.utc ? 'Times in UTC (click for local time)' : 'Times in local time (click for UTC)'}
        toggleable
        .checked=${this.utc}
        @click=${() => {
          this.utc = !this.utc;
          this.save();
          this.requestUpdate();
        }}
        >${this.utc ? 'UTC' : 'Local'}</vscode-toolbar-button
      >
      <span class="spacer"></span>
      <vscode-toolbar-button data-testid="copy" icon="copy" label="Copy selected lines" title="Copy selected lines (Ctrl+C)" @click=${() => this.copySelection()}></vscode-toolbar-button>
      <vscode-toolbar-button data-testid="open-editor" icon="go-to-file" label="Open in Editor" title="Open the shown lines in a read-only editor" @click=${() => this.openInEditor()}></vscode-toolbar-button>
      <vscode-toolbar-button
        data-testid="settings"
        icon="settings-gear"
        label="Log settings"
        title="Log settings: lines per read, seconds between reads, lines held"
        @click=${() => this.host.notify({ type: 'command', command: 'settings' })}
      ></vscode-toolbar-button>
      <div class="menu-anchor">
        <vscode-button secondary data-testid="export" aria-haspopup="menu" aria-expanded=${this.exportOpen ? 'true' : 'false'} @click=${() => ((this.exportOpen = !this.exportOpen), (this.podsOpen = false), this.requestUpdate())}
          ><span class="codicon codicon-save-as"></span> Export…</vscode-button
        >
        ${this.exportOpen ? this.exportMenu() : nothing}
      </div>
    </div>`;
  }

  private podMenu(): TemplateResult {
    const chosen = this.filterDraft.pods;
    const toggle = (pod: string) => this.editFilter({ pods: chosen.includes(pod) ? chosen.filter((p) => p !== pod) : [...chosen, pod] }, true);
    return html`<div class="menu left" role="menu" aria-label="Pods">
      <button role="menuitemcheckbox" aria-checked=${chosen.length === 0 ? 'true' : 'false'} class="menu-item" data-testid="pod-all" @click=${() => this.editFilter({ pods: [] }, true)}>
        <span class="codicon codicon-${chosen.length === 0 ? 'check' : 'blank'}"></span> All pods
      </button>
      ${this.store.pods.map(
        (pod, i) =>
          html`<button role="menuitemcheckbox" aria-checked=${chosen.includes(pod) ? 'true' : 'false'} class="menu-item" data-pod=${pod} @click=${() => toggle(pod)}>
            <span class="codicon codicon-${chosen.includes(pod) ? 'check' : 'blank'}"></span> <span class="pod-${i % POD_COLORS}">${pod}</span>
          </button>`,
      )}
    </div>`;
  }

  private exportMenu(): TemplateResult {
    const shown = this.store.shownLineCount;
    const all = this.store.lineCount;
    const item = (scope: ExportScope, format: ExportFormat, label: string) =>
      html`<button role="menuitem" class="menu-item" data-testid=${`export-${scope}-${format}`} @click=${() => this.exportAs(scope, format)}>${label}</button>`;
    return html`<div class="menu" role="menu" aria-label="Export">
      ${item('shown', 'log', `Shown lines (${count(shown)}) as .log`)} ${item('shown', 'jsonl', `Shown lines (${count(shown)}) as .jsonl`)}
      ${item('all', 'log', `All lines (${count(all)}) as .log`)} ${item('all', 'jsonl', `All lines (${count(all)}) as .jsonl`)}
    </div>`;
  }

  private rowView(position: number, start: number): TemplateResult {
    const row = this.store.rows[this.store.shown[position]!]!;
    const selected = this.selected.has(row.uid);
    if (row.marker) {
      return html`<div class="row marker ${row.marker} ${selected ? 'selected' : ''}" role="option" aria-selected=${selected ? 'true' : 'false'} data-pos=${position} ${cssProps({ transform: `translateY(${start}px)` })}>
        <span class="codicon codicon-${row.marker === 'gap' ? 'warning' : 'fold-up'}"></span><span class="msg">${row.message}</span>
      </div>`;
    }
    const time = timeParts(row.time, this.utc);
    const pod = this.store.pods[row.pod] ?? '';
    const level = row.level === 2 ? 'lv-error' : row.level === 1 ? 'lv-warn' : '';
    return html`<div class="row ${level} ${selected ? 'selected' : ''}" role="option" aria-selected=${selected ? 'true' : 'false'} data-pos=${position} ${cssProps({ transform: `translateY(${start}px)` })}>
      <span class="time" title=${time.title}>${time.display}</span><span class="pod pod-${row.pod % POD_COLORS}" title=${pod}>${pod}</span><span class="msg">${row.message}</span>
    </div>`;
  }

  private body(): TemplateResult {
    const items = this.virtualizer.getVirtualItems();
    const total = this.virtualizer.getTotalSize();
    const empty = !this.loaded
      ? 'Connecting to the extension…'
      : this.store.lineCount === 0
        ? this.status?.state === 'loading'
          ? 'Reading the newest lines…'
          : this.status?.error
            ? 'Nothing read yet: see the message above.'
            : 'No log lines yet. New lines appear here as the function writes them.'
        : this.store.shownLineCount === 0
          ? 'No line matches the filter.'
          : '';
    return html`<div
        class="viewport"
        tabindex="0"
        role="listbox"
        aria-multiselectable="true"
        aria-label="Log lines, newest at the bottom"
        data-testid="viewport"
        @scroll=${this.onScroll}
        @click=${(e: MouseEvent) => this.onRowClick(e)}
      >
        <div class="canvas" ${cssProps({ height: `${total}px` })}>${items.map((v) => this.rowView(v.index, v.start))}</div>
      </div>
      ${empty ? html`<div class="empty muted" data-testid="empty">${empty}</div>` : nothing}
      ${!this.stick && this.unseen > 0
        ? html`<button class="pill" data-testid="pill" title="Jump to the newest line (Ctrl+End)" @click=${() => this.jumpToBottom()}>
            <span class="codicon codicon-arrow-down"></span> ${count(this.unseen)} new ${this.unseen === 1 ? 'line' : 'lines'}
          </button>`
        : nothing}`;
  }

  protected override render(): TemplateResult {
    const t = this.target;
    const shown = this.store.shownLineCount;
    const all = this.store.lineCount;
    const selected = this.selected.size ? this.selectedRows().length : 0;
    return html`<header class="top">
        <h1 title=${t ? `Project ${t.projectId}, region ${t.regionId}, connection ${t.connectionName}` : ''}>
          <span class="codicon codicon-output"></span> ${t ? functionLabel(t) : 'Function Logs'}
          ${t ? html`<span class="where muted">project ${t.projectId} · region ${t.regionId} · ${t.connectionName}</span>` : nothing}
        </h1>
        ${this.statusView()}
      </header>
      ${this.toolbar()} ${this.banner()}
      <div class="counts muted">
        <span data-testid="counts">Showing ${count(shown)} of ${count(all)} lines</span>
        ${this.pending > 0 ? html`<span data-testid="backfill"> · <vscode-progress-ring class="tiny"></vscode-progress-ring> ${count(this.pending)} older lines on the way</span>` : nothing}
        ${selected ? html`<span data-testid="selected"> · ${count(selected)} selected</span>` : nothing}
        ${this.notice ? html`<span class="notice" data-testid="notice" role="status"> · ${this.notice}</span>` : nothing}
      </div>
      <div class="list">${this.body()}</div>`;
  }
}

customElements.define('function-logs-app', FunctionLogsApp);
