// Functions: logs (endpoint 11).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { functionName, intIn, positiveId, lenientText } from './schemaKit';

export const LOG_LIMIT_MIN = 1;
export const LOG_LIMIT_MAX = 100_000;
export const LOG_LIMIT_DEFAULT = 1000;
/** The most of a logs answer the client reads: room for the largest `limit` of long lines. */
export const LOG_ANSWER_LIMIT_BYTES = 64 * 1024 * 1024;

export const functionLogsParams = lazySchema(() =>
  z.strictObject({
    project_id: positiveId(),
    region_id: positiveId(),
    namespace_name: functionName(),
    function_name: functionName(),
  }),
);

export const functionLogsQuery = lazySchema(() => z.strictObject({ limit: intIn(LOG_LIMIT_MIN, LOG_LIMIT_MAX).optional() }));

/** Entries use capitalised keys; `Time` is RFC 3339 with a nanosecond fraction. */
export const logEntry = lazySchema(() => z.looseObject({ Message: lenientText(), Pod: lenientText(), Time: lenientText() }));
export type LogEntry = z.output<typeof logEntry>;

export const functionLogsResponse = lazySchema(() => z.looseObject({ logs: z.array(logEntry.catch({})) }));
export type FunctionLogs = z.output<typeof functionLogsResponse>;

export const functionLogsEndpoint = defineEndpoint('getFunctionLogs', {
  errorShape: 'cloud',
  successStatus: 200,
  params: functionLogsParams,
  query: functionLogsQuery,
  body: undefined,
  response: functionLogsResponse,
  answerLimitBytes: LOG_ANSWER_LIMIT_BYTES,
});
