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
//   has one, else the renderer's heap after a forced GC, before and after the panel opens);
// - one million lines, the default bound, reached by following: the page's heap, the filter,
//   first rows and the whole list on a fresh page, the extension host's resident size per line.
//
//   npm run bench -- logs.webview          (builds, installs code-server on first use)
//
// To compare two builds (one run cannot tell apart less than about ±20%), for each in turn:
//   PLATFORM_CONSOLE_BENCH_FRESH_PAGES=9 node --import tsx bench/logs.webview.bench.mjs
// loads that many fresh pages of 100,000 lines, prints their posted -> first rows, posted -> all
// held and page started -> first rows with the medians, and stops there (no rows written);
// PLATFORM_CONSOLE_BENCH_MILLION_PAGES=9 does the same with that many fresh pages of one million
// lines, after the rest of the bench (about 4 minutes).

/* global document, requestAnimationFrame -- used inside evaluate(), in the page */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { benchCodeServer, extensionHostRss } from './benchCodeServer.mjs';
import { benchRow, median, writeRows } from './benchRows.mjs';

const LINES = 100_000;
/** Fresh pages of 100,000 lines measured; set, only those are (an A/B series). */
const SERIES = Number(process.env.PLATFORM_CONSOLE_BENCH_FRESH_PAGES) || 0;
const RUNS = SERIES || 5;
/** Fresh pages of one million lines measured (3); set, the million's series is printed and nothing written (an A/B series). */
const MILLION_SERIES = Number(process.env.PLATFORM_CONSOLE_BENCH_MILLION_PAGES) || 0;
const FN = { projectId: 1, regionId: 1, namespace: 'default', name: 'bench-view' };

guardRun('the logs webview benchmark', 20 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-logs-webview-simulator.log') });
const control = new SimulatorControl(simulatorUrl, controlToken);
await control.logs(FN, { append: LINES, ratePerSecond: 0 });

const codeServer = await benchCodeServer({
  paths,
  label: 'bench-logs',
  simulatorUrl,
  apiKey,
  // The first read takes the whole 100,000 (the default limit is 1,000).
  // The million-line part measures the default line bound: the memory budget (256 MB by default,
  // about 633,000 such lines) is raised so that the line bound, not the budget, is what holds.
  settings: {
    'platformConsole.logs.limit': LINES,
    'platformConsole.logs.maxMemoryMB': 1024,
    'platformConsole.cloud.projectId': 1,
    'platformConsole.cloud.regionId': 1,
  },
  logFile: path.join(resultsDir, 'bench-logs-code-server.log'),
});

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
await page.goto(codeServer.workspaceUrl);
await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
// The extension activates at its first use: a command (signed in through the environment).
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
    for (const f of page.frames())
      if (
        await f
          .locator('function-logs-app')
          .count()
          .catch(() => 0)
      )
        return f;
    await page.waitForTimeout(100);
  }
  throw new Error('no Function Logs frame');
}
/** Lines the page holds (its status line: "Showing N of M lines"); NaN before it shows one. */
const heldIn = async (app) =>
  Number(
    /of ([\d,]+) lines/
      .exec(
        await app
          .locator('[data-testid="counts"]')
          .innerText()
          .catch(() => ''),
      )?.[1]
      .replace(/,/g, '') ?? NaN,
  );
/** A fresh page once it holds at least `lines` (a few more may have come while following) and has timed it all. */
const loaded = async (frame, lines = LINES) => {
  const app = frame.locator('function-logs-app');
  for (let i = 0; i < 1200; i++) {
    const held = await heldIn(app);
    const paint = await app.getAttribute('data-reset-paint-ms').catch(() => null);
    const total = await app.getAttribute('data-reset-total-ms').catch(() => null);
    const whole = await app.getAttribute('data-backfill-total-ms').catch(() => null);
    if (held >= lines && paint && total && whole) {
      console.log(`  older chunks, ms after the reset was posted (posted/received/inflated/applied): ${await app.getAttribute('data-backfill-steps')}`);
      return { app, paint: Number(paint), total: Number(total), whole: Number(whole), open: Number(await app.getAttribute('data-open-paint-ms')) };
    }
    await page.waitForTimeout(100);
  }
  throw new Error(
    `the page never showed ${lines.toLocaleString('en-US')} lines: ${await app
      .locator('[data-testid="counts"]')
      .innerText()
      .catch((e) => e.message)}`,
  );
};

