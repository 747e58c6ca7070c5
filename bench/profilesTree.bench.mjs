// The Protection Profiles view with 10,000 profiles, in the real workbench (code-server 1.139 in
// headless Chromium, the built extension installed): time from the list answer reaching the
// extension to the first rows being in the workbench's DOM, and memory, paged (200 rows and
// "Load more", the default: the server is asked for one page of the platform's list) beside the
// same list asked for and shown whole (page size 100,000), as ratios.
//
// How: the extension records when the client hands over the checked array and when roots() gave
// the rows to VS Code (PLATFORM_CONSOLE_PROFILE_TIMINGS_FILE, one JSON line per load; epoch ms
// from performance.timeOrigin + performance.now()). Each run sorts the list the other way (Sort…
// through the real quick picks: name A to Z, then Z to A), and in the page a MutationObserver on
// the view notes, on the same clock, the moment the new order's first profile is the first row. Each mode runs in a code-server of its own (the page size set in its user settings
// before the page opens), so its memory figures stand alone. Memory: the renderer's JS heap after a forced GC and its DOM node count (Chrome
// DevTools Protocol), the extension host's resident size (/proc) and V8 heap at roots().
// The client's own cost of reading the answer (JSON.parse and the lenient shape check of 10,000
// profiles) is measured here in Node, on the same body.
//
//   npm run bench -- profilesTree          (builds, installs code-server on first use)

/* global document, window, MutationObserver, requestAnimationFrame -- used inside page.evaluate, in the browser */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess, tempDirs } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { benchCodeServer, extensionHostRss } from './benchCodeServer.mjs';
import { benchRow, writeRows } from './benchRows.mjs';
import { listProfilesEndpoint } from '../src/schema/security.ts';

const PROFILES = 10_000;
const RUNS = 7;
const PAGED = 200;
const UNPAGED = 100_000;
const TARGET_MS = 200;

guardRun('the profiles benchmark', 20 * 60_000);

const build = spawnSync(process.execPath, ['esbuild.mjs', '--bench'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'bench-simulator.log'),
  args: ['--profile-count', String(PROFILES)],
});
const tmp = await tempDirs('bench-timings', ['t']);
const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());

// ---------- the client's own cost of reading the answer ----------
const body = await (await fetch(`${simulatorUrl}/security/guard/v3/profiles/all`, { headers: { Authorization: `apikey ${apiKey}` } })).text();
const parseRuns = [];
const checkRuns = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const json = JSON.parse(body);
  const t1 = performance.now();
  const checked = listProfilesEndpoint.response.safeParse(json);
  const t2 = performance.now();
  if (!checked.success || checked.data.length !== PROFILES) throw new Error('the simulator did not send 10,000 valid profiles');
  parseRuns.push(t1 - t0);
  checkRuns.push(t2 - t1);
}

// ---------- the workbench ----------
const PROFILE_ROW = '.monaco-list-row .codicon-shield, .monaco-list-row .codicon-workspace-untrusted';

/**
 * A fresh code-server (its own extension host) with this page size in its user settings, the
 * Protection Profiles view open and loaded. Each mode gets its own, so memory figures do not mix.
 */
async function openWorkbench(pageSize) {
  const timingsFile = path.join(tmp('t'), `timings-${pageSize}.jsonl`);
  await writeFile(timingsFile, '');
  const codeServer = await benchCodeServer({
    paths,
    label: `bench-${pageSize}`,
    simulatorUrl,
    apiKey,
    env: { PLATFORM_CONSOLE_PROFILE_TIMINGS_FILE: timingsFile },
    settings: { 'platformConsole.protectionProfiles.pageSize': pageSize },
    logFile: path.join(resultsDir, `bench-code-server-${pageSize}.log`),
  });

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
  const sidebar = page.locator('.part.sidebar');
  const pane = sidebar.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Protection Profiles' }) });
  for (const name of ['Edge', 'Report Tasks']) {
    const header = sidebar.locator('.pane-header', { hasText: name });
    if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') await header.click();
  }
  await pane.locator(PROFILE_ROW).first().waitFor({ timeout: 60_000 });
  const rows = Number(await pane.locator('.monaco-list-row[aria-level="1"]').first().getAttribute('aria-setsize'));
  const expected = Math.min(PROFILES, pageSize) + (pageSize < PROFILES ? 1 : 0);
  if (rows !== expected) throw new Error(`page size ${pageSize}: ${rows} rows, expected ${expected}`);
  return { page, cdp, pane, codeServer, timingsFile, rows, pageSize };
}

