// An edge app's logs (the platform's own FastEdge API, GET /fastedge/v1/apps/{app_id}/logs): the
// published filters (time range, edge, search, client IP, request id), sort and offset paging. The
// answer is `{count, logs, offset}`: `count` is every entry the filters match, not the page's.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { INT32_MAX, intIn, positiveId, lenientInt, lenientText, textOf } from './schemaKit';

/**
 * The most entries one read asks for. The published file sets no maximum (int32); the platform's
 * other FastEdge lists stop at 1000, and the simulator answers at most this many a page.
 */
export const EDGE_LOG_PAGE_MAX = 1000;
/** A filter's text: the published file sets no bound; the spec's filters stop at 255. */
export const EDGE_LOG_FILTER_MAX = 255;

/** RFC 3339 with a zone (`2026-11-26T21:30:00Z`, `…+02:00`, a fraction allowed), as the published `date-time`. */
export const RFC3339_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** The published `date-time`: RFC 3339 with a zone, a real instant. */
export const dateTime = () =>
  z
    .string('must be text')
    .regex(RFC3339_PATTERN, 'must be an RFC 3339 date-time with a zone, like 2026-11-26T21:30:00Z')
    .refine((v) => Number.isFinite(Date.parse(v)), 'must be a real date and time');

const filter = () => textOf(1, EDGE_LOG_FILTER_MAX).optional();

export const edgeLogsQuery = lazySchema(() =>
  z
    .strictObject({
      from: dateTime().optional(),
      to: dateTime().optional(),
      edge: filter(),
      search: filter(),
      client_ip: filter(),
      request_id: filter(),
      sort: z.enum(['desc', 'asc'], 'must be desc or asc').optional(),
      limit: intIn(1, INT32_MAX).optional(),
      offset: intIn(0, INT32_MAX).optional(),
    })
    .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to), { path: ['to'], message: 'must not be before from' }),
);
export type EdgeLogsQuery = z.input<typeof edgeLogsQuery>;

/** The published `log`: every field optional; read leniently, like the other edge answers. */
export const edgeLogEntry = lazySchema(() =>
  z.looseObject({
    id: lenientText(),
    app_name: lenientText(),
    timestamp: lenientText(),
    log: lenientText(),
    edge: lenientText(),
    client_ip: lenientText(),
    request_id: lenientText(),
  }),
);
export type EdgeLogEntry = z.output<typeof edgeLogEntry>;

export const edgeLogsResponse = lazySchema(() =>
  z.looseObject({
    count: lenientInt(),
    logs: z.array(edgeLogEntry.catch({})).nullish().catch(undefined),
    offset: lenientInt(),
    total_count: lenientInt(),
  }),
);
export type EdgeLogsAnswer = z.output<typeof edgeLogsResponse>;

export const listEdgeAppLogsEndpoint = defineEndpoint('listEdgeAppLogs', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ app_id: positiveId() })),
  query: edgeLogsQuery,
  body: undefined,
  response: edgeLogsResponse,
});
