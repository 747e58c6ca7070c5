// What the benches' build hands the Price Preview's panel sessions (bench/pricing.bench.mjs sets
// the variables on the code-server it starts; a normal build has neither):
// - PLATFORM_CONSOLE_BENCH_PRICING_NAIVE=1: the naive baseline (EveryAnswer: no debounce, no
//   abort, no answer reused, every answer shown as it comes: the page is told at once never to
//   hold one back for an edit on its way) instead of LatestOnly;
// - PLATFORM_CONSOLE_PRICE_EVENTS_FILE=<file>: one JSON line per price request sent and per
//   request aborted, so the bench can count aborts.
import { performance } from 'node:perf_hooks';
import type { PanelSessionDeps } from '../../src/features/pricing/index';
import type { PriceRequesterFactory } from '../../src/features/pricing/pricingSession';
import { LatestOnly } from '../../src/features/pricing/model/priceRequests';
import { appendBenchRecord } from './benchRecord';
import { EveryAnswer } from './everyAnswer';

export const PRICE_NAIVE_ENV = 'PLATFORM_CONSOLE_BENCH_PRICING_NAIVE';
export const PRICE_EVENTS_FILE_ENV = 'PLATFORM_CONSOLE_PRICE_EVENTS_FILE';

export interface PriceEvent {
  event: 'sent' | 'aborted';
  tab: string;
  summary: string;
}

export function pricingBaseline(env: NodeJS.ProcessEnv): PanelSessionDeps | undefined {
  const file = env[PRICE_EVENTS_FILE_ENV];
  const naive = env[PRICE_NAIVE_ENV] === '1';
  if (!file && !naive) return undefined;
  const record = (event: PriceEvent) => {
    if (file) appendBenchRecord(file, { ...event, at: performance.timeOrigin + performance.now() });
  };
  const requester: PriceRequesterFactory = (send, handlers, debounceMs) => {
    const recorded: typeof send = (p, signal) => {
      record({ event: 'sent', tab: p.tab, summary: p.summary });
      signal.addEventListener('abort', () => record({ event: 'aborted', tab: p.tab, summary: p.summary }), { once: true });
      return send(p, signal);
    };
    return naive ? new EveryAnswer(recorded, handlers) : new LatestOnly(recorded, handlers, debounceMs);
  };
  return (deps) => {
    if (!naive) return { ...deps, requester };
    return {
      ...deps,
      requester,
      answerTtlMs: 0,
      // The page (each time it loads, when it is first told the connection) hears that every edit
      // is acted on: it holds no answer back for an edit on its way.
      post: (event) => {
        if (event.type === 'connection') deps.post({ type: 'edited', seq: Number.MAX_SAFE_INTEGER });
        deps.post(event);
      },
    };
  };
}
