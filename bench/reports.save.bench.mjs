// Save Report As… of a ~200 MB CSV report in the real workbench (code-server in headless
// Chromium, the built extension installed, the simulator in its own process), beside `curl`
// fetching the same URL with the same key in the same run:
//
// - the save's own time (request to renamed file, from the extension's "Saved … in N ms" log line)
//   and its throughput as a share of curl's in the same run (goal: at least 80%); beside it, the
//   whole time from the save dialog's Enter to the "Saved report" notification;
// - the extension host's resident size while it saves (sampled every 100 ms): the growth over
//   the size before (goal: under 32 MB), the body being streamed to disk, never held;
// - the runtime's floor: a bare Node process of the host's version doing only fetch -> pipeline
//   -> file (bench/fetchToFile.mjs), its time and resident growth measured the same way.
//
// Runs alternate, curl, bare Node, the extension, RUNS times each; per-run shares, medians.
//
//   npm run bench -- reports.save          (builds, installs code-server on first use)

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SEEDED_RESULT_REPORTS } from '../simulator/state/seedBilling.ts';
import { benchCodeServer, extensionHostRss, loggedMatches } from './benchCodeServer.mjs';
import { benchRow, median, writeRows } from './benchRows.mjs';

const RUNS = Number(process.env.PLATFORM_CONSOLE_BENCH_SAVE_RUNS) || 3;
const UUID = SEEDED_RESULT_REPORTS.csv200MB;
const MB = 1_000_000;

