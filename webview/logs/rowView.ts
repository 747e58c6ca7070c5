// One row of the log list as the page draws it (a line, or a marker where lines may be missing
// or were dropped), and what the list says when it has nothing to show.
import { html, type TemplateResult } from 'lit';
import type { FollowStatus } from '../../src/protocol/logs';
import { cssProps } from './cssProps';
import type { Row } from './rowStore';
import { timeParts } from './timeText';
import { POD_COLORS } from './toolbar';

export function rowView(row: Row, position: number, start: number, look: { selected: boolean; utc: boolean; pod: string }): TemplateResult {
  const { selected } = look;
  if (row.marker) {
    return html`<div class="row marker ${row.marker} ${selected ? 'selected' : ''}" role="option" aria-selected=${selected ? 'true' : 'false'} data-pos=${position} ${cssProps({ transform: `translateY(${start}px)` })}>
      <span class="codicon codicon-${row.marker === 'gap' ? 'warning' : 'fold-up'}"></span><span class="msg">${row.message}</span>
    </div>`;
  }
  const time = timeParts(row.time, look.utc);
  const level = row.level === 2 ? 'lv-error' : row.level === 1 ? 'lv-warn' : '';
  return html`<div class="row ${level} ${selected ? 'selected' : ''}" role="option" aria-selected=${selected ? 'true' : 'false'} data-pos=${position} ${cssProps({ transform: `translateY(${start}px)` })}>
    <span class="time" title=${time.title}>${time.display}</span><span class="pod pod-${row.pod % POD_COLORS}" title=${look.pod}>${look.pod}</span><span class="msg">${row.message}</span>
  </div>`;
}

/** What the empty list says: connecting, reading, failed, no lines yet, or nothing matches. */
export function emptyText(s: { loaded: boolean; lineCount: number; shownLineCount: number; status: FollowStatus | undefined }): string {
  if (!s.loaded) return 'Connecting to the extension…';
  if (s.lineCount === 0) {
    if (s.status?.state === 'loading') return 'Reading the newest lines…';
    if (s.status?.error) return 'Nothing read yet: see the message above.';
    return 'No log lines yet. New lines appear here as the function writes them.';
  }
  return s.shownLineCount === 0 ? 'No line matches the filter.' : '';
}
