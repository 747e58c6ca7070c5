// What the Function Logs webview may send, checked before anything reads it (the webview and a
// state restored from disk are untrusted input): bounded sizes, known keys, known values.
import { lazySchema } from '../../schema/lazySchema';
import * as z from 'zod';
import type { RequestSchemas } from '../../ui/panelHost';
import { functionName, positiveId, textOf } from '../../schema/schemaKit';
import { EDGE_LOG_FILTER_MAX } from '../../schema/edgeLogs';
import {
  COPY_TEXT_MAX,
  EDGE_LOG_RANGES,
  FILTER_TEXT_MAX,
  type EdgeLogFilters,
  type LogsNotification,
  type LogsPanelState,
  type LogsRequests,
} from '../../protocol/logs';
import { LINE_CHARS_MAX } from '../../protocol/logItems';

export const filterSchema = lazySchema(() =>
  z.strictObject({
    text: z.string().max(FILTER_TEXT_MAX),
    regex: z.boolean(),
    caseSensitive: z.boolean(),
    pods: z.array(z.string().max(253)).max(200),
  }),
);

export const logsNotificationSchema = lazySchema(
  () =>
    z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('follow'), on: z.boolean() }),
      z.strictObject({ type: z.literal('retryNow') }),
      z.strictObject({ type: z.literal('older') }),
      z.strictObject({ type: z.literal('resync'), generation: z.number().int().min(0) }),
      z.strictObject({ type: z.literal('painted'), generation: z.number().int().min(0) }),
      z.strictObject({ type: z.literal('command'), command: z.enum(['showLog', 'signIn', 'settings']) }),
      z.strictObject({ type: z.literal('export'), scope: z.enum(['shown', 'all']), format: z.enum(['log', 'jsonl']), filter: filterSchema }),
      z.strictObject({ type: z.literal('openInEditor'), filter: filterSchema }),
      z.strictObject({ type: z.literal('fullLine'), time: z.string().max(64), pod: z.string().max(256), message: z.string().max(LINE_CHARS_MAX + 64) }),
    ]) satisfies z.ZodType<LogsNotification>,
);

export const logsRequestSchemas: RequestSchemas<LogsRequests> = {
  copy: lazySchema(() => z.strictObject({ text: z.string().max(COPY_TEXT_MAX), rows: z.number().int().min(0) })),
};

/** An edge app's server filters, as a command's arguments or a saved page give them: the offered ranges, the published filters' bounds. */
export const edgeLogFiltersSchema = lazySchema(
  () =>
    z.strictObject({
      rangeMinutes: z.union(
        EDGE_LOG_RANGES.map((m) => z.literal(m)),
        `must be one of ${EDGE_LOG_RANGES.join(', ')} (minutes)`,
      ),
      search: textOf(1, EDGE_LOG_FILTER_MAX).optional(),
      clientIp: textOf(1, EDGE_LOG_FILTER_MAX).optional(),
      requestId: textOf(1, EDGE_LOG_FILTER_MAX).optional(),
      edge: textOf(1, EDGE_LOG_FILTER_MAX).optional(),
    }) satisfies z.ZodType<EdgeLogFilters>,
);

/**
 * The log a revived panel showed. Only its connection's id is read: a name or URL in the saved
 * state (pages saved them before) is allowed but never used; the page's state is its own to
 * write, and a URL from it must not decide where a key goes. An edge app's name is only its title.
 */
export const savedTargetSchema = lazySchema(() =>
  z.union([
    z
      .strictObject({
        kind: z.literal('function').optional(),
        connectionId: z.string().min(1).max(200),
        connectionName: z.string().max(200).optional(),
        baseUrl: z.string().max(2000).optional(),
        projectId: positiveId(),
        regionId: positiveId(),
        namespace: functionName(),
        functionName: functionName(),
      })
      .transform(({ connectionId, projectId, regionId, namespace, functionName }) => ({ connectionId, projectId, regionId, namespace, functionName })),
    z.strictObject({
      kind: z.literal('edgeApp'),
      connectionId: z.string().min(1).max(200),
      appId: positiveId(),
      appName: z.string().max(64),
      filters: edgeLogFiltersSchema,
    }),
  ]),
);

export const logsPanelStateSchema = lazySchema(
  () =>
    z.strictObject({
      filter: filterSchema,
      utc: z.boolean(),
      details: z.boolean().optional(),
      target: savedTargetSchema.optional(),
    }) satisfies z.ZodType<LogsPanelState>,
);
