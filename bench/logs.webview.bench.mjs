// The Function Logs page with 100,000 lines, in the real workbench (code-server 1.139 in headless
// Chromium, the built extension installed, the simulator in its own process):
//
// - first rows painted after the data arrives: in the page, from the `reset` message (100,000
//   lines) reaching its handler to the animation frame after the rows render (the page records it
//   in data-reset-paint-ms; the newest 2,000 come first, the older ones in chunks after them, and
//   the page also records posted -> painted and posted -> all held); the page is reloaded between runs ("Developer: Reload Webviews"), so
//   every run is a fresh page receiving the whole list;
// - the same for a read while following (data-ops-paint-ms, the simulator at 200 lines/s);
// - rows in the DOM (virtualized) beside the same page rendering every row, as a ratio;
// - the filter over 100,000 rows as the page runs it (data-filter-ms);
// - the JS heap the page holds (Chrome DevTools Protocol: the webview frame's own target when it
//   has one, else the renderer's heap after a forced GC, before and after the panel opens).
//
//   npm run bench -- logs.webview          (builds, installs code-server on first use)

/* global document, requestAnimationFrame -- used inside evaluate(), in the page */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { benchCodeServer } from './benchCodeServer.mjs';
import { benchRow, writeRows } from './benchRows.mjs';

const LINES = 100_000;
const RUNS = 5;
const FN = { projectId: 1, regionId: 1, namespace: 'default', name: 'bench-view' };

