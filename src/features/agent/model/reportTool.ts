// read_report: a completed report task's result for the model: its headers and first rows (capped
// by count and by size), with the count of all rows and whether the answer was cut. The result is
// read as a stream (openStream + readReportRows): only the rows shown are held, whatever its size.
import * as z from 'zod';
import { REPORT_STATUSES } from '../../../schema/billing';
import { endpoints } from '../../../schema/endpoints';
import { isPlatformError } from '../../../schema/errors';
import { REPORT_MEDIA_TYPES } from '../../../schema/reportResult';
import { readReportRows, type ReportRowCell } from '../../../platform/reportRows';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { NOTE_MAX, bounded, nameOf, reported, withData } from './toolAnswers';
import { blockOverhead, jsonLine } from './platformText';

/** Rows shown when the model does not say. */
export const REPORT_ROWS_DEFAULT = 50;
/** The most rows one answer shows. */
export const REPORT_ROWS_MAX = 500;
/** The most characters one answer holds (larger than other answers: the rows are what was asked for). */
export const REPORT_ANSWER_MAX = 16_000;
/** Past this many bytes the rows are no longer counted (the count is then a lower bound). */
export const REPORT_COUNT_MAX_BYTES = 512 * 1024 * 1024;
/** A cell's text longer than this is shortened in the answer. */
const CELL_MAX = 200;

const BODY = REPORT_ANSWER_MAX - NOTE_MAX;
/** Kept for our words around the rows (head and tail). */
const WORDS = 900;

const opts = (b: AgentBinding) => ({ signal: b.signal });
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const readReport = defineTool({
  name: 'read_report',
  referenceName: 'platformReadReport',
  displayName: 'Read Report Result',
  userDescription: "A completed report's column headers and first rows, with its row count",
  modelDescription: `Reads the result of a Completed billing report task by uuid: its column headers and its first rows (default ${REPORT_ROWS_DEFAULT}, at most ${REPORT_ROWS_MAX}; "rows" sets how many; an answer holds at most about ${REPORT_ANSWER_MAX / 1000} KB, so wide rows show fewer), each row one JSON array in header order, with the total row count and whether rows were left out. A task that is not Completed answers its status; a report the platform failed to render answers the platform's error. For the whole result the person opens or saves the report in Platform Console. Use list_report_tasks to find a uuid.`,
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      id: endpoints.downloadReport.params.shape.uuid.describe('The report task uuid'),
      rows: z
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(REPORT_ROWS_MAX, `must be at most ${REPORT_ROWS_MAX}`)
        .optional()
        .describe(`How many of the first rows to show (default ${REPORT_ROWS_DEFAULT})`),
    }),
  run: async (b, { id, rows }) => reportAnswer(b, id, rows ?? REPORT_ROWS_DEFAULT),
});

async function reportAnswer(b: AgentBinding, id: string, wanted: number): Promise<string> {
  const on = `on ${nameOf(b.connectionName)}`;
  const task = await b.api.billing.getReport({ params: { id } }, opts(b));
  if (task.status !== 'Completed') {
    // A status of the spec is our word; anything else is the platform's text, shown as data.
    const known = REPORT_STATUSES.find((s) => s === task.status);
    const next =
      task.status === 'Pending' || task.status === 'InProgress'
        ? 'Reports take minutes: call get_report_task later, and read_report once it is Completed.'
        : 'It has no result to read; get_report_task shows its errors.';
    if (known || !task.status) return bounded(`Report task ${id} ${on} is ${known ?? 'without a status'}, not Completed: it has no result yet. ${next}`);
    return withData({
      head: `Report task ${id} ${on} is not Completed; its status as the platform gives it:`,
      source: 'read_report',
      data: [jsonLine(task.status)],
      tail: next,
    });
  }
  let stream;
  try {
    stream = await b.api.http.openStream(
      endpoints.downloadReport,
      { params: { uuid: id }, query: { format: 'json' } },
      { accept: REPORT_MEDIA_TYPES.json, signal: b.signal },
    );
  } catch (error) {
    // The platform's 400 `{"error": "Failed to render report: …"}`: its words, as data.
    if (isPlatformError(error) && error.status === 400) {
      return withData({
        head: `The platform could not render report task ${id} ${on} (HTTP 400). What it reported:`,
        source: 'read_report',
        data: reported(error),
        tail: 'Its result cannot be read; get_report_task shows the task.',
      });
    }
    throw error;
  }
  let headers: string[] = [];
  const kept: ReportRowCell[][] = [];
  const read = await readReportRows(
    stream.body,
    {
      onHeaders: (h) => {
        headers = h;
      },
      onRows: (batch) => {
        for (const row of batch) {
          if (kept.length >= wanted) break;
          kept.push(row);
        }
      },
    },
    { maxBytes: REPORT_COUNT_MAX_BYTES },
  );
  return rowsAnswer({ id, on, template: templateOf(task.parameters), headers, kept, total: read.rowCount, counted: read.complete });
}

function templateOf(parameters: Record<string, unknown> | null | undefined): string | undefined {
  const type = parameters?.type;
  return typeof type === 'string' && type.trim() ? type.trim() : undefined;
}

/** The head, then the headers and as many of the kept rows as fit, then what was left out. */
export function rowsAnswer(r: {
  id: string;
  on: string;
  template?: string;
  headers: readonly string[];
  kept: readonly ReportRowCell[][];
  total: number;
  counted: boolean;
}): string {
  const headerLine = `headers: ${jsonLine(r.headers, CELL_MAX)}`;
  const room = BODY - WORDS - blockOverhead('read_report') - headerLine.length - 1 - (r.template ? 300 : 0);
  const lines: string[] = [];
  let size = 0;
  for (const row of r.kept) {
    const line = jsonLine(row, CELL_MAX);
    if (size + line.length + 1 > room) break;
    lines.push(line);
    size += line.length + 1;
  }
  const total = r.counted ? plural(r.total, 'row') : `at least ${plural(r.total, 'row')} (counted in the first ${REPORT_COUNT_MAX_BYTES / 1024 / 1024} MB)`;
  const cut = lines.length < r.total || !r.counted;
  const shown = lines.length === 0 ? 'no rows shown' : cut ? `the first ${plural(lines.length, 'row')} shown` : 'all shown';
  const head = `Report task ${r.id} ${r.on}: ${plural(r.headers.length, 'column')}, ${total}; ${shown}. The template, then the headers, then one JSON array per row:`;
  const sizeCut = lines.length < r.kept.length ? ` (${plural(r.kept.length - lines.length, 'more row')} asked for did not fit in the answer)` : '';
  const tail = cut
    ? `Cut: ${r.counted ? plural(r.total - lines.length, 'row') : 'more rows'} not shown${sizeCut}. Ask for fewer or more with "rows" (at most ${REPORT_ROWS_MAX}); the person can open or save the whole report in Platform Console.`
    : undefined;
  return withData({
    head,
    source: 'read_report',
    data: [`template: ${r.template ? jsonLine(r.template) : '(not given)'}`, headerLine, ...lines],
    tail,
    max: BODY,
  });
}
