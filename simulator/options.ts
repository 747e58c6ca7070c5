// What the simulator can be told at start, and the part that can change while it runs.
import * as z from 'zod';
import { DIALECTS, type Dialect } from '../src/schema/dialect';
import type { FaultSpec } from './faults';

/** Whose paths the simulator serves: the spec's, the real platform's, or both (the default). */
export const SIM_DIALECTS = [...DIALECTS, 'both'] as const;
export type SimDialect = (typeof SIM_DIALECTS)[number];

export function servedDialects(dialect: SimDialect): Dialect[] {
  return dialect === 'both' ? [...DIALECTS] : [dialect];
}

/** Live traffic's bound: one call a second per app at most. */
export const EDGE_TRAFFIC_PER_MINUTE_MAX = 60;

export const LOG_ORDERS = ['asc', 'desc', 'shuffled'] as const;
export type LogOrder = (typeof LOG_ORDERS)[number];

export interface SimulatorOptions {
  /** The only key accepted in `Authorization: apikey <key>`. Never printed. */
  apiKey: string;
  /**
   * What the control API (/__sim/) wants in `X-Simulator-Token`: 16 to 256 visible ASCII
   * characters. Default: 256 random bits, made at start (`Simulator.controlToken`).
   */
  controlToken?: string;
  /** Whose paths to serve (default both): in one dialect the other's own paths answer 404. */
  dialect?: SimDialect;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** Protection profiles to seed (default 250). */
  profileCount?: number;
  /** FastEdge apps of the account to seed beyond the eight named ones (default 0; benches list 10,000). */
  appCount?: number;
  /** Cloud secrets to seed in project 3 (sandbox), region 1, beyond the named ones (default 0; paging, benches). */
  secretCount?: number;
  /** Completed report tasks to seed beyond the named ones (default 0; the Report Tasks view's benches). */
  reportCount?: number;
  /** DDoS events to seed beyond the named ones, spread over the 29 days before the seed time (default 0). */
  attackCount?: number;
  /** NEW -> RUNNING -> FINISHED of a secret task (default 3000). */
  taskDurationMs?: number;
  /** Pending -> InProgress -> Completed of a report (default 4000). */
  reportDurationMs?: number;
  /** Log lines each function produces per second (default 5). */
  logRatePerSecond?: number;
  /** Order of a log batch (default asc). */
  logOrder?: LogOrder;
  /** Log lines kept per function (default 300,000). */
  logRecordCap?: number;
  /** The project whose prices are hidden (default 999). */
  hidePricesProjectId?: number;
  /**
   * A name for the account this simulator plays, added to each edge template's long description
   * (so two simulators' answers can be told apart in a test); default none.
   */
  accountLabel?: string;
  /** Bytes a stored binary may have (default 100 MiB, the published maximum). */
  binarySizeLimitBytes?: number;
  /** Binaries the account may store; one more answers 429 (default 1,000,000: no limit in practice). */
  binaryCountLimit?: number;
  /** Apps the account may have; one more answers 429 (default 1,000,000: no limit in practice). */
  appCountLimit?: number;
  /** Calls a minute the simulator makes to each enabled app of the account itself (default 0: none; `npm start` sets a few). */
  edgeTrafficPerMinute?: number;
  /** Faults active from the start. */
  faults?: FaultSpec[];
  /** Seeded timestamps are relative to this; default midnight UTC today, so a seed gives the same data all day. */
  seedTimeMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

export const runtimeOptions = z.strictObject({
  taskDurationMs: z.int().min(0),
  reportDurationMs: z.int().min(0),
  logRatePerSecond: z.number().min(0).max(100_000),
  logOrder: z.enum(LOG_ORDERS),
  hidePricesProjectId: z.int(),
  accountLabel: z.string().optional(),
  binarySizeLimitBytes: z.int().min(1),
  binaryCountLimit: z.int().min(0),
  appCountLimit: z.int().min(0),
  edgeTrafficPerMinute: z.number().min(0).max(EDGE_TRAFFIC_PER_MINUTE_MAX),
});
export type RuntimeOptions = z.output<typeof runtimeOptions>;
export const runtimeOptionsPatch = runtimeOptions.partial();

export interface SeedOptions {
  seed: number;
  profileCount: number;
  appCount: number;
  secretCount: number;
  reportCount: number;
  attackCount: number;
  seedTimeMs: number;
  logRecordCap: number;
}

export const DEFAULTS = {
  host: '127.0.0.1',
  dialect: 'both' as SimDialect,
  seed: 1,
  profileCount: 250,
  taskDurationMs: 3000,
  reportDurationMs: 4000,
  logRatePerSecond: 5,
  logOrder: 'asc' as LogOrder,
  logRecordCap: 300_000,
  hidePricesProjectId: 999,
  binarySizeLimitBytes: 100 * 1024 * 1024,
  binaryCountLimit: 1_000_000,
  appCountLimit: 1_000_000,
  edgeTrafficPerMinute: 0,
} as const;

export function runtimeFrom(options: SimulatorOptions): RuntimeOptions {
  return {
    taskDurationMs: options.taskDurationMs ?? DEFAULTS.taskDurationMs,
    reportDurationMs: options.reportDurationMs ?? DEFAULTS.reportDurationMs,
    logRatePerSecond: options.logRatePerSecond ?? DEFAULTS.logRatePerSecond,
    logOrder: options.logOrder ?? DEFAULTS.logOrder,
    hidePricesProjectId: options.hidePricesProjectId ?? DEFAULTS.hidePricesProjectId,
    accountLabel: options.accountLabel,
    binarySizeLimitBytes: options.binarySizeLimitBytes ?? DEFAULTS.binarySizeLimitBytes,
    binaryCountLimit: options.binaryCountLimit ?? DEFAULTS.binaryCountLimit,
    appCountLimit: options.appCountLimit ?? DEFAULTS.appCountLimit,
    edgeTrafficPerMinute: options.edgeTrafficPerMinute ?? DEFAULTS.edgeTrafficPerMinute,
  };
}
