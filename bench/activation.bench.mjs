// Activation inside the real VS Code (code-server 1.139 in headless Chromium, the built extension
// installed, signed in to the simulator through the environment), production bundles (the bench
// variant: `node esbuild.mjs --production --bench`, which keeps the timing code).
//
// 10 rounds, each two window reloads in a window where nothing of the extension is in use (no
// editor open, the Explorer in the sidebar), alternating which goes first:
// - as shipped: VS Code activates the start-up bundle (dist/extension.js) on onStartupFinished and
//   it only stands in (src/ui/lazyActivation.ts); then the bench runs a contributed command
//   (Platform Console: Show Log), and the extension itself (dist/main.js) loads: its first use;
// - the naive baseline, eager: the same bundles with the start-up bundle loading the extension at
//   once (PLATFORM_CONSOLE_BENCH_EAGER_FILE present), as every window paid before it stood in.
//
// The extension measures itself (src/ui/activationTimings.ts): per bundle, its module evaluation
// (first module -> the entry's body; V8's parse of the file before that is not included) and
// activate(); VS Code's wait before it calls activate() is not the extension's doing and is shown
// apart. The headlines: what start-up costs in a window that does not use the extension, and what
// the first use costs (module evaluation + activate() of dist/main.js).
//
//   npm run bench -- activation          (builds, installs code-server on first use)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess, tempDirs } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { benchCodeServer } from './benchCodeServer.mjs';
import { benchRow, formatValue, spreadOf, writeRows } from './benchRows.mjs';

const RELOADS = 10;

guardRun('the activation benchmark', 15 * 60_000);

const tmp = await tempDirs('bench-activation', ['t']);
const built = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--bench'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (built.status !== 0) throw new Error('node esbuild.mjs --production --bench failed');

const paths = await ensure();
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-activation-simulator.log') });
const timingsFile = path.join(tmp('t'), 'activations.jsonl');
const eagerFile = path.join(tmp('t'), 'eager');
await writeFile(timingsFile, '');
const codeServer = await benchCodeServer({
  paths,
  label: 'bench-activation',
  simulatorUrl,
  apiKey,
  env: { PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE: timingsFile, PLATFORM_CONSOLE_BENCH_EAGER_FILE: eagerFile },
  logFile: path.join(resultsDir, 'bench-activation-code-server.log'),
});

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

const activations = async () => (await readFile(timingsFile, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line));