async function timingLines(wb) {
  return (await readFile(wb.timingsFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The first profile's name in each order the runs alternate between. */
const ORDERS = [
  { pick: 'Name: A to Z', orderBy: 'name' },
  { pick: 'Name: Z to A', orderBy: '-name' },
];
for (const order of ORDERS) {
  const list = await (
    await fetch(`${simulatorUrl}/security/guard/v3/profiles/all?order_by=${order.orderBy}`, { headers: { Authorization: `apikey ${apiKey}` } })
  ).json();
  order.first = list[0].name;
}

/**
 * One load: Sort… to the next order (through the real quick picks), the extension's timings for
 * that load, and the moment the new first row was in the DOM.
 */
async function measureOnce(wb, order) {
  const { page } = wb;
  const before = (await timingLines(wb)).length;
  await page.evaluate((expected) => {
    const body = [...document.querySelectorAll('.part.sidebar .pane')]
      .find((p) => p.querySelector('.pane-header')?.textContent?.includes('Protection Profiles'))
      .querySelector('.pane-body');
    const now = () => performance.timeOrigin + performance.now();
    const state = { rowsAt: 0, paintedAt: 0 };
    window.__profilesBench = state;
    const observer = new MutationObserver(() => {
      const first = body.querySelector('.monaco-list-row[aria-level="1"][aria-posinset="1"] .label-name');
      if (first?.textContent !== expected) return;
      state.rowsAt = now();
      observer.disconnect();
      requestAnimationFrame(() => (state.paintedAt = now()));
    });
    observer.observe(body, { childList: true, subtree: true, characterData: true });
  }, order.first);
  await runCommand(page, 'Protection Profiles: Sort…');
  const input = page.locator('.quick-input-widget input');
  for (const label of [order.pick, 'Nothing else']) {
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first().waitFor();
    await input.fill(label);
    await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: label }).waitFor();
    await input.press('Enter');
  }
  await page
    .waitForFunction(() => window.__profilesBench.paintedAt > 0, undefined, { timeout: 60_000 })
    .catch(async (error) => {
      const shot = path.join(resultsDir, 'bench-profiles-failure.png');
      await page.screenshot({ path: shot });
      throw new Error(`"${order.first}" never became the first row (extension loads: ${(await timingLines(wb)).length - before}; screenshot ${shot})`, {
        cause: error,
      });
    });
  const dom = await page.evaluate(() => window.__profilesBench);
  for (let i = 0; (await timingLines(wb)).length <= before; i++) {
    if (i > 200) throw new Error('the extension wrote no timings for the load');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ext = (await timingLines(wb)).at(-1);
  // Paged, the platform's list is asked one page at a time (the first 200 of 10,000); whole, all of it.
  const expected = Math.min(PROFILES, wb.pageSize);
  if (ext.count !== expected) throw new Error(`page size ${wb.pageSize}: expected ${expected} profiles, the extension got ${ext.count}`);
  return { ext, dom };
}

async function rendererMemory(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heap: get('JSHeapUsedSize'), nodes: get('Nodes') };
}

async function measureMode(pageSize) {
  const wb = await openWorkbench(pageSize);
  await measureOnce(wb, ORDERS[1]); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(wb, ORDERS[i % 2]));
  const result = { runs, rows: wb.rows, renderer: await rendererMemory(wb.cdp), hostRss: await extensionHostRss(wb.codeServer) };
  await wb.page.close();
  return result;
}

let paged;
let unpaged;
try {
  paged = await measureMode(PAGED);
  unpaged = await measureMode(UNPAGED);
} catch (error) {
  console.error('The benchmark failed:', error);
  await exitWith(1);
}

