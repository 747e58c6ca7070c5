// `npm run bench [-- <filter>...]`: runs every bench/*.bench.mjs (or those whose name contains a
// filter), one after another, each in a process of its own with tsx (a benchmark may import the
// TypeScript sources). Benchmarks print figures and ratios; they are not timed tests.
// Each bench also writes its headline rows (bench/benchRows.mjs); once all have run, this prints
// them as one table beside their baselines and writes it to test-results/bench/summary.md.
// Fails when a bench failed or wrote no rows.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchResultsDir, formatRatio, formatValue, rowsFile } from './benchRows.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.mjs') && (only.length === 0 || only.some((o) => name.includes(o))))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark in bench/${only.length ? ` matching ${only.join(', ')}` : ''}`);
  process.exit(1);
}
const benchName = (file) => file.slice(0, -'.bench.mjs'.length);
// Rows left from an earlier run must not pass for this run's.
for (const file of files) rmSync(rowsFile(benchName(file)), { force: true });

const started = Date.now();
const failures = [];
for (const name of files) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, name)], { stdio: 'inherit', cwd: path.dirname(dir) });
  if (result.status !== 0) {
    failures.push(`${name} failed (${result.status ?? result.signal})`);
    console.error(failures.at(-1));
  } else if (!existsSync(rowsFile(benchName(name)))) {
    failures.push(`${name} wrote no rows`);
    console.error(failures.at(-1));
  }
}
const minutes = (Date.now() - started) / 60_000;

// ---------- the table ----------
const rows = [];
for (const file of files) {
  const rowsPath = rowsFile(benchName(file));
  if (!existsSync(rowsPath)) continue;
  for (const row of JSON.parse(readFileSync(rowsPath, 'utf8')).rows) rows.push({ ...row, bench: benchName(file) });
}
const cells = rows.map((r) => [
  r.area,
  r.figure,
  formatValue(r.value, r.unit),
  r.baseline === null || r.baseline === undefined ? '' : `${formatValue(r.baseline, r.unit)} (${r.baselineLabel})`,
  formatRatio(r.ratio),
  r.bench,
]);
const header = ['Area', 'Figure', 'Measured', 'Naive baseline, same run', 'Ratio', 'Bench'];

const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Linux ${os.release()}, Node ${process.versions.node}`;
const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');

const escape = (text) => String(text).replaceAll('|', '\\|');
const markdown = [
  `Measured ${when} on ${machine}; \`npm run bench${only.length ? ` -- ${only.join(' ')}` : ''}\` (${minutes.toFixed(1)} min).`,
  'Ratio: baseline / measured (how many times the naive way costs more).',
  '',
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  // Markdown drops a cell's leading spaces: a sub-row (figure indented by two) gets an arrow.
  ...cells.map(([area, figure, ...rest]) => `| ${[area, figure.replace(/^ {2}/, '↳ '), ...rest].map(escape).join(' | ')} |`),
  '',
].join('\n');
await mkdir(benchResultsDir, { recursive: true });
const summaryFile = path.join(benchResultsDir, 'summary.md');
await writeFile(summaryFile, markdown);

const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c) =>
  c
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(`\n=== All figures (${files.length} benchmark${files.length === 1 ? '' : 's'}, ${minutes.toFixed(1)} min) ===`);
console.log(machine);
console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
for (const c of cells) console.log(line(c));
console.log(`\nAlso in ${path.relative(process.cwd(), summaryFile)}`);
if (failures.length) {
  console.error(`\n${failures.length} benchmark(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
