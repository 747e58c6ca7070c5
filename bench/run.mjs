// `npm run bench [-- <filter>...]`: runs every bench/*.bench.mjs (or those whose name contains a
// filter), one after another, each in a process of its own with tsx (a benchmark may import the
// TypeScript sources). Benchmarks print figures and ratios; they are not timed tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.mjs') && (only.length === 0 || only.some((o) => name.includes(o))))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark in bench/${only.length ? ` matching ${only.join(', ')}` : ''}`);
  process.exit(1);
}
let failed = 0;
for (const name of files) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, name)], { stdio: 'inherit', cwd: path.dirname(dir) });
  if (result.status !== 0) {
    failed++;
    console.error(`${name} failed (${result.status ?? result.signal})`);
  }
}
process.exit(failed ? 1 : 0);
