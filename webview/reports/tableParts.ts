// The report table page's pieces: the report's header (template, parameters, connection), the
// column headers with their sort state, the loading / failed / stopped line, and column widths.
import { html, nothing, type TemplateResult } from 'lit';
import type { ReportTableInfo } from '../../src/protocol/reportTable';
import type { TableModel } from './tableModel';

export type LoadState =
  | { state: 'connecting' }
  | { state: 'loading' }
  | { state: 'done' }
  | { state: 'stopped'; maxMB: number }
  | { state: 'failed'; message: string; signIn: boolean };

/** Each column's width in characters from its header and the first rows (numbers narrower), within bounds. */
export function columnWidths(model: TableModel): number[] {
  const sample = model.rows.slice(0, 200);
  return Array.from({ length: model.columnCount }, (_, c) => {
    let chars = model.header(c).length + 3;
    for (const row of sample) chars = Math.max(chars, model.cellDisplay(c, row[c] ?? null).length);
    return Math.min(48, Math.max(6, chars + 2));
  });
}

/** The grid's column template: each width, widened where the totals row's text would not fit. */
export function columnTemplate(widths: readonly number[], footer: readonly string[]): string {
  return widths.map((w, c) => `${Math.max(w, (footer[c]?.length ?? 0) + 2)}ch`).join(' ');
}

export function infoView(info: ReportTableInfo | undefined): TemplateResult {
  if (!info) return html`<header class="top"><h1>Report</h1></header>`;
  const created = info.createdAt ? new Date(info.createdAt) : undefined;
  return html`<header class="top">
    <h1>Report${info.template ? ` ${info.template}` : ''}<span class="where muted">on ${info.connectionName}</span></h1>
    <dl class="facts" data-testid="facts">
      ${info.parameters.map(
        ([k, v]) =>
          html`<div>
            <dt>${k}</dt>
            <dd>${v}</dd>
          </div>`,
      )}
      ${created && !Number.isNaN(created.getTime())
        ? html`<div>
            <dt>Created</dt>
            <dd>${created.toISOString().slice(0, 16).replace('T', ' ')} UTC</dd>
          </div>`
        : nothing}
      <div>
        <dt>UUID</dt>
        <dd>${info.uuid}</dd>
      </div>
    </dl>
  </header>`;
}

export function headerView(model: TableModel, sortBy: (column: number) => void): TemplateResult {
  const sort = model.sort;
  return html`<div class="head" role="rowgroup">
    <div class="row" role="row" aria-rowindex="1">
      ${Array.from({ length: model.columnCount }, (_, c) => {
        const direction = sort?.column === c ? sort.direction : undefined;
        const name = model.header(c);
        return html`<div
          role="columnheader"
          aria-colindex=${c + 1}
          class="cell ${model.isNumeric(c) ? 'num' : ''}"
          aria-sort=${direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
        >
          <button class="sort" data-testid=${`sort-${c}`} @click=${() => sortBy(c)} title=${`Sort by ${name}`}>
            <span class="name">${name}</span
            ><span class="codicon ${direction === 'asc' ? 'codicon-arrow-up' : direction === 'desc' ? 'codicon-arrow-down' : ''}" aria-hidden="true"></span>
          </button>
        </div>`;
      })}
    </div>
  </div>`;
}

type StateCommand = 'reload' | 'saveAs' | 'showLog' | 'signIn' | 'settings';

export function stateView(load: LoadState, rows: number, run: (command: StateCommand) => void): TemplateResult | typeof nothing {
  const n = rows.toLocaleString('en-US');
  switch (load.state) {
    case 'connecting':
      return html`<div class="state" data-testid="state">Connecting to the extension…</div>`;
    case 'loading':
      return html`<div class="state" data-testid="state">
        <vscode-progress-ring class="tiny" aria-hidden="true"></vscode-progress-ring> Reading the report… ${n} rows so far
      </div>`;
    case 'done':
      return nothing;
    case 'stopped':
      return html`<div class="state banner" data-testid="state">
        <span class="codicon codicon-warning" aria-hidden="true"></span>
        <span
          >Stopped loading at ${load.maxMB} MB (${n} rows): the table holds at most <code>platformConsole.reports.maxTableMB</code>. Save the report for the
          whole result.</span
        >
        <vscode-button @click=${() => run('saveAs')}>Save Report As…</vscode-button>
        <vscode-button secondary @click=${() => run('settings')}>Settings</vscode-button>
      </div>`;
    case 'failed':
      return html`<div class="state banner error" role="alert" data-testid="state">
        <span class="codicon codicon-error" aria-hidden="true"></span>
        <span data-testid="error">Could not read the report: ${load.message}</span>
        ${load.signIn ? html`<vscode-button @click=${() => run('signIn')}>Sign In</vscode-button>` : nothing}
        <vscode-button secondary @click=${() => run('reload')}>Retry</vscode-button>
        <vscode-button secondary @click=${() => run('showLog')}>Show Log</vscode-button>
      </div>`;
  }
}
