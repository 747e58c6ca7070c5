// Activation time inside the real VS Code (code-server 1.139 in headless Chromium, the built
// extension installed, signed in to the simulator through the environment): 10 window reloads
// ("Developer: Reload Window": each starts a new extension host, which activates the extension on
// onStartupFinished) with the production bundle (`node esbuild.mjs --production`, what the .vsix
// ships) beside 10 with the development bundle (the same code, not minified) as the naive
// baseline, alternating between the two (the installed dist/extension.js is swapped before each
// reload) so that a busy moment of the machine does not fall on one side only.
//
// The extension measures itself (src/ui/activationTimings.ts, PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE):
// its bundle's module evaluation (first module -> extension.ts's body; V8's parse of the file
// before that is not included), VS Code's wait before it calls activate() (it prepares the
// extension's context, storage included: not the extension's doing, shown apart), and activate()
// itself. The headline is evaluation + activate(), the extension's own share.
//
//   npm run bench -- activation          (builds, installs code-server on first use)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, readManifest, resultsDir, startSimulatorProcess, tempDirs } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { benchCodeServer } from './benchCodeServer.mjs';
import { benchRow, formatValue, spreadOf, writeRows } from './benchRows.mjs';

const RELOADS = 10;

guardRun('the activation benchmark', 15 * 60_000);

const tmp = await tempDirs('bench-activation', ['bundles', 't']);
function build(production) {
  const result = spawnSync(process.execPath, ['esbuild.mjs', ...(production ? ['--production'] : [])], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`node esbuild.mjs${production ? ' --production' : ''} failed`);
}
const bundles = { production: path.join(tmp('bundles'), 'production.js'), development: path.join(tmp('bundles'), 'development.js') };
build(true);
await copyFile(path.join(projectRoot, 'dist/extension.js'), bundles.production);
build(false); // dist/ as `npm run build` leaves it
await copyFile(path.join(projectRoot, 'dist/extension.js'), bundles.development);

const paths = await ensure();
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const simulatorUrl = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-activation-simulator.log') });
const timingsFile = path.join(tmp('t'), 'activations.jsonl');
await writeFile(timingsFile, '');
const codeServer = await benchCodeServer({
  paths,
  label: 'bench-activation',
  simulatorUrl,
  apiKey,
  env: { PLATFORM_CONSOLE_ACTIVATION_TIMINGS_FILE: timingsFile },
  logFile: path.join(resultsDir, 'bench-activation-code-server.log'),
});
const manifest = readManifest();
const installed = path.join(codeServer.dir('extensions'), `${manifest.publisher}.${manifest.name}-${manifest.version}`, 'dist', 'extension.js');

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

const activations = async () => (await readFile(timingsFile, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line));

/** Waits (generously) for activation number `count` and the workbench showing the connection. */
async function activation(count) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const all = await activations();
    if (all.length >= count) {
      await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
      await page.locator('.statusbar-item', { hasText: 'bench' }).first().waitFor({ timeout: 60_000 });
      return all[count - 1];
    }
    if (Date.now() > deadline) throw new Error(`activation ${count} never came (${all.length} seen)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const results = { production: [], development: [] };
try {
  // Warm-up: the first load (the connection is created from the environment then).
  await copyFile(bundles.production, installed);
  await page.goto(codeServer.workspaceUrl);
  let count = 1;
  await activation(count);
  for (let i = 0; i < RELOADS; i++) {
    const order = i % 2 === 0 ? ['production', 'development'] : ['development', 'production'];
    for (const mode of order) {
      await copyFile(bundles[mode], installed);
      await runCommand(page, 'Developer: Reload Window');
      results[mode].push(await activation(++count));
    }
  }
} catch (error) {
  console.error('The benchmark failed:', error);
  await page.screenshot({ path: path.join(resultsDir, 'bench-activation-failure.png') }).catch(() => {});
  await exitWith(1);
}

const series = (mode) => ({
  evaluate: results[mode].map((t) => t.evaluateMs),
  wait: results[mode].map((t) => t.waitMs),
  activate: results[mode].map((t) => t.activateMs),
  total: results[mode].map((t) => t.evaluateMs + t.activateMs),
  hostToBundle: results[mode].map((t) => t.hostStartToBundleMs),
});
const p = series('production');
const d = series('development');
const show = (xs) => formatValue(spreadOf(xs), 'ms');
console.log(`\nActivation in code-server 1.139 + headless Chromium, ${RELOADS} window reloads per bundle (alternating); median (min–max)`);
console.log(`  ${''.padEnd(58)} ${'production (minified)'.padEnd(28)} development (not minified)`);
for (const [label, key] of [
  ['module evaluation + activate() (the extension\'s own share)', 'total'],
  ['  module evaluation (bundle\'s first module -> extension.ts)', 'evaluate'],
  ['  activate() called -> settled', 'activate'],
  ['VS Code: bundle evaluated -> activate() called', 'wait'],
  ['VS Code: extension host started -> bundle\'s first module', 'hostToBundle'],
]) {
  console.log(`  ${label.padEnd(58)} ${show(p[key]).padEnd(28)} ${show(d[key])}`);
}

const area = 'Activation';
const devLabel = 'development bundle, not minified';
await writeRows('activation', [
  benchRow(area, `module evaluation + activate(), median (min–max) of ${RELOADS} window reloads`, spreadOf(p.total), 'ms', spreadOf(d.total), devLabel),
  benchRow(area, '  module evaluation of the bundle', spreadOf(p.evaluate), 'ms', spreadOf(d.evaluate), devLabel),
  benchRow(area, '  activate() itself', spreadOf(p.activate), 'ms', spreadOf(d.activate), devLabel),
]);
await exitWith(0);