let frame = await findFrame();
// The panel's first page may be ready before the first read ends (then the lines come as a read,
// not as a reset): every measured run is a page reloaded once the extension holds them all.
for (let i = 0; i < 1200 && !((await heldIn(frame.locator('function-logs-app'))) >= LINES); i++) await page.waitForTimeout(100);
const paints = [];
const totals = [];
const wholes = [];
const opens = [];
for (let run = 0; run < RUNS; run++) {
  frame = await reload(frame);
  const { paint, total, whole, open } = await loaded(frame);
  opens.push(open);
  paints.push(paint);
  totals.push(total);
  wholes.push(whole);
}
const app = frame.locator('function-logs-app');
if (SERIES) {
  for (const [label, xs] of [
    ['posted -> first rows', totals],
    ['posted -> all held', wholes],
    ['page started -> first rows', opens],
  ]) {
    console.log(`  ${label.padEnd(28)} median ${median(xs)} ms (runs: ${xs.join(', ')})`);
  }
  await exitWith(0);
}
const domRows = Number(await app.getAttribute('data-dom-rows'));
const domNodes = await app.evaluate((el) => el.querySelectorAll('*').length);

/** The page's heap: the frame's own target if Chrome gave it one, else the renderer's growth. */
async function pageHeap(of) {
  try {
    const frameCdp = await page.context().newCDPSession(of);
    await frameCdp.send('HeapProfiler.collectGarbage');
    return { how: "the webview frame's own target", bytes: (await frameCdp.send('Runtime.getHeapUsage')).usedSize };
  } catch {
    return { how: 'renderer heap after GC, panel open minus before it opened (the frame shares the renderer)', bytes: (await rendererHeap()) - heapBefore };
  }
}
const heap = await pageHeap(frame);

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
/** Types each filter into the page and reads how long the page took to apply it (data-filter-ms). */
async function filters(app, texts) {
  const runs = [];
  for (const text of texts) {
    const beforeMs = await app.getAttribute('data-filter-ms');
    await app.locator('[data-testid="filter"] input').fill(text);
    for (let i = 0; i < 200; i++) {
      const now = await app.getAttribute('data-filter-ms');
      if (now !== null && now !== beforeMs) break;
      await page.waitForTimeout(50);
    }
    runs.push({ text, ms: Number(await app.getAttribute('data-filter-ms')), counts: await app.locator('[data-testid="counts"]').innerText() });
  }
  return runs;
}
const FILTERS = ['upstream', 'ERROR', 'GET /api', 'req=0', ''];
const filterRuns = await filters(fresh, FILTERS);

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
// Following added lines (the bound is 1,000,000): the fresh pages get what the extension holds now.
const followed = await heldIn(fresh);
for (let run = 0; run < 3; run++) {
  detailsFrame = await reload(detailsFrame);
  detailsPaints.push((await loaded(detailsFrame, followed)).paint);
}
const withDetails = detailsFrame.locator('function-logs-app');
await withDetails.locator('.row:not(.marker)').last().click();
await withDetails.locator('[data-testid="details-message"]').waitFor();
const detailsDomRows = Number(await withDetails.getAttribute('data-dom-rows'));
const detailsFilter = (await filters(withDetails, ['upstream', 'ERROR', ''])).map((f) => f.ms);
await withDetails.locator('[data-testid="details"]').click();

