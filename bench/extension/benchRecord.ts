// The one way the extension hands figures to a benchmark: a JSON line appended to the file a
// bench-only environment variable names (PLATFORM_CONSOLE_*_FILE). A benchmark aid, so a write
// that fails is dropped rather than allowed to break what is being measured.
import { appendFileSync } from 'node:fs';

export function appendBenchRecord(file: string, record: unknown): void {
  try {
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  } catch {
    // Nothing to do: the benchmark sees a missing line and says so.
  }
}
