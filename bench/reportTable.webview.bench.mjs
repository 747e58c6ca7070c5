// The Report table with the simulator's 500,000-row JSON report (about 40 MB), in the real
// workbench (code-server in headless Chromium, the built extension installed, the simulator in
// its own process), opened by Open Report… as a person does:
//
// - first rows painted after the data arrives: in the page, from the first `rows` message reaching
//   its handler to the task after the frame that paints them (data-first-paint-ms); the page is
//   reloaded between runs ("Developer: Reload Webviews"), so each run is a fresh read;
// - the whole result in the page (start -> done, data-load-ms), and the same for the code before
//   the table drew its rows by arithmetic (#57 item 5: the virtualizer measured every row at each
//   message, a batch was cut every 100 ms), built from its commit in a temp dir and run in a
//   code-server of its own in the same run (the baseline; set
//   PLATFORM_CONSOLE_BENCH_REPORT_BASELINE=<commit> for another, =none to skip it);
// - sort by a numeric and by a text column, and filter, over 500,000 rows: from the action to the
//   task after the frame that paints the new rows, measured in the page;
// - rows in the DOM (virtualized) and the page's JS heap (the frame's own CDP target, else the
//   renderer's growth from before the report opened).
//
//   npm run bench -- reportTable.webview          (builds, installs code-server on first use)
//
// PLATFORM_CONSOLE_BENCH_REPORT_RUNS=<n> fresh pages (3); PLATFORM_CONSOLE_BENCH_REPORT_PROFILE=<file>
// reads the result once more under CDP's CPU profiler and prints where the page's time went.

/* global requestAnimationFrame -- used inside evaluate(), in the page */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SEEDED_RESULT_REPORTS } from '../simulator/state/seedBilling.ts';
import { buildCommit } from './baselineBuild.mjs';
import { benchCodeServer } from './benchCodeServer.mjs';
import { benchRow, median, writeRows } from './benchRows.mjs';
import { profileTop } from './cpuProfileTop.mjs';

const ROWS = 500_000;
const RUNS = Number(process.env.PLATFORM_CONSOLE_BENCH_REPORT_RUNS ?? 3);
/** The last commit whose table used @tanstack's virtualizer (every row measured at each message, a batch every 100 ms). */
const BASELINE = process.env.PLATFORM_CONSOLE_BENCH_REPORT_BASELINE ?? '54d3557';
/** What the baseline was, in the table's words. */
const BASELINE_WORDS =
  {
    '2ab3de7': 'the rows as arrays, a message per 5,000',
    '54d3557': 'every row measured per message, batches every 100 ms',
  }[BASELINE] ?? 'the code of';