/** Waits (generously) for a record of `bundle` after the first `seen` records; returns it. */
async function record(bundle, seen) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = (await activations()).slice(seen).find((r) => r.bundle === bundle);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${bundle} activation came`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function reload() {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 60_000 });
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
}

const connectionShown = () => page.locator('.statusbar-item', { hasText: 'bench' }).first();
const results = { shipped: [], eager: [] };
try {
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  // Warm-up: the first use (the connection is created from the environment then); then a quiet window.
  await runCommand(page, 'Platform Console: Show Log');
  await connectionShown().waitFor({ timeout: 60_000 });
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'View: Show Explorer');
  for (let i = 0; i < RELOADS; i++) {
    for (const mode of i % 2 === 0 ? ['shipped', 'eager'] : ['eager', 'shipped']) {
      if (mode === 'eager') await writeFile(eagerFile, '');
      else await rm(eagerFile, { force: true });
      const seen = (await activations()).length;
      await reload();
      const startup = await record('startup', seen);
      if (mode === 'eager') {
        results.eager.push({ startup, main: await record('main', seen) });
        await connectionShown().waitFor({ timeout: 60_000 });
        continue;
      }
      await page.waitForTimeout(1500);
      if ((await activations()).slice(seen).some((r) => r.bundle === 'main')) throw new Error('the extension loaded at start-up in a quiet window');
      await runCommand(page, 'Platform Console: Show Log');
      const main = await record('main', seen);
      await connectionShown().waitFor({ timeout: 60_000 });
      await runCommand(page, 'View: Hide Panel').catch(() => undefined);
      results.shipped.push({ startup, main });
    }
  }
} catch (error) {
  console.error('The benchmark failed:', error);
  await page.screenshot({ path: path.join(resultsDir, 'bench-activation-failure.png') }).catch(() => {});
  await exitWith(1);
}
await rm(eagerFile, { force: true });
// dist/ back as `npm run build` leaves it (the installed copy keeps the bench variant).
spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });

const own = (t) => t.evaluateMs + t.activateMs;
const series = (mode) => ({
  startup: results[mode].map((r) => own(r.startup)),
  startupEvaluate: results[mode].map((r) => r.startup.evaluateMs),
  startupActivate: results[mode].map((r) => r.startup.activateMs),
  startupCpu: results[mode].map((r) => r.startup.cpuMs),
  startupThreadCpu: results[mode].map((r) => r.startup.threadCpuMs).filter((ms) => ms !== undefined),
  mainTotal: results[mode].map((r) => own(r.main)),
  mainEvaluate: results[mode].map((r) => r.main.evaluateMs),
  mainActivate: results[mode].map((r) => r.main.activateMs),
  mainCpu: results[mode].map((r) => r.main.cpuMs),
  mainThreadCpu: results[mode].map((r) => r.main.threadCpuMs).filter((ms) => ms !== undefined),
  wait: results[mode].map((r) => r.startup.waitMs),
});
const s = series('shipped');
const e = series('eager');
const show = (xs) => (xs.length ? formatValue(spreadOf(xs), 'ms') : '(no process.threadCpuUsage)');
console.log(`\nActivation in code-server 1.139 + headless Chromium, ${RELOADS} quiet-window reloads each (alternating); median (min–max)`);
console.log(`  ${''.padEnd(66)} ${'as shipped (stands in)'.padEnd(28)} eager (baseline)`);
for (const [label, key] of [
  ['start-up: the start-up bundle\'s evaluation + activate()', 'startup'],
  ['  its module evaluation', 'startupEvaluate'],
  ['  its activate()', 'startupActivate'],
  ['  CPU time of both (the extension host process)', 'startupCpu'],
  ['  CPU time of both (the extension host\'s thread alone)', 'startupThreadCpu'],
  ['the extension (dist/main.js): evaluation + activate()', 'mainTotal'],
  ['  its module evaluation', 'mainEvaluate'],
  ['  its activate()', 'mainActivate'],
  ['  CPU time of both (the extension host process)', 'mainCpu'],
  ['  CPU time of both (the extension host\'s thread alone)', 'mainThreadCpu'],
  ['VS Code: start-up bundle evaluated -> activate() called', 'wait'],
]) {
  console.log(`  ${label.padEnd(66)} ${show(s[key]).padEnd(28)} ${show(e[key])}`);
}

/** Each step of a bundle's activate() (as shipped), median (min–max) over the reloads; printed in `order`. */
function stepsOf(bundle, title, order) {
  const names = [...new Set(results.shipped.flatMap((r) => Object.keys(r[bundle].steps ?? {})))];
  const spreads = names.map((name) => [name, spreadOf(results.shipped.map((r) => r[bundle].steps?.[name] ?? 0))]);
  if (order === 'costliest') spreads.sort((a, b) => b[1].median - a[1].median);
  console.log(`\nactivate() of ${title} (as shipped), by step; median (min–max)`);
  for (const [name, spread] of spreads) console.log(`  ${name.padEnd(58)} ${formatValue(spread, 'ms')}`);
  return spreads;
}
// What cost what inside the extension's activate() (its first use), costliest first; inside the
// start-up bundle's (the stand-ins), in the order they run.
const stepMedians = stepsOf('main', 'dist/main.js', 'costliest');
stepsOf('startup', 'the start-up bundle', 'as run');

const area = 'Activation';
await writeRows('activation', [
  benchRow(area, `start-up cost in a window that does not use the extension (evaluation + activate()), median of ${RELOADS} reloads (goal < 5 ms)`, spreadOf(s.startup), 'ms', spreadOf(e.startup), 'eager: the extension loaded at start-up, as before'),
  benchRow(area, '  module evaluation of the start-up bundle (dist/extension.js)', spreadOf(s.startupEvaluate), 'ms'),
  benchRow(area, '  its activate() (the stand-ins)', spreadOf(s.startupActivate), 'ms'),
  benchRow(area, '  CPU time of the same (the extension host process, all its threads)', spreadOf(s.startupCpu), 'ms', spreadOf(e.startupCpu), 'eager'),
  ...(s.startupThreadCpu.length && e.startupThreadCpu.length ? [benchRow(area, '  CPU time of the same, the extension host\'s thread alone', spreadOf(s.startupThreadCpu), 'ms', spreadOf(e.startupThreadCpu), 'eager')] : []),
  benchRow(area, 'first use: the extension\'s evaluation + activate() (dist/main.js; goal < 30 ms)', spreadOf(s.mainTotal), 'ms', spreadOf(e.startup), 'eager start-up (the same work, paid by every window)'),
  benchRow(area, '  module evaluation of dist/main.js', spreadOf(s.mainEvaluate), 'ms'),
  benchRow(area, '  its activate()', spreadOf(s.mainActivate), 'ms'),
  benchRow(area, '  CPU time of the same (the extension host process, all its threads)', spreadOf(s.mainCpu), 'ms'),
  ...(s.mainThreadCpu.length ? [benchRow(area, '  CPU time of the same, the extension host\'s thread alone', spreadOf(s.mainThreadCpu), 'ms')] : []),
  ...stepMedians.slice(0, 3).map(([name, spread]) => benchRow(area, `    of which ${name}`, spread, 'ms')),
]);
await exitWith(0);
