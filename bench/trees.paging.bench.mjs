// Every big tree paged to the end with Load more (#57 item 2): a simulator seeded with N of each
// (--profile-count, --app-count, --secret-count, --report-count, --attack-count), the bench build in
// a code-server of its own (code-server 1.139 in headless Chromium; its extension host inspectable:
// bench/extension/inspectHost.ts), and each tree in turn: its view opened (the others folded), its
// first page shown, the host's JS heap after two forced GCs (CDP over Node's inspector); then Load
// more to the end as a person would (End, the "Load more (… more)" row, a click: it sits at the end
// of the last range), each click timed in the page to the page's rows drawn (bench/loadMoreRows.mjs);
// then the heap after GC again. The same, in the same run, for the minimal extension
// (bench/extension/minimalTree: plain TreeItems, flat, one refresh a Load more) with each tree's
// total and page size, in a code-server of its own.
//
// The trees follow the conventions of #57: one Load more a list, "Load more (9,800 more)",
// described "200 of 10,000 shown"; rows in ranges of a thousand ("1,001–2,000").
//
//   npm run bench -- trees.paging             (builds, installs code-server on first use)
//   PLATFORM_CONSOLE_BENCH_TREE_ROWS=<n>: rows seeded of each kind (10000)
//   PLATFORM_CONSOLE_BENCH_TREES=secrets,profiles,apps,reports,attacks: the trees measured (all)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, freePort, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { startCodeServer } from '../scripts/harness/codeServer.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { expandTreeRow, sidebarPane } from '../test/e2e/workbench.mjs';
import { benchCodeServer, extensionHostRss } from './benchCodeServer.mjs';
import { benchResultsDir, benchRow, median, spreadOf, writeRows } from './benchRows.mjs';
import { heapAfterGc, nodeInspector } from './heapOverCdp.mjs';
import { count, findLoadMore, listWhole, timedClick } from './loadMoreRows.mjs';
import { pageSizes } from './treePageSizes.mjs';
import { TREES, VIEWS } from './pagingTrees.mjs';

const ROWS = Number(process.env.PLATFORM_CONSOLE_BENCH_TREE_ROWS) || 10_000;
const wanted = (process.env.PLATFORM_CONSOLE_BENCH_TREES ?? Object.keys(TREES).join(','))
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const unknown = wanted.filter((k) => !TREES[k]);
if (unknown.length) {
  console.error(`PLATFORM_CONSOLE_BENCH_TREES: no tree ${unknown.join(', ')} (the trees: ${Object.keys(TREES).join(', ')})`);
  process.exit(1);
}
const GOAL_MB = 100;
const GOAL_CLICK_MS = 500;
const GOAL_WHOLE_S = 60;
const MB = 1048576;

guardRun('the trees paging benchmark', (20 + 15 * wanted.length) * 60_000);
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const loadAtStart = uptime();
console.log(`uptime at the start: ${loadAtStart}`);

const sizes = await pageSizes(wanted);
const build = spawnSync(process.execPath, ['esbuild.mjs', '--bench'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const counts = ['--profile-count', '--app-count', '--secret-count', '--report-count', '--attack-count'].flatMap((flag) => [flag, String(ROWS)]);
const { url: simulatorUrl } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'bench-trees-paging-simulator.log'),
  args: counts,
});
const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());

