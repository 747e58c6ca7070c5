// FastEdge call statistics (the platform's own API, `StatsCalls` and `StatsDuration` in
// fastedge_api.yaml): per time slot of `step` seconds from `from` to `to` (exclusive), for one app
// (`id`) or the account, calls counted by HTTP status and execution durations in microseconds.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { dateTime } from './edgeLogs';
import { intIn, lenientInt, lenientText, positiveId, textOf } from './schemaKit';

/** A day of seconds: the published file names 60, 300 and 3600 as common; larger slots tell nothing new. */
export const EDGE_STATS_STEP_MAX = 86_400;
/** The most slots one read asks for (`(to - from) / step`): the product's bound, not the platform's. */
export const EDGE_STATS_SLOTS_MAX = 1_440;

export const edgeStatsQuery = lazySchema(() =>
  z
    .strictObject({
      from: dateTime(),
      to: dateTime(),
      step: intIn(1, EDGE_STATS_STEP_MAX),
      id: positiveId().optional(),
      network: textOf(1, 64).optional(),
    })
    .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'must be after from' })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 1000 / q.step <= EDGE_STATS_SLOTS_MAX, {
      path: ['step'],
      message: `must make at most ${EDGE_STATS_SLOTS_MAX} slots between from and to`,
    }),
);
export type EdgeStatsQuery = z.input<typeof edgeStatsQuery>;

/** The published `count_by_status`: both required; a row without them is dropped when read. */
const countByStatus = lazySchema(() => z.looseObject({ status: z.number().int(), count: z.number().int().nonnegative() }));

/** The published `call_stats`: the slot's start and its calls by status. */
export const edgeCallSlot = lazySchema(() =>
  z.looseObject({
    time: lenientText(),
    count_by_status: z
      .array(z.unknown())
      .nullish()
      .catch(undefined)
      .transform((rows) => (rows ?? []).flatMap((r) => (countByStatus.safeParse(r).success ? [countByStatus.parse(r)] : []))),
  }),
);
export type EdgeCallSlot = z.output<typeof edgeCallSlot>;

/** The published `duration_stats`, in microseconds. */
export const edgeDurationSlot = lazySchema(() =>
  z.looseObject({
    time: lenientText(),
    min: lenientInt(),
    max: lenientInt(),
    avg: lenientInt(),
    median: lenientInt(),
    perc75: lenientInt(),
    perc90: lenientInt(),
  }),
);
export type EdgeDurationSlot = z.output<typeof edgeDurationSlot>;

const slots = <T extends z.ZodType>(slot: T) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((rows) => (rows ?? []).flatMap((r) => (slot.safeParse(r).success ? [slot.parse(r)] : [])));

export const edgeCallStats = lazySchema(() => z.looseObject({ stats: slots(edgeCallSlot) }));
export type EdgeCallStats = z.output<typeof edgeCallStats>;
export const edgeDurationStats = lazySchema(() => z.looseObject({ stats: slots(edgeDurationSlot) }));
export type EdgeDurationStats = z.output<typeof edgeDurationStats>;

export const getEdgeCallStatsEndpoint = defineEndpoint('getEdgeCallStats', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: edgeStatsQuery,
  body: undefined,
  response: edgeCallStats,
});

export const getEdgeDurationStatsEndpoint = defineEndpoint('getEdgeDurationStats', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: edgeStatsQuery,
  body: undefined,
  response: edgeDurationStats,
});
