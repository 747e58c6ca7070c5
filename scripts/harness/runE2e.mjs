// Runs the UI tests test/e2e/*.e2e.mjs (node:test + Playwright) against code-server proper,
// under Node 24, with the built extension installed the way a user would have it.
// Expects `npm run build` and scripts/harness/ensure.mjs to have run.
//
// Each test file runs in a process of its own, finds the workbench at PLATFORM_CONSOLE_E2E_URL
// and opens it with test/e2e/workbench.mjs. With --screenshots (`npm run screenshots`, never part
// of `npm test`) it runs the walks in test/screenshots/ and the UI files that photograph; the
// pictures go to docs/screenshots/. Every file starts from the same state: the simulator reset to
// its seed (no fault, no request counted), a workspace folder of its own (no editor, panel, layout
// or view left open by an earlier file), a new browser profile (the extension's globalState and
// secret storage), no extension host of an earlier file, the server's settings and other user data
// as the run began (e2eIsolation.mjs). After each file, the leftover check fails the run naming
// the file and what it left: another connection, a globalState key, a changed setting or file.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { requireHarness } from './ensure.mjs';
import { startCodeServer } from './codeServer.mjs';
import { endExtensionHosts, globalStateLeftovers, restoreUserData, userDataLeftovers, userDataSnapshot } from './e2eIsolation.mjs';
import { ORDER_VARIABLE, orderFiles, parseOrder } from './fileOrder.mjs';
import { environmentsHolding } from './keyHandOff.mjs';
import {
  exitWith,
  filesContaining,
  freePort,
  guardRun,
  log,
  onCleanup,
  projectRoot,
  readManifest,
  reportKeyScan,
  requireBuilt,
  resultsDir,
  startSimulatorProcess,
  summaryLine,
  tempDirs,
} from './common.mjs';

