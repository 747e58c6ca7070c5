// An edge app's logs in the log viewer, 100,000 entries paged in, in the real workbench (code-server
// in headless Chromium, the built extension installed, the simulator in its own process), beside a
// function's log of 100,000 lines in the same viewer in the same run (bench/logs.webview.bench.mjs
// measures the function's alone, and more):
//
// - the first page: Open App Logs… as a person does it (the palette, the app picked, the range set
//   to the last 6 hours, Enter on Open Logs; the connection in the platform's dialect), five times
//   (a new panel each), the settings' default read of 1,000 entries (one page of the platform's
//   GET /fastedge/v1/apps/{id}/logs): the message -> the first rows painted, in the page (its
//   data-reset-paint-ms or data-ops-paint-ms, whichever brought them), and from the Enter to the
//   first row in the workbench's DOM (watched from outside, every 10 ms or so);
// - paging in: Load Older Lines clicked until the panel holds 100,000 entries (a page of 1,000
//   each, read from the platform with a fixed end): each page's message -> painted, and the whole;
// - fresh pages with 100,000 entries held ("Developer: Reload Webviews", a page that receives the
//   whole list): the reset -> first rows painted (goal: under 100 ms), the same figure for a
//   function's 100,000 lines read at once afterwards (logs.limit 100,000, as logs.webview sets it).
//
//   npm run bench -- edge.logs          (builds, installs code-server on first use)
//   PLATFORM_CONSOLE_BENCH_EDGE_LOGS_PAGES=<n>: fresh pages measured per case (9)

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { benchCodeServer, loggedMatches } from './benchCodeServer.mjs';
import { benchRow, median, spreadOf, writeRows } from './benchRows.mjs';

const LINES = 100_000;
const RUNS = Number(process.env.PLATFORM_CONSOLE_BENCH_EDGE_LOGS_PAGES) || 9;
/** Times the app's logs are opened (a new panel each) for the first page's figures. */
const OPENS = 5;
const APP = 'hello-edge';
const RANGE = 'last 6 hours';
const FN = { projectId: 1, regionId: 1, namespace: 'default', name: 'bench-view' };

guardRun('the edge logs benchmark', 20 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-edge-logs-simulator.log') });
const control = new SimulatorControl(simulatorUrl, controlToken);
await control.logs(FN, { append: LINES, ratePerSecond: 0 });

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());

/** The connection switched to the platform's dialect: its paths (/fastedge/v1/…), as the published API has them. */
async function platformDialect(on) {
  await runCommand(on, 'Platform Console: Change API Dialect…');
  await on.locator('.quick-input-widget .monaco-list-row', { hasText: 'Platform' }).first().click();
  await on
    .locator('.notifications-toasts')
    .getByText(/now speaks the Platform dialect/)
    .waitFor({ timeout: 30_000 });
  await runCommand(on, 'Notifications: Clear All Notifications');
}

/** A code-server of its own for each case (the log settings differ), signed in, its page at the workbench. */
async function workbench(label, settings) {
  const server = await benchCodeServer({
    paths,
    label,
    simulatorUrl,
    apiKey,
    settings: { 'platformConsole.cloud.projectId': 1, 'platformConsole.cloud.regionId': 1, ...settings },
    logFile: path.join(resultsDir, `${label}-code-server.log`),
  });
  const opened = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await opened.goto(server.workspaceUrl);
  await opened.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await runCommand(opened, 'Platform Console: Show Log');
  await opened.locator('.statusbar-item', { hasText: 'bench' }).waitFor({ timeout: 60_000 });
  await runCommand(opened, 'View: Hide Panel').catch(() => undefined);
  await platformDialect(opened);
  return { server, opened };
}

// The app's log with the settings' defaults (a read of 1,000 lines).
const { server: codeServer, opened } = await workbench('bench-edge-logs', {});
let page = opened;

const quickInput = () => page.locator('.quick-input-widget');
const input = () => quickInput().locator('input');
const number = (text) => Number(text.replace(/[^0-9]/g, ''));

async function findFrame() {
  for (let i = 0; i < 600; i++) {
    for (const f of page.frames())
      if (
        await f
          .locator('function-logs-app')
          .count()
          .catch(() => 0)
      )
        return f;
    await page.waitForTimeout(50);
  }
  throw new Error('no log viewer frame');
}
/** Reloads the page (a fresh one receives the whole list) and returns its new frame. */
async function reload(old) {
  await runCommand(page, 'Developer: Reload Webviews');
  for (let i = 0; i < 300 && !old.isDetached(); i++) await page.waitForTimeout(100);
  return findFrame();
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
/** A fresh page once it holds at least `lines` and has timed its first rows. */
async function freshPaint(frame, lines) {
  const app = frame.locator('function-logs-app');
  for (let i = 0; i < 1200; i++) {
    const paint = await app.getAttribute('data-reset-paint-ms').catch(() => null);
    const whole = await app.getAttribute('data-backfill-total-ms').catch(() => null);
    if (paint && whole && (await heldIn(app)) >= lines)
      return {
        paint: Number(paint),
        total: Number(await app.getAttribute('data-reset-total-ms')),
        open: Number(await app.getAttribute('data-open-paint-ms')),
        whole: Number(whole),
      };
    await page.waitForTimeout(100);
  }
  throw new Error(
    `the page never held ${lines.toLocaleString('en-US')} lines painted: ${await app
      .locator('[data-testid="counts"]')
      .innerText()
      .catch((e) => e.message)}`,
  );
}
async function freshPages(frame, lines) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    frame = await reload(frame);
    runs.push(await freshPaint(frame, lines));
  }
  return { frame, runs };
}

