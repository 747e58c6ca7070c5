// Runs the UI tests test/e2e/*.e2e.mjs (node:test + Playwright) against code-server proper,
// under Node 24, with the built extension installed the way a user would have it.
// Expects `npm run build` and scripts/harness/ensure.mjs to have run.
//
// Each test file runs in a process of its own, finds the workbench at PLATFORM_CONSOLE_E2E_URL
// and opens it with test/e2e/workbench.mjs. Screenshots go to docs/screenshots/.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { requireHarness } from './ensure.mjs';
import { startCodeServer } from './codeServer.mjs';
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
} from './common.mjs';

const TIMEOUT_MS = 15 * 60_000;
const testsDir = path.join(projectRoot, 'test', 'e2e');

guardRun('the e2e tests', TIMEOUT_MS);

const paths = requireHarness();
log("runner: Playwright (Debian's Chromium) against code-server 4.139.1 (VS Code 1.139.1) with the built extension installed");
const manifest = readManifest();
requireBuilt(path.join(projectRoot, manifest.main), 'npm run build');
// PLATFORM_CONSOLE_TEST_FILTER=pricing,logs runs only the files whose name contains one of them.
const only = (process.env.PLATFORM_CONSOLE_TEST_FILTER ?? '').split(',').filter(Boolean);
const files = (await readdir(testsDir))
  .filter((name) => name.endsWith('.e2e.mjs') && (only.length === 0 || only.some((o) => name.includes(o))))
  .sort();
if (files.length === 0) {
  console.error(`[harness] no *.e2e.mjs in ${path.relative(projectRoot, testsDir)}`);
  process.exit(1);
}

// The extension connects to a simulator through the environment, as in the demo; the tests get
// its URL and key to sign in through the UI themselves.
const simulatorKey = `e2e-${randomBytes(12).toString('hex')}`;
const simulatorUrl = await startSimulatorProcess({ apiKey: simulatorKey, logFile: path.join(resultsDir, 'e2e-simulator.log') });
log(`simulator on ${simulatorUrl}`);
process.env.PLATFORM_CONSOLE_BASE_URL = simulatorUrl;
process.env.PLATFORM_CONSOLE_API_KEY = simulatorKey;

const serverLog = path.join(resultsDir, 'e2e-server.log');
const { workspaceUrl, dir } = await startCodeServer({ paths, label: 'e2e', port: await freePort(), logFile: serverLog });

// The test files' processes inherit this environment.
process.env.PLATFORM_CONSOLE_E2E_URL = workspaceUrl;
const abort = new AbortController();
onCleanup(() => abort.abort());
const stream = run({ files: files.map((name) => path.join(testsDir, name)), concurrency: 1, signal: abort.signal });
let passed = 0;
let failed = 0;
// Suites report too; count tests only, as node's own summary does.
stream.on('test:pass', ({ details }) => details.type !== 'suite' && passed++);
stream.on('test:fail', ({ details }) => details.type !== 'suite' && failed++);
const report = stream.compose(new spec());
report.pipe(process.stdout, { end: false });
await finished(report);

if (failed > 0) console.error(`[harness] code-server log: ${path.relative(projectRoot, serverLog)}`);
// The key the UI tests typed and the one in code-server's environment must be nowhere in what
// VS Code wrote (settings, state, extension storage, logs) nor in the server's log.
const scan = await filesContaining([dir('user-data'), dir('extensions'), dir('workspace'), serverLog], [simulatorKey]);
// The scan counts as a test of the run.
if (reportKeyScan(scan, 'the user data, extensions, workspace and server log')) passed++;
else failed++;
console.log(summaryLine('e2e', passed, failed));
await exitWith(failed === 0 && passed > 0 ? 0 : 1);
