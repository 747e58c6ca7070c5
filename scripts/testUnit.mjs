// Runs test/unit/**/*.test.ts: bundled with esbuild (scripts/unit/bundle.mjs), then run by Node's
// test runner in as few processes as keep them isolated, as many at once as the machine has
// cores. `node scripts/testUnit.mjs client logs` runs the files whose path contains a word.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleTests } from './unit/bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(root, 'test', 'unit');
const outdir = path.join(root, 'out', 'unit');
/** Each run's per-file times: the next run balances its processes by them; `npm test` reports them. */
const timesFile = path.join(root, 'test-results', 'timings', 'unit.json');

/**
 * Files that run in a process of their own, and why (file name: reason). Every other file shares
 * a process with others, each in its own bundle so no module state is shared; a file goes here
 * only on evidence: it fails beside others and passes alone. None does today: every file ran
 * beside the others and passed (none sets environment variables, globals or fake timers for the
 * process; the simulator, MCP and start-script tests start their own children and servers).
 * @type {Record<string, string>}
 */
const OWN_PROCESS = {};

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return find(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const files = find(sourceDir).sort();
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => path.relative(root, f).includes(o))) : files;
if (selected.length === 0) {
  console.error(`[unit] no file in test/unit matches ${only.join(', ')}`);
  process.exit(1);
}

const started = performance.now();
const bundles = await bundleTests(selected, sourceDir, outdir);
const built = performance.now();
const name = (file) => path.relative(root, file).split(path.sep).join('/');
const units = selected.map((file, i) => ({ name: name(file), bundle: bundles[i], own: path.basename(file) in OWN_PROCESS }));

let previous = {};
try {
  previous = Object.fromEntries(JSON.parse(readFileSync(timesFile, 'utf8')).files.map((f) => [f.file, f.ms]));
} catch {
  // no earlier run: every file counts the same
}
const cost = (unit) => previous[unit.name] ?? 1000;

// The shared files in as many groups as there are cores, balanced by their last times (longest
// first, each to the lightest group); each file of OWN_PROCESS is a group of its own.
const cores = Math.max(1, availableParallelism());
const shared = units.filter((u) => !u.own).sort((a, b) => cost(b) - cost(a));
const groups = Array.from({ length: Math.min(cores, shared.length) }, () => ({ units: [], cost: 0 }));
for (const unit of shared) {
  const lightest = groups.reduce((a, b) => (b.cost < a.cost ? b : a));
  lightest.units.push(unit);
  lightest.cost += cost(unit);
}
const tasks = [...units.filter((u) => u.own).map((u) => [u]), ...groups.map((g) => g.units.sort((a, b) => a.name.localeCompare(b.name)))];

const work = path.join(outdir, '.times');
mkdirSync(work, { recursive: true });
const reporter = pathToFileURL(path.join(import.meta.dirname, 'unit', 'fileTimes.mjs')).href;
const runner = path.join(import.meta.dirname, 'unit', 'runFiles.mjs');
const alone = tasks.length === 1;

/** Runs one group in one process; its output is printed whole when it ends (live when it is the only one). */
function run(task, index) {
  const times = path.join(work, `${index}.jsonl`);
  const args = [
    '--enable-source-maps',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${reporter}`,
    `--test-reporter-destination=${times}`,
    runner,
    ...task.map((u) => `${u.bundle}=${u.name}`),
  ];
  const env = process.stdout.isTTY && !alone ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!alone) {
        console.log(
          `[unit] process ${index + 1} of ${tasks.length}: ${task.length} file(s) in ${((performance.now() - began) / 1000).toFixed(1)} s, exit ${signal ?? code}`,
        );
        process.stdout.write(Buffer.concat(output));
      }
      let lines = [];
      try {
        lines = readFileSync(times, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line));
      } catch {
        // the process died before its reporter wrote: every file of it is missing below
      }
      resolve({ code: signal ? 1 : code, lines });
    });
  });
}

// The longest tasks first, as many at once as there are cores.
const queue = tasks.map((task, index) => ({ task, index })).sort((a, b) => b.task.reduce((s, u) => s + cost(u), 0) - a.task.reduce((s, u) => s + cost(u), 0));
const results = [];
await Promise.all(
  Array.from({ length: Math.min(cores, tasks.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await run(next.task, next.index));
  }),
);
rmSync(work, { recursive: true, force: true });

const reported = results.flatMap((r) => r.lines);
const missing = units.filter((u) => !reported.some((line) => line.file === u.name)).map((u) => u.name);
const sum = (key) => reported.reduce((s, line) => s + line[key], 0);
const passed = sum('passed');
const failed = sum('failed') + missing.length;
const wall = (performance.now() - started) / 1000;
if (!only.length) {
  mkdirSync(path.dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, JSON.stringify({ wallSeconds: wall, files: reported.map(({ file, ms }) => ({ file, ms })) }, null, 2));
}
for (const file of missing) console.error(`[unit] ${file}: no result (its process exited early)`);
const slowest = [...reported].sort((a, b) => b.ms - a.ms).slice(0, 5);
console.log(
  `[unit] ${units.length} file(s) in ${tasks.length} process(es) on ${cores} core(s): bundled in ${((built - started) / 1000).toFixed(1)} s, ${wall.toFixed(1)} s in all; slowest: ${slowest.map((l) => `${path.basename(l.file)} ${(l.ms / 1000).toFixed(1)} s`).join(', ')}`,
);
console.log(`unit: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.code === 0) ? 0 : 1);