// ---------- The app's log: the first page, as a person opens it (OPENS times, a new panel each) ----------
async function openAppLogs() {
  await runCommand(page, 'Edge: Open App Logs…');
  await quickInput().locator('.monaco-list-row', { hasText: APP }).first().waitFor({ timeout: 30_000 });
  await input().fill(APP);
  await quickInput().locator('.monaco-list-row', { hasText: APP }).first().waitFor();
  await input().press('Enter');
  await quickInput().locator('.monaco-list-row', { hasText: 'Open Logs' }).first().waitFor();
  await input().fill('Time range');
  await quickInput().locator('.monaco-list-row', { hasText: 'Time range' }).first().waitFor();
  await input().press('Enter');
  await quickInput().locator('.monaco-list-row', { hasText: RANGE }).first().click();
  await quickInput().locator('.monaco-list-row', { hasText: 'Open Logs' }).first().waitFor();
  const enterAt = performance.now();
  await page.keyboard.press('Enter');
  let seenRowAt;
  for (let i = 0; i < 3000 && seenRowAt === undefined; i++) {
    for (const f of page.frames()) {
      if (
        await f
          .locator('function-logs-app .row:not(.marker)')
          .count()
          .catch(() => 0)
      ) {
        seenRowAt = performance.now();
        break;
      }
    }
    if (seenRowAt === undefined) await page.waitForTimeout(10);
  }
  if (seenRowAt === undefined) throw new Error('no row of the app log appeared');
  const opened = await findFrame();
  const shown = opened.locator('function-logs-app');
  let first;
  for (let i = 0; i < 300 && first === undefined; i++) {
    const reset = await shown.getAttribute('data-reset-paint-ms');
    const ops = await shown.getAttribute('data-ops-paint-ms');
    // The page may be ready before the read ends (the page comes as a read), or after (in the reset).
    if (ops !== null) first = { paint: Number(ops), total: Number(await shown.getAttribute('data-ops-total-ms')), as: 'a read' };
    else if (reset !== null && (await heldIn(shown)) > 0)
      first = { paint: Number(reset), total: Number(await shown.getAttribute('data-reset-total-ms')), as: 'the reset' };
    else await page.waitForTimeout(50);
  }
  if (!first) throw new Error('the first page was never timed');
  const held = await heldIn(shown);
  console.log(
    `  first page: ${held.toLocaleString('en-US')} lines; ${first.as} -> painted ${first.paint} ms (posted -> painted ${first.total} ms); Enter -> first row in the DOM ${(seenRowAt - enterAt).toFixed(0)} ms`,
  );
  return { frame: opened, held, ...first, enterToRows: seenRowAt - enterAt };
}
const opens = [];
for (let run = 0; run < OPENS; run++) {
  if (run > 0) await runCommand(page, 'View: Close All Editors');
  opens.push(await openAppLogs());
}
let frame = opens.at(-1).frame;
const app = frame.locator('function-logs-app');
const firstHeld = median(opens.map((o) => o.held));

