// What the Report table webview may send, checked before anything reads it (the webview and a
// state restored from disk are untrusted input): bounded sizes, known keys, known values.
import { lazySchema } from '../../schema/lazySchema';
import * as z from 'zod';
import type { RequestSchemas } from '../../ui/panelHost';
import { uuid } from '../../schema/schemaKit';
import {
  REPORT_COPY_TEXT_MAX,
  REPORT_FILTER_MAX,
  type ReportTableNotification,
  type ReportTablePanelState,
  type ReportTableRequests,
} from '../../protocol/reportTable';

export const reportTableNotificationSchema = lazySchema(
  () =>
    z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('reload') }),
      z.strictObject({ type: z.literal('painted'), generation: z.number().int().min(0), ms: z.number().min(0).max(3_600_000) }),
      z.strictObject({ type: z.literal('command'), command: z.enum(['saveAs', 'showLog', 'signIn', 'settings']) }),
    ]) satisfies z.ZodType<ReportTableNotification>,
);

export const reportTableRequestSchemas: RequestSchemas<ReportTableRequests> = {
  copy: lazySchema(() => z.strictObject({ text: z.string().max(REPORT_COPY_TEXT_MAX), rows: z.number().int().min(0) })),
};

/** The report a revived panel showed (its connection by id only) and the person's view of it. */
export const reportTablePanelStateSchema = lazySchema(
  () =>
    z.strictObject({
      target: z.strictObject({ connectionId: z.string().min(1).max(200), uuid: uuid() }).optional(),
      filter: z.string().max(REPORT_FILTER_MAX).optional(),
      sort: z.strictObject({ column: z.number().int().min(0).max(100_000), direction: z.enum(['asc', 'desc']) }).optional(),
    }) satisfies z.ZodType<ReportTablePanelState>,
);
