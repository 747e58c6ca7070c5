// A report task's result (`GET /billing/org/v1/reports/{uuid}/download`): CSV, an Excel workbook or
// JSON `{headers, rows}`, chosen by `?format=` or else the `Accept` header (JSON by default), made
// as it is sent. A render that fails answers 400 `{"error": "Failed to render report: …"}`, the
// published example, whatever the format.
import type { endpoints } from '../../src/schema/endpoints';
import { REPORT_FORMATS, REPORT_MEDIA_TYPES, type ReportFormat } from '../../src/schema/reportResult';
import { notFound } from '../errors';
import { reportTable, type ResultTable } from '../reportData';
import { csvChunks, jsonChunks, type EncodeLimit } from '../reportEncode';
import { reportView } from '../reportTasks';
import { HandlerReply, jsonReply, type BodyStream } from '../reply';
import type { ReportRecord } from '../state/types';
import { XLSX_MAX_ROWS, xlsxChunks } from '../xlsxStream';
import type { Handler } from './types';

type AcceptChoice = { kind: 'format'; format: ReportFormat } | { kind: 'none' };

/** The format an `Accept` header asks for: the first listed with q > 0 that the platform renders; `*` means JSON. */
export function formatFromAccept(accept: string | undefined): AcceptChoice {
  if (!accept?.trim()) return { kind: 'format', format: 'json' };
  const ranges = accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { type, q: q ? Number(q.slice(2)) : 1 };
  });
  const wanted = ranges.filter((r) => r.q > 0).sort((a, b) => b.q - a.q);
  for (const { type } of wanted) {
    const format = REPORT_FORMATS.find((f) => REPORT_MEDIA_TYPES[f] === type);
    if (format) return { kind: 'format', format };
    if (type === '*/*' || type === 'application/*') return { kind: 'format', format: 'json' };
    if (type === 'text/*') return { kind: 'format', format: 'csv' };
  }
  return { kind: 'none' };
}

/** `ResellerExpenses_2026-04-01_2026-04-30.csv`: what the platform proposes as the file's name. */
export function resultFileName(report: ReportRecord, format: ReportFormat): string {
  const dates = [report.parameters.date_from, report.parameters.date_to].filter((d): d is string => typeof d === 'string');
  return `${[report.templateCode, ...dates].join('_').replace(/[^A-Za-z0-9._-]/g, '-')}.${format}`;
}

const renderFailure = (message: string) => new HandlerReply(jsonReply(400, { error: `Failed to render report: ${message}` }));

function encoder(format: ReportFormat): (table: ResultTable, limit?: EncodeLimit) => Iterable<Uint8Array> {
  return format === 'csv' ? csvChunks : format === 'xlsx' ? xlsxChunks : jsonChunks;
}

export const downloadReport: Handler<typeof endpoints.downloadReport> = ({ params, query }, { state, options, nowMs, accept }) => {
  const report = state.reports.get(params.uuid.toLowerCase());
  if (!report) throw notFound(`report ${params.uuid}`);
  const choice: AcceptChoice = query?.format ? { kind: 'format', format: query.format } : formatFromAccept(accept);
  if (choice.kind === 'none') return new HandlerReply(jsonReply(406, { detail: 'Could not satisfy the request Accept header.' }));
  const { format } = choice;
  const status = reportView(report, options.reportDurationMs, nowMs).status;
  if (status !== 'Completed') return renderFailure(`task ${report.uuid} is ${String(status)}, not Completed.`);
  if (report.renderFailure) return renderFailure(report.renderFailure);
  const table = reportTable(report);
  if (format === 'xlsx' && table.rowCount > XLSX_MAX_ROWS) {
    return renderFailure(`${table.rowCount} rows do not fit in an Excel sheet (at most ${XLSX_MAX_ROWS}); download it as CSV or JSON.`);
  }
  const encode = encoder(format);
  const stream: BodyStream = () => encode(table);
  const headers = {
    'Content-Type': format === 'json' ? REPORT_MEDIA_TYPES.json : format === 'csv' ? 'text/csv; charset=utf-8' : REPORT_MEDIA_TYPES.xlsx,
    'Content-Disposition': `attachment; filename="${resultFileName(report, format)}"`,
  };
  return new HandlerReply({ status: 200, headers, stream, streamOfSize: (bytes) => () => encode(table, { bytes }) });
};
