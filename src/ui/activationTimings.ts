// How long the extension takes to start, as bench/activation.bench.mjs measures it, for each of
// its two bundles (the start-up bundle extension.ts, and main.ts that it loads at first use): the
// bundle's module evaluation (from this module, the bundle's first import, to the entry's own body,
// the last, calling bundleEvaluated()), the wait until activate() is called (VS Code reads the
// extension's storage meanwhile), and activate() itself. With PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE
// set, each activation appends one JSON line to that file. Bench-only: the shipped bundles hold an
// inert stand-in instead (esbuild.mjs), and the benches build their own variant.
import { appendFileSync, existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const ACTIVATION_TIMINGS_FILE_ENV = 'PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE';
/**
 * A file whose presence makes the start-up bundle load the extension at once, as it did before
 * it stood in (the bench's baseline; a file, so that the bench can switch between two reloads).
 */
export const ACTIVATION_EAGER_FILE_ENV = 'PLATFORM_CONSOLE_BENCH_EAGER_FILE';

export function benchEager(file: string | undefined = process.env[ACTIVATION_EAGER_FILE_ENV]): boolean {
  return file !== undefined && existsSync(file);
}

/** performance.now() (ms since the extension host process started) when the bundle began evaluating. */
const bundleStartedAt = performance.now();
/** The extension host process's CPU time then (all its threads: an upper bound for this bundle's thread). */
const bundleStartedCpu = process.cpuUsage();
/**
 * This thread's CPU time (`process.threadCpuUsage`, Node 23.9+: the extension host of VS Code
 * 1.139 has it): the work of the extension's own code and of the API calls it makes there, without
 * the other threads (garbage collection helpers, compilers, I/O) that `cpuUsage` counts too.
 */
const threadCpuUsage = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);
const bundleStartedThreadCpu = threadCpuUsage?.();
let bundleEvaluatedAt = Number.NaN;
let evaluateCpuMs = Number.NaN;
let evaluateThreadCpuMs: number | undefined;

const ms = (used: NodeJS.CpuUsage): number => (used.user + used.system) / 1000;
const cpuMsSince = (since: NodeJS.CpuUsage): number => ms(process.cpuUsage(since));
const threadCpuMsSince = (since: NodeJS.CpuUsage | undefined): number | undefined => (since && threadCpuUsage ? ms(threadCpuUsage(since)) : undefined);

/** Called by extension.ts's top level, after every module it imports was evaluated. */
export function bundleEvaluated(): void {
  bundleEvaluatedAt = performance.now();
  evaluateCpuMs = cpuMsSince(bundleStartedCpu);
  evaluateThreadCpuMs = threadCpuMsSince(bundleStartedThreadCpu);
}

export interface ActivationTimings {
  /** Which bundle: the start-up stand-in or the extension itself. */
  bundle: 'startup' | 'main';
  /** The extension host process started -> this bundle began evaluating (VS Code's own startup). */
  hostStartToBundleMs: number;
  /** The bundle's first module -> its last (extension.ts) evaluated. */
  evaluateMs: number;
  /** The bundle evaluated -> activate() called (VS Code preparing the extension's context). */
  waitMs: number;
  /** activate() called -> its promise settled. */
  activateMs: number;
  /**
   * CPU time the extension host process spent in the evaluation and in activate() (user + system,
   * all its threads): what they cost the machine, where the wall times above also count the
   * moments the thread waited for a core (a window starting keeps every core busy).
   */
  cpuMs: number;
  /** The same, of the extension host's thread alone (where `process.threadCpuUsage` exists). */
  threadCpuMs?: number;
  /** Epoch ms when activate() settled. */
  activatedAt: number;
  /** activate()'s steps, ms each (what cost what). */
  steps?: Record<string, number>;
}

/** Call first thing in activate(); call the returned function when activate() is done. */
export function activationTimer(bundle: ActivationTimings['bundle'], file: string | undefined = process.env[ACTIVATION_TIMINGS_FILE_ENV]): (steps?: Record<string, number>) => void {
  if (!file) return () => {};
  const calledAt = performance.now();
  const calledCpu = process.cpuUsage();
  const calledThreadCpu = threadCpuUsage?.();
  return (steps?: Record<string, number>) => {
    const doneAt = performance.now();
    const activateCpuMs = cpuMsSince(calledCpu);
    const activateThreadCpuMs = threadCpuMsSince(calledThreadCpu);
    const timings: ActivationTimings = {
      bundle,
      hostStartToBundleMs: bundleStartedAt,
      evaluateMs: bundleEvaluatedAt - bundleStartedAt,
      waitMs: calledAt - bundleEvaluatedAt,
      activateMs: doneAt - calledAt,
      cpuMs: evaluateCpuMs + activateCpuMs,
      ...(evaluateThreadCpuMs !== undefined && activateThreadCpuMs !== undefined && { threadCpuMs: evaluateThreadCpuMs + activateThreadCpuMs }),
      activatedAt: performance.timeOrigin + doneAt,
      ...(steps && { steps }),
    };
    try {
      appendFileSync(file, `${JSON.stringify(timings)}\n`);
    } catch {
      // A benchmark aid: the bench sees the missing line and says so.
    }
  };
}
