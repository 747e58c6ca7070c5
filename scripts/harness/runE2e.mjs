// Runs the UI tests test/e2e/*.e2e.mjs (node:test + Playwright) against code-server proper,
// under Node 24, with the built extension installed the way a user would have it.
// Expects `npm run build` and scripts/harness/ensure.mjs to have run.
//
// Each test file runs in a process of its own, finds the workbench at PLATFORM_CONSOLE_E2E_URL
// and opens it with test/e2e/workbench.mjs. Screenshots go to docs/screenshots/.
import { existsSync } from 'node:fs';
import { cp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { requireHarness } from './ensure.mjs';
import {
  exitWith,
  freePort,
  guardRun,
  log,
  onCleanup,
  projectRoot,
  readManifest,
  requireBuilt,
  resultsDir,
  startProcess,
  summaryLine,
  tempDirs,
  waitForHttp,
} from './common.mjs';

const TIMEOUT_MS = 15 * 60_000;
const testsDir = path.join(projectRoot, 'test', 'e2e');

guardRun('the e2e tests', TIMEOUT_MS);

const paths = requireHarness();
const manifest = readManifest();
requireBuilt(path.join(projectRoot, manifest.main), 'npm run build');
const files = (await readdir(testsDir)).filter((name) => name.endsWith('.e2e.mjs')).sort();
if (files.length === 0) {
  console.error(`[harness] no *.e2e.mjs in ${path.relative(projectRoot, testsDir)}`);
  process.exit(1);
}

const dir = await tempDirs('e2e', ['user-data/User', 'extensions', 'workspace']);
await installExtension(dir('extensions'));
// A quiet first start: no welcome page, no chat panel, no update or marketplace checks.
await writeFile(
  dir('user-data/User/settings.json'),
  JSON.stringify(
    {
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'chat.disableAIFeatures': true,
      'workbench.tips.enabled': false,
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'telemetry.telemetryLevel': 'off',
    },
    null,
    2,
  ),
);

const port = await freePort();
const serverLog = path.join(resultsDir, 'e2e-server.log');
const server = await startProcess(
  paths.node24,
  [
    paths.codeServerEntry,
    ...['--auth', 'none'],
    ...['--bind-addr', `127.0.0.1:${port}`],
    // Its own config file, so that code-server leaves ~/.config/code-server alone.
    ...['--config', dir('config.yaml')],
    ...['--user-data-dir', dir('user-data')],
    ...['--extensions-dir', dir('extensions')],
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    dir('workspace'),
  ],
  { logFile: serverLog },
);
const origin = `http://127.0.0.1:${port}`;
log(`code-server pid ${server.pid} on ${origin} (log: ${path.relative(projectRoot, serverLog)})`);
await waitForHttp(`${origin}/healthz`, server);

// The test files' processes inherit this environment.
process.env.PLATFORM_CONSOLE_E2E_URL = `${origin}/?folder=${encodeURIComponent(dir('workspace'))}`;
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
console.log(summaryLine('e2e', passed, failed));
await exitWith(failed === 0 && passed > 0 ? 0 : 1);

/** Installs the built extension as `<publisher>.<name>-<version>`, with what a .vsix would hold. */
async function installExtension(extensionsDir) {
  const target = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  for (const entry of ['package.json', 'dist', 'media', 'README.md', 'LICENSE']) {
    const source = path.join(projectRoot, entry);
    if (!existsSync(source)) continue;
    await cp(source, path.join(target, entry), { recursive: true, filter: (file) => !file.endsWith('.map') });
  }
}
