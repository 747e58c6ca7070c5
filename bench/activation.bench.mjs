// Activation inside the real VS Code (code-server 1.139 in headless Chromium, the built extension
// installed, signed in to the simulator through the environment), production bundles.
//
// The extension has no start-up activation event: VS Code activates it at its first use. Each of
// the rounds reloads a window where nothing of the extension is in use (no editor open, the
// Explorer in the sidebar), and then:
// - waits, and reports whether the extension activated by itself ("not activated" is the goal:
//   its connection is not in the status bar);
// - uses it (the command Platform Console: Show Log, from the palette) and measures the first
//   use: from the command's Enter to the extension's answer, its connection in the status bar
//   (VS Code loading the bundle, activate(), the environment's connection read);
// - reads the extension's own log line ("activated in N ms": activate() alone).
//
//   npm run bench -- activation          (builds, installs code-server on first use)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { benchCodeServer, loggedMatches } from './benchCodeServer.mjs';
import { benchRow, formatValue, spreadOf, writeRows } from './benchRows.mjs';

const RELOADS = 10;
/** How long a quiet window is watched for an activation nobody asked for. */
const QUIET_MS = 3000;

guardRun('the activation benchmark', 15 * 60_000);

const built = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (built.status !== 0) throw new Error('node esbuild.mjs --production failed');

const paths = await ensure();
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-activation-simulator.log') });
const codeServer = await benchCodeServer({
  paths,
  label: 'bench-activation',
  simulatorUrl,
  apiKey,
  logFile: path.join(resultsDir, 'bench-activation-code-server.log'),
});

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

/** Every "activated in N ms" the extension logged so far (its output channel's files, every window). */
async function loggedActivations() {
  return (await loggedMatches(codeServer, /Platform Console activated in (\d+) ms/g)).map((m) => Number(m[1]));
}

async function reload() {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 60_000 });
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
}

/** Runs a command from the palette; resolves with performance.now() as its Enter is pressed. */
async function startCommand(title) {
  const input = page.locator('.quick-input-widget input');
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor();
  const at = performance.now();
  await input.press('Enter');
  return at;
}

const connectionShown = () => page.locator('.statusbar-item', { hasText: 'bench' }).first();
const rounds = [];
try {
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  // Warm-up: the first use ever (the connection is created from the environment then).
  await runCommand(page, 'Platform Console: Show Log');
  await connectionShown().waitFor({ timeout: 60_000 });
  for (let i = 0; i < RELOADS; i++) {
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'View: Hide Panel').catch(() => undefined);
    await runCommand(page, 'View: Show Explorer');
    const logged = (await loggedActivations()).length;
    await reload();
    await page.waitForTimeout(QUIET_MS);
    const activatedByItself = (await connectionShown().count()) > 0 || (await loggedActivations()).length > logged;
    const started = await startCommand('Platform Console: Show Log');
    await connectionShown().waitFor({ timeout: 60_000 });
    const firstUseMs = performance.now() - started;
    const after = await loggedActivations();
    rounds.push({ activatedByItself, firstUseMs, activateMs: after.length > logged ? after[after.length - 1] : undefined });
  }
} catch (error) {
  console.error('The benchmark failed:', error);
  await page.screenshot({ path: path.join(resultsDir, 'bench-activation-failure.png') }).catch(() => {});
  await exitWith(1);
}
// dist/ back as `npm run build` leaves it (the installed copy keeps the production build).
spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });

const quiet = rounds.filter((r) => r.activatedByItself).length;
const quietText = quiet === 0 ? `not activated (${RELOADS} of ${RELOADS} reloads)` : `activated by itself in ${quiet} of ${RELOADS} reloads`;
const firstUse = spreadOf(rounds.map((r) => r.firstUseMs));
const activateMs = rounds.map((r) => r.activateMs).filter((ms) => ms !== undefined);
console.log(`\nActivation in code-server 1.139 + headless Chromium, ${RELOADS} quiet-window reloads; median (min–max)`);
console.log(`  a window that does not use the extension (watched ${QUIET_MS / 1000} s)`.padEnd(72), quietText);
console.log("  first use: Show Log's Enter -> the connection in the status bar".padEnd(72), formatValue(firstUse, 'ms'));
console.log("    of which activate() (the extension's log line)".padEnd(72), activateMs.length ? formatValue(spreadOf(activateMs), 'ms') : '(not logged)');

const area = 'Activation';
await writeRows('activation', [
  benchRow(area, 'a window that does not use the extension (goal: not activated)', quietText, ''),
  benchRow(area, `first use: a command's Enter -> the extension's answer (its connection shown), median of ${RELOADS} reloads`, firstUse, 'ms'),
  ...(activateMs.length ? [benchRow(area, '  of which activate(), as the extension logs it', spreadOf(activateMs), 'ms')] : []),
]);
await exitWith(quiet === 0 ? 0 : 1);
