// A report task's result (`GET /billing/org/v1/reports/{uuid}/download`): the same data as CSV,
// an Excel workbook or JSON `{headers, rows}`; a render that fails answers 400 `{error}`. Read as
// a stream (HttpClient.openStream), never through the JSON call and its 8 MiB limit.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { uuid } from './schemaKit';

export const REPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The media type each format is served as (the download's `Accept`). */
export const REPORT_MEDIA_TYPES: Readonly<Record<ReportFormat, string>> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
};

/** A cell of the JSON result: the published file leaves the items open; these are what a table shows. */
export const reportCell = lazySchema(() => z.union([z.string(), z.number(), z.boolean(), z.null()]).catch(null));

/** The JSON result: column headers, then rows of cells. */
export const reportResult = lazySchema(() =>
  z.looseObject({
    headers: z
      .array(z.unknown())
      .catch([])
      .transform((h) => h.map((x) => (typeof x === 'string' ? x : x === null || x === undefined ? '' : JSON.stringify(x)))),
    rows: z.array(z.array(reportCell).catch([])).catch([]),
  }),
);
export type ReportResult = z.output<typeof reportResult>;
export type ReportCell = z.output<typeof reportCell>;

export const downloadReportEndpoint = defineEndpoint('downloadReport', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ uuid: uuid() })),
  query: lazySchema(() => z.strictObject({ format: z.enum(REPORT_FORMATS, `must be one of ${REPORT_FORMATS.join(', ')}`).optional() })),
  body: undefined,
  // call() reads a small result (8 MiB at most); a table or a file goes through openStream.
  response: reportResult,
});

export const deleteReportEndpoint = defineEndpoint('deleteReport', {
  errorShape: 'billing',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ id: uuid() })),
  query: undefined,
  body: undefined,
  response: undefined,
});
