// Deploy to Edge App… of a 50 MB .wasm in the real workbench (code-server in headless Chromium, the
// benches' build of the extension installed, the simulator in its own process), beside `curl
// --data-binary @file` of the same file to the same route with the same key in the same run:
//
// - the deploy's own time (the upload and the app's PATCH, from the extension's "Deployed … in N
//   ms" log line) and its throughput as a share of curl's (goal: at least 80%); beside it, the
//   whole time from the confirmation's Deploy button to the "Deployed" notification;
// - the extension host's memory from the command to the notification (the file's SHA-256 read
//   before the confirmation, then the upload): resident size (/proc, every 100 ms), JS heap and
//   array buffers (the benches' build samples process.memoryUsage() every 100 ms:
//   bench/extension/hostMemory.ts), the growth over the size before the command (goal: under
//   32 MB), the file being streamed twice, never held;
// - the runtime's floor: a bare Node process of the host's version doing only the hash and a
//   streamed fetch POST of the file (bench/uploadFromFile.mjs), its time and growth measured the
//   same way.
//
// The file: `\0asm`, version 1, then filler, in a temp dir. The connection is switched to the
// platform's dialect first (Change API Dialect…), so the extension posts where curl does; the
// command runs from the palette, the file is typed into its open dialog, the app picked by name,
// the confirmation's Deploy clicked.
// Each run (curl, bare Node, the extension: RUNS times each, alternating) stores a binary (the
// simulator's count limit is 1,000,000, its size limit 100 MiB).
//
//   npm run bench -- edge.deploy          (builds, installs code-server on first use)

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { benchCodeServer, extensionHostRss, loggedMatches } from './benchCodeServer.mjs';
import { benchRow, median, spreadOf, writeRows } from './benchRows.mjs';

const RUNS = Number(process.env.PLATFORM_CONSOLE_BENCH_DEPLOY_RUNS) || 3;
const BYTES = 50 * 1_000_000;
const MB = 1_000_000;
const MiB = 1048576;
const APP = 'geo-redirect';
const ROUTE = '/fastedge/v1/binaries/raw';

