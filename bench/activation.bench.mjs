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
// - reads the extension's own log line ("activated in N ms": activate() alone), and the loader's
//   (dist/main.js: "Extension bundle compiled in N ms (V8 code cache: used)"; the first activation
//   in a profile has no cache yet, the loader writes it 10 s later).
// The same rounds, in turns, in a second code-server with the baseline: the extension at an earlier
// commit (PLATFORM_CONSOLE_BENCH_ACTIVATION_BASELINE, default 54d3557: before #57 item 4's second
// part, zod and the MCP audit follower at first use), built in a temp dir; or `eager`: this code
// built with `--eager` (the agent tool catalog evaluated as the bundle loads, as before #57).
//
//   npm run bench -- activation          (builds, installs code-server on first use)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { buildCommit } from './baselineBuild.mjs';
import { benchCodeServer, loggedMatches } from './benchCodeServer.mjs';
import { benchRow, formatValue, spreadOf, writeRows } from './benchRows.mjs';

const RELOADS = 10;
const BASELINE = process.env.PLATFORM_CONSOLE_BENCH_ACTIVATION_BASELINE ?? '54d3557';
/** How long a quiet window is watched for an activation nobody asked for. */
const QUIET_MS = 3000;

guardRun('the activation benchmark', 25 * 60_000);

/** Builds dist/ (the production build, with `extra` arguments). */
function build(extra = []) {
  const built = spawnSync(process.execPath, ['esbuild.mjs', '--production', ...extra], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`node esbuild.mjs --production ${extra.join(' ')} failed`);
}

const paths = await ensure();
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-activation-simulator.log') });
const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());

/**
 * A code-server with the extension as `extensionFolder` holds it now (default: this tree's dist/,
 * installed as it starts), and its page. The baseline is in a code-server of its own, measured in
 * turns with the shipped build.
 */
async function target(label, extensionFolder) {
  const codeServer = await benchCodeServer({
    paths,
    label: `bench-activation-${label}`,
    simulatorUrl,
    apiKey,
    logFile: path.join(resultsDir, `bench-activation-${label}-code-server.log`),
    extensionFolder,
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  return { label, codeServer, page, rounds: [] };
}
let baseline;
if (BASELINE === 'eager') {
  build(['--eager']);
  baseline = await target('eager');
} else {
  baseline = await target('baseline', await buildCommit(BASELINE, 'bench-activation-baseline-build'));
}
build();
const shipped = await target('shipped');

/** Every "activated in N ms" the extension logged so far (its output channel's files, every window). */
async function loggedActivations({ codeServer }) {
  return (await loggedMatches(codeServer, /Platform Console activated in (\d+) ms/g)).map((m) => Number(m[1]));
}

async function reload(page) {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 60_000 });
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
}

/** Runs a command from the palette; resolves with performance.now() as its Enter is pressed. */
async function startCommand(page, title) {
  const input = page.locator('.quick-input-widget input');
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor();
  const at = performance.now();
  await input.press('Enter');
  return at;
}

const connectionShown = (page) => page.locator('.statusbar-item', { hasText: 'bench' }).first();

/** One round: a quiet window reloaded, watched, then its first use. */
async function round(t) {
  const { page } = t;
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'View: Hide Panel').catch(() => undefined);
  await runCommand(page, 'View: Show Explorer');
  const logged = (await loggedActivations(t)).length;
  await reload(page);
  await page.waitForTimeout(QUIET_MS);
  const activatedByItself = (await connectionShown(page).count()) > 0 || (await loggedActivations(t)).length > logged;
  const started = await startCommand(page, 'Platform Console: Show Log');
  await connectionShown(page).waitFor({ timeout: 60_000 });
  const firstUseMs = performance.now() - started;
  const after = await loggedActivations(t);
  t.rounds.push({ activatedByItself, firstUseMs, activateMs: after.length > logged ? after[after.length - 1] : undefined });
}

try {
  for (const t of [shipped, baseline]) {
    await t.page.goto(t.codeServer.workspaceUrl);
    await t.page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
    // Warm-up: the first use ever (the connection is created from the environment then).
    await runCommand(t.page, 'Platform Console: Show Log');
    await connectionShown(t.page).waitFor({ timeout: 60_000 });
  }
  // In turns, so that a change of the machine's load falls on both.
  for (let i = 0; i < RELOADS; i++) for (const t of [shipped, baseline]) await round(t);
} catch (error) {
  console.error('The benchmark failed:', error);
  for (const t of [shipped, baseline]) await t.page.screenshot({ path: path.join(resultsDir, `bench-activation-${t.label}-failure.png`) }).catch(() => {});
  await exitWith(1);
}
// dist/ back as `npm run build` leaves it (the installed copy keeps the production build).
spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });

