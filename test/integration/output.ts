// Output that reaches the harness's stdout. In the extension host, console calls are forwarded
// to the workbench, which hands them to the harness mixed with its own log lines and without
// applying printf-style formats (and VS Code does not let console be replaced). So output meant
// for the person running the tests is formatted here and tagged; untagged lines, plain
// console.log included, land in test-results/integration-workbench.log.
import { format } from 'node:util';

// Both must match scripts/harness/runIntegration.mjs.
export const OUTPUT_TAG = '[exthost] ';
export const RESULT_MARKER = 'PLATFORM_CONSOLE_MOCHA_RESULT ';

/** console.log for integration tests: printed by the harness. */
export function print(...args: unknown[]): void {
  console.log(OUTPUT_TAG + format(...args));
}