/** The extension host's inspector: it opens as the extension activates (bench/extension/inspectHost.ts). */
async function inspectorOn(port) {
  for (let tries = 0; ; tries++) {
    try {
      return await nodeInspector(port);
    } catch (error) {
      if (tries > 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/**
 * One list paged to its end from its first page: the host's heap after GC before and after, each
 * click's time, the whole. `level`: its rows' aria-level; `chunk`: rows a range (Infinity: flat).
 */
async function pageToEnd({ page, pane, host, codeServer, level, step, chunk, prepare, name }) {
  const first = await findLoadMore(page, pane, level, { prepare, name });
  if (first.total === undefined) throw new Error(`its Load more has no "X of Y shown" description`);
  const heapBefore = await heapAfterGc(host);
  const rssBefore = await extensionHostRss(codeServer);
  const clicks = [];
  const started = performance.now();
  for (let more = first; more; ) {
    clicks.push(await timedClick(page, pane, more, { name }));
    if (more.remaining <= step) break;
    const next = await findLoadMore(page, pane, level, { prepare, name, whole: true });
    if (next && next.remaining >= more.remaining) throw new Error(`Load more (${count(more.remaining)} more) clicked: it still says ${count(next.remaining)}`);
    more = next;
  }
  const wholeMs = performance.now() - started;
  await listWhole(page, pane, level, first.total, { chunk, name });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(1000); // the list settled, the mouse off it: the state a person leaves it in
  const heapAfter = await heapAfterGc(host);
  const rssAfter = await extensionHostRss(codeServer);
  const result = { total: first.total, firstPage: first.shown, clicks, wholeMs, heapBefore, heapAfter, rssBefore, rssAfter };
  console.log(
    `  ${count(first.total)} rows (${first.shown} at first), ${clicks.length} × Load more in ${(wholeMs / 1000).toFixed(1)} s: ` +
      `click -> drawn first ${clicks[0].toFixed(0)} ms, median ${median(clicks).toFixed(0)}, p90 ${percentile(clicks, 90).toFixed(0)}, ` +
      `max ${Math.max(...clicks).toFixed(0)}, last ${clicks.at(-1).toFixed(0)}; host heap after GC ` +
      `${(heapBefore / MB).toFixed(1)} -> ${(heapAfter / MB).toFixed(1)} MB (resident ${(rssBefore / MB).toFixed(0)} -> ${(rssAfter / MB).toFixed(0)} MB)`,
  );
  return result;
}

// ---------- Platform Console ----------
async function productRun(results, failures) {
  const inspectPort = await freePort();
  const codeServer = await benchCodeServer({
    paths,
    label: 'bench-trees-paging',
    simulatorUrl,
    apiKey,
    env: { PLATFORM_CONSOLE_BENCH_INSPECT_PORT: String(inspectPort) },
    settings: TREES.secrets.settings,
    logFile: path.join(resultsDir, 'bench-trees-paging-code-server.log'),
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
  await sidebarPane(page, VIEWS[0]).locator('.pane-header').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(2000);
  const host = await inspectorOn(inspectPort);
  for (const key of wanted) {
    const tree = TREES[key];
    console.log(`Platform Console, ${tree.title} (${tree.view} view):`);
    const pane = sidebarPane(page, tree.view);
    /** Room for this view: the others folded (again before a retry: a view can open itself as it restores). */
    const prepare = async () => {
      for (const name of VIEWS.filter((v) => v !== tree.view)) {
        const header = sidebarPane(page, name).locator('.pane-header');
        // Clicked at its twistie: the middle of a narrow header can be one of its actions.
        if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') await header.click({ position: { x: 8, y: 10 } });
      }
      const header = pane.locator('.pane-header');
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click({ position: { x: 8, y: 10 } });
    };
    try {
      await prepare();
      await tree.open({ page, pane, name: `bench-trees-paging-${key}` });
      const step = sizes[key].size;
      results[key] = await pageToEnd({ page, pane, host, codeServer, level: tree.level, step, chunk: 1000, prepare, name: `bench-trees-paging-${key}` });
      if (results[key].firstPage !== step)
        console.log(`  NOTE: the first page holds ${results[key].firstPage} rows; the sources say ${step} (${sizes[key].from})`);
    } catch (error) {
      failures.push(`${key}: ${error.message.split('\n')[0]}`);
      console.error(`  ${tree.title}: the benchmark failed:`, error);
    }
  }
  host.close();
  await page.close();
}

// ---------- the minimal extension: plain TreeItems ----------
async function minimalRun(product, results, failures) {
  const keys = wanted.filter((k) => product[k]);
  if (!keys.length) return;
  const inspectPort = await freePort();
  const lists = keys.map((k) => ({ name: k, rows: product[k].total, page: sizes[k].size }));
  // Platform Console is installed too (startCodeServer installs it) but has no connection and no view open.
  const codeServer = await startCodeServer({
    paths,
    label: 'bench-trees-paging-minimal',
    port: await freePort(),
    env: { ...process.env, PLATFORM_CONSOLE_BENCH_INSPECT_PORT: String(inspectPort), PLATFORM_CONSOLE_BENCH_MINIMAL_LISTS: JSON.stringify(lists) },
    alsoInstall: [path.join(projectRoot, 'bench', 'extension', 'minimalTree')],
    logFile: path.join(resultsDir, 'bench-trees-paging-minimal-code-server.log'),
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await page.locator('.activitybar .action-label[aria-label^="Minimal Tree"]').click();
  const pane = page.locator('.part.sidebar');
  const group = (name) => pane.locator('.monaco-list-row[aria-level="1"]').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) });
  await group(keys[0]).waitFor({ timeout: 60_000 });
  const host = await inspectorOn(inspectPort);
  let open;
  for (const key of keys) {
    console.log(`The minimal extension, ${TREES[key].title} (${count(product[key].total)} plain TreeItems, ${sizes[key].size} a page):`);
    const name = `bench-trees-paging-minimal-${key}`;
    try {
      // The list before folded: End reaches this one's last rows. Home first: paged to its end, its group row is scrolled out of the DOM.
      if (open) {
        await pane.locator('.monaco-list').first().focus();
        await page.keyboard.press('Home');
        if ((await open.getAttribute('aria-expanded')) === 'true') await open.click();
      }
      open = group(key);
      await expandTreeRow(page, pane, open, pane.locator('.monaco-list-row[aria-level="2"]'), name);
      results[key] = await pageToEnd({ page, pane, host, codeServer, level: 2, step: sizes[key].size, chunk: Infinity, name });
    } catch (error) {
      failures.push(`${key} (minimal): ${error.message.split('\n')[0]}`);
      console.error(`  the minimal ${key}: the benchmark failed:`, error);
    }
  }
  host.close();
  await page.close();
}

const product = {};
const minimal = {};
const failures = [];
try {
  await productRun(product, failures);
  await minimalRun(product, minimal, failures);
} catch (error) {
  console.error('The benchmark failed:', error);
  await exitWith(1);
}
const loadAtEnd = uptime();

// ---------- figures ----------
const figures = (r) =>
  r && {
    total: r.total,
    clicks: r.clicks.length,
    growthMb: (r.heapAfter - r.heapBefore) / MB,
    rssGrowthMb: (r.rssAfter - r.rssBefore) / MB,
    firstMs: r.clicks[0],
    medianMs: median(r.clicks),
    p90Ms: percentile(r.clicks, 90),
    maxMs: Math.max(...r.clicks),
    lastMs: r.clicks.at(-1),
    lastOverFirst: r.clicks.at(-1) / r.clicks[0],
    wholeS: r.wholeMs / 1000,
  };
const details = Object.fromEntries(wanted.map((k) => [k, { pageSize: sizes[k], product: product[k], minimal: minimal[k] }]));
await mkdir(benchResultsDir, { recursive: true });
await writeFile(
  path.join(benchResultsDir, 'trees.paging.details.json'),
  `${JSON.stringify({ rows: ROWS, trees: wanted, loadAtStart, loadAtEnd, cpus: os.cpus().length, failures, details }, null, 1)}\n`,
);

const versus = 'minimal extension: plain TreeItems, flat';
const rows = [];
for (const key of wanted) {
  const p = figures(product[key]);
  const m = figures(minimal[key]);
  if (!p) continue;
  const area = `${TREES[key].title}, ${count(p.total)} rows by Load more (${sizes[key].size} a page, #57)`;
  const share = m ? p.growthMb - m.growthMb : NaN;
  console.log(`\n${area}, product${m ? ' | minimal' : ''}:`);
  const line = (label, a, b, unit) => console.log(`  ${label.padEnd(56)} ${a.toFixed(1).padStart(9)} ${unit}${m ? ` | ${b.toFixed(1)} ${unit}` : ''}`);
  line('host JS heap after GC, growth first page -> whole', p.growthMb, m?.growthMb, 'MB');
  line('host resident size, growth', p.rssGrowthMb, m?.rssGrowthMb, 'MB');
  line(`Load more click -> rows drawn: first (of ${p.clicks})`, p.firstMs, m?.firstMs, 'ms');
  for (const [label, k] of [
    ['  median', 'medianMs'],
    ['  p90', 'p90Ms'],
    ['  max', 'maxMs'],
    ['  last', 'lastMs'],
  ])
    line(label, p[k], m?.[k], 'ms');
  line('the last page against the first', p.lastOverFirst, m?.lastOverFirst, '×');
  line('whole list, first click -> last page drawn', p.wholeS, m?.wholeS, 's');
  const mark = (ok) => (ok ? 'met' : 'NOT met');
  const goals = [
    `product's share of the growth ${share.toFixed(1)} MB < ${GOAL_MB} (${mark(share < GOAL_MB)})`,
    `worst Load more ${p.maxMs.toFixed(0)} ms < ${GOAL_CLICK_MS} (${mark(p.maxMs < GOAL_CLICK_MS)})`,
    `whole list ${p.wholeS.toFixed(1)} s < ${GOAL_WHOLE_S} (${mark(p.wholeS < GOAL_WHOLE_S)})`,
  ];
  console.log(`  goals: ${goals.join('; ')}`);
  const base = (k) => (m ? m[k] : null);
  rows.push(
    benchRow(area, 'extension host JS heap after GC, growth first page -> whole list', p.growthMb, 'MB', base('growthMb'), versus),
    benchRow(area, `  the product's share: its growth less the minimal's (goal < ${GOAL_MB} MB)`, share, 'MB'),
    benchRow(area, `  worst Load more, click -> its rows drawn (goal < ${GOAL_CLICK_MS} ms)`, p.maxMs, 'ms', base('maxMs'), versus),
    benchRow(area, `  Load more, median (min–max) of ${p.clicks}`, spreadOf(product[key].clicks), 'ms', m && spreadOf(minimal[key].clicks), versus),
    benchRow(area, '  the first Load more', p.firstMs, 'ms', base('firstMs'), versus),
    benchRow(area, '  Load more p90', p.p90Ms, 'ms', base('p90Ms'), versus),
    benchRow(area, '  the last page as the first: last Load more ÷ first', p.lastOverFirst, '×', base('lastOverFirst'), versus),
    benchRow(area, `  whole list, first click -> last page drawn (goal < ${GOAL_WHOLE_S} s)`, p.wholeS, 's', base('wholeS'), versus),
  );
}
console.log(`\nuptime at the start: ${loadAtStart}\nuptime at the end:   ${loadAtEnd}`);
if (rows.length) await writeRows('trees.paging', rows);
if (failures.length) {
  console.error(`\n${failures.length} tree(s) failed:\n  ${failures.join('\n  ')}`);
  await exitWith(1);
}
await exitWith(0);
