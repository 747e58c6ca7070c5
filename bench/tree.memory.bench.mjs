// Where the memory of a long tree goes (#57 item 1): the Cloud view paging through 10,000 secrets
// with Load more (as cloud.secrets does), against a minimal extension paging 10,000 plain
// TreeItems the same way (bench/extension/minimalTree), in the same run, each in a code-server of
// its own (code-server 1.139 in headless Chromium; the simulator in its own process seeded with
// --secret-count 10000 in project 3 "sandbox", region 1 "Luxembourg-2").
//
// At the first page (100 rows), 1,000 rows and 10,000 rows: the extension host's resident size
// (/proc), its JS heap after two forced GCs (CDP HeapProfiler.collectGarbage, Runtime.getHeapUsage
// over Node's inspector, which the bench build and the minimal extension open on the port the bench
// gives: bench/extension/inspectHost.ts) and a heap snapshot of it, read as it streams and analysed
// here (bench/heapSnapshot.mjs: retained size by constructor from the dominator tree); the
// renderer's share the same way over the workbench page's CDP session (its JS heap after GC, its
// DOM nodes, a heap snapshot). Then the growth per row between the first page and 10,000 rows, by
// constructor, and the shortest retainer path of the classes that grow most.
//
//   npm run bench -- tree.memory              (builds, installs code-server on first use)
//   PLATFORM_CONSOLE_BENCH_TREE_ROWS=<n>: rows to page through (10000); the middle point is a tenth of it
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exitWith, freePort, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { startCodeServer } from '../scripts/harness/codeServer.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { expandTreeRow, sidebarPane } from '../test/e2e/workbench.mjs';
import { SECRETS_PAGE } from '../src/features/cloud/secretPages.ts';
import { benchCodeServer, extensionHostRss } from './benchCodeServer.mjs';
import { benchResultsDir, benchRow, writeRows } from './benchRows.mjs';
import { heapAfterGc, heapSnapshot, nodeInspector } from './heapOverCdp.mjs';
import { findLoadMore, listWhole } from './loadMoreRows.mjs';

const ROWS = Number(process.env.PLATFORM_CONSOLE_BENCH_TREE_ROWS) || 10_000;
const POINTS = [SECRETS_PAGE, ROWS / 10, ROWS];
const PROJECT = { id: 3, name: 'sandbox' };
const REGION = { id: 1, name: 'Luxembourg-2' };
const TOP = 20;
const MB = 1048576;
const KB = 1024;

guardRun('the tree memory benchmark', 25 * 60_000);
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const loadAtStart = uptime();

const build = spawnSync(process.execPath, ['esbuild.mjs', '--bench'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'bench-tree-memory-simulator.log'),
  args: ['--secret-count', String(ROWS)],
});
const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());

