// How long the extension takes to start, as bench/activation.bench.mjs measures it: its bundle's
// module evaluation (from this module, the bundle's first: extension.ts imports it before anything
// else, to extension.ts's own body, the last, calling bundleEvaluated()), the wait until VS Code
// calls activate() (it reads the extension's storage meanwhile), and activate() itself. With
// PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE set, each activation appends one JSON line to that
// file; nothing is written otherwise (one performance.now() at load is all it costs then).
import { appendBenchRecord } from './benchRecord';
import { performance } from 'node:perf_hooks';

export const ACTIVATION_TIMINGS_FILE_ENV = 'PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE';

/** performance.now() (ms since the extension host process started) when the bundle began evaluating. */
const bundleStartedAt = performance.now();
let bundleEvaluatedAt = Number.NaN;

/** Called by extension.ts's top level, after every module it imports was evaluated. */
export function bundleEvaluated(): void {
  bundleEvaluatedAt = performance.now();
}

export interface ActivationTimings {
  /** The extension host process started -> this bundle began evaluating (VS Code's own startup). */
  hostStartToBundleMs: number;
  /** The bundle's first module -> its last (extension.ts) evaluated. */
  evaluateMs: number;
  /** The bundle evaluated -> activate() called (VS Code preparing the extension's context). */
  waitMs: number;
  /** activate() called -> its promise settled. */
  activateMs: number;
  /** Epoch ms when activate() settled. */
  activatedAt: number;
}

/** Call first thing in activate(); call the returned function when activate() is done. */
export function activationTimer(file: string | undefined = process.env[ACTIVATION_TIMINGS_FILE_ENV]): () => void {
  if (!file) return () => {};
  const calledAt = performance.now();
  return () => {
    const doneAt = performance.now();
    const timings: ActivationTimings = {
      hostStartToBundleMs: bundleStartedAt,
      evaluateMs: bundleEvaluatedAt - bundleStartedAt,
      waitMs: calledAt - bundleEvaluatedAt,
      activateMs: doneAt - calledAt,
      activatedAt: performance.timeOrigin + doneAt,
    };
    appendBenchRecord(file, timings);
  };
}