// ---------- Paging in: Load Older Lines until 100,000 are held ----------
const readBack = async () => number(/([\d,]+)(?: of [\d,]+ in the range)? read back/.exec(await app.locator('[data-testid="older"]').innerText())?.[1] ?? '0');
const olderPaints = [];
const olderTotals = [];
const pagingStarted = performance.now();
let pages = 0;
while ((await heldIn(app)) < LINES) {
  const read = await readBack();
  const paintBefore = await app.getAttribute('data-ops-paint-ms');
  const button = app.locator('[data-testid="load-older"]');
  await button.waitFor();
  for (let i = 0; i < 200 && (await button.isDisabled()); i++) await page.waitForTimeout(25);
  await button.click();
  for (let i = 0; i < 1200 && (await readBack()) <= read; i++) await page.waitForTimeout(25);
  if ((await readBack()) <= read) throw new Error(`Load Older Lines read nothing after ${read.toLocaleString('en-US')} lines`);
  for (let i = 0; i < 200 && (await app.getAttribute('data-ops-paint-ms')) === paintBefore; i++) await page.waitForTimeout(25);
  olderPaints.push(Number(await app.getAttribute('data-ops-paint-ms')));
  olderTotals.push(Number(await app.getAttribute('data-ops-total-ms')));
  pages++;
}
const pagingMs = performance.now() - pagingStarted;
const edgeHeld = await heldIn(app);
const readRequests = (await control.counts())['GET listEdgeAppLogs'];
// The extension logs every request with its time: the first read's, and the older pages' (with `to`).
const reads = (await loggedMatches(codeServer, /GET \/fastedge\/v1\/apps\/\d+\/logs\?(\S*) -> 200 in (\d+) ms/g)).map((m) => ({
  query: m[1],
  ms: Number(m[2]),
}));
const olderReads = reads.filter((r) => /(^|&)to=/.test(r.query)).map((r) => r.ms);
// The newest page's reads (the first of each panel, and following's every 2 s) have no `to`.
const newestReadMs = median(reads.filter((r) => !/(^|&)to=/.test(r.query)).map((r) => r.ms));
console.log(
  `  paged in: ${edgeHeld.toLocaleString('en-US')} lines after ${pages} Load Older Lines in ${(pagingMs / 1000).toFixed(1)} s; ${readRequests} log reads in all (following included); an older page's message -> painted: median ${median(olderPaints)} ms, slowest ${Math.max(...olderPaints)} ms; its HTTP read (the extension's log): median ${median(olderReads)} ms of ${olderReads.length}; a read of the newest page: median ${newestReadMs} ms`,
);

// ---------- Fresh pages with 100,000 held ----------
const edgeFresh = await freshPages(frame, LINES);
console.log(
  `  app log, fresh pages: first rows painted ${edgeFresh.runs.map((r) => r.paint).join(', ')} ms; posted -> all held ${edgeFresh.runs.map((r) => r.whole).join(', ')} ms`,
);

// ---------- The function's log, 100,000 lines in one read, in the same run ----------
// The function's log in a code-server whose reads take 100,000 lines (as logs.webview sets it).
// The first one's panel closed and its page gone, it reads nothing more (it stops with the bench).
await runCommand(page, 'View: Close All Editors');
await page.close();
({ opened: page } = await workbench('bench-edge-logs-fn', { 'platformConsole.logs.limit': LINES }));
await runCommand(page, 'Platform Console: Open Function Logs…');
for (const label of ['production', 'Luxembourg-2', FN.namespace, FN.name]) {
  const row = quickInput().locator('.monaco-list-row', { hasText: label }).first();
  await row.waitFor();
  await row.click();
}
frame = await findFrame();
for (let i = 0; i < 1200 && !((await heldIn(frame.locator('function-logs-app'))) >= LINES); i++) await page.waitForTimeout(100);
const fnFresh = await freshPages(frame, LINES);
console.log(
  `  function log, fresh pages: first rows painted ${fnFresh.runs.map((r) => r.paint).join(', ')} ms; posted -> all held ${fnFresh.runs.map((r) => r.whole).join(', ')} ms`,
);

// The machine is shared: its load says how much a figure may be off.
console.log(
  `  load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} (1, 5, 15 min; ${os.cpus().length} cores)`,
);

const area = 'Edge app logs (webview)';
const paints = (x) => spreadOf(x.runs.map((r) => r.paint));
// Beside, not a naive way: no ratio.
const fnLabel = "a function's 100,000 lines, same viewer, same run";
await writeRows('edge.logs', [
  benchRow(
    area,
    `first page (about ${firstHeld.toLocaleString('en-US')} entries, one read): its message -> first rows painted, median of ${OPENS} opens (goal < 100 ms)`,
    spreadOf(opens.map((o) => o.paint)),
    'ms',
  ),
  benchRow(
    area,
    `  Enter on Open Logs -> first row in the DOM (watched from outside; a read of the newest page takes ${newestReadMs} ms), median`,
    spreadOf(opens.map((o) => o.enterToRows)),
    'ms',
  ),
  benchRow(area, `100,000 entries paged in: ${pages} × Load Older Lines (1,000 a page), all`, pagingMs, 'ms'),
  benchRow(
    area,
    `  an older page's message -> painted, median (slowest) of ${olderPaints.length}`,
    `${median(olderPaints).toFixed(1)} ms (${Math.max(...olderPaints).toFixed(1)} ms)`,
    '',
  ),
  benchRow(area, `  an older page's HTTP read of 1,000 entries (the extension's log), median of ${olderReads.length}`, spreadOf(olderReads), 'ms'),
  benchRow(
    area,
    `100,000 entries held: first rows painted, median of ${RUNS} fresh pages (goal < 100 ms)`,
    paints(edgeFresh),
    'ms',
    paints(fnFresh),
    fnLabel,
    null,
  ),
  benchRow(
    area,
    '  posted by the extension -> all held in the page',
    spreadOf(edgeFresh.runs.map((r) => r.whole)),
    'ms',
    spreadOf(fnFresh.runs.map((r) => r.whole)),
    fnLabel,
    null,
  ),
]);
await exitWith(0);