// ---------- One million lines, the default bound: followed until the panel holds them ----------
// The simulator writes 99,000 lines at once; the next read (limit 100,000) brings them with one
// line already held (no gap), until the page holds 1,000,000. The extension host's resident size
// before and after: what the 900,000 more lines cost it.
const MILLION = 1_000_000;
const hostBefore = { rss: await extensionHostRss(codeServer), lines: await heldIn(withDetails) };
const growStart = Date.now();
for (let held = hostBefore.lines; held < MILLION; ) {
  const before = held;
  await control.logs(FN, { append: Math.min(99_000, MILLION - held) });
  for (let i = 0; i < 1200 && held === before; i++) {
    await page.waitForTimeout(100);
    held = await heldIn(withDetails);
  }
  if (held <= before) throw new Error(`the page stayed at ${before.toLocaleString('en-US')} lines (${held.toLocaleString('en-US')} now)`);
}
const growSeconds = (Date.now() - growStart) / 1000;
const hostAfter = { rss: await extensionHostRss(codeServer), lines: await heldIn(withDetails) };
const hostPerLine = (hostAfter.rss - hostBefore.rss) / (hostAfter.lines - hostBefore.lines);
const millionHeap = await pageHeap(detailsFrame);
const millionFilter = await filters(withDetails, FILTERS);
const millionPaints = [];
const millionTotals = [];
const millionOpens = [];
const millionWholes = [];
let millionFrame = detailsFrame;
for (let run = 0; run < (MILLION_SERIES || 3); run++) {
  millionFrame = await reload(millionFrame);
  const result = await loaded(millionFrame, MILLION);
  millionPaints.push(result.paint);
  millionTotals.push(result.total);
  millionOpens.push(result.open);
  millionWholes.push(result.whole);
}
if (MILLION_SERIES) {
  for (const [label, xs] of [
    ['first rows painted', millionPaints],
    ['posted -> first rows', millionTotals],
    ['posted -> all held', millionWholes],
    ['page started -> first rows', millionOpens],
  ]) {
    console.log(`  1,000,000: ${label.padEnd(28)} median ${median(xs)} ms (runs: ${xs.join(', ')})`);
  }
  await exitWith(0);
}
const millionDomRows = Number(await millionFrame.locator('function-logs-app').getAttribute('data-dom-rows'));

const row = (label, value) => console.log(`  ${label.padEnd(60)} ${value}`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`\nFunction Logs page, ${LINES.toLocaleString('en-US')} lines, code-server 1.139 + headless Chromium`);
row(
  'first rows painted after the data arrives (target < 500 ms)',
  `median ${median(paints).toFixed(0)} ms (runs: ${paints.map((p) => p.toFixed(0)).join(', ')})`,
);
row('  posted by the extension -> first rows painted (transfer incl.)', `median ${median(totals).toFixed(0)} ms (runs: ${totals.join(', ')})`);
row('  page started -> first rows painted', `median ${median(opens).toFixed(0)} ms (runs: ${opens.join(', ')})`);
row('  posted -> all 100,000 in the page (older lines in chunks)', `median ${median(wholes).toFixed(0)} ms (runs: ${wholes.join(', ')})`);
row(
  'a read while following (200 lines/s), message -> painted',
  opsPaints.length ? `median ${median(opsPaints).toFixed(1)} ms (${opsPaints.length} reads)` : 'no read seen',
);
row('  posted by the extension -> painted', opsTotals.length ? `median ${median(opsTotals)} ms` : '-');
row('rows in the DOM (target < 200)', `${domRows} (${domNodes} elements in the page)`);
row(
  'every row in the DOM instead',
  `${LINES.toLocaleString('en-US')} rows (${all.nodes.toLocaleString('en-US')} elements), ${all.ms.toFixed(0)} ms to lay out and paint`,
);
row('ratio: elements, all rows / virtualized', `${(all.nodes / domNodes).toFixed(0)}x`);
row('ratio: time to paint, all rows / virtualized first paint', `${(all.ms / median(paints)).toFixed(0)}x`);
row('JS heap of the page with 100,000 lines (target < 150 MB)', `${mb(heap.bytes)} (${heap.how})`);
for (const f of filterRuns) row(`filter "${f.text}" in the page (target < 50 ms)`, `${f.ms.toFixed(1)} ms · ${f.counts}`);
row('details pane on: first rows painted', `median ${median(detailsPaints).toFixed(0)} ms (runs: ${detailsPaints.map((p) => p.toFixed(0)).join(', ')})`);
row('details pane on: rows in the DOM', `${detailsDomRows}`);
row('details pane on: filter, slowest of 3', `${Math.max(...detailsFilter).toFixed(1)} ms`);
console.log(`\nOne million lines (grown from ${hostBefore.lines.toLocaleString('en-US')} in ${growSeconds.toFixed(0)} s of reads of 99,000 new lines)`);
row('page JS heap (target < 250 MB)', `${mb(millionHeap.bytes)} (${millionHeap.how})`);
for (const f of millionFilter) row(`filter "${f.text}" (target < 250 ms)`, `${f.ms.toFixed(1)} ms · ${f.counts}`);
row(
  'first rows painted, fresh page (target < 50 ms)',
  `median ${median(millionPaints).toFixed(0)} ms (runs: ${millionPaints.map((p) => p.toFixed(0)).join(', ')})`,
);
row('  page started -> first rows painted (what a person waits)', `median ${median(millionOpens).toFixed(0)} ms (runs: ${millionOpens.join(', ')})`);
row('  posted by the extension -> first rows painted', `median ${median(millionTotals).toFixed(0)} ms (runs: ${millionTotals.join(', ')})`);
row('  posted -> all 1,000,000 in the page', `median ${median(millionWholes).toFixed(0)} ms (runs: ${millionWholes.join(', ')})`);
row('rows in the DOM', `${millionDomRows}`);
row(
  'extension host resident size',
  `${mb(hostBefore.rss)} with ${hostBefore.lines.toLocaleString('en-US')} lines -> ${mb(hostAfter.rss)} with ${hostAfter.lines.toLocaleString('en-US')}: ${hostPerLine.toFixed(0)} bytes a line`,
);

