// The extension host's own memory as the benches read it: when PLATFORM_CONSOLE_BENCH_MEMORY_FILE
// is set, one JSON line every 100 ms ({at, rss, heapUsed, external, arrayBuffers}, `at` epoch ms)
// appended to that file, so a benchmark can take the peak over a window it timed from outside (the
// JS heap cannot be read from /proc).
import { appendBenchRecord } from './benchRecord';

export const MEMORY_FILE_ENV = 'PLATFORM_CONSOLE_BENCH_MEMORY_FILE';
const EVERY_MS = 100;

/** Starts sampling when the environment names a file; the returned function stops it. */
export function sampleHostMemory(env: NodeJS.ProcessEnv): () => void {
  const file = env[MEMORY_FILE_ENV];
  if (!file) return () => undefined;
  const timer = setInterval(() => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    appendBenchRecord(file, { at: Date.now(), rss, heapUsed, external, arrayBuffers });
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
