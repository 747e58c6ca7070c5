// get_edge_deploy_watch: the watch after a deploy, as data. In the editor, the watches Deploy to
// Edge App… started (running, or the last one per app): figures before and since, windows, the
// requests each came from, tripped or not. Where no watch ran (the MCP server runs none), given the
// deploy's time it reads the same comparison once, now, with the default thresholds.
import * as z from 'zod';
import { readCallWindow } from '../../../platform/edgeCallWindow';
import { readLogErrors } from '../../../platform/edgeLogErrors';
import { DEFAULT_THRESHOLDS, judgeWindows, reportData, type WatchReport } from '../../../platform/edgeWatchVerdict';
import { RFC3339_PATTERN } from '../../../schema/edgeLogs';
import { positiveId } from '../../../schema/schemaKit';
import { connectionField, defineTool, type AgentBinding, type AgentHost } from './toolKit';
import { jsonLine } from './platformText';
import { nameOf, withData } from './toolAnswers';

/** The longest comparison read on request: a day after the deploy (the stats' slot limit), as long before. */
export const WATCH_READ_MAX_MS = 86_400_000;

export const edgeWatchInput = () =>
  z.strictObject({
    ...connectionField,
    app_id: positiveId().optional().describe('The edge app id (list_edge_apps); leave out for every watched app on the connection'),
    since: z
      .string()
      .regex(RFC3339_PATTERN, 'must be an RFC 3339 time with a zone, like 2026-11-29T10:00:00Z')
      .optional()
      .describe(
        'The deploy time (RFC 3339), with app_id: when no watch of that app ran here, the calls since then are read now against as long before ' +
          '(at most a day ago)',
      ),
  });

type Input = z.output<ReturnType<typeof edgeWatchInput>>;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One comparison read now: since the deploy against as long before it, judged with the default thresholds. */
async function readNow(b: AgentBinding, appId: number, sinceMs: number, nowMs: number): Promise<Record<string, unknown>> {
  const from = Math.floor(sinceMs / 1000) * 1000;
  const to = Math.max(nowMs, from + 1000);
  const before = await readCallWindow(b.api, appId, from - (to - from), from, b.signal);
  const after = await readCallWindow(b.api, appId, from, to, b.signal);
  const logErrors = await readLogErrors(b.api, appId, from, to, b.signal);
  const t = DEFAULT_THRESHOLDS;
  const verdict = judgeWindows(before, after, t);
  const report: WatchReport = {
    connectionName: b.connectionName,
    appId,
    appName: '',
    binary: 0,
    deployedAt: iso(from),
    endsAt: iso(to),
    state: 'finished',
    thresholds: t,
    before,
    after,
    logErrors,
    polls: 1,
    ...(verdict.tripped ? { tripped: { at: iso(nowMs), reasons: verdict.reasons } } : {}),
  };
  // No deploy is known here: its binaries are not said.
  const data = reportData(report);
  for (const key of ['app_name', 'binary', 'previous_binary']) delete data[key];
  return { read_now: true, ...data };
}

export async function edgeWatchAnswer(b: AgentBinding, input: Input, host: AgentHost, nowMs = Date.now()): Promise<string> {
  const where = `on ${nameOf(b.connectionName)}`;
  const watched = host.edgeWatches
    ? host.edgeWatches().filter((r) => r.connectionName === b.connectionName && (input.app_id === undefined || r.appId === input.app_id))
    : [];
  if (watched.length > 0) {
    const running = watched.filter((r) => r.state === 'reading' || r.state === 'watching').length;
    const tripped = watched.filter((r) => r.tripped).length;
    return withData({
      head:
        `Deploy watches ${where}${input.app_id ? ` of edge app ${input.app_id}` : ''}: ${watched.length} (${running} running, ${tripped} tripped), newest first. ` +
        'Each gives the figures before and since the deploy with their windows (UTC) and the requests they came from (sources):',
      source: 'get_edge_deploy_watch',
      data: watched.map((r) => jsonLine(reportData(r))),
      tail: 'A tripped watch offered the person Roll Back in the editor; rolling back is roll_back_edge_app (confirmed by the person).',
    });
  }
  const none = host.edgeWatches
    ? `No deploy watch ${where}${input.app_id ? ` of edge app ${input.app_id}` : ''} in this editor window (Deploy to Edge App… starts one).`
    : 'This server runs no deploy watch (the editor watches an app after Deploy to Edge App…).';
  if (input.app_id === undefined || input.since === undefined) {
    return `${none} Give app_id and since (the deploy time) to compare the calls since then with as long before, read now.`;
  }
  const sinceMs = Date.parse(input.since);
  if (!Number.isFinite(sinceMs) || sinceMs > nowMs || nowMs - sinceMs > WATCH_READ_MAX_MS) {
    return 'Refused: since must be a real time in the last 24 hours, not in the future. Nothing was sent.';
  }
  const data = await readNow(b, input.app_id, sinceMs, nowMs);
  return withData({
    head:
      `${none} Read now for edge app ${input.app_id} ${where}: the calls since ${iso(sinceMs)} against as long before, ` +
      'with the default thresholds (5xx share above 5% and above before; p90 over 2× before; 10 calls a window at least):',
    source: 'get_edge_deploy_watch',
    data: [jsonLine(data)],
  });
}

export const getEdgeDeployWatch = defineTool({
  name: 'get_edge_deploy_watch',
  referenceName: 'platformEdgeDeployWatch',
  displayName: 'Get Edge Deploy Watch',
  userDescription: "The watch after a deploy: an edge app's calls since the deploy against before it, tripped or not",
  modelDescription:
    'Returns the deploy watches the editor runs after Deploy to Edge App… (running, or the last one per app) on the connection, as data: ' +
    'state, deploy time and end, binary and previous binary, calls by status class, 5xx share, p50/p90 in ms before and since the deploy with ' +
    'their windows and the requests they came from (sources), the log error lines since the deploy, the thresholds, whether it tripped and why, ' +
    'and what was done (a roll back). Where no watch ran (the MCP server runs none), give app_id and since (the deploy time, RFC 3339) to read ' +
    'the same comparison once now. Reads only; rolling back is roll_back_edge_app.',
  kind: 'read',
  input: edgeWatchInput,
  run: async (b, input, host) => edgeWatchAnswer(b, input, host),
});
