// `npm test`: every tier, group by group, stopping after the first group with a failed tier (its
// exit code is the run's), the extension built once for both VS Code tiers, then a table of each
// tier's wall time and the ten slowest test files (unit and UI), so that a slowdown is seen the
// day it lands.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const TIERS = [
  ['deps', process.execPath, ['scripts/ensureDeps.mjs']],
  ['typecheck', npm, ['run', 'typecheck']],
  ['lint', npm, ['run', 'lint']],
  ['unit', npm, ['run', 'test:unit']],
  ['build', npm, ['run', 'build']],
  ['integration', npm, ['run', 'test:integration']],
  ['e2e', npm, ['run', 'test:e2e']],
];
// Tiers run side by side, each group after the one before: typecheck and lint are one process each
// (two cores kept busy); with four cores or more the unit tier (a process per core) joins them.
const cores = availableParallelism();
const GROUPS =
  cores >= 4
    ? [['deps'], ['typecheck', 'lint', 'unit'], ['build'], ['integration'], ['e2e']]
    : [['deps'], ['typecheck', 'lint'], ['unit'], ['build'], ['integration'], ['e2e']];
// The UI tier's spec output: each file is one top-level describe, its line `✔ <title> (<ms>ms)`
// unindented (mocha in the integration tier prints no time per file).
const SUITE_LINE = /^[✔✖] (.+) \(([\d.]+)ms\)$/;
const e2eDir = path.join(root, 'test', 'e2e');
/** The UI files by their top-level describe's title. */
const e2eByTitle = new Map(
  readdirSync(e2eDir)
    .filter((name) => name.endsWith('.e2e.mjs'))
    .flatMap((name) => {
      const title = /^describe\((['"`])(.*?)\1/m.exec(readFileSync(path.join(e2eDir, name), 'utf8'))?.[2];
      return title ? [[title, name]] : [];
    }),
);

const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) };
const rows = [];
const files = [];

/**
 * Runs one tier, its output passed through as it comes (held until it ends when it runs beside
 * another, so that no two tiers' lines interleave) and read for its files' times.
 */
function run(tier, command, args, alone) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, env, stdio: ['inherit', 'pipe', alone ? 'inherit' : 'pipe'] });
    const held = [];
    if (!alone) child.stderr.on('data', (chunk) => held.push(chunk));
    let rest = '';
    child.stdout.on('data', (chunk) => {
      if (alone) process.stdout.write(chunk);
      else held.push(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const match = tier === 'e2e' ? SUITE_LINE.exec(stripVTControlCharacters(line)) : null;
        const file = match && e2eByTitle.get(match[1]);
        if (file) files.push({ tier, file, ms: Number(match[2]) });
      }
    });
    child.on('close', (code, signal) => {
      if (!alone) process.stdout.write(Buffer.concat(held));
      resolve({ code: signal ? 1 : (code ?? 1), seconds: (performance.now() - started) / 1000 });
    });
  });
}

function unitFiles() {
  try {
    const { files: times } = JSON.parse(readFileSync(path.join(root, 'test-results', 'timings', 'unit.json'), 'utf8'));
    return times.map(({ file, ms }) => ({ tier: 'unit', file: path.basename(file), ms }));
  } catch {
    return [];
  }
}

function report(failedTier) {
  const seconds = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
  const total = (performance.now() - runStarted) / 1000;
  const lines = ['', `── npm test: time per tier (${cores} cores; tiers in one group ran side by side) ──`];
  for (const row of rows) lines.push(`${row.tier.padEnd(12)} ${seconds(row.seconds).padStart(12)}  ${row.code === 0 ? 'ok' : `FAILED (exit ${row.code})`}`);
  for (const [tier] of TIERS.filter(([t]) => !rows.some((r) => r.tier === t))) lines.push(`${tier.padEnd(12)} ${'–'.padStart(12)}  not run`);
  lines.push(`${'total'.padEnd(12)} ${seconds(total).padStart(12)}${failedTier ? `  stopped at ${failedTier}` : ''}`);
  const slowest = [...(rows.some((r) => r.tier === 'unit') ? unitFiles() : []), ...files].sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (slowest.length > 0) {
    lines.push('', '── the ten slowest test files ──');
    for (const f of slowest) lines.push(`${seconds(f.ms / 1000).padStart(12)}  ${f.tier.padEnd(12)} ${f.file}`);
  }
  if (rows.some((r) => r.tier === 'integration')) lines.push('(integration files are not in it: mocha inside VS Code prints no time per file)');
  console.log(lines.join('\n'));
}

const runStarted = performance.now();
for (const group of GROUPS) {
  const tiers = TIERS.filter(([tier]) => group.includes(tier));
  const results = await Promise.all(tiers.map(([tier, command, args]) => run(tier, command, args, tiers.length === 1)));
  tiers.forEach(([tier], i) => rows.push({ tier, ...results[i] }));
  const failed = tiers.findIndex((_, i) => results[i].code !== 0);
  if (failed !== -1) {
    report(tiers[failed][0]);
    process.exit(results[failed].code);
  }
  // Built once here: test:integration and test:e2e skip their own build (scripts/buildOnce.mjs).
  if (group.includes('build')) env.PLATFORM_CONSOLE_BUILT = '1';
}
report();
