// Held log lines as files: `.log` (one readable line per entry, markers as `#` lines) and
// `.jsonl` (each entry as the platform sent it, `{"Time","Pod","Message"}`; markers as
// `{"marker","text"}` so a gap is never silently lost in an export).
import type { LogItem } from './logItems';

export type LogExportFormat = 'log' | 'jsonl';

/** `2026-05-23T05:07:31.123456789Z [pod] message`; Time exactly as the platform sent it. */
export function logTextLine(item: LogItem): string {
  if (item.kind === 'marker') return `# ${item.text}`;
  const message = item.message.replace(/\r?\n/g, '\\n');
  return `${item.timeText} [${item.pod}]${message.startsWith(' ') ? '' : ' '}${message}`;
}

export function jsonLine(item: LogItem): string {
  if (item.kind === 'marker') return JSON.stringify({ marker: item.reason, text: item.text });
  return JSON.stringify({ Time: item.timeText, Pod: item.pod, Message: item.message });
}

/** The whole file's text; every line ends with a newline. */
export function exportText(items: Iterable<LogItem>, format: LogExportFormat): string {
  const line = format === 'log' ? logTextLine : jsonLine;
  const parts: string[] = [];
  for (const item of items) parts.push(line(item));
  return parts.length ? `${parts.join('\n')}\n` : '';
}

/** Counts for the message after an export: lines and markers written. */
export function exportCounts(items: Iterable<LogItem>): { lines: number; markers: number } {
  let lines = 0;
  let markers = 0;
  for (const item of items) {
    if (item.kind === 'line') lines++;
    else markers++;
  }
  return { lines, markers };
}
