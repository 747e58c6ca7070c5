// Copying the selected rows: through the extension (Copy, Ctrl+C: it says how many lines), or
// into a copy event (Edit > Copy). Rows are not DOM text selection: most are not in the DOM.
import type { HostConnection } from '../shared/host';
import type { LogsEvent, LogsNotification, LogsPanelState, LogsRequests } from '../../src/protocol/logs';
import type { RowSelection } from './rowSelection';
import { textHasTheKeys } from './rowView';

export function copySelection(
  selection: RowSelection,
  host: HostConnection<LogsNotification, LogsRequests, LogsEvent, LogsPanelState>,
  say: (text: string) => void,
): void {
  const rows = selection.rows();
  if (rows.length === 0) return say('Select rows first: click a row, Shift+click to extend, Ctrl+click to add one.');
  const text = selection.text(rows);
  void host.request('copy', { text, rows: rows.filter((r) => !r.marker).length }).then(
    (r) => say(r.message),
    (e: Error) => say(`Could not copy: ${e.message}`),
  );
}

/** Puts the selected rows in a copy event, unless the focus or the selection is in text. */
export function copyEventRows(selection: RowSelection, e: ClipboardEvent): void {
  if (selection.size === 0 || textHasTheKeys(document.activeElement)) return;
  const rows = selection.rows();
  if (rows.length === 0) return;
  e.clipboardData?.setData('text/plain', selection.text(rows));
  e.preventDefault();
}