// ---------- figures ----------
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const mb = (x) => `${(x / 1048576).toFixed(1)} MB`;
const spread = (xs, f = ms) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
const series = (mode) => ({
  toDom: mode.runs.map((r) => r.dom.rowsAt - r.ext.receivedAt),
  toPaint: mode.runs.map((r) => r.dom.paintedAt - r.ext.receivedAt),
  inHost: mode.runs.map((r) => r.ext.rootsAt - r.ext.receivedAt),
  request: mode.runs.map((r) => r.ext.receivedAt - r.ext.requestedAt),
  heapAtRoots: mode.runs.map((r) => r.ext.heapAtRoots),
});
const p = series(paged);
const u = series(unpaged);
const ratio = (a, b) => `${(median(b) / median(a)).toFixed(1)}×`;
const rows = [
  ['', `paged (${PAGED} rows + Load more)`, `unpaged (${unpaged.rows.toLocaleString('en-US')} rows)`, 'unpaged / paged'],
  ['answer in the extension -> first rows in the DOM', spread(p.toDom), spread(u.toDom), ratio(p.toDom, u.toDom)],
  ['  … -> next animation frame', spread(p.toPaint), spread(u.toPaint), ratio(p.toPaint, u.toPaint)],
  ['  of which in the extension (answer -> roots returned)', spread(p.inHost), spread(u.inHost), ratio(p.inHost, u.inHost)],
  ['request sent -> checked array (network + client)', spread(p.request), spread(u.request), ''],
  ['renderer JS heap after GC', mb(paged.renderer.heap), mb(unpaged.renderer.heap), `${(unpaged.renderer.heap / paged.renderer.heap).toFixed(2)}×`],
  ['renderer DOM nodes', String(paged.renderer.nodes), String(unpaged.renderer.nodes), `${(unpaged.renderer.nodes / paged.renderer.nodes).toFixed(2)}×`],
  ['extension host resident size', mb(paged.hostRss), mb(unpaged.hostRss), `${(unpaged.hostRss / paged.hostRss).toFixed(2)}×`],
  ['extension host V8 heap at roots (no GC)', spread(p.heapAtRoots, mb), spread(u.heapAtRoots, mb), ratio(p.heapAtRoots, u.heapAtRoots)],
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
console.log(
  `\nProtection Profiles view, ${PROFILES.toLocaleString('en-US')} profiles from the simulator; code-server 1.139 in headless Chromium; ${RUNS} loads per mode (Sort… by name, alternating direction) after one warm-up; median (min–max)\n`,
);
for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join('  '));
console.log(
  `\nThe client reading the ${(body.length / 1048576).toFixed(1)} MB answer in Node ${process.versions.node}: JSON.parse ${spread(parseRuns)}, lenient shape check ${spread(checkRuns)}`,
);
const verdict = median(p.toDom) < TARGET_MS ? 'under' : 'OVER';
console.log(`Target: answer -> first rows in the DOM well under ${TARGET_MS} ms, paged: ${ms(median(p.toDom))} (${verdict}).`);

const area = '10,000-profile tree';
const unpagedLabel = `the same list unpaged, ${unpaged.rows.toLocaleString('en-US')} rows`;
const MB = 1048576;
await writeRows('profilesTree', [
  benchRow(
    area,
    `answer in the extension -> first rows in the workbench's DOM, paged (${PAGED} rows + Load more), median of ${RUNS}`,
    median(p.toDom),
    'ms',
    median(u.toDom),
    unpagedLabel,
  ),
  benchRow(area, '  of which in the extension (answer -> roots returned)', median(p.inHost), 'ms', median(u.inHost), unpagedLabel),
  benchRow(area, 'renderer DOM nodes', paged.renderer.nodes, '', unpaged.renderer.nodes, unpagedLabel),
  benchRow(area, 'renderer JS heap after GC', paged.renderer.heap / MB, 'MB', unpaged.renderer.heap / MB, unpagedLabel),
  benchRow(area, 'extension host resident size', paged.hostRss / MB, 'MB', unpaged.hostRss / MB, unpagedLabel),
]);
await exitWith(0);
