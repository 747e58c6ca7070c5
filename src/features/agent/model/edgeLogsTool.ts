// read_edge_app_logs: an edge app's log read with the filters the platform applies (time range,
// search, client IP, request id, edge), a page at a time (offset/limit, newest first by default),
// with the count of all that match; the lines are platform text, handed over as data.
import * as z from 'zod';
import { EDGE_LOG_FILTER_MAX, EDGE_LOG_PAGE_MAX, RFC3339_PATTERN } from '../../../schema/edgeLogs';
import { positiveId } from '../../../schema/schemaKit';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { BODY_MAX, nameOf, withData } from './toolAnswers';
import { escapeText, quoted as q } from './platformText';

const DEFAULT_LIMIT = 100;
const SINCE = /^(\d{1,6})\s*([smhd])$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const filter = (what: string) =>
  z.string().min(1, 'must not be empty').max(EDGE_LOG_FILTER_MAX, `must be at most ${EDGE_LOG_FILTER_MAX} characters`).optional().describe(what);
const time = (what: string) => z.string().regex(RFC3339_PATTERN, 'must be an RFC 3339 time with a zone, like 2026-11-26T21:00:00Z').optional().describe(what);

export const edgeLogsInput = () =>
  z.strictObject({
    ...connectionField,
    app_id: positiveId().describe('The edge app id (list_edge_apps)'),
    since: z
      .string()
      .regex(SINCE, 'must be a duration ago: 30s, 15m, 2h, 1d')
      .optional()
      .describe('Start of the range as a duration ago ("15m", "2h"); the platform defaults to the last hour. Leave out when "from" is given'),
    from: time('Start of the range (RFC 3339); the platform defaults to an hour ago'),
    to: time('End of the range (RFC 3339); the platform defaults to now'),
    search: filter('Only entries whose message contains this text (the platform matches it)'),
    client_ip: filter('Only entries of requests from this client IP'),
    request_id: filter('Only entries of this request'),
    edge: filter('Only entries from this edge location'),
    sort: z.enum(['desc', 'asc']).optional().describe('desc (default): newest first; asc: oldest first'),
    limit: z.int().min(1).max(EDGE_LOG_PAGE_MAX).optional().describe(`Entries to read (1..${EDGE_LOG_PAGE_MAX}, default ${DEFAULT_LIMIT})`),
    offset: z.int().min(0).max(2_147_483_647).optional().describe('Entries to skip, in the sort order (paging: the previous answer says the next offset)'),
  });

type Input = z.output<ReturnType<typeof edgeLogsInput>>;

export async function edgeLogsAnswer(b: AgentBinding, input: Input, now = Date.now()): Promise<string> {
  const ago = input.since ? SINCE.exec(input.since.trim()) : null;
  const from = input.from ?? (ago ? new Date(now - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS]).toISOString() : undefined);
  const limit = input.limit ?? DEFAULT_LIMIT;
  const offset = input.offset ?? 0;
  const query = {
    ...(from && { from }),
    ...(input.to && { to: input.to }),
    ...(input.search && { search: input.search }),
    ...(input.client_ip && { client_ip: input.client_ip }),
    ...(input.request_id && { request_id: input.request_id }),
    ...(input.edge && { edge: input.edge }),
    sort: input.sort ?? 'desc',
    limit,
    offset,
  } as const;
  const answer = await b.api.edge.listEdgeAppLogs({ params: { app_id: input.app_id }, query }, { signal: b.signal });
  const logs = answer.logs ?? [];
  const count = answer.count ?? undefined;
  const where = `edge app ${input.app_id} on ${nameOf(b.connectionName)}`;
  // The model's own filter words, escaped like everything else we echo.
  const filters = [
    from ? `from ${q(from)}` : 'the last hour',
    input.to && `to ${q(input.to)}`,
    input.search && `containing ${q(input.search)}`,
    input.client_ip && `client IP ${q(input.client_ip)}`,
    input.request_id && `request id ${q(input.request_id)}`,
    input.edge && `edge ${q(input.edge)}`,
  ]
    .filter(Boolean)
    .join(', ');
  if (logs.length === 0) return `No log entries of ${where} (${filters}) at offset ${offset}${count !== undefined ? `; ${count} match in all` : ''}.`;
  const kept: string[] = [];
  let size = 0;
  for (const e of logs) {
    const message = e.log ?? '';
    const text = `${escapeText(e.timestamp ?? '?')} ${q(e.edge ?? '')} ${q(e.client_ip ?? '')} ${q(e.request_id ?? '')} ${escapeText(message.length > 400 ? `${message.slice(0, 400)}…` : message)}`;
    // The first entry is kept even when alone it is too long: the block cuts it, and says so.
    if (kept.length && size + text.length + 1 > BODY_MAX - 700) break;
    kept.push(text);
    size += text.length + 1;
  }
  const next = offset + kept.length;
  const more = count !== undefined ? next < count : logs.length >= limit;
  const head = `${kept.length} log entr${kept.length === 1 ? 'y' : 'ies'} of ${where} (${filters}), ${query.sort === 'desc' ? 'newest' : 'oldest'} first from offset ${offset}${count !== undefined ? ` of ${count} that match` : ''}. Time (UTC), then edge, client IP, request id and message:`;
  const tail = more
    ? `For more, call again with "offset": ${next} and the same filters${from ? '' : ' (and "from" fixed, so new entries do not shift the offsets)'}.`
    : 'No more entries match.';
  return withData({ head, source: 'read_edge_app_logs', data: kept, tail });
}

export const readEdgeAppLogs = defineTool({
  name: 'read_edge_app_logs',
  referenceName: 'platformEdgeAppLogs',
  displayName: 'Read Edge App Logs',
  userDescription: "An edge app's log entries, filtered on the platform",
  modelDescription:
    'Reads the log of a FastEdge app (app_id from list_edge_apps) with the filters the platform applies: a time range ("since" like "15m", or "from"/"to" in RFC 3339; default the last hour), "search" (message text), "client_ip", "request_id", "edge"; "sort" desc (newest first, default) or asc; "limit" 1..1000 (default 100) and "offset" to page. Returns time (UTC), edge, client IP, request id and message per entry, at most about 4 KB, with the count of all that match and the next offset. For following logs live, the person opens the app\'s logs in the editor (Open App Logs…).',
  kind: 'read',
  input: edgeLogsInput,
  run: async (b, input) => edgeLogsAnswer(b, input),
});
