// The price side of a tab: totals, breakdown table, bar chart, Compare, and the states before
// a price (signed out, invalid form, loading, failed).
import { html, nothing, svg, type TemplateResult } from 'lit';
import { CHART_BAR_MAX, type ChartBar, type CompareView, type PriceDisplay, type PriceView } from '../../src/protocol/pricing';

export interface PriceActions {
  pin: () => void;
  unpin: () => void;
  retry: () => void;
  signIn: () => void;
  showLog: () => void;
  copy: (format: 'json' | 'curl') => void;
}

const LABEL_WIDTH = 170;
const VALUE_WIDTH = 110;
const ROW_HEIGHT = 26;

/** Monthly cost per resource: one bar per line, lengths proportional to the amounts. */
export function barChart(bars: ChartBar[]): TemplateResult {
  const width = LABEL_WIDTH + CHART_BAR_MAX + VALUE_WIDTH;
  const height = bars.length * ROW_HEIGHT + 4;
  return html`<figure class="chart" data-testid="price-chart">
    <figcaption>Monthly cost per resource</figcaption>
    <svg role="img" aria-label="Monthly cost per resource" viewBox="0 0 ${width} ${height}" width=${width} height=${height}>
      ${bars.map(
        (bar, i) => svg`<g class="bar-row" data-key=${bar.key}>
          <title>${bar.label}: ${bar.text} per month</title>
          <text class="bar-label" x="0" y=${i * ROW_HEIGHT + 17}>${bar.label}</text>
          <rect class="bar" data-key=${bar.key} data-value=${bar.value} x=${LABEL_WIDTH} y=${i * ROW_HEIGHT + 5} height="16" width=${bar.length.toFixed(2)} rx="2"></rect>
          <text class="bar-value" x=${LABEL_WIDTH + bar.length + 6} y=${i * ROW_HEIGHT + 17}>${bar.text}</text>
        </g>`,
      )}
    </svg>
  </figure>`;
}

function compareTable(compare: CompareView, actions: PriceActions): TemplateResult {
  const row = (r: CompareView['total'], total = false) =>
    html`<tr class=${total ? 'total' : ''} data-key=${r.key}>
      <th scope="row">${r.label}</th>
      <td>${r.pinned}</td>
      <td>${r.live}</td>
      <td class="diff ${r.sign === null ? '' : r.sign > 0 ? 'up' : r.sign < 0 ? 'down' : 'same'}" data-testid=${total ? 'compare-total' : `compare-${r.key}`}>
        ${r.sign ? html`<span class="codicon codicon-arrow-${r.sign > 0 ? 'up' : 'down'}" aria-hidden="true"></span>` : nothing}${r.difference}
      </td>
    </tr>`;
  return html`<section class="compare" data-testid="compare">
    <header>
      <h2><span class="codicon codicon-pinned"></span> Compare with pinned</h2>
      <vscode-button secondary icon="pin" title="Stop comparing" data-testid="unpin" @click=${actions.unpin}>Unpin</vscode-button>
    </header>
    <div class="muted" data-testid="pinned-summary">Pinned: ${compare.summary} (${new Date(compare.pinnedAt).toLocaleString()})</div>
    ${compare.note ? html`<div class="note" data-testid="compare-note">${compare.note}</div>` : nothing}
    <table class="grid">
      <thead>
        <tr>
          <th scope="col">Per month</th>
          <th scope="col">Pinned</th>
          <th scope="col">Live</th>
          <th scope="col">Difference</th>
        </tr>
      </thead>
      <tbody>
        ${compare.rows.map((r) => row(r))} ${row(compare.total, true)}
      </tbody>
    </table>
  </section>`;
}