/** Host and renderer at one row count: memory after GC, and what the heaps hold by constructor. */
async function measure(codeServer, host, page, rows) {
  const renderer = await page.context().newCDPSession(page);
  const hostHeap = await heapAfterGc(host);
  const rss = await extensionHostRss(codeServer);
  const hostSnapshot = await heapSnapshot(host);
  const rendererHeap = await heapAfterGc(renderer);
  await renderer.send('Performance.enable');
  const metrics = Object.fromEntries((await renderer.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const rendererSnapshot = await heapSnapshot(renderer);
  await renderer.detach();
  console.log(
    `  ${rows} rows: host resident ${(rss / MB).toFixed(1)} MB, heap ${(hostHeap / MB).toFixed(1)} MB; renderer heap ${(rendererHeap / MB).toFixed(1)} MB`,
  );
  return { rows, rss, hostHeap, hostSnapshot, rendererHeap, domNodes: metrics.Nodes, rendererSnapshot };
}

/**
 * Load more (one page at a time, as a person would) from `shown` rows until `target` are shown:
 * End shows the list's Load more ("Load more (9,900 more)", at the end of its last range once it
 * has ranges: bench/loadMoreRows.mjs). `prepare`: when it does not come at once (the product folds
 * its other views, which can open themselves); `chunk`: rows a range (Infinity: a flat list).
 */
async function loadMoreTo(page, pane, level, shown, target, { prepare, chunk }) {
  const name = 'bench-tree-memory';
  for (; shown < target; shown = Math.min(ROWS, shown + SECRETS_PAGE)) {
    const more = await findLoadMore(page, pane, level, { remaining: ROWS - shown, prepare, name });
    await more.row.click();
    await page.mouse.move(900, 450); // off the list: no hover card over the rows
  }
  if (target < ROWS) await findLoadMore(page, pane, level, { remaining: ROWS - target, prepare, name });
  else await listWhole(page, pane, level, ROWS, { chunk, name });
}

/** Each point of POINTS measured in a workbench whose group shows the first page; `grow` pages on. */
async function measurePoints(codeServer, inspectPort, page, pane, level, { prepare = async () => undefined, chunk }) {
  const host = await nodeInspector(inspectPort);
  const points = [];
  for (const [i, rows] of POINTS.entries()) {
    await loadMoreTo(page, pane, level, i === 0 ? SECRETS_PAGE : POINTS[i - 1], rows, { prepare, chunk });
    await page.keyboard.press('Escape');
    // The last row drawn, the list settled, the mouse off it: the state a person leaves it in.
    await page.waitForTimeout(1000);
    const point = await measure(codeServer, host, page, rows);
    // Only the last host snapshot is asked for retainer paths: the others keep their totals (a snapshot's arrays take a GB at 10,000 rows).
    const light = ({ classes, total, nodeCount }) => ({ classes, total, nodeCount });
    if (i < POINTS.length - 1) point.hostSnapshot = light(point.hostSnapshot);
    point.rendererSnapshot = light(point.rendererSnapshot);
    points.push(point);
  }
  host.close();
  return points;
}

// ---------- Platform Console ----------
async function productRun() {
  const inspectPort = await freePort();
  const codeServer = await benchCodeServer({
    paths,
    label: 'bench-tree-memory',
    simulatorUrl,
    apiKey,
    env: { PLATFORM_CONSOLE_BENCH_INSPECT_PORT: String(inspectPort) },
    settings: { 'platformConsole.cloud.projectId': PROJECT.id, 'platformConsole.cloud.regionId': REGION.id },
    logFile: path.join(resultsDir, 'bench-tree-memory-code-server.log'),
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
  const cloud = sidebarPane(page, 'Cloud');
  const cloudHeader = cloud.locator('.pane-header');
  await cloudHeader.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(2000);
  /** Room for the Cloud view: the other views folded (checked again before each step: a view can open itself as it restores). */
  const foldOtherViews = async () => {
    for (const name of ['Protection Profiles', 'Edge', 'Report Tasks', 'Storage']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      // Clicked at its twistie: the middle of a narrow header can be one of its actions (Report Tasks' Create Report).
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') await header.click({ position: { x: 8, y: 10 } });
    }
    if ((await cloudHeader.getAttribute('aria-expanded')) !== 'true') await cloudHeader.click({ position: { x: 8, y: 10 } });
  };
  await foldOtherViews();
  const exactRow = (name, level) =>
    cloud
      .locator(`.monaco-list-row[aria-level="${level}"]`)
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) })
      .first();
  const projectRow = exactRow(PROJECT.name, 1);
  const regionRow = exactRow(REGION.name, 2);
  const secretsRow = exactRow('Secrets', 3);
  await projectRow.waitFor({ timeout: 60_000 });
  await expandTreeRow(page, cloud, projectRow, regionRow, 'bench-tree-memory');
  await expandTreeRow(page, cloud, regionRow, secretsRow, 'bench-tree-memory');
  await expandTreeRow(page, cloud, secretsRow, cloud.locator('.monaco-list-row[aria-level="4"]'), 'bench-tree-memory');
  const points = await measurePoints(codeServer, inspectPort, page, cloud, 4, { prepare: foldOtherViews, chunk: 1000 });
  await page.close();
  return points;
}

// ---------- the minimal extension: plain TreeItems ----------
async function minimalRun() {
  const inspectPort = await freePort();
  // Platform Console is installed too (startCodeServer installs it) but has no connection and no view open.
  const codeServer = await startCodeServer({
    paths,
    label: 'bench-tree-memory-minimal',
    port: await freePort(),
    env: {
      ...process.env,
      PLATFORM_CONSOLE_BENCH_INSPECT_PORT: String(inspectPort),
      PLATFORM_CONSOLE_BENCH_MINIMAL_ROWS: String(ROWS),
      PLATFORM_CONSOLE_BENCH_MINIMAL_PAGE: String(SECRETS_PAGE),
    },
    alsoInstall: [path.join(projectRoot, 'bench', 'extension', 'minimalTree')],
    logFile: path.join(resultsDir, 'bench-tree-memory-minimal-code-server.log'),
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  await page.locator('.activitybar .action-label[aria-label^="Minimal Tree"]').click();
  const pane = page.locator('.part.sidebar');
  const group = pane.locator('.monaco-list-row[aria-level="1"]', { hasText: 'Secrets' });
  await group.waitFor({ timeout: 60_000 });
  await expandTreeRow(page, pane, group, pane.locator('.monaco-list-row[aria-level="2"]'), 'bench-tree-memory-minimal');
  const points = await measurePoints(codeServer, inspectPort, page, pane, 2, { chunk: Infinity });
  await page.close();
  return points;
}

let product;
let minimal;
try {
  console.log('Platform Console, the Cloud view:');
  product = await productRun();
  console.log('The minimal extension, plain TreeItems:');
  minimal = await minimalRun();
} catch (error) {
  console.error('The benchmark failed:', error);
  await exitWith(1);
}
const loadAtEnd = uptime();

// ---------- figures ----------
const mb = (x) => `${(x / MB).toFixed(1)} MB`;
const perRow = (points, key) => (points.at(-1)[key] - points[0][key]) / (points.at(-1).rows - points[0].rows);
const byClass = (analysis) => new Map(analysis.classes.map((c) => [c.className, c]));
/** Per class: count, self and retained growth per row, first page -> last point. */
function growth(points, which) {
  const first = byClass(points[0][which]);
  const rows = points.at(-1).rows - points[0].rows;
  const last = points.at(-1)[which];
  return last.classes
    .map((c) => {
      const before = first.get(c.className) ?? { count: 0, self: 0, retained: 0 };
      return {
        className: c.className,
        count: (c.count - before.count) / rows,
        self: (c.self - before.self) / rows,
        retained: (c.retained - before.retained) / rows,
      };
    })
    .sort((a, b) => b.self - a.self);
}
const top = (analysis) =>
  [...analysis.classes]
    .sort((a, b) => b.retained - a.retained)
    .slice(0, TOP)
    .map((c) => ({ ...c }));
function report(label, points) {
  const details = { label, points: [], growth: {}, paths: {} };
  console.log(`\n${label}`);
  for (const p of points) {
    console.log(
      `  ${p.rows} rows: host resident ${mb(p.rss)}, heap after GC ${mb(p.hostHeap)} (snapshot ${mb(p.hostSnapshot.total)}, ${p.hostSnapshot.nodeCount} nodes)`,
    );
    console.log(`    renderer heap after GC ${mb(p.rendererHeap)} (snapshot ${mb(p.rendererSnapshot.total)}), DOM nodes ${p.domNodes}`);
    console.log(`    host, retained by constructor (top ${TOP}):`);
    for (const c of top(p.hostSnapshot))
      console.log(`      ${c.className.padEnd(44)} ${String(c.count).padStart(9)}  self ${mb(c.self).padStart(9)}  retained ${mb(c.retained).padStart(9)}`);
    details.points.push({
      rows: p.rows,
      rss: p.rss,
      hostHeap: p.hostHeap,
      hostSnapshotTotal: p.hostSnapshot.total,
      rendererHeap: p.rendererHeap,
      rendererSnapshotTotal: p.rendererSnapshot.total,
      domNodes: p.domNodes,
      hostTop: top(p.hostSnapshot),
      rendererTop: top(p.rendererSnapshot),
    });
  }
  const rows = `${points[0].rows} -> ${points.at(-1).rows} rows`;
  console.log(
    `  growth per row, ${rows}: resident ${(perRow(points, 'rss') / KB).toFixed(2)} KB, ` +
      `host heap ${(perRow(points, 'hostHeap') / KB).toFixed(2)} KB, renderer heap ${(perRow(points, 'rendererHeap') / KB).toFixed(2)} KB`,
  );
  for (const which of ['hostSnapshot', 'rendererSnapshot']) {
    const grown = growth(points, which).slice(0, 15);
    details.growth[which] = grown;
    console.log(`  ${which === 'hostSnapshot' ? 'host' : 'renderer'}: growth per row by constructor (self size; count; retained), top 15:`);
    for (const g of grown)
      console.log(
        `      ${g.className.padEnd(44)} ${g.self.toFixed(0).padStart(7)} B  ` +
          `${g.count.toFixed(2).padStart(7)} objects  ${g.retained.toFixed(0).padStart(8)} B retained`,
      );
  }
  // How the classes that grow most are held: the shortest retainer path of the newest instance (a row's, most likely) and of the largest.
  for (const g of details.growth.hostSnapshot.slice(0, 8)) {
    const found = points.at(-1).hostSnapshot.instances(g.className);
    details.paths[g.className] = found;
    for (const i of found) console.log(`    ${g.className} (retains ${i.retained} B): ${i.path.map((s) => `<-${s.edge}- ${s.className}`).join(' ')}`);
  }
  details.perRow = { rss: perRow(points, 'rss'), hostHeap: perRow(points, 'hostHeap'), rendererHeap: perRow(points, 'rendererHeap') };
  return details;
}
const productDetails = report('Platform Console, Cloud view (SecretNode rows):', product);
const minimalDetails = report('Minimal extension (plain TreeItems):', minimal);
console.log(`\nuptime at the start: ${loadAtStart}\nuptime at the end:   ${loadAtEnd}`);
await writeFile(
  path.join(benchResultsDir, 'tree.memory.details.json'),
  `${JSON.stringify({ loadAtStart, loadAtEnd, cpus: os.cpus().length, product: productDetails, minimal: minimalDetails }, null, 1)}\n`,
);

const area = `Long tree, ${POINTS[0]} -> ${ROWS.toLocaleString('en-US')} rows by Load more (#57)`;
const versus = 'minimal extension, plain TreeItems';
const kbPerRow = (d, key) => d.perRow[key] / KB;
await writeRows('tree.memory', [
  benchRow(
    area,
    'extension host JS heap after GC, growth per row: Platform Console',
    kbPerRow(productDetails, 'hostHeap'),
    'KB',
    kbPerRow(minimalDetails, 'hostHeap'),
    versus,
  ),
  benchRow(area, '  extension host resident size, growth per row', kbPerRow(productDetails, 'rss'), 'KB', kbPerRow(minimalDetails, 'rss'), versus),
  benchRow(
    area,
    '  renderer (workbench page) JS heap after GC, growth per row',
    kbPerRow(productDetails, 'rendererHeap'),
    'KB',
    kbPerRow(minimalDetails, 'rendererHeap'),
    versus,
  ),
  benchRow(
    area,
    `  extension host JS heap after GC at ${ROWS.toLocaleString('en-US')} rows`,
    product.at(-1).hostHeap / MB,
    'MB',
    minimal.at(-1).hostHeap / MB,
    versus,
  ),
]);
await exitWith(0);
