// One row of the log list as the page draws it (a line, or a marker where lines may be missing
// or were dropped), and what the list says when it has nothing to show.
import { html, nothing, type TemplateResult } from 'lit';
import type { FollowStatus } from '../../src/protocol/logs';
import { cutOf } from '../../src/protocol/logItems';
import { repeatedStampLength } from '../../src/protocol/logLineParts';
import { edgeLineParts, requestChip } from '../../src/protocol/edgeLineParts';
import { cssProps } from './cssProps';
import type { Row } from './rowStore';
import { timeParts } from './timeText';
import { POD_COLORS, count } from './toolbar';

/** `pod` the full name (hover, details, screen readers), `chip` the part of it the row shows. */
export function rowView(
  row: Row,
  position: number,
  start: number,
  look: { selected: boolean; active: boolean; utc: boolean; pod: string; chip: string; edge?: boolean },
): TemplateResult {
  const { selected } = look;
  const state = `${selected ? 'selected' : ''} ${look.active ? 'active' : ''}`;
  if (row.marker) {
    return html`<div
      id=${`row-${row.uid}`}
      class="row marker ${row.marker} ${state}"
      role="option"
      aria-selected=${selected ? 'true' : 'false'}
      data-pos=${position}
      ${cssProps({ transform: `translateY(${start}px)` })}
    >
      <span class="codicon codicon-${row.marker === 'gap' ? 'warning' : 'fold-up'}"></span><span class="msg">${row.message}</span>
    </div>`;
  }
  const time = timeParts(row.time, look.utc);
  const level = row.level === 2 ? 'lv-error' : row.level === 1 ? 'lv-warn' : '';
  return html`<div
    id=${`row-${row.uid}`}
    class="row ${level} ${state}"
    role="option"
    aria-selected=${selected ? 'true' : 'false'}
    data-pos=${position}
    ${cssProps({ transform: `translateY(${start}px)` })}
  >
    <span class="time" title=${time.title}>${time.display}</span
    ><span class="pod pod-${row.pod % POD_COLORS}" title=${look.pod}
      ><span class="swatch" aria-hidden="true"></span><span aria-hidden="true">${look.chip}</span><span class="sr-only">${look.pod}</span></span
    ><span class="level codicon ${row.level === 2 ? 'codicon-error' : row.level === 1 ? 'codicon-warning' : ''}" aria-hidden="true"></span>${look.edge
      ? edgeMessage(row)
      : html`<span class="msg">${rowMessage(row)}</span>`}
  </div>`;
}

/**
 * An edge app's line: its client IP and request id as chips (the request id cut to its start; the
 * whole on hover, for screen readers and in the details pane), then the text.
 */
function edgeMessage(row: Row): TemplateResult {
  const parts = edgeLineParts(row.message);
  if (!parts) return html`<span class="msg">${messageView(row.message)}</span>`;
  return html`<span class="meta ip" title=${parts.clientIp ? `Client IP ${parts.clientIp}` : 'No client IP'}
      ><span aria-hidden="true">${parts.clientIp || '–'}</span><span class="sr-only">client IP ${parts.clientIp || 'none'},</span></span
    ><span class="meta req" title=${parts.requestId ? `Request ID ${parts.requestId}` : 'No request id'}
      ><span aria-hidden="true">${requestChip(parts.requestId) || '–'}</span><span class="sr-only">request ${parts.requestId || 'none'},</span></span
    ><span class="msg">${messageView(parts.text)}</span>`;
}

/**
 * A row's message with its own leading timestamp folded when it repeats the line's time (kept in
 * the DOM text, so the whole message is still what the row holds; the details pane shows it).
 */
function rowMessage(row: Row): TemplateResult | string {
  const fold = repeatedStampLength(row.message, row.time);
  if (fold === 0) return messageView(row.message);
  return html`<span class="stamp" aria-hidden="true">${row.message.slice(0, fold)}</span><span class="text">${messageView(row.message.slice(fold))}</span>`;
}

