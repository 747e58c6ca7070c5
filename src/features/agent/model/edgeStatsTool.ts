// read_edge_app_stats: an edge app's calls in a window (the last hour unless told), from the
// platform's statistics: calls by status class, 5xx share, p50/p90 execution time, the slots with
// calls, and the two requests the figures came from. The window's rules (from before to, at most
// 1,440 slots, a step up to a day) are the endpoints' own, checked before anything is sent.
import * as z from 'zod';
import { EDGE_STATS_STEP_MAX } from '../../../schema/edgeStats';
import { dateTime } from '../../../schema/edgeLogs';
import { intIn, positiveId } from '../../../schema/schemaKit';
import { readCallSeries } from '../../../platform/edgeCallSeries';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { nameOf, withData } from './toolAnswers';
import { jsonLine } from './platformText';

const HOUR_MS = 3_600_000;
/** The steps a default is chosen from: the first that makes at most DEFAULT_SLOTS slots. */
const STEPS = [60, 300, 900, 1800, 3600, 10_800, 21_600, 43_200, EDGE_STATS_STEP_MAX];
const DEFAULT_SLOTS = 24;
/** Up to this many slots every one is listed; beyond, only those with calls. */
const LIST_ALL_SLOTS = 48;

/** The default slot length for a window: 300 s for an hour, 3,600 s for a day. */
export function defaultStep(spanMs: number): number {
  return STEPS.find((s) => spanMs / 1000 / s <= DEFAULT_SLOTS) ?? EDGE_STATS_STEP_MAX;
}

export const edgeStatsInput = () =>
  z.strictObject({
    ...connectionField,
    app_id: positiveId().describe('The edge app id (list_edge_apps)'),
    from: dateTime().optional().describe('Start of the window (RFC 3339 with a zone); default an hour before "to"'),
    to: dateTime().optional().describe('End of the window, excluded (RFC 3339 with a zone); default now'),
    step: intIn(1, EDGE_STATS_STEP_MAX)
      .optional()
      .describe('Slot length in seconds (1..86400; the window may hold at most 1440 slots); default 300 for an hour, 3600 for a day'),
    per_slot_durations: z
      .boolean()
      .optional()
      .describe("true: p50/p90 for each slot, and the window's weighted from them; default: the window's own p50/p90 (one slot of the window, up to a day)"),
  });

type Input = z.output<ReturnType<typeof edgeStatsInput>>;

const ms = (us: number | undefined) => (us === undefined ? undefined : Math.round(us / 100) / 10);

export async function edgeStatsAnswer(b: AgentBinding, input: Input, now = Date.now()): Promise<string> {
  const toMs = input.to ? Date.parse(input.to) : Math.floor(now / 1000) * 1000;
  const fromMs = input.from ? Date.parse(input.from) : toMs - HOUR_MS;
  const step = input.step ?? defaultStep(toMs - fromMs);
  const durations = input.per_slot_durations ? 'slots' : 'window';
  const { window: w, slots } = await readCallSeries(b.api, input.app_id, fromMs, toMs, step, { durations, signal: b.signal });
  const where = `Edge app ${input.app_id} on ${nameOf(b.connectionName)}, ${w.from} to ${w.to} (UTC, the end excluded), in slots of ${w.step} s`;
  const sources = `Sources: ${w.sources.join(' and ')}.`;
  // Every slot while they are few; of many, those with calls only.
  const listed = slots.length <= LIST_ALL_SLOTS ? slots : slots.filter((s) => s.calls > 0);
  const which = listed.length === slots.length ? 'each slot' : 'each slot with calls (a slot not listed had none)';
  const share = ((w.share5xx ?? 0) * 100).toFixed(2);
  const how = w.exactPercentiles ? "the platform's own for the whole window" : "weighted from the slots' figures, approximate";
  const figures =
    w.calls === 0
      ? 'no calls'
      : `${w.calls} calls, ${w.byClass['5xx']} with 5xx (${share}%), p50 ${ms(w.p50Us) ?? '?'} ms, p90 ${ms(w.p90Us) ?? '?'} ms (${how})`;
  const head = `${where}: ${figures}. The window, then ${which}, as the platform counted them:`;
  const data = [
    jsonLine({
      calls: w.calls,
      by_class: Object.fromEntries(Object.entries(w.byClass).filter(([, n]) => n > 0)),
      share_5xx: w.share5xx,
      p50_us: w.p50Us,
      p90_us: w.p90Us,
      exact_percentiles: w.calls > 0 ? w.exactPercentiles : undefined,
    }),
    ...listed.map((s) => jsonLine({ time: s.time, calls: s.calls, calls_5xx: s.calls5xx, p50_us: s.p50Us, p90_us: s.p90Us })),
  ];
  return withData({ head, source: 'read_edge_app_stats', data, tail: sources });
}

export const readEdgeAppStats = defineTool({
  name: 'read_edge_app_stats',
  referenceName: 'platformEdgeAppStats',
  displayName: 'Read Edge App Statistics',
  userDescription: "An edge app's calls, 5xx share and p50/p90 for a window (default the last hour)",
  modelDescription:
    'Reads a FastEdge app\'s call statistics (app_id from list_edge_apps) for a window: "from"/"to" in RFC 3339 (default the last hour), ' +
    '"step" the slot length in seconds (default 300 for an hour; at most 1440 slots). Returns the calls, by status class, the 5xx share, ' +
    'p50 and p90 execution time (the platform\'s own for the window unless "per_slot_durations"), each slot (of more than 48, those ' +
    'with calls), and the two ' +
    'requests the figures came from. Use it to check whether an app answers errors or slowed down, e.g. before and after a deploy.',
  kind: 'read',
  input: edgeStatsInput,
  run: async (b, input) => edgeStatsAnswer(b, input),
});
