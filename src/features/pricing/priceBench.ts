// Bench-only knobs of the Price Preview, read once at activation from the extension host's
// environment (bench/pricing.bench.mjs sets them on the code-server it starts; they are not
// settings, and a normal run has neither):
// - PLATFORM_CONSOLE_BENCH_PRICING_NAIVE=1: the naive baseline (EveryAnswer: no debounce, no
//   abort, every answer shown as it comes; the page is told never to hold one back for an edit
//   on its way) instead of LatestOnly;
// - PLATFORM_CONSOLE_PRICE_EVENTS_FILE=<file>: one JSON line per price request sent and per
//   request aborted, so the bench can count aborts.
import { appendBenchRecord } from '../../ui/benchRecord';
import { performance } from 'node:perf_hooks';

export const PRICE_NAIVE_ENV = 'PLATFORM_CONSOLE_BENCH_PRICING_NAIVE';
export const PRICE_EVENTS_FILE_ENV = 'PLATFORM_CONSOLE_PRICE_EVENTS_FILE';

export interface PriceEvent {
  event: 'sent' | 'aborted';
  tab: string;
  summary: string;
}

export interface PriceBenchOptions {
  naive: boolean;
  record?: (event: PriceEvent) => void;
}

export function priceBenchOptions(env: NodeJS.ProcessEnv = process.env): PriceBenchOptions {
  const file = env[PRICE_EVENTS_FILE_ENV];
  return {
    naive: env[PRICE_NAIVE_ENV] === '1',
    ...(file && {
      record: (event: PriceEvent) => appendBenchRecord(file, { ...event, at: performance.timeOrigin + performance.now() }),
    }),
  };
}