/** A message; one cut on intake (over 16 KB) with its mark set apart: "… [48,210 more characters]". */
function messageView(message: string): TemplateResult | string {
  const cut = cutOf(message);
  if (!cut) return message;
  return html`${cut.kept}<span class="cut" data-testid="cut-mark">… [${count(cut.more)} more characters]</span>`;
}

/** What the empty list says: connecting, reading, failed, no lines yet, or nothing matches. */
export function emptyView(s: Parameters<typeof emptyText>[0]): TemplateResult | typeof nothing {
  const text = emptyText(s);
  return text ? html`<div class="empty muted" data-testid="empty">${text}</div>` : nothing;
}

/** "12 new lines": shown while new lines wait below the rows being read; a click (or Ctrl+End) goes to them. */
export function pill(unseen: number, jump: () => void): TemplateResult | typeof nothing {
  if (unseen <= 0) return nothing;
  return html`<button class="pill" data-testid="pill" title="Jump to the newest line (Ctrl+End)" @click=${jump}>
    <span class="codicon codicon-arrow-down"></span> ${count(unseen)} new ${unseen === 1 ? 'line' : 'lines'}
  </button>`;
}

export function emptyText(s: { loaded: boolean; lineCount: number; shownLineCount: number; status: FollowStatus | undefined; edge?: boolean }): string {
  if (!s.loaded) return 'Connecting to the extension…';
  if (s.lineCount === 0) {
    if (s.status?.state === 'loading') return 'Reading the newest lines…';
    if (s.status?.error) return 'Nothing read yet: see the message above.';
    return s.edge
      ? 'No log lines in this range. New lines appear here as the app serves requests.'
      : 'No log lines yet. New lines appear here as the function writes them.';
  }
  return s.shownLineCount === 0 ? 'No line matches the filter.' : '';
}

/**
 * The details pane: the active line (the one the keyboard is on or last clicked) whole, wrapped,
 * its text selectable; long lines are cut in the list, here they are read in place.
 */
export function detailsPane(
  row: Row | undefined,
  utc: boolean,
  podName: (pod: number) => string,
  showFullLine: (row: Row) => void,
  edge = false,
): TemplateResult {
  if (!row) {
    return html`<section class="details muted" data-testid="details-pane" aria-label="Line details">
      Click a line, or move to it with the arrow keys, to read it whole here.
    </section>`;
  }
  const time = row.marker ? undefined : timeParts(row.time, utc);
  const cut = row.marker ? undefined : cutOf(row.message);
  const parts = edge && !row.marker ? edgeLineParts(row.message) : undefined;
  if (time && parts) {
    return html`<section class="details" data-testid="details-pane" aria-label="Line details">
      <div class="details-head muted" data-testid="details-head">
        <span title=${time.title}>${time.display}</span> · edge <span>${podName(row.pod)}</span> · client IP <span>${parts.clientIp || 'none'}</span> · request
        id <span data-testid="details-request">${parts.requestId || 'none'}</span>
      </div>
      <div class="details-message" data-testid="details-message">${messageView(parts.text)}</div>
    </section>`;
  }
  return html`<section class="details" data-testid="details-pane" aria-label="Line details">
    ${time ? html`<div class="details-head muted"><span title=${time.title}>${time.display}</span> · <span>${podName(row.pod)}</span></div>` : nothing}
    <div class="details-message" data-testid="details-message">${messageView(row.message)}</div>
    ${cut
      ? html`<vscode-button
          secondary
          data-testid="full-line"
          title="Read this line whole from the platform again and open it in a read-only editor"
          @click=${() => showFullLine(row)}
          >Show Full Line</vscode-button
        >`
      : nothing}
  </section>`;
}

/**
 * The keys and the copy belong to text, not to the selected rows: the focus is in a text field
 * (`at`), or text is selected in the details pane.
 */
export function textHasTheKeys(at: EventTarget | Element | null): boolean {
  if ((at as HTMLElement | null)?.closest?.('vscode-textfield, input, textarea')) return true;
  const selection = document.getSelection();
  return Boolean(selection && !selection.isCollapsed && selection.anchorNode?.parentElement?.closest('.details'));
}