guardRun('the report save benchmark', 20 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-reports-save-simulator.log') });
const codeServer = await benchCodeServer({
  paths,
  label: 'bench-reports-save',
  simulatorUrl,
  apiKey,
  logFile: path.join(resultsDir, 'bench-reports-save-code-server.log'),
});
const out = await mkdtemp(path.join(os.tmpdir(), 'bench-report-save-'));
onCleanup(() => rm(out, { recursive: true, force: true }));

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(codeServer.workspaceUrl);
await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
await runCommand(page, 'Platform Console: Show Log');
await page.locator('.statusbar-item', { hasText: 'bench' }).waitFor({ timeout: 60_000 });
await runCommand(page, 'View: Hide Panel').catch(() => undefined);

const url = `${simulatorUrl}/billing/org/v1/reports/${UUID}/download?format=csv`;

/** curl to a file: seconds and bytes. */
async function curl(run) {
  const file = path.join(out, `curl-${run}.csv`);
  const started = performance.now();
  const result = spawnSync('curl', ['-sS', '-f', '-o', file, '-H', `Authorization: apikey ${apiKey}`, '-H', 'Accept: text/csv', url], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`curl failed (${result.status})`);
  const { size } = await stat(file);
  await rm(file);
  return { seconds, bytes: size };
}

/** The bare runtime (the host's Node, fetch -> pipeline -> file): ms, bytes and its resident growth. */
async function bareNode(run) {
  const file = path.join(out, `node-${run}.csv`);
  const warm = `${simulatorUrl}/billing/org/v1/reports/${UUID}`; // the task's record: a small JSON answer
  const child = spawnSync(paths.node24, [path.join(projectRoot, 'bench/fetchToFile.mjs'), url, file, 'text/csv', warm], {
    input: apiKey,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the bare Node fetch failed (${child.status})`);
  await rm(file);
  return JSON.parse(child.stdout.trim().split('\n').at(-1));
}

/** Every "Saved report … in N ms" the extension logged so far (its output channel's files). */
async function loggedSaves() {
  return (await loggedMatches(codeServer, /Saved report .*: (\d+) bytes in (\d+) ms/g)).map((m) => ({ bytes: Number(m[1]), ms: Number(m[2]) }));
}

const quickInput = page.locator('.quick-input-widget');
const input = quickInput.locator('input');

/**
 * The extension's Save Report As… through the palette: the pick of the view's completed tasks, its
 * Enter a UUID… (the seeded tasks share a short UUID), the typed UUID and the save dialog: seconds,
 * bytes and the host's growth.
 */
async function save(run) {
  const file = path.join(out, `save-${run}.csv`);
  await runCommand(page, 'Notifications: Clear All Notifications');
  await runCommand(page, 'Report Tasks: Save Report As…');
  // The pick lists the tasks once read; filtered to its last item, which a long list would keep out of the DOM.
  await quickInput
    .locator('.monaco-list-row', { hasText: UUID.slice(0, 8) })
    .first()
    .waitFor({ timeout: 60_000 });
  await input.fill('Enter a UUID');
  await quickInput.locator('.monaco-list-row', { hasText: 'Enter a UUID…' }).first().click();
  // The box is the Delete Report Task operation's `id` input, asked by its title and rule.
  await quickInput.getByText('Report task UUID (a UUID').waitFor();
  await input.fill(UUID);
  await input.press('Enter');
  await quickInput.locator('.monaco-list-row', { hasText: 'CSV' }).first().click();
  // The save dialog (a path in a quick input in the browser): the bench's own file.
  for (let i = 0; i < 100 && !/\.csv$/.test(await input.inputValue().catch(() => '')); i++) await page.waitForTimeout(100);
  await input.fill(file);
  const before = await extensionHostRss(codeServer);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await extensionHostRss(codeServer));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  await input.press('Enter');
  await page
    .locator('.notifications-toasts')
    .getByText(/^Saved report /)
    .waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const { size } = await stat(file);
  await rm(file);
  let own;
  for (let i = 0; i < 50 && !own; i++) {
    own = (await loggedSaves())[run];
    if (!own) await page.waitForTimeout(100);
  }
  if (!own) throw new Error('the extension logged no "Saved report … in N ms" line');
  return { seconds, ownSeconds: own.ms / 1000, bytes: size, growth: peak - before, before };
}

const curls = [];
const bares = [];
const saves = [];
for (let run = 0; run < RUNS; run++) {
  curls.push(await curl(run));
  bares.push(await bareNode(run));
  saves.push(await save(run));
  const c = curls.at(-1);
  const b = bares.at(-1);
  const s = saves.at(-1);
  const curlPart = `curl ${(c.bytes / MB).toFixed(1)} MB in ${c.seconds.toFixed(2)} s`;
  const barePart = `bare Node ${(b.ms / 1000).toFixed(2)} s (+${(b.growth / 1048576).toFixed(1)} MB)`;
  const share = `${((c.seconds / s.ownSeconds) * 100).toFixed(0)}% of curl's throughput`;
  const savePart = `extension ${(s.bytes / MB).toFixed(1)} MB in ${s.ownSeconds.toFixed(2)} s (${share}), Enter -> notification ${s.seconds.toFixed(2)} s`;
  const hostPart = `host ${(s.before / 1048576).toFixed(0)} MB, +${(s.growth / 1048576).toFixed(1)} MB at most`;
  console.log(`  run ${run + 1}: ${curlPart}; ${barePart}; ${savePart}; ${hostPart}`);
}
if (saves.some((s, i) => s.bytes !== curls[i].bytes || bares[i].bytes !== curls[i].bytes)) {
  throw new Error(`the saved files differ in size from curl's: ${saves.map((s) => s.bytes)} and ${bares.map((b) => b.bytes)} vs ${curls.map((c) => c.bytes)}`);
}

const area = 'Reports: Save Report As…';
const size = `${(median(saves.map((s) => s.bytes)) / MB).toFixed(0)} MB CSV`;
const pct = (x) => `${(x * 100).toFixed(0)}%`;
const mb = 1048576;
/** The median resident growth of some runs, in MB. */
const medianGrowth = (runs) => median(runs.map((r) => r.growth)) / mb;
await writeRows('reports.save', [
  benchRow(
    area,
    `saving a ${size}: request -> file renamed (the extension's log), median of ${RUNS}`,
    median(saves.map((s) => s.ownSeconds)) * 1000,
    'ms',
    median(curls.map((c) => c.seconds)) * 1000,
    'curl, same URL and key',
  ),
  benchRow(
    area,
    "  throughput as a share of curl's, median of the runs' shares (goal: at least 80%)",
    pct(median(saves.map((s, i) => curls[i].seconds / s.ownSeconds))),
    '',
  ),
  benchRow(
    area,
    "  ↳ the bare runtime's share (the host's Node: fetch -> pipeline -> file, nothing else)",
    pct(median(bares.map((b, i) => curls[i].seconds / (b.ms / 1000)))),
    '',
  ),
  benchRow(area, '  Enter in the save dialog -> "Saved report" notification, median', median(saves.map((s) => s.seconds)) * 1000, 'ms'),
  benchRow(
    area,
    '  extension host resident size growth while saving, largest of the runs (goal: under 32 MB)',
    Math.max(...saves.map((s) => s.growth)) / mb,
    'MB',
    Math.max(...bares.map((b) => b.growth)) / mb,
    'the bare runtime, same file, largest',
  ),
  benchRow(area, '  ↳ median of the runs', medianGrowth(saves), 'MB', medianGrowth(bares), 'the bare runtime, median'),
]);
await exitWith(0);
