// Saving a report's result to a file: the formats offered, the file name proposed from the
// template and dates, the progress text (bytes, and % when the length is known), and the name of
// the temporary file written beside the chosen one until the download is whole. No VS Code, no I/O.
import { REPORT_FORMATS, type ReportFormat } from '../../../schema/reportResult';

export interface FormatChoice {
  format: ReportFormat;
  /** What the person picks: "CSV", "Excel", "JSON". */
  label: string;
  extension: string;
  /** The save dialog's filter name. */
  filterName: string;
  description: string;
}

export const FORMAT_CHOICES: readonly FormatChoice[] = [
  { format: 'csv', label: 'CSV', extension: 'csv', filterName: 'CSV files', description: 'comma-separated values, a header row first' },
  { format: 'xlsx', label: 'Excel', extension: 'xlsx', filterName: 'Excel workbooks', description: 'an .xlsx workbook' },
  { format: 'json', label: 'JSON', extension: 'json', filterName: 'JSON files', description: '{ headers, rows }' },
];

export function formatChoice(format: ReportFormat): FormatChoice {
  return FORMAT_CHOICES.find((c) => c.format === format)!;
}

/** A remembered format read back leniently: anything else is no format. */
export function knownFormat(value: unknown): ReportFormat | undefined {
  return REPORT_FORMATS.find((f) => f === value);
}

/** What the proposed name is made of: the task's template and its dates. */
export interface ReportNameSource {
  template: string;
  parameters?: Record<string, unknown> | null;
  /** The processing notes' period ("2026-04"), when the parameters carry no dates. */
  period?: string | null;
  /** The task's creation time, the last resort for a date. */
  createdAt?: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NAME_MAX = 120;
/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** Letters, digits, `.`, `_` and `-` only; runs of anything else become one `_`. */
export function safeNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '');
}

function dateText(value: unknown): string | undefined {
  return typeof value === 'string' && DATE.test(value.trim()) ? value.trim() : undefined;
}

/** `ResellerExpenses_2026-04-01_2026-04-30.csv`; the period or creation date when there are no date parameters. */
export function proposedFileName(source: ReportNameSource, format: ReportFormat): string {
  const from = dateText(source.parameters?.date_from);
  const to = dateText(source.parameters?.date_to);
  let dates: string[] = [from, to].filter((d): d is string => d !== undefined);
  if (from && to && from === to) dates = [from];
  if (dates.length === 0 && source.period) dates = [source.period];
  if (dates.length === 0 && source.createdAt) {
    const created = dateText(source.createdAt.slice(0, 10));
    if (created) dates = [created];
  }
  let stem = [source.template, ...dates].map(safeNamePart).filter(Boolean).join('_');
  if (!stem || RESERVED.test(stem)) stem = `report${stem ? `_${stem}` : ''}`;
  const extension = formatChoice(format).extension;
  return `${stem.slice(0, NAME_MAX - extension.length - 1).replace(/[._-]+$/, '')}.${extension}`;
}

/** The name with its extension set to the format's (the person may have typed another). */
export function withExtension(fileName: string, format: ReportFormat): string {
  const extension = formatChoice(format).extension;
  return fileName.toLowerCase().endsWith(`.${extension}`) ? fileName : `${fileName}.${extension}`;
}

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** Bytes in decimal units, as download progress reads: "512 B", "12.3 MB", "200 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = value >= 100 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${UNITS[unit]}`;
}

/** "12.3 MB of 200 MB (6%)", or "12.3 MB" when the server announced no length. */
export function downloadProgressText(bytes: number, declaredBytes?: number): string {
  if (!declaredBytes || declaredBytes <= 0) return formatBytes(bytes);
  const percent = Math.min(100, Math.floor((bytes / declaredBytes) * 100));
  return `${formatBytes(bytes)} of ${formatBytes(declaredBytes)} (${percent}%)`;
}

const TEMP_SUFFIX = '.part';

/** The hidden file beside the chosen one that takes the bytes until they are whole: `.name.csv.<token>.part`. */
export function temporaryFileName(fileName: string, token: string): string {
  return `.${fileName}.${safeNamePart(token) || 'download'}${TEMP_SUFFIX}`;
}

/** Whether a file in the folder is one of ours, left by a download of `fileName`. */
export function isTemporaryFileName(name: string, fileName: string): boolean {
  return name.startsWith(`.${fileName}.`) && name.endsWith(TEMP_SUFFIX) && name.length > fileName.length + 2 + TEMP_SUFFIX.length;
}