guardRun('the report table benchmark', 20 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-report-table-simulator.log') });
const codeServer = await benchCodeServer({
  paths,
  label: 'bench-report-table',
  simulatorUrl,
  apiKey,
  settings: { 'platformConsole.reports.maxTableMB': 256 },
  logFile: path.join(resultsDir, 'bench-report-table-code-server.log'),
});

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
await page.goto(codeServer.workspaceUrl);
await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
await runCommand(page, 'Platform Console: Show Log');
await page.locator('.statusbar-item', { hasText: 'bench' }).waitFor({ timeout: 60_000 });
await runCommand(page, 'View: Hide Panel').catch(() => undefined);

async function rendererHeap() {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}
const heapBefore = await rendererHeap();

const quickInput = page.locator('.quick-input-widget');
await runCommand(page, 'Platform Console: Open Report…');
await quickInput.getByText('Open Report on bench').waitFor();
await quickInput.locator('input').fill(SEEDED_RESULT_REPORTS.rows500k);
await quickInput.locator('input').press('Enter');

async function findFrame(old, on = page) {
  for (let i = 0; i < 600; i++) {
    for (const f of on.frames())
      if (
        f !== old &&
        (await f
          .locator('report-table-app')
          .count()
          .catch(() => 0))
      )
        return f;
    await page.waitForTimeout(100);
  }
  throw new Error('no Report table frame');
}
/** The page once it holds the whole result. */
async function loaded(frame) {
  const app = frame.locator('report-table-app');
  for (let i = 0; i < 3000; i++) {
    const state = await app.getAttribute('data-state').catch(() => null);
    if (state === 'failed') throw new Error(`the read failed: ${await app.innerText()}`);
    if (state === 'done' || state === 'stopped') {
      const shown = Number(await app.getAttribute('data-loaded'));
      if (shown !== ROWS) throw new Error(`the page holds ${shown} rows, not ${ROWS} (${state})`);
      return { app, paint: Number(await app.getAttribute('data-first-paint-ms')), load: Number(await app.getAttribute('data-load-ms')) };
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the result never loaded');
}

let frame = await findFrame();
const paints = [];
const loads = [];
let app;
for (let run = 0; run < RUNS; run++) {
  if (run > 0) {
    const old = frame;
    await runCommand(page, 'Developer: Reload Webviews');
    for (let i = 0; i < 300 && !old.isDetached(); i++) await page.waitForTimeout(100);
    frame = await findFrame(old);
  }
  const r = await loaded(frame);
  app = r.app;
  paints.push(r.paint);
  loads.push(r.load);
  console.log(`  run ${run + 1}: first rows painted ${r.paint.toFixed(1)} ms after they arrived; whole result in the page after ${r.load} ms`);
}

if (process.env.PLATFORM_CONSOLE_BENCH_REPORT_PROFILE) await profiledLoad(process.env.PLATFORM_CONSOLE_BENCH_REPORT_PROFILE);

/**
 * One more read (the page's Reload) under CDP's profiler, written to `file` (.cpuprofile, for
 * DevTools) and summed by function: where the page's time goes while it takes the rows in.
 */
async function profiledLoad(file) {
  let session;
  try {
    session = await page.context().newCDPSession(frame);
  } catch {
    session = cdp; // the frame shares the workbench's renderer: its profiler sees the page too
  }
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const before = await app.getAttribute('data-load-ms');
  await app.evaluate((el) => el.host.notify({ type: 'reload' }));
  for (let i = 0; i < 3000 && (await app.getAttribute('data-state')) === 'done'; i++) await page.waitForTimeout(20);
  const r = await loaded(frame);
  const { profile } = await session.send('Profiler.stop');
  await writeFile(file, JSON.stringify(profile));
  console.log(`  profiled read: ${r.load} ms (the runs before: last ${before} ms); CPU profile in ${file}`);
  for (const line of profileTop(profile, 25)) console.log(`    ${line}`);
}

/** Runs `action` in the page and times it to the animation frame after the table renders. */
const timed = (action, arg) =>
  app.evaluate(
    async (el, [code, value]) => {
      const started = performance.now();
      if (code === 'sort') el.querySelector(`[data-testid="sort-${value}"]`).click();
      else {
        el.filterDraft = value;
        el.applyFilter();
      }
      await el.updateComplete;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return { ms: performance.now() - started, shown: Number(el.dataset.shown) };
    },
    [action, arg],
  );

const numericColumn = await app.evaluate((el) => [...el.querySelectorAll('[role="columnheader"]')].findIndex((h) => h.classList.contains('num')));
const textColumn = await app.evaluate((el) => [...el.querySelectorAll('[role="columnheader"]')].findIndex((h) => !h.classList.contains('num')));
if (numericColumn < 0 || textColumn < 0) throw new Error('the report has no numeric or no text column');
const numericSorts = [];
const textSorts = [];
for (let i = 0; i < 4; i++) numericSorts.push((await timed('sort', numericColumn)).ms); // asc, desc, report order, asc
await timed('sort', numericColumn);
await timed('sort', numericColumn);
for (let i = 0; i < 4; i++) textSorts.push((await timed('sort', textColumn)).ms);
/**
 * The naive baseline, in the same page over the same rows: an index array sorted by a comparator
 * (numbers as numbers, text by its lower case, ties by index), the sort alone, nothing painted.
 */
const comparatorSort = (column, numeric) =>
  app.evaluate(
    (el, [c, isNumber]) => {
      const rows = el.model.rows;
      const started = performance.now();
      const keys = rows.map((r) => (isNumber ? Number(r[c]) : String(r[c] ?? '').toLowerCase()));
      const order = Array.from(rows.keys()).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
      return { ms: performance.now() - started, n: order.length };
    },
    [column, numeric],
  );
const naiveNumeric = [];
const naiveText = [];
for (let i = 0; i < 2; i++) {
  naiveNumeric.push((await comparatorSort(numericColumn, true)).ms);
  naiveText.push((await comparatorSort(textColumn, false)).ms);
}
const filters = [];
for (const text of ['a', 'ab', 'zzz-nothing', '']) {
  const r = await timed('filter', text);
  filters.push({ text, ...r });
  console.log(`  filter "${text}": ${r.ms.toFixed(1)} ms, ${r.shown.toLocaleString('en-US')} rows shown`);
}
const domRows = Number(await app.getAttribute('data-dom-rows'));
/** The page's heap: the frame's own target if Chrome gave it one, else the renderer's growth since before it opened. */
async function pageHeap(of) {
  try {
    const frameCdp = await page.context().newCDPSession(of);
    await frameCdp.send('HeapProfiler.collectGarbage');
    return { how: "the webview frame's own target", bytes: (await frameCdp.send('Runtime.getHeapUsage')).usedSize };
  } catch {
    return { how: 'renderer heap after GC, table open minus before it opened', bytes: (await rendererHeap()) - heapBefore };
  }
}
const { how: heapHow, bytes: heap } = await pageHeap(frame);

console.log(
  `  sorts (numeric column ${numericColumn}): ${numericSorts.map((m) => m.toFixed(0)).join(', ')} ms; ` +
    `text column ${textColumn}: ${textSorts.map((m) => m.toFixed(0)).join(', ')} ms`,
);
console.log(
  '  comparator sorts (the baseline, sort only): numeric ' +
    `${naiveNumeric.map((m) => m.toFixed(0)).join(', ')} ms; text ` +
    `${naiveText.map((m) => m.toFixed(0)).join(', ')} ms`,
);
console.log(`  rows in the DOM: ${domRows}; page JS heap: ${(heap / 2 ** 20).toFixed(0)} MB (${heapHow})`);
// The extension's own account of each read (its Output channel: time, packing, waiting for the page).
for (const line of await extensionLog(codeServer, 'rows (')) console.log(`  extension: ${line}`);

const area = 'Report table (webview)';
const slowest = (list) => Math.max(...list);
const filterMs = filters.filter((f) => f.text !== '').map((f) => f.ms);
const baseline = BASELINE === 'none' ? undefined : await baselineRun(BASELINE);
await writeRows('reportTable.webview', [
  benchRow(
    area,
    `500,000-row JSON report: first rows painted after they arrive, median of ${RUNS} fresh pages (goal < 100 ms)`,
    median(paints),
    'ms',
    baseline?.paint,
    baseline && `${BASELINE_WORDS}, ${BASELINE}, one page`,
  ),
  benchRow(
    area,
    '  500,000 rows held: the whole result read and held in the page, start -> done (goal < 8 s)',
    median(loads),
    'ms',
    baseline?.load,
    baseline && `${BASELINE_WORDS}, ${BASELINE}, one page`,
  ),
  benchRow(
    area,
    '  sort by a numeric column, to painted, slowest of 4 (goal < 250 ms)',
    slowest(numericSorts),
    'ms',
    slowest(naiveNumeric),
    'a comparator sort of the same rows, sort only, slowest of 2',
  ),
  benchRow(
    area,
    '  sort by a text column, to painted, slowest of 4 (goal < 250 ms)',
    slowest(textSorts),
    'ms',
    slowest(naiveText),
    'a comparator sort of the same rows, sort only, slowest of 2',
  ),
  benchRow(area, '  filter (plain text, all cells), to painted, slowest of 3 (goal < 250 ms)', slowest(filterMs), 'ms'),
  benchRow(area, '  rows in the DOM', domRows, '', ROWS, 'every row'),
  benchRow(area, '  page JS heap after GC with 500,000 rows', heap / 2 ** 20, 'MB'),
]);
await exitWith(0);

/** Lines of the Platform Console output channel's log file that hold `text` (its Report table lines). */
async function extensionLog(server, text) {
  const root = server.dir('user-data/logs');
  const files = (await readdir(root, { recursive: true }).catch(() => [])).filter((f) => f.endsWith('Platform Console.log'));
  const texts = await Promise.all(files.map((f) => readFile(path.join(root, f), 'utf8').catch(() => '')));
  return texts.flatMap((t) => t.split('\n')).filter((l) => l.includes('Report table of') && l.includes(text));
}

/** The same report opened once in a code-server running `commit`'s extension, built in a temp dir. */
async function baselineRun(commit) {
  // The development build, as the run measured beside it (its own libraries when its lockfile differs).
  const dir = await buildCommit(commit, 'bench-report-baseline', []);
  const server = await benchCodeServer({
    paths,
    label: 'bench-report-baseline',
    simulatorUrl,
    apiKey,
    settings: { 'platformConsole.reports.maxTableMB': 256 },
    logFile: path.join(resultsDir, 'bench-report-baseline-code-server.log'),
    extensionFolder: dir,
  });
  const other = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await other.goto(server.workspaceUrl);
  await other.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await runCommand(other, 'Platform Console: Show Log');
  await other.locator('.statusbar-item', { hasText: 'bench' }).waitFor({ timeout: 60_000 });
  await runCommand(other, 'View: Hide Panel').catch(() => undefined);
  const input = other.locator('.quick-input-widget');
  await runCommand(other, 'Platform Console: Open Report…');
  await input.getByText('Open Report on bench').waitFor();
  await input.locator('input').fill(SEEDED_RESULT_REPORTS.rows500k);
  await input.locator('input').press('Enter');
  const r = await loaded(await findFrame(undefined, other));
  console.log(`  baseline ${commit}: first rows painted ${r.paint.toFixed(1)} ms after they arrived; whole result in the page after ${r.load} ms`);
  for (const line of await extensionLog(server, 'rows (')) console.log(`  baseline extension: ${line}`);
  await other.close();
  return r;
}