// A stop for a hung run: the whole suite (about 8 minutes on 2 busy cores; `--screenshots` about as long) and a retry of its failed files fit.
const TIMEOUT_MS = 25 * 60_000;
const testsDir = path.join(projectRoot, 'test', 'e2e');
const shotsDir = path.join(projectRoot, 'test', 'screenshots');
const screenshots = process.argv.includes('--screenshots');
if (screenshots) process.env.PLATFORM_CONSOLE_SCREENSHOTS = '1';
/** Screenshot mode: the walks kept for their pictures, and the UI files that call screenshot(). */
const photographing = async () => [
  ...(await readdir(shotsDir)).filter((name) => name.endsWith('.shots.mjs')),
  ...(await readdir(testsDir)).filter((name) => name.endsWith('.e2e.mjs') && /\bscreenshot\(page/.test(readFileSync(path.join(testsDir, name), 'utf8'))),
];
const fileOf = (name) => path.join(name.endsWith('.shots.mjs') ? shotsDir : testsDir, name);

guardRun('the e2e tests', TIMEOUT_MS);

const paths = requireHarness();
log("runner: Playwright (Debian's Chromium) against code-server 4.139.1 (VS Code 1.139.1) with the built extension installed");
const manifest = readManifest();
requireBuilt(path.join(projectRoot, manifest.main), 'npm run build');
// PLATFORM_CONSOLE_TEST_FILTER=pricing,logs runs only the files whose name contains one of them.
const only = (process.env.PLATFORM_CONSOLE_TEST_FILTER ?? '').split(',').filter(Boolean);
// PLATFORM_CONSOLE_TEST_ORDER=reverse, shuffle or shuffle:<seed> changes their order (fileOrder.mjs).
let order;
try {
  order = parseOrder(process.env[ORDER_VARIABLE]);
} catch (error) {
  console.error(`[harness] ${error.message}`);
  process.exit(1);
}
const { files, description } = orderFiles(
  (screenshots ? await photographing() : await readdir(testsDir)).filter(
    (name) => /\.(e2e|shots)\.mjs$/.test(name) && (only.length === 0 || only.some((o) => name.includes(o))),
  ),
  order,
);
log(`order: ${description}`);
if (files.length === 0) {
  console.error(`[harness] no *.e2e.mjs in ${path.relative(projectRoot, testsDir)}`);
  process.exit(1);
}

// The extension connects to a simulator through the environment, as in the demo: its URL in
// PLATFORM_CONSOLE_BASE_URL, its key handed over in a one-shot file (keyHandOff.mjs), never in
// code-server's environment. The tests get the URL and the key (PLATFORM_CONSOLE_E2E_KEY, a name
// the extension does not read) to sign in through the UI themselves; code-server's environment is
// taken before that variable is set, so it never reaches code-server.
const simulatorKey = `e2e-${randomBytes(12).toString('hex')}`;
const serverEnv = { ...process.env };
process.env.PLATFORM_CONSOLE_E2E_KEY = simulatorKey;
const abort = new AbortController();
onCleanup(() => abort.abort());
/** What VS Code wrote in each run (settings, state, extension storage, logs): scanned for the key at the end. */
const scanned = [];
/**
 * Windows opened on the runner's code-server: a run of files that each start their own
 * (demo.e2e.mjs, trySimulatorVsix.e2e.mjs) opens none, and so has no output channel's log to find.
 */
let windows = 0;
/** Processes of code-server's tree whose environment held the key, and how many environments were read. */
const environments = { holding: [], read: 0 };

/** A simulator and a code-server of their own (fresh seed, fresh user data), and the files run against them, one after the other. */
async function runFiles(names, label) {
  const { url: simulatorUrl, controlToken } = await startSimulatorProcess({ apiKey: simulatorKey, logFile: path.join(resultsDir, `${label}-simulator.log`) });
  log(`simulator on ${simulatorUrl}`);
  process.env.PLATFORM_CONSOLE_BASE_URL = simulatorUrl;
  // For the tests' control calls (test/e2e/workbench.mjs simControl); code-server's environment (serverEnv) never has it.
  process.env.PLATFORM_CONSOLE_SIM_CONTROL_TOKEN = controlToken;
  const serverLog = path.join(resultsDir, `${label}-server.log`);
  // Beside the extension, a stand-in for the chat agent that calls its tools (test/e2e/fixtures/toolCaller).
  const alsoInstall = [path.join(testsDir, 'fixtures', 'toolCaller')];
  const codeServer = await startCodeServer({
    paths,
    label,
    port: await freePort(),
    env: { ...serverEnv, PLATFORM_CONSOLE_BASE_URL: simulatorUrl },
    apiKey: simulatorKey,
    logFile: serverLog,
    alsoInstall,
  });
  const { origin, dir } = codeServer;
  scanned.push(dir('user-data'), dir('extensions'), dir('workspace'), serverLog);
  // What every file starts from, taken before the first browser opens; what each file left is read into leftDir.
  const extensionIds = [projectRoot, ...alsoInstall].map((folder) => readManifest(folder)).map((m) => `${m.publisher}.${m.name}`);
  const userData = await userDataSnapshot(dir('user-data'), extensionIds);
  const leftDir = (await tempDirs(`${label}-left`, ['files']))('files');
  const passed = new Map();
  const failed = new Map();
  const count = (map, file) => map.set(path.basename(file ?? '?'), (map.get(path.basename(file ?? '?')) ?? 0) + 1);
  for (const name of names) {
    if (abort.signal.aborted) break;
    // Each file opens a browser of its own (its own secret storage): the key is handed over again,
    // read once by the first window that starts.
    await codeServer.handKeyAgain();
    // The same start for every file, whatever ran before it: the simulator as seeded, and a
    // folder of its own (VS Code keeps open editors, panels and the layout per folder).
    await resetSimulator(simulatorUrl, controlToken);
    const folder = path.join(dir('workspace'), name.replace(/\.(e2e|shots)\.mjs$/, ''));
    await mkdir(folder, { recursive: true });
    // The test files' processes inherit this environment.
    process.env.PLATFORM_CONSOLE_E2E_URL = `${origin}/?folder=${encodeURIComponent(folder)}`;
    const leftFile = path.join(leftDir, `${name}.jsonl`);
    process.env.PLATFORM_CONSOLE_E2E_LEFT_FILE = leftFile;
    const stream = run({ files: [fileOf(name)], concurrency: 1, signal: abort.signal });
    // Suites report too; count tests only, as node's own summary does.
    stream.on('test:pass', ({ details, file }) => details.type !== 'suite' && count(passed, file));
    stream.on('test:fail', ({ details, file }) => details.type !== 'suite' && count(failed, file));
    const report = stream.compose(new spec());
    report.pipe(process.stdout, { end: false });
    await finished(report);
    // Every process code-server started (extension hosts, terminals' pty host, file watchers) as it
    // was started: none had the key in its environment. Read before this file's extension hosts end.
    const envScan = await environmentsHolding(codeServer.server.pid, [simulatorKey]);
    environments.holding.push(...envScan.holding);
    environments.read += envScan.read;
    // A line per browser openWorkbench() closed: a window on this code-server, whose extension wrote its log.
    windows += (await readFile(leftFile, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
    const left = [...(await globalStateLeftovers(leftFile, simulatorUrl)), ...(await userDataLeftovers(dir('user-data'), extensionIds, userData))];
    if (left.length > 0 && !screenshots) {
      console.error(`[harness] ✖ leftover check: ${name} left behind:\n  - ${left.join('\n  - ')}`);
      count(failed, name);
    } else if (left.length > 0) log(`${name} left behind (reset, not failed under --screenshots): ${left.join('; ')}`);
    // Back to the start for the next file: no extension host of this one, the user data as it began.
    const ended = await endExtensionHosts(codeServer.server.pid);
    await restoreUserData(dir('user-data'), extensionIds, userData);
    if (left.length === 0) log(`✔ nothing left behind by ${name} (${ended} extension host${ended === 1 ? '' : 's'} ended)`);
  }
  if (failed.size > 0) console.error(`[harness] code-server log: ${path.relative(projectRoot, serverLog)}`);
  return { passed, failed };
}

/** Back to the seed's data, no fault set, no request counted (the control API's POST /__sim/reset). */
async function resetSimulator(url, token) {
  const response = await fetch(`${url}/__sim/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-simulator-token': token },
    body: JSON.stringify({ faults: true, requests: true }),
  });
  if (!response.ok) throw new Error(`simulator reset: HTTP ${response.status} ${await response.text()}`);
}

const sum = (map, names = [...map.keys()]) => names.reduce((n, name) => n + (map.get(name) ?? 0), 0);
const first = await runFiles(files, 'e2e');
let passed = sum(first.passed);
let failed = sum(first.failed);
// A file with a failing test runs once more, alone with a fresh simulator and workbench (what the
// first run changed there, pins, layout, created reports, cannot mislead it): the run fails only
// when it fails again. The first failure stays printed above and is named in the summary, so a
// flaky test is seen, not hidden. PLATFORM_CONSOLE_E2E_RETRY=0 turns the second run off.
const again = [...first.failed.keys()].filter((name) => files.includes(name));
let flaky = [];
if (again.length > 0 && again.length === first.failed.size && process.env.PLATFORM_CONSOLE_E2E_RETRY !== '0' && !abort.signal.aborted) {
  log(`${again.join(', ')} failed: run once more with a fresh simulator and code-server`);
  const second = await runFiles(again, 'e2e-retry');
  passed = passed - sum(first.passed, again) + sum(second.passed);
  failed = sum(second.failed);
  flaky = again.filter((name) => (second.failed.get(name) ?? 0) === 0 && (second.passed.get(name) ?? 0) > 0);
  if (flaky.length > 0) log(`flaky: ${flaky.join(', ')} failed once, passed when run again (the failure is printed above)`);
}

// The key the UI tests typed and the one handed to the extension must be nowhere in what VS Code
// wrote (settings, state, extension storage, logs) nor in the server's log.
const scan = await filesContaining(scanned, [simulatorKey]);
// The scan counts as a test of the run.
if (reportKeyScan(scan, 'the user data, extensions, workspace and server log', { logExpected: windows > 0 })) passed++;
else failed++;
// So does the environment scan: the key reached the extension through its file only.
if (environments.holding.length > 0 || environments.read === 0) {
  console.error(
    '[harness] ✖ environment scan: ' +
      `${environments.read === 0 ? 'no process environment could be read' : `the key is in the environment of ${environments.holding.join(', ')}`}`,
  );
  failed++;
} else {
  log(`✔ environment scan: the key is in none of the ${environments.read} environments code-server and its processes were started with`);
  passed++;
}
console.log(`${summaryLine('e2e', passed, failed)}${flaky.length ? ` (${flaky.length} flaky: ${flaky.join(', ')})` : ''}`);
await exitWith(failed === 0 && passed > 0 ? 0 : 1);
