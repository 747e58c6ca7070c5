// read_function_logs: the newest lines of a function, filtered by text and time, as many of the
// newest matching lines as fit in an answer, with the count of all that matched.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { LOG_LIMIT_DEFAULT } from '../../../schema/faas';
import { formatNanosUtc, parseTimeNanos } from '../../../protocol/logTime';
import { connectionField, type AgentBinding } from './toolKit';
import { BODY_MAX, nameOf, withData } from './toolAnswers';
import { escapeText, quoted as q } from './platformText';

const SINCE = /^(\d{1,6})\s*([smhd])$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The tool's input, made when the tool is first called or described (defineTool). */
export const logsInput = () => {
  const params = endpoints.getFunctionLogs.params.shape;
  return z.strictObject({
    ...connectionField,
    project_id: params.project_id.describe('The project id'),
    region_id: params.region_id.describe('The region id'),
    namespace_name: params.namespace_name.describe('The FaaS namespace'),
    function_name: params.function_name.describe('The function'),
    limit: endpoints.getFunctionLogs.query.shape.limit.describe(`How many of the newest lines to read (default ${LOG_LIMIT_DEFAULT})`),
    text: z.string().max(255, 'must be at most 255 characters').optional().describe('Only lines whose message contains this text (case-insensitive)'),
    since: z
      .string()
      .refine(
        (s) => SINCE.test(s.trim()) || parseTimeNanos(s.trim()) !== undefined,
        'must be a time (2026-11-25T09:00:00Z) or a duration ago (30s, 15m, 2h, 1d)',
      )
      .optional()
      .describe('Only lines at or after this time: an ISO time, or a duration ago like "15m"'),
  });
};

/** The earliest time kept, in nanoseconds since the epoch. */
export function sinceNanos(since: string | undefined, now = Date.now()): bigint | undefined {
  if (since === undefined) return undefined;
  const ago = SINCE.exec(since.trim());
  if (ago) return BigInt(now - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS]) * 1_000_000n;
  return parseTimeNanos(since.trim());
}

export async function logsAnswer(b: AgentBinding, input: z.output<ReturnType<typeof logsInput>>, now = Date.now()): Promise<string> {
  const { project_id, region_id, namespace_name, function_name } = input;
  const limit = input.limit ?? LOG_LIMIT_DEFAULT;
  const answer = await b.api.faas.getFunctionLogs({ params: { project_id, region_id, namespace_name, function_name }, query: { limit } }, { signal: b.signal });
  const from = sinceNanos(input.since, now);
  const needle = input.text?.toLowerCase();
  const lines = answer.logs
    .map((e) => ({ time: parseTimeNanos(e.Time ?? '') ?? 0n, pod: e.Pod ?? '', message: e.Message ?? '' }))
    .filter((l) => (from === undefined || l.time >= from) && (!needle || l.message.toLowerCase().includes(needle)))
    .sort((a, b2) => (a.time < b2.time ? -1 : a.time > b2.time ? 1 : 0));
  const where = `${escapeText(`${namespace_name}/${function_name}`)} (project ${project_id}, region ${region_id}) on ${nameOf(b.connectionName)}`;
  // The model's own filter words, escaped like everything else we echo.
  const filters = [needle ? `containing ${q(input.text!)}` : '', input.since ? `since ${q(input.since)}` : ''].filter(Boolean).join(', ');
  if (lines.length === 0) {
    return `No log lines of ${where}${filters ? ` ${filters}` : ''} among the newest ${answer.logs.length} read.${answer.logs.length >= limit ? ' Raise "limit" to read further back.' : ''}`;
  }
  // The newest lines that fit (escaped, as the block holds them), oldest of them first.
  const kept: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    const text = `${l.time ? `${formatNanosUtc(l.time).slice(0, 23)}Z` : '?'} ${q(l.pod)} ${escapeText(l.message.length > 400 ? `${l.message.slice(0, 400)}…` : l.message)}`;
    // The newest line is kept even when alone it is too long: the block cuts it, and says so.
    if (kept.length && size + text.length + 1 > BODY_MAX - 600) break;
    kept.unshift(text);
    size += text.length + 1;
  }
  const head = `${lines.length} line${lines.length === 1 ? '' : 's'} of ${where}${filters ? ` ${filters}` : ''} (of the newest ${answer.logs.length} read)${kept.length < lines.length ? `; the newest ${kept.length} shown, narrow with "text" or "since" to see others` : ''}. Times in UTC, then pod and message:`;
  return withData({ head, source: 'read_function_logs', data: kept });
}
