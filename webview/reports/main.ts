// The Report table page. It holds the rows the extension forwards as the result arrives (TableModel), filters and
// sorts them locally and puts only the rows in view into the DOM (rowWindow.ts: one row height, so the rows in view are
// arithmetic on the scroll offset). An ARIA grid: row and column counts, sort state on the column headers, the active
// row by aria-activedescendant.
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import '../shared/elements';
import { HostConnection } from '../shared/host';
import {
  REPORT_FILTER_MAX,
  type ReportTableEvent,
  type ReportTableInfo,
  type ReportTableNotification,
  type ReportTablePanelState,
  type ReportTableRequests,
} from '../../src/protocol/reportTable';
import { unpackRows } from '../../src/protocol/packedRows';
import { keyTarget } from '../logs/listKeys';
import { cssProps } from '../logs/cssProps';
import { TableModel, cellText } from './tableModel';
import { columnTemplate, columnWidths, headerView, infoView, stateView, type LoadState } from './tableParts';
import { FrameUpdates } from './frameUpdates';
import { RowsInbox, type ReadyEvent } from './rowsInbox';
import { rowWindow, scrollToShow, type RowGeometry, type RowViewport } from './rowWindow';

const ROW_HEIGHT = 22;
const HEADER_HEIGHT = 26;
const GEOMETRY: RowGeometry = { rowHeight: ROW_HEIGHT, top: HEADER_HEIGHT, overscan: 12 };
const FILTER_DEBOUNCE_MS = 120;
/** A copy event this soon after Ctrl/Cmd+C copied the rows is the workbench's echo of the same keys. */
const COPY_ECHO_MS = 1000;

const count = (n: number) => n.toLocaleString('en-US');