guardRun('the edge deploy benchmark', 20 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs', '--bench'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const out = await mkdtemp(path.join(os.tmpdir(), 'bench-edge-deploy-'));
onCleanup(() => rm(out, { recursive: true, force: true }));
const file = path.join(out, 'bench-50MB.wasm');
{
  const bytes = randomBytes(BYTES);
  bytes.set([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  await writeFile(file, bytes);
}
const memoryFile = path.join(out, 'host-memory.jsonl');

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-edge-deploy-simulator.log') });
const control = new SimulatorControl(simulatorUrl, controlToken);
const codeServer = await benchCodeServer({
  paths,
  label: 'bench-edge-deploy',
  simulatorUrl,
  apiKey,
  env: { PLATFORM_CONSOLE_BENCH_MEMORY_FILE: memoryFile },
  logFile: path.join(resultsDir, 'bench-edge-deploy-code-server.log'),
});

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(codeServer.workspaceUrl);
await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
await runCommand(page, 'Platform Console: Show Log');
await page.locator('.statusbar-item', { hasText: 'bench' }).waitFor({ timeout: 60_000 });
await runCommand(page, 'View: Hide Panel').catch(() => undefined);
// The connection in the platform's dialect, so that the extension posts to the route curl does.
await runCommand(page, 'Platform Console: Change API Dialect…');
await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Platform' }).first().click();
await page
  .locator('.notifications-toasts')
  .getByText(/now speaks the Platform dialect/)
  .waitFor({ timeout: 30_000 });

const url = `${simulatorUrl}${ROUTE}`;

/** curl --data-binary of the file: seconds and the bytes the simulator recorded. */
async function curl() {
  const started = performance.now();
  const result = spawnSync(
    'curl',
    ['-sS', '-f', '-o', '/dev/null', '-H', `Authorization: apikey ${apiKey}`, '-H', 'Content-Type: application/octet-stream', '--data-binary', `@${file}`, url],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`curl failed (${result.status})`);
  return { seconds, bytes: await storedBytes() };
}

/** The size of the last binary the simulator stored (its record of the upload). */
async function storedBytes() {
  const last = Object.values(await control.lastRequests('storeEdgeBinary'))[0];
  return last?.body?.bytes;
}

/** The bare runtime (the host's Node, a streamed fetch POST): ms, bytes and its growth. */
async function bareNode() {
  const warm = `${simulatorUrl}/fastedge/v1/binaries`;
  const child = spawnSync(paths.node24, [path.join(projectRoot, 'bench/uploadFromFile.mjs'), url, file, warm], {
    input: apiKey,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the bare Node upload failed (${child.status})`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1));
  return { ...result, stored: await storedBytes() };
}

/** The host's samples (bench/extension/hostMemory.ts) between two epoch times. */
async function hostSamples(from, to) {
  const text = await readFile(memoryFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((s) => s.at >= from && s.at <= to);
}

const quickInput = page.locator('.quick-input-widget');
const input = quickInput.locator('input');
const dialog = page.locator('.monaco-dialog-box');

/** Every "Deployed … (N bytes in M ms)" the extension logged so far. */
async function loggedDeploys() {
  return (await loggedMatches(codeServer, /Deployed bench-50MB\.wasm \((\d+) bytes in (\d+) ms\)/g)).map((m) => ({ bytes: Number(m[1]), ms: Number(m[2]) }));
}

/** The extension's Deploy to Edge App… through the palette, the open dialog, the app's pick and the confirmation. */
async function deploy(run) {
  await runCommand(page, 'Notifications: Clear All Notifications');
  // The host's memory from before the command to the notification: the hash's pass over the file
  // (before the confirmation) and the upload's (after it) both count.
  await page.waitForTimeout(1000);
  const rss = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rss.push({ at: Date.now(), bytes: await extensionHostRss(codeServer) });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  while (rss.length === 0) await page.waitForTimeout(10);
  const commandAt = Date.now();
  await runCommand(page, 'Edge: Deploy to Edge App…');
  // The open dialog (a path in a quick input in the browser): the bench's file, typed once the
  // dialog has shown its folder (it sets the input's value as it loads).
  await quickInput.getByText('pick a .wasm file').first().waitFor({ timeout: 30_000 });
  for (let i = 0, last = '', same = 0; i < 200 && same < 3; i++) {
    const value = await input.inputValue().catch(() => '');
    same = value.startsWith('/') && value === last ? same + 1 : 0;
    last = value;
    await page.waitForTimeout(100);
  }
  await input.fill(file);
  await page.waitForTimeout(300);
  await input.press('Enter');
  await quickInput.getByText(`Deploy to Edge App (bench)`).first().waitFor({ timeout: 30_000 });
  await quickInput.locator('.monaco-list-row', { hasText: APP }).first().waitFor({ timeout: 30_000 });
  await input.fill(APP);
  await quickInput.locator('.monaco-list-row', { hasText: APP }).first().waitFor();
  await input.press('Enter');
  await dialog.waitFor({ timeout: 60_000 });
  const asked = await dialog.innerText();
  if (!asked.includes(`${BYTES.toLocaleString('en-US')} bytes`)) throw new Error(`the confirmation does not name the file's size:\n${asked}`);
  const clickedAt = Date.now();
  const started = performance.now();
  await dialog.locator('.monaco-button', { hasText: /^Deploy$/ }).click();
  await page
    .locator('.notifications-toasts')
    .getByText(/^Deployed bench-50MB\.wasm/)
    .waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - started) / 1000;
  const doneAt = Date.now();
  sampling = false;
  await sampler;
  let own;
  for (let i = 0; i < 50 && !own; i++) {
    own = (await loggedDeploys())[run];
    if (!own) await page.waitForTimeout(100);
  }
  if (!own) throw new Error('the extension logged no "Deployed … in N ms" line');
  const before = rss[0].bytes;
  const growthOver = (samples, key, base) => (samples.length === 0 ? NaN : Math.max(...samples.map((x) => x[key])) - base);
  // The heap and array buffers: the host's own samples, the last one before the command as the base.
  const earlier = await hostSamples(commandAt - 2000, commandAt);
  const during = await hostSamples(commandAt, doneAt + 200);
  const base = earlier.at(-1);
  return {
    seconds,
    ownSeconds: own.ms / 1000,
    bytes: own.bytes,
    stored: await storedBytes(),
    before,
    growth: growthOver(rss, 'bytes', before),
    uploadGrowth: growthOver(
      rss.filter((x) => x.at >= clickedAt),
      'bytes',
      before,
    ),
    heapGrowth: base ? growthOver(during, 'heapUsed', base.heapUsed) : NaN,
    buffersGrowth: base ? growthOver(during, 'arrayBuffers', base.arrayBuffers) : NaN,
    samples: during.length,
  };
}

const curls = [];
const bares = [];
const deploys = [];
const mbps = (bytes, seconds) => bytes / MB / seconds;
for (let run = 0; run < RUNS; run++) {
  curls.push(await curl());
  bares.push(await bareNode());
  deploys.push(
    await deploy(run).catch(async (error) => {
      await page.screenshot({ path: path.join(resultsDir, 'bench-edge-deploy-failed.png') }).catch(() => undefined);
      throw error;
    }),
  );
  const c = curls.at(-1);
  const b = bares.at(-1);
  const d = deploys.at(-1);
  console.log(
    `  run ${run + 1}: curl ${(c.bytes / MB).toFixed(1)} MB in ${c.seconds.toFixed(2)} s (${mbps(c.bytes, c.seconds).toFixed(0)} MB/s);` +
      ` bare Node ${(b.ms / 1000).toFixed(2)} s (${mbps(b.bytes, b.ms / 1000).toFixed(0)} MB/s, +${(b.growth / MiB).toFixed(1)} MB resident, +${(b.heapGrowth / MiB).toFixed(1)} MB heap, +${(b.buffersGrowth / MiB).toFixed(1)} MB array buffers);` +
      ` extension ${(d.bytes / MB).toFixed(1)} MB in ${d.ownSeconds.toFixed(2)} s (${mbps(d.bytes, d.ownSeconds).toFixed(0)} MB/s, ${((c.seconds / d.ownSeconds) * 100).toFixed(0)}% of curl's throughput),` +
      ` Deploy -> notification ${d.seconds.toFixed(2)} s; host ${(d.before / MiB).toFixed(0)} MB, +${(d.growth / MiB).toFixed(1)} MB resident (+${(d.uploadGrowth / MiB).toFixed(1)} MB from the click), +${(d.heapGrowth / MiB).toFixed(1)} MB heap, +${(d.buffersGrowth / MiB).toFixed(1)} MB array buffers at most (${d.samples} samples)`,
  );
}
const sizes = [...curls.map((c) => c.bytes), ...bares.map((b) => b.stored), ...deploys.flatMap((d) => [d.bytes, d.stored])];
if (sizes.some((s) => s !== BYTES)) throw new Error(`an upload did not store the whole file (${BYTES} bytes): ${sizes.join(', ')}`);
const byDialect = await control.countsByDialect();
const stores = Object.entries(byDialect).filter(([k]) => k.endsWith('POST storeEdgeBinary'));
if (stores.length !== 1 || stores[0][0] !== 'platform POST storeEdgeBinary' || stores[0][1] !== 3 * RUNS) {
  throw new Error(`every upload (curl, bare Node, the extension) was to go to the platform's path: ${JSON.stringify(Object.fromEntries(stores))}`);
}

// The machine is shared: its load says how much a figure may be off.
console.log(
  `  load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} (1, 5, 15 min; ${os.cpus().length} cores)`,
);

const area = 'Deploy to Edge App…';
const pct = (x) => `${(x * 100).toFixed(0)}%`;
const shares = deploys.map((d, i) => curls[i].seconds / d.ownSeconds);
const bareShares = bares.map((b, i) => curls[i].seconds / (b.ms / 1000));
await writeRows('edge.deploy', [
  benchRow(
    area,
    `a 50 MB .wasm: upload + the app's PATCH (the extension's log), median of ${RUNS}`,
    spreadOf(deploys.map((d) => d.ownSeconds * 1000)),
    'ms',
    spreadOf(curls.map((c) => c.seconds * 1000)),
    'curl --data-binary, same file, route and key',
  ),
  benchRow(
    area,
    '  throughput',
    spreadOf(deploys.map((d) => mbps(d.bytes, d.ownSeconds))),
    'MB/s',
    spreadOf(curls.map((c) => mbps(c.bytes, c.seconds))),
    'curl',
    null,
  ),
  benchRow(
    area,
    "  throughput as a share of curl's, median of the runs' shares (goal: at least 80%)",
    `${pct(median(shares))} (${pct(Math.min(...shares))}–${pct(Math.max(...shares))})`,
    '',
  ),
  benchRow(
    area,
    "  the bare runtime's share (the host's Node: the hash, then a streamed fetch POST, nothing else)",
    `${pct(median(bareShares))} (${pct(Math.min(...bareShares))}–${pct(Math.max(...bareShares))})`,
    '',
  ),
  benchRow(area, '  Deploy clicked -> "Deployed" notification, median', median(deploys.map((d) => d.seconds)) * 1000, 'ms'),
  benchRow(
    area,
    '  extension host resident size growth, the command to the notification (hash and upload), largest of the runs (goal: under 32 MB)',
    Math.max(...deploys.map((d) => d.growth)) / MiB,
    'MB',
    Math.max(...bares.map((b) => b.growth)) / MiB,
    'the bare runtime: hash and upload, same file, largest',
  ),
  benchRow(
    area,
    '  median of the runs',
    median(deploys.map((d) => d.growth)) / MiB,
    'MB',
    median(bares.map((b) => b.growth)) / MiB,
    'the bare runtime, median',
  ),
  benchRow(area, '  of which from the Deploy click (the upload and the PATCH), largest', Math.max(...deploys.map((d) => d.uploadGrowth)) / MiB, 'MB'),
  benchRow(
    area,
    '  extension host JS heap growth, the command to the notification, largest of the runs',
    Math.max(...deploys.map((d) => d.heapGrowth)) / MiB,
    'MB',
    Math.max(...bares.map((b) => b.heapGrowth)) / MiB,
    'the bare runtime, largest',
  ),
  benchRow(
    area,
    '  extension host array buffers growth (the read chunks, outside the JS heap), largest',
    Math.max(...deploys.map((d) => d.buffersGrowth)) / MiB,
    'MB',
    Math.max(...bares.map((b) => b.buffersGrowth)) / MiB,
    'the bare runtime, largest',
  ),
]);
await exitWith(0);