const area = 'Log viewer (webview)';
const allRows = `every row in the DOM, ${LINES.toLocaleString('en-US')} rows`;
await writeRows('logs.webview', [
  benchRow(
    area,
    `first rows painted after 100,000 lines arrive (virtualized), median of ${RUNS} fresh pages`,
    median(paints),
    'ms',
    all.ms,
    `${allRows}: laid out and painted`,
  ),
  benchRow(area, '  posted by the extension -> all 100,000 held in the page', median(wholes), 'ms'),
  benchRow(area, 'elements in the page with 100,000 lines', domNodes, '', all.nodes, allRows),
  benchRow(area, 'rows in the DOM', domRows, '', LINES, allRows),
  benchRow(area, 'page JS heap with 100,000 lines', heap.bytes / 1048576, 'MB'),
  benchRow(area, 'filter over 100,000 rows in the page, slowest of 5', Math.max(...filterRuns.map((f) => f.ms)), 'ms'),
  benchRow(area, 'details pane on: first rows painted, median of 3 fresh pages', median(detailsPaints), 'ms', median(paints), 'details pane off (above)'),
  benchRow(area, 'details pane on: rows in the DOM', detailsDomRows, '', domRows, 'details pane off'),
  benchRow(
    area,
    'details pane on: filter over 100,000 rows, slowest of 3',
    Math.max(...detailsFilter),
    'ms',
    Math.max(...filterRuns.map((f) => f.ms)),
    'details pane off, slowest of 5',
  ),
  ...(opsPaints.length
    ? [benchRow(area, `a read while following (200 lines/s): message -> painted, median of ${opsPaints.length}`, median(opsPaints), 'ms')]
    : []),
  benchRow(
    area,
    'one million lines (the default bound): page JS heap (goal < 250 MB)',
    millionHeap.bytes / 1048576,
    'MB',
    heap.bytes / 1048576,
    '100,000 lines (above)',
    null,
  ),
  benchRow(
    area,
    '  filter over 1,000,000 rows in the page, slowest of 5 (goal < 250 ms)',
    Math.max(...millionFilter.map((f) => f.ms)),
    'ms',
    Math.max(...filterRuns.map((f) => f.ms)),
    '100,000 rows',
    null,
  ),
  benchRow(area, '  first rows painted, median of 3 fresh pages (goal < 50 ms)', median(millionPaints), 'ms', median(paints), '100,000 lines', null),
  benchRow(
    area,
    '  page started -> first rows painted (the reset asked for, prepared, sent, drawn)',
    median(millionOpens),
    'ms',
    median(opens),
    '100,000 lines',
    null,
  ),
  benchRow(area, '  posted by the extension -> first rows painted (transfer included)', median(millionTotals), 'ms', median(totals), '100,000 lines', null),
  benchRow(area, '  posted by the extension -> all 1,000,000 held in the page', median(millionWholes), 'ms', median(wholes), '100,000 lines', null),
  benchRow(area, '  rows in the DOM', millionDomRows, '', domRows, '100,000 lines', null),
  benchRow(area, '  extension host: resident size per held line (900,000 lines more)', hostPerLine, 'bytes'),
]);
await exitWith(0);
