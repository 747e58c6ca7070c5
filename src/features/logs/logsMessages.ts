// What the Function Logs webview may send, checked before anything reads it (the webview and a
// state restored from disk are untrusted input): bounded sizes, known keys, known values.
import { lazySchema } from '../../schema/lazySchema';
import * as z from 'zod';
import type { RequestSchemas } from '../../ui/panelHost';
import { functionName, positiveId } from '../../schema/schemaKit';
import { COPY_TEXT_MAX, FILTER_TEXT_MAX, type LogsNotification, type LogsPanelState, type LogsRequests } from '../../protocol/logs';

export const filterSchema = lazySchema(() => z.strictObject({
  text: z.string().max(FILTER_TEXT_MAX),
  regex: z.boolean(),
  caseSensitive: z.boolean(),
  pods: z.array(z.string().max(253)).max(200),
}));

export const logsNotificationSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('follow'), on: z.boolean() }),
  z.strictObject({ type: z.literal('retryNow') }),
  z.strictObject({ type: z.literal('resync'), generation: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('painted'), generation: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('command'), command: z.enum(['showLog', 'signIn', 'settings']) }),
  z.strictObject({ type: z.literal('export'), scope: z.enum(['shown', 'all']), format: z.enum(['log', 'jsonl']), filter: filterSchema }),
  z.strictObject({ type: z.literal('openInEditor'), filter: filterSchema }),
]) satisfies z.ZodType<LogsNotification>);

export const logsRequestSchemas: RequestSchemas<LogsRequests> = {
  copy: lazySchema(() => z.strictObject({ text: z.string().max(COPY_TEXT_MAX), rows: z.number().int().min(0) })),
};

export const logsTargetSchema = lazySchema(() => z.strictObject({
  connectionId: z.string().min(1).max(200),
  connectionName: z.string().max(200),
  baseUrl: z.string().max(2000),
  projectId: positiveId(),
  regionId: positiveId(),
  namespace: functionName(),
  functionName: functionName(),
}));

export const logsPanelStateSchema = lazySchema(() => z.strictObject({
  filter: filterSchema,
  utc: z.boolean(),
  details: z.boolean().optional(),
  target: logsTargetSchema.optional(),
}) satisfies z.ZodType<LogsPanelState>);