const figures = (t) => ({
  quiet: t.rounds.filter((r) => r.activatedByItself).length,
  firstUse: spreadOf(t.rounds.map((r) => r.firstUseMs)),
  activateMs: t.rounds.map((r) => r.activateMs).filter((ms) => ms !== undefined),
});
const now = figures(shipped);
/** The loader's compile of dist/extension.js at each activation (the baseline has no loader): ms, and whether its code cache was used. */
const compiles = (await loggedMatches(shipped.codeServer, /Extension bundle compiled in ([\d.]+) ms \(V8 code cache: (\w+)/g)).map((m) => ({
  ms: Number(m[1]),
  used: m[2] === 'used',
}));
const compiled = (used) => compiles.filter((c) => c.used === used).map((c) => c.ms);
/** activate()'s parts as its log line gives them, every activation but the warm-up's (the first sign-in ever). */
const partsLogged = (await loggedMatches(shipped.codeServer, /activated in \d+ ms \(context (\d+) ms, connections (\d+) ms, features (\d+) ms\)/g)).slice(1);
const PARTS = [
  ['context', 'building the context (the log, the connections, the UI)'],
  ['connections', 'reading the connections (awaited: SecretStorage and globalState, through the workbench)'],
  ['features', "the features' registrations (views, commands, tools)"],
];
const part = (i) => partsLogged.map((m) => Number(m[i + 1]));
const before = figures(baseline);
const quietText = now.quiet === 0 ? `not activated (${RELOADS} of ${RELOADS} reloads)` : `activated by itself in ${now.quiet} of ${RELOADS} reloads`;
const activateText = (f) => (f.activateMs.length ? formatValue(spreadOf(f.activateMs), 'ms') : '(not logged)');
console.log(`\nActivation in code-server 1.139 + headless Chromium, ${RELOADS} quiet-window reloads each, in turns; median (min–max)`);
console.log(`  a window that does not use the extension (watched ${QUIET_MS / 1000} s)`.padEnd(72), quietText);
console.log(
  "  first use: Show Log's Enter -> the connection in the status bar".padEnd(72),
  formatValue(now.firstUse, 'ms'),
  ` ${baseline.label}:`,
  formatValue(before.firstUse, 'ms'),
);
console.log("    of which activate() (the extension's log line)".padEnd(72), activateText(now), ` ${baseline.label}:`, activateText(before));
for (const [i, [, words]] of PARTS.entries())
  if (partsLogged.length) console.log(`      ${words}`.padEnd(72), formatValue(spreadOf(part(i)), 'ms'), `(${partsLogged.length})`);
const compileText = (ms) => (ms.length ? `${formatValue(spreadOf(ms), 'ms')} (${ms.length})` : 'none');
console.log(
  '    the loader compiling dist/extension.js: with its V8 code cache'.padEnd(72),
  compileText(compiled(true)),
  ' without:',
  compileText(compiled(false)),
);

const area = 'Activation';
const baselineLabel =
  BASELINE === 'eager'
    ? 'the agent tool catalog evaluated as the bundle loads (`--eager`, as before #57), same run, in turns'
    : `the extension at ${BASELINE} (production build), same run, in turns`;
await writeRows('activation', [
  benchRow(area, 'a window that does not use the extension (goal: not activated)', quietText, ''),
  benchRow(
    area,
    `first use: a command's Enter -> the extension's answer (its connection shown), median of ${RELOADS} reloads`,
    now.firstUse,
    'ms',
    before.firstUse,
    baselineLabel,
  ),
  ...(now.activateMs.length
    ? [
        benchRow(
          area,
          '  of which activate(), as the extension logs it',
          spreadOf(now.activateMs),
          'ms',
          before.activateMs.length ? spreadOf(before.activateMs) : null,
          baselineLabel,
        ),
      ]
    : []),
  ...(partsLogged.length
    ? PARTS.map(([, words], i) => benchRow(area, `    of which ${words}, its log line (${partsLogged.length} activations)`, spreadOf(part(i)), 'ms', null, ''))
    : []),
  ...(compiled(true).length
    ? [
        benchRow(
          area,
          `  of which the loader compiling dist/extension.js with its V8 code cache (its log line: used at ${compiled(true).length} of ${compiles.length})`,
          spreadOf(compiled(true)),
          'ms',
          compiled(false).length ? spreadOf(compiled(false)) : null,
          'without a cache: the first activation in the profile, same run',
        ),
      ]
    : []),
]);
await exitWith(now.quiet === 0 ? 0 : 1);