export class ReportTableApp extends LitElement {
  private readonly inbox = new RowsInbox(
    (e) => this.onEvent(e),
    (error) => this.onEvent({ type: 'failed', generation: this.generation, message: `the rows did not arrive whole (${String(error)})` }),
  );
  private readonly host = new HostConnection<ReportTableNotification, ReportTableRequests, ReportTableEvent, ReportTablePanelState>((e) =>
    this.inbox.receive(e),
  );
  private readonly saved = this.host.savedState();
  private readonly model = new TableModel();
  private generation = -1;
  private info: ReportTableInfo | undefined;
  private target = this.saved?.target;
  private load: LoadState = { state: 'connecting' };
  private filterDraft = this.saved?.filter ?? '';
  private filterTimer: number | undefined;
  private active: number | undefined;
  private anchor: number | undefined;
  private spoken = '';
  private copiedByKeyAt = -Infinity;
  private notice = '';
  private widths: number[] = [];
  private firstRowsAt: number | undefined;
  private startedAt = 0;
  private viewport: HTMLElement | null = null;
  /** The grid's scroll offset and inner height as last seen (scroll event, resize, our own scroll). */
  private gridTop = 0;
  private viewHeight = 0;
  /** The positions drawn by the last render: a scroll that stays inside them draws nothing again. */
  private drawn = { start: 0, end: 0 };
  private resizes: ResizeObserver | undefined;
  /** Rows arriving while a read goes on are drawn once per frame, however many messages the frame saw. */
  private readonly rowUpdates = new FrameUpdates(() => this.requestUpdate());

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('copy', this.onCopyEvent);
    this.host.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('copy', this.onCopyEvent);
    this.resizes?.disconnect();
    this.rowUpdates.cancel();
  }

  protected override firstUpdated(): void {
    const grid = this.querySelector<HTMLElement>('.grid');
    this.viewport = grid;
    if (!grid) return;
    grid.addEventListener('scroll', this.onScroll, { passive: true });
    this.resizes = new ResizeObserver(() => {
      this.viewHeight = grid.clientHeight;
      this.requestUpdate();
    });
    this.resizes.observe(grid);
  }

  private onScroll = (): void => {
    this.gridTop = this.viewport?.scrollTop ?? 0;
    const next = rowWindow(GEOMETRY, this.view(), this.model.shownCount);
    if (next.start < this.drawn.start || next.end > this.drawn.end) this.requestUpdate();
  };

  /** The grid as last seen. */
  private view(): RowViewport {
    // Before the grid is measured (the first rows of a page), a screenful is drawn.
    return { scrollTop: this.gridTop, height: this.viewHeight || window.innerHeight };
  }

  // ---- data from the extension ------------------------------------------------------------

  private onEvent(event: ReadyEvent): void {
    if (event.type === 'notice') {
      this.notice = event.text;
      return this.requestUpdate();
    }
    if (event.type === 'start') {
      this.generation = event.generation;
      this.info = event.info;
      this.target = event.target;
      this.model.reset();
      this.model.setFilter(this.filterDraft);
      if (this.saved?.sort) this.model.setSort(this.saved.sort);
      this.load = { state: 'loading' };
      this.active = this.anchor = undefined;
      this.firstRowsAt = undefined;
      this.startedAt = performance.now();
      this.save();
      return this.requestUpdate();
    }
    if (event.generation !== this.generation) return;
    switch (event.type) {
      case 'headers':
        this.model.reset(event.headers);
        this.model.setFilter(this.filterDraft);
        if (this.saved?.sort && this.saved.sort.column < event.headers.length) this.model.setSort(this.saved.sort);
        break;
      case 'rows': {
        const first = this.model.rows.length === 0;
        this.model.append(unpackRows(event.rows));
        if (!first) return this.rowUpdates.request();
        this.firstRows();
        break;
      }
      case 'done':
        if (this.model.needsSort) this.model.setSort(this.model.sort);
        this.load = event.complete ? { state: 'done' } : { state: 'stopped', maxMB: event.maxMB };
        this.dataset.loadMs = (performance.now() - this.startedAt).toFixed(0);
        this.say(`${count(event.rowCount)} rows loaded${event.complete ? '' : `, stopped at ${event.maxMB} MB`}.`);
        break;
      case 'failed':
        this.load = { state: 'failed', message: event.message, signIn: event.signIn === true };
        this.say(`Could not read the report: ${event.message}`);
        break;
    }
    this.requestUpdate();
  }

  /** The first rows arrived: columns sized from them; the time until they are painted is told to the extension. */
  private firstRows(): void {
    this.widths = columnWidths(this.model);
    this.firstRowsAt = performance.now();
    const generation = this.generation;
    // A task queued from the animation frame runs once that frame is painted.
    void this.updateComplete.then(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          const ms = performance.now() - (this.firstRowsAt ?? 0);
          this.dataset.firstPaintMs = ms.toFixed(1);
          this.host.notify({ type: 'painted', generation, ms });
        }, 0),
      ),
    );
  }

  private save(): void {
    const target = this.target;
    this.host.saveState({ ...(target ? { target } : {}), filter: this.model.filter, ...(this.model.sort ? { sort: this.model.sort } : {}) });
  }

  private say(text: string): void {
    this.spoken = text;
    this.requestUpdate();
  }

  // ---- filter and sort ---------------------------------------------------------------------

  private onFilterInput = (e: Event): void => {
    this.filterDraft = ((e.target as HTMLInputElement).value ?? '').slice(0, REPORT_FILTER_MAX);
    window.clearTimeout(this.filterTimer);
    this.filterTimer = window.setTimeout(() => this.applyFilter(), FILTER_DEBOUNCE_MS);
  };

  private applyFilter(): void {
    const started = performance.now();
    this.model.setFilter(this.filterDraft);
    this.dataset.filterMs = (performance.now() - started).toFixed(1);
    this.active = this.anchor = undefined;
    this.say(`${count(this.model.shownCount)} of ${count(this.model.rows.length)} rows shown.`);
    this.save();
    this.requestUpdate();
  }

  private sortBy(column: number): void {
    const next = this.model.nextSort(column);
    const started = performance.now();
    this.model.setSort(next);
    this.dataset.sortMs = (performance.now() - started).toFixed(1);
    this.active = this.anchor = undefined;
    this.say(next ? `Sorted by ${this.model.header(column)}, ${next.direction === 'asc' ? 'ascending' : 'descending'}.` : 'In the report\u2019s order.');
    this.save();
    this.requestUpdate();
    if (this.viewport) this.viewport.scrollTop = this.gridTop = 0;
  }

  // ---- selection, keyboard, copy ------------------------------------------------------------

  private get selection(): [number, number] | undefined {
    if (this.active === undefined) return undefined;
    const a = this.anchor ?? this.active;
    return [Math.min(a, this.active), Math.max(a, this.active)];
  }

  private moveTo(position: number, extend: boolean): void {
    if (!extend || this.anchor === undefined) this.anchor = position;
    this.active = position;
    const grid = this.viewport;
    const canvas = this.querySelector<HTMLElement>('.canvas');
    if (grid && canvas) {
      // The band the rows show in, between the sticky header and the totals row, as drawn.
      const head = this.querySelector<HTMLElement>('.head')?.getBoundingClientRect();
      const totals = this.querySelector<HTMLElement>('.totals')?.getBoundingClientRect();
      const box = grid.getBoundingClientRect();
      const inner = box.top + grid.clientTop;
      const band = { top: head?.bottom ?? inner, bottom: Math.min(totals?.top ?? Infinity, inner + grid.clientHeight) };
      const top = canvas.getBoundingClientRect().top + position * ROW_HEIGHT;
      const by = scrollToShow({ top, bottom: top + ROW_HEIGHT }, band);
      if (by !== 0) {
        grid.scrollTop += by;
        this.gridTop = grid.scrollTop; // the browser's clamp: past the end it stays at the end
      }
    }
    this.requestUpdate();
  }

  private onRowClick = (e: MouseEvent): void => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('.row');
    if (!row?.dataset.pos) return;
    this.moveTo(Number(row.dataset.pos), e.shiftKey);
    this.viewport?.focus({ preventScroll: true });
  };

  private onGridKey = (e: KeyboardEvent): void => {
    // Chromium fires no copy event without a text selection, so the keys copy the selected rows themselves; the copy
    // event desktop VS Code dispatches afterwards (Edit > Copy) is then only swallowed (onCopyEvent).
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'c' || e.key === 'C' || e.key === 'Insert')) {
      if (!this.selection) return;
      e.preventDefault();
      this.copiedByKeyAt = performance.now();
      return this.copy();
    }
    if ((e.ctrlKey || e.metaKey) && (e.key === 'a' || e.key === 'A') && this.model.shownCount > 0) {
      e.preventDefault();
      this.anchor = 0;
      this.active = this.model.shownCount - 1;
      this.say(`${count(this.model.shownCount)} rows selected.`);
      return this.requestUpdate();
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor((this.viewport?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 2);
    const top = Math.floor(Math.max(0, this.viewport?.scrollTop ?? 0) / ROW_HEIGHT);
    const target = keyTarget(e.key, this.active ?? Math.min(top, this.model.shownCount - 1) - (e.key === 'ArrowDown' ? 1 : 0), this.model.shownCount, page);
    if (target === undefined) return;
    e.preventDefault();
    this.moveTo(target, e.shiftKey);
  };

  /** Copy with the grid focused and rows selected: the rows as TSV (text selected elsewhere copies as usual). */
  private onCopyEvent = (e: ClipboardEvent): void => {
    const range = this.selection;
    if (!this.viewport?.contains(document.activeElement) || !range) return;
    // A cancelled copy event writes its own data: the same rows, so an echo cannot blank what the keys copied.
    e.preventDefault();
    e.clipboardData?.setData('text/plain', this.model.copyText(range[0], range[1]));
    if (performance.now() - this.copiedByKeyAt > COPY_ECHO_MS) this.copy();
  };

  private copy(): void {
    const range = this.selection;
    if (!range) return this.say('Select rows to copy (click a row, Shift+arrows to extend).');
    const rows = range[1] - range[0] + 1;
    void this.host.request('copy', { text: this.model.copyText(range[0], range[1]), rows }).then(
      (r) => this.say(r.message),
      (e: Error) => this.say(`Could not copy: ${e.message}`),
    );
  }

  // ---- rendering ---------------------------------------------------------------------------

  protected override updated(): void {
    this.dataset.domRows = String(this.querySelectorAll('.grid .row[data-pos]').length);
    this.dataset.shown = String(this.model.shownCount);
    this.dataset.loaded = String(this.model.rows.length);
    this.dataset.state = this.load.state;
  }

  protected override render(): TemplateResult {
    const m = this.model;
    const columns = m.columnCount;
    const shown = m.shownCount;
    const range = this.selection;
    const totals = m.totals();
    const hasTotals = totals.some((t) => t !== undefined);
    const footer = hasTotals
      ? totals.map((t, c) => (t !== undefined ? m.totalText(c, t) : c === 0 ? (shown === m.rows.length ? 'Total' : 'Total (shown rows)') : ''))
      : [];
    const template = { '--cols': columnTemplate(this.widths.length === columns ? this.widths : columnWidths(m), footer) };
    // Drawn from the offset last seen: the rows in view whatever their count, nothing measured.
    const { start, end } = (this.drawn = rowWindow(GEOMETRY, this.view(), shown));
    const positions = Array.from({ length: end - start }, (_, i) => start + i);
    return html`
      ${infoView(this.info)}
      <main>
        <div class="toolbar">
          <vscode-textfield
            class="filter"
            placeholder="Filter rows (plain text, any case)"
            aria-label="Filter rows"
            .value=${this.filterDraft}
            maxlength=${REPORT_FILTER_MAX}
            @input=${this.onFilterInput}
            data-testid="filter"
            ><span slot="content-before" class="codicon codicon-filter"></span
          ></vscode-textfield>
          <span class="counts" data-testid="counts"
            >${shown === m.rows.length ? `${count(shown)} rows` : `${count(shown)} of ${count(m.rows.length)} rows`}</span
          >
          <span class="spacer"></span>
          <vscode-button secondary ?disabled=${!range} @click=${() => this.copy()} title="Copy the selected rows as tab-separated text (Ctrl+C)"
            >Copy Rows</vscode-button
          >
          <vscode-button secondary @click=${() => this.host.notify({ type: 'command', command: 'saveAs' })}>Save Report As…</vscode-button>
          <vscode-button secondary @click=${() => this.host.notify({ type: 'reload' })} title="Read the result again">Reload</vscode-button>
        </div>
        ${stateView(this.load, m.rows.length, (command) => this.host.notify(command === 'reload' ? { type: 'reload' } : { type: 'command', command }))}
        ${this.notice ? html`<div class="notice" role="status">${this.notice}</div>` : nothing}
        <div class="list">
          <div
            class="grid"
            role="grid"
            tabindex="0"
            aria-label=${`Report ${this.info?.template ?? ''} rows`}
            aria-rowcount=${shown + 1 + (hasTotals ? 1 : 0)}
            aria-colcount=${columns}
            aria-multiselectable="true"
            aria-activedescendant=${this.active !== undefined && this.active >= start && this.active < end ? `row-${this.active}` : nothing}
            @keydown=${this.onGridKey}
            @click=${this.onRowClick}
            data-testid="grid"
            ${cssProps(template)}
          >
            ${headerView(m, (c) => this.sortBy(c))}
            <div class="canvas" role="rowgroup" ${cssProps({ height: `${shown * ROW_HEIGHT}px` })}>
              ${positions.map((index) => {
                const row = m.rowAt(index);
                if (!row) return nothing;
                const selected = range !== undefined && index >= range[0] && index <= range[1];
                return html`<div
                  id=${`row-${index}`}
                  class="row ${selected ? 'selected' : ''} ${index === this.active ? 'active' : ''}"
                  role="row"
                  aria-rowindex=${index + 2}
                  aria-selected=${selected ? 'true' : 'false'}
                  data-pos=${index}
                  ${cssProps({ transform: `translateY(${index * ROW_HEIGHT}px)` })}
                >
                  ${Array.from({ length: columns }, (_, c) => {
                    const cell = row[c] ?? null;
                    return html`<div role="gridcell" aria-colindex=${c + 1} class="cell ${m.isNumeric(c) ? 'num' : ''}" title=${cellText(cell)}>
                      ${m.cellDisplay(c, cell)}
                    </div>`;
                  })}
                </div>`;
              })}
            </div>
            ${hasTotals
              ? html`<div class="totals" role="rowgroup">
                  <div class="row foot" role="row" aria-rowindex=${shown + 2}>
                    ${totals.map(
                      (t, c) =>
                        html`<div
                          role="gridcell"
                          aria-colindex=${c + 1}
                          class="cell ${t !== undefined ? 'num' : ''}"
                          data-testid=${t !== undefined ? `total-${c}` : nothing}
                        >
                          ${footer[c]}
                        </div>`,
                    )}
                  </div>
                </div>`
              : nothing}
          </div>
        </div>
      </main>
      <div class="sr-only" role="status" aria-live="polite" data-testid="spoken">${this.spoken}</div>
    `;
  }
}

customElements.define('report-table-app', ReportTableApp);