function display(d: PriceDisplay, actions: PriceActions, stale: boolean): TemplateResult {
  const head = html`${stale
      ? html`<div class="stale-note" data-testid="stale-note">
          <span class="codicon codicon-history"></span> The last price, for the configuration before this one:
        </div>`
      : nothing}
    <div class="summary muted" data-testid="price-summary">${d.summary}</div>`;
  if (d.status !== 'show') {
    return html`<div class="priced ${stale ? 'stale' : ''}" data-testid="price-display" data-sequence=${d.sequence} data-status=${d.status}>
      ${head}
      <div class="message ${d.status}" role="status" data-testid="price-message">
        <span class="codicon ${d.status === 'hide' ? 'codicon-eye-closed' : 'codicon-warning'}"></span> ${d.message}
      </div>
      <div class="muted">Currency ${d.currency ?? '—'} · tax ${d.taxPercent}</div>
      ${d.compare ? compareTable(d.compare, actions) : nothing}
    </div>`;
  }
  return html`<div class="priced ${stale ? 'stale' : ''}" data-testid="price-display" data-sequence=${d.sequence} data-status=${d.status}>
    ${head}
    <div class="totals">
      <div class="total-month"><span class="amount" data-testid="total-month">${d.perMonth}</span><span class="unit">per month</span></div>
      <div class="total-hour"><span class="amount" data-testid="total-hour">${d.perHour}</span><span class="unit">per hour</span></div>
    </div>
    <dl class="facts">
      ${d.vmCount !== null
        ? html`<dt>Instances priced</dt>
            <dd data-testid="vm-count">${d.vmCount}</dd>`
        : nothing}
      <dt>Without discount</dt>
      <dd data-testid="without-discount">${d.withoutDiscount} per month</dd>
      <dt>Discount</dt>
      <dd data-testid="discount">${d.discountPercent}</dd>
      ${d.discountDetails.map(
        (x) =>
          html`<dt class="sub">on ${x.resource}</dt>
            <dd class="sub">${x.discount}</dd>`,
      )}
      <dt>Tax (included)</dt>
      <dd data-testid="tax">${d.taxPercent}</dd>
    </dl>
    <table class="grid breakdown" data-testid="breakdown">
      <thead>
        <tr>
          <th scope="col">Resource</th>
          <th scope="col">Per hour</th>
          <th scope="col">Per month</th>
        </tr>
      </thead>
      <tbody>
        ${d.rows.map(
          (r) =>
            html`<tr data-key=${r.key}>
              <th scope="row">${r.label}</th>
              <td>${r.perHour}</td>
              <td>${r.perMonth}</td>
            </tr>`,
        )}
        ${d.perGb.map(
          (g) =>
            html`<tr data-key=${g.key} class="per-gb">
              <th scope="row">${g.label}</th>
              <td colspan="2">${g.price}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${barChart(d.chart)} ${d.compare ? compareTable(d.compare, actions) : nothing}
  </div>`;
}

function toolbar(actions: PriceActions, canPin: boolean): TemplateResult {
  return html`<div class="toolbar">
    <vscode-button icon="pin" ?disabled=${!canPin} title="Keep these prices to compare the next configurations with" data-testid="pin" @click=${actions.pin}
      >Pin</vscode-button
    >
    <vscode-button secondary icon="json" title="Copy the request body as JSON" data-testid="copy-json" @click=${() => actions.copy('json')}
      >Copy Request as JSON</vscode-button
    >
    <vscode-button
      secondary
      icon="terminal"
      title="Copy a curl command (the key as $PLATFORM_API_KEY)"
      data-testid="copy-curl"
      @click=${() => actions.copy('curl')}
      >Copy as curl</vscode-button
    >
  </div>`;
}

/**
 * What a screen reader hears when a price is shown: the configuration, the totals, the difference
 * from the pin. Said once per price shown (the page's polite live region), never while typing.
 */
export function spokenPrice(d: PriceDisplay): string {
  if (d.status !== 'show') return `${d.summary}: ${d.message ?? 'no price'}`;
  const compared = d.compare && !d.compare.note ? `, ${d.compare.total.difference} per month compared with the pinned one` : '';
  return `${d.summary}: ${d.perMonth} per month, ${d.perHour} per hour${compared}`;
}

/** The price bar's one line: the totals, or what stands in their place (updating, failed, refused fields). */
function barText(view: PriceView): string {
  switch (view.state) {
    case 'signedOut':
      return 'Sign in to see prices';
    case 'invalid':
      return `Fix ${view.count} field${view.count === 1 ? '' : 's'} to see a price`;
    case 'loading':
      return view.previous?.status === 'show' ? `Updating… (was ${view.previous.perMonth} per month)` : 'Updating…';
    case 'failed':
      return `No price: ${view.message}`;
    case 'priced':
      return view.display.status === 'show' ? `${view.display.perMonth} per month · ${view.display.perHour} per hour` : (view.display.message ?? 'No price');
  }
}

/**
 * Where the form and the price share one column (a narrow panel), the price would scroll away
 * while the form is edited: this bar keeps it at the bottom of the panel, with a button to the
 * breakdown. Hidden where the two columns stand side by side (the price column stays in view).
 */
export function priceBar(view: PriceView, jump: () => void): TemplateResult {
  const { state } = view;
  const icon =
    state === 'loading' ? 'loading codicon-modifier-spin' : state === 'failed' || state === 'invalid' ? 'error' : state === 'signedOut' ? 'account' : 'tag';
  return html`<div class="price-bar" data-testid="price-bar" data-state=${state}>
    <span class="codicon codicon-${icon}" aria-hidden="true"></span>
    <span class="bar-text" data-testid="price-bar-text">${barText(view)}</span>
    <vscode-button secondary icon="arrow-down" data-testid="to-breakdown" title="Show the price and its breakdown" @click=${jump}>Breakdown</vscode-button>
  </div>`;
}

export function priceArea(view: PriceView, actions: PriceActions, copyStatus: string): TemplateResult {
  let body: TemplateResult;
  switch (view.state) {
    case 'signedOut':
      body = html`<div class="empty" data-testid="price-signed-out">
        <p>Sign in to a platform to preview prices.</p>
        <vscode-button icon="sign-in" @click=${actions.signIn}>Sign In</vscode-button>
      </div>`;
      break;
    case 'invalid':
      body = html`<div class="empty" data-testid="price-invalid">
        <span class="codicon codicon-error"></span> Fix ${view.count} field${view.count === 1 ? '' : 's'} to see a price: nothing is sent while the form is
        invalid.
      </div>`;
      break;
    case 'loading':
      body = html`<div class="loading" data-testid="price-loading"><vscode-progress-ring></vscode-progress-ring> Pricing…</div>
        ${view.previous ? display(view.previous, actions, true) : nothing}`;
      break;
    case 'failed':
      body = html`<div class="failure" role="alert" data-testid="price-failed">
          <span class="codicon codicon-error"></span> ${view.message}
          <div class="actions">
            <vscode-button icon="refresh" @click=${actions.retry}>Retry</vscode-button>
            <vscode-button secondary icon="output" @click=${actions.showLog}>Show Log</vscode-button>
          </div>
        </div>
        ${view.previous ? display(view.previous, actions, true) : nothing}`;
      break;
    case 'priced':
      body = display(view.display, actions, false);
      break;
  }
  return html`<section class="price" data-testid="price-area" data-state=${view.state} aria-label="Price">
    ${toolbar(actions, view.state === 'priced')}
    ${copyStatus ? html`<div class="copy-status muted" role="status" data-testid="copy-status">${copyStatus}</div>` : nothing} ${body}
  </section>`;
}