guardRun('the logs webview benchmark', 20 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const simulatorUrl = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-logs-webview-simulator.log') });
const control = new SimulatorControl(simulatorUrl);
await control.logs(FN, { append: LINES, ratePerSecond: 0 });

const codeServer = await benchCodeServer({
  paths,
  label: 'bench-logs',
  simulatorUrl,
  apiKey,
  // The first read takes the whole 100,000 (the default limit is 1,000).
  settings: { 'platformConsole.logs.limit': LINES, 'platformConsole.cloud.projectId': 1, 'platformConsole.cloud.regionId': 1 },
  logFile: path.join(resultsDir, 'bench-logs-code-server.log'),
});

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
await page.goto(codeServer.workspaceUrl);
await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
// The extension stands in until used: a command loads it (signed in through the environment).
await runCommand(page, 'Platform Console: Show Log');
await page.locator('.statusbar-item', { hasText: 'bench' }).waitFor({ timeout: 60_000 });
await runCommand(page, 'View: Hide Panel').catch(() => undefined);

async function rendererHeap() {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}
const heapBefore = await rendererHeap();

// Open the panel through the command and its input boxes.
const quickInput = page.locator('.quick-input-widget');
await runCommand(page, 'Platform Console: Open Function Logs…');
// Each step lists what the platform has (project 1 is "production", region 1 "Luxembourg-2").
for (const label of ['production', 'Luxembourg-2', FN.namespace, FN.name]) {
  const row = quickInput.locator('.monaco-list-row', { hasText: label }).first();
  await row.waitFor();
  await row.click();
}

/** Reloads the page (a fresh one receives the whole list) and returns its new frame. */
async function reload(old) {
  await runCommand(page, 'Developer: Reload Webviews');
  for (let i = 0; i < 300 && !old.isDetached(); i++) await page.waitForTimeout(100);
  return findFrame();
}

async function findFrame() {
  for (let i = 0; i < 300; i++) {
    for (const f of page.frames()) if (await f.locator('function-logs-app').count().catch(() => 0)) return f;
    await page.waitForTimeout(100);
  }
  throw new Error('no Function Logs frame');
}
const loaded = async (frame) => {
  const app = frame.locator('function-logs-app');
  for (let i = 0; i < 600; i++) {
    const text = await app.locator('[data-testid="counts"]').innerText().catch(() => '');
    const paint = await app.getAttribute('data-reset-paint-ms').catch(() => null);
    const total = await app.getAttribute('data-reset-total-ms').catch(() => null);
    const whole = await app.getAttribute('data-backfill-total-ms').catch(() => null);
    if (text.includes(`of ${LINES.toLocaleString('en-US')} lines`) && paint && total && whole) {
      console.log(`  older chunks, ms after the reset was posted (arrived/applied): ${await app.getAttribute('data-backfill-steps')}`);
      return { app, paint: Number(paint), total: Number(total), whole: Number(whole) };
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the page never showed 100,000 lines: ${await app.locator('[data-testid="counts"]').innerText().catch((e) => e.message)}`);
};

let frame = await findFrame();
const paints = [];
const totals = [];
const wholes = [];
for (let run = 0; run < RUNS; run++) {
  if (run > 0) frame = await reload(frame);
  const { paint, total, whole } = await loaded(frame);
  paints.push(paint);
  totals.push(total);
  wholes.push(whole);
}
const app = frame.locator('function-logs-app');
const domRows = Number(await app.getAttribute('data-dom-rows'));
const domNodes = await app.evaluate((el) => el.querySelectorAll('*').length);

// The page's heap: the frame's own target if Chrome gave it one, else the renderer's growth.
let heap;
try {
  const frameCdp = await page.context().newCDPSession(frame);
  await frameCdp.send('HeapProfiler.collectGarbage');
  heap = { how: 'the webview frame\'s own target', bytes: (await frameCdp.send('Runtime.getHeapUsage')).usedSize };
} catch {
  heap = { how: 'renderer heap after GC, panel open minus before it opened (the frame shares the renderer)', bytes: (await rendererHeap()) - heapBefore };
}

// Every row in the DOM instead: the same row markup, 100,000 times, laid out and painted.
const all = await app.evaluate(async (el) => {
  const viewport = el.querySelector('.viewport');
  const sample = el.querySelector('.row:not(.marker)');
  const container = document.createElement('div');
  container.className = 'canvas';
  const start = performance.now();
  for (let i = 0; i < 100_000; i++) {
    const row = sample.cloneNode(true);
    row.style.setProperty('transform', `translateY(${i * 20}px)`);
    row.querySelector('.msg').textContent = `${sample.querySelector('.msg').textContent} ${i}`;
    container.appendChild(row);
  }
  viewport.replaceChildren(container);
  container.getBoundingClientRect();
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  const ms = performance.now() - start;
  const nodes = el.querySelectorAll('*').length;
  return { ms, nodes };
});

// A fresh page again for the filter and the reads (the one above holds 100,000 extra rows).
frame = await reload(frame);
const fresh = (await loaded(frame)).app;
const filterInput = fresh.locator('[data-testid="filter"] input');
const filterRuns = [];
for (const text of ['upstream', 'ERROR', 'GET /api', 'req=0', '']) {
  const beforeMs = await fresh.getAttribute('data-filter-ms');
  await filterInput.fill(text);
  for (let i = 0; i < 100; i++) {
    const now = await fresh.getAttribute('data-filter-ms');
    if (now !== null && now !== beforeMs) break;
    await page.waitForTimeout(50);
  }
  filterRuns.push({ text, ms: Number(await fresh.getAttribute('data-filter-ms')), counts: await fresh.locator('[data-testid="counts"]').innerText() });
}

// Following at 200 lines/s: each read's paint.
await control.logs(FN, { ratePerSecond: 200 });
const opsPaints = [];
const opsTotals = [];
let last = null;
for (let i = 0; i < 200 && opsPaints.length < 8; i++) {
  const now = await fresh.getAttribute('data-ops-paint-ms');
  if (now !== null && now !== last) {
    opsPaints.push(Number(now));
    opsTotals.push(Number(await fresh.getAttribute('data-ops-total-ms')));
    last = now;
  }
  await page.waitForTimeout(250);
}
await control.logs(FN, { ratePerSecond: 0 });

// The details pane on (long lines read whole, wrapped, under the list): the list keeps its figures.
await fresh.locator('[data-testid="details"]').click();
await fresh.locator('[data-testid="details-pane"]').waitFor();
const detailsPaints = [];
let detailsFrame = frame;
for (let run = 0; run < 3; run++) {
  detailsFrame = await reload(detailsFrame);
  detailsPaints.push((await loaded(detailsFrame)).paint);
}
const withDetails = detailsFrame.locator('function-logs-app');
await withDetails.locator('.row:not(.marker)').last().click();
await withDetails.locator('[data-testid="details-message"]').waitFor();
const detailsDomRows = Number(await withDetails.getAttribute('data-dom-rows'));
const detailsFilter = [];
for (const text of ['upstream', 'ERROR', '']) {
  const beforeMs = await withDetails.getAttribute('data-filter-ms');
  await withDetails.locator('[data-testid="filter"] input').fill(text);
  for (let i = 0; i < 100 && (await withDetails.getAttribute('data-filter-ms')) === beforeMs; i++) await page.waitForTimeout(50);
  detailsFilter.push(Number(await withDetails.getAttribute('data-filter-ms')));
}
await withDetails.locator('[data-testid="details"]').click();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (label, value) => console.log(`  ${label.padEnd(60)} ${value}`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`\nFunction Logs page, ${LINES.toLocaleString('en-US')} lines, code-server 1.139 + headless Chromium`);
row('first rows painted after the data arrives (target < 500 ms)', `median ${median(paints).toFixed(0)} ms (runs: ${paints.map((p) => p.toFixed(0)).join(', ')})`);
row('  posted by the extension -> first rows painted (transfer incl.)', `median ${median(totals).toFixed(0)} ms (runs: ${totals.join(', ')})`);
row('  posted -> all 100,000 in the page (older lines in chunks)', `median ${median(wholes).toFixed(0)} ms (runs: ${wholes.join(', ')})`);
row('a read while following (200 lines/s), message -> painted', opsPaints.length ? `median ${median(opsPaints).toFixed(1)} ms (${opsPaints.length} reads)` : 'no read seen');
row('  posted by the extension -> painted', opsTotals.length ? `median ${median(opsTotals)} ms` : '-');
row('rows in the DOM (target < 200)', `${domRows} (${domNodes} elements in the page)`);
row('every row in the DOM instead', `${LINES.toLocaleString('en-US')} rows (${all.nodes.toLocaleString('en-US')} elements), ${all.ms.toFixed(0)} ms to lay out and paint`);
row('ratio: elements, all rows / virtualized', `${(all.nodes / domNodes).toFixed(0)}x`);
row('ratio: time to paint, all rows / virtualized first paint', `${(all.ms / median(paints)).toFixed(0)}x`);
row('JS heap of the page with 100,000 lines (target < 150 MB)', `${mb(heap.bytes)} (${heap.how})`);
for (const f of filterRuns) row(`filter "${f.text}" in the page (target < 50 ms)`, `${f.ms.toFixed(1)} ms · ${f.counts}`);
row('details pane on: first rows painted', `median ${median(detailsPaints).toFixed(0)} ms (runs: ${detailsPaints.map((p) => p.toFixed(0)).join(', ')})`);
row('details pane on: rows in the DOM', `${detailsDomRows}`);
row('details pane on: filter, slowest of 3', `${Math.max(...detailsFilter).toFixed(1)} ms`);

const area = 'Log viewer (webview)';
const allRows = `every row in the DOM, ${LINES.toLocaleString('en-US')} rows`;
await writeRows('logs.webview', [
  benchRow(area, `first rows painted after 100,000 lines arrive (virtualized), median of ${RUNS} fresh pages`, median(paints), 'ms', all.ms, `${allRows}: laid out and painted`),
  benchRow(area, '  posted by the extension -> all 100,000 held in the page', median(wholes), 'ms'),
  benchRow(area, 'elements in the page with 100,000 lines', domNodes, '', all.nodes, allRows),
  benchRow(area, 'rows in the DOM', domRows, '', LINES, allRows),
  benchRow(area, 'page JS heap with 100,000 lines', heap.bytes / 1048576, 'MB'),
  benchRow(area, 'filter over 100,000 rows in the page, slowest of 5', Math.max(...filterRuns.map((f) => f.ms)), 'ms'),
  benchRow(area, 'details pane on: first rows painted, median of 3 fresh pages', median(detailsPaints), 'ms', median(paints), 'details pane off (above)'),
  benchRow(area, 'details pane on: rows in the DOM', detailsDomRows, '', domRows, 'details pane off'),
  benchRow(area, 'details pane on: filter over 100,000 rows, slowest of 3', Math.max(...detailsFilter), 'ms', Math.max(...filterRuns.map((f) => f.ms)), 'details pane off, slowest of 5'),
  ...(opsPaints.length ? [benchRow(area, `a read while following (200 lines/s): message -> painted, median of ${opsPaints.length}`, median(opsPaints), 'ms')] : []),
]);
await exitWith(0);
