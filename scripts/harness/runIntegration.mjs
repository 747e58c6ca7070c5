// Runs the mocha suite in out/integration/ inside a real VS Code 1.139 extension host:
// the bare VS Code server from code-server's package, under Node 24, opened in headless Chromium.
// Expects `npm run build`, `npm run build:tests` and scripts/harness/ensure.mjs to have run.
//
// The server's environment is inherited by the extension host it forks, so variables set for
// this script (PLATFORM_CONSOLE_BASE_URL, ...) are visible to the tests as process.env. The key of
// the environment sign-in is not among them: it is handed over in a one-shot file, as in the demo
// (keyHandOff.mjs); the tests know it as test/support/testKeys.json's `environment`.
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { requireHarness } from './ensure.mjs';
import { KEY_FILE_VARIABLE, environmentsHolding, serverEnvironment, writeKeyFile } from './keyHandOff.mjs';
import {
  exitWith,
  filesContaining,
  freePort,
  guardRun,
  launchChromium,
  log,
  onCleanup,
  projectRoot,
  readManifest,
  reportKeyScan,
  requireBuilt,
  resultsDir,
  startProcess,
  startSimulatorProcess,
  summaryLine,
  tempDirs,
  waitForHttp,
} from './common.mjs';

const TIMEOUT_MS = 10 * 60_000;
// Both must match test/integration/output.ts.
const OUTPUT_TAG = '[exthost] ';
const RESULT_MARKER = 'PLATFORM_CONSOLE_MOCHA_RESULT ';

guardRun('the integration tests', TIMEOUT_MS);

const paths = requireHarness();
// The version read from the install, not assumed: the lock pins it (ensure.mjs refuses a loose lock).
const vscodeVersion = JSON.parse(readFileSync(path.join(paths.codeServerDir, 'lib', 'vscode', 'package.json'), 'utf8')).version;
log(
  `runner: mocha in the extension host of VS Code ${vscodeVersion} (code-server's bare VS Code server, Node 24, headless Chromium); @vscode/test-electron is not used: it downloads VS Code, which this machine cannot`,
);
const testsEntry = path.join(projectRoot, 'out', 'integration', 'index.js');
requireBuilt(path.join(projectRoot, readManifest().main), 'npm run build');
requireBuilt(testsEntry, 'npm run build:tests');

const dir = await tempDirs('integration', ['user-data', 'server-data', 'extensions', 'workspace']);

// The simulator the extension connects to at activation through the environment, as in the
// demo; the tests start their own simulators for everything else.
const testKeys = JSON.parse(readFileSync(path.join(projectRoot, 'test', 'support', 'testKeys.json'), 'utf8'));
const envKey = testKeys.environment;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({ apiKey: envKey, logFile: path.join(resultsDir, 'integration-simulator.log') });
process.env.PLATFORM_CONSOLE_BASE_URL = simulatorUrl;
const { file: keyFile } = await writeKeyFile(envKey, 'integration');
log(`simulator on ${simulatorUrl}; its key handed over in ${keyFile}`);

const port = await freePort();
const serverLog = path.join(resultsDir, 'integration-server.log');
const server = await startProcess(
  paths.node24,
  [
    paths.serverMain,
    ...['--host', '127.0.0.1', '--port', String(port)],
    '--without-connection-token',
    '--accept-server-license-terms',
    // Makes the built workbench honour extensionDevelopmentPath/extensionTestsPath from the payload.
    '--enable-smoke-test-driver',
    ...['--user-data-dir', dir('user-data')],
    ...['--server-data-dir', dir('server-data')],
    ...['--extensions-dir', dir('extensions')],
    '--disable-telemetry',
  ],
  // The control token lets the hook before each file reset this simulator (test/integration/support/isolation.ts).
  { logFile: serverLog, env: serverEnvironment(process.env, { [KEY_FILE_VARIABLE]: keyFile, PLATFORM_CONSOLE_SIM_CONTROL_TOKEN: controlToken }) },
);
const origin = `http://127.0.0.1:${port}`;
log(`VS Code server pid ${server.pid} on ${origin} (log: ${path.relative(projectRoot, serverLog)})`);
await waitForHttp(`${origin}/`, server);

const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());
const page = await browser.newPage();

// Output tagged by test/integration/output.ts (mocha's report, print()) goes to stdout; the rest,
// mostly the workbench's own logs (offline marketplace errors and the like), goes to a file.
const workbenchLog = createWriteStream(path.join(resultsDir, 'integration-workbench.log'));
onCleanup(() => new Promise((resolve) => workbenchLog.end(resolve)));
let result;
// VS Code's extension host reports every promise rejection nobody handled ("rejected promise not
// handled within 1 second: <error>"): the whole run must have none but the fault matrix's
// deliberate one, which proves the report reaches here.
const UNHANDLED = /rejected promise not handled within/;
const DELIBERATE = 'fault matrix self-check: a deliberate unhandled rejection';
const unhandled = [];
let deliberateSeen = false;
await page.exposeFunction('codeAutomationLog', (level, message) => {
  const text = String(message);
  if (UNHANDLED.test(text)) {
    if (text.includes(DELIBERATE)) deliberateSeen = true;
    else unhandled.push(text.split('\n')[0].slice(0, 300));
  }
  if (!text.startsWith(OUTPUT_TAG)) {
    workbenchLog.write(`[${level}] ${text}\n`);
  } else if (text.startsWith(RESULT_MARKER, OUTPUT_TAG.length)) {
    result = JSON.parse(text.slice(OUTPUT_TAG.length + RESULT_MARKER.length));
  } else {
    (level === 'error' || level === 'warn' ? console.error : console.log)(text.slice(OUTPUT_TAG.length));
  }
});
let onExit;
const exited = new Promise((resolve) => (onExit = resolve));
// Called by the workbench once the tests' run() has settled: 0 when it resolved.
await page.exposeFunction('codeAutomationExit', (code) => onExit(code));

const remote = (file) => `vscode-remote://127.0.0.1:${port}${file}`;
const payload = [
  ['extensionDevelopmentPath', remote(projectRoot)],
  ['extensionTestsPath', remote(testsEntry)],
  ['skipWelcome', 'true'],
];
const started = Date.now();
await page.goto(`${origin}/?folder=${encodeURIComponent(dir('workspace'))}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
const code = await exited;
log(`extension host exited with ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
// The processes of the server's tree as they were started (the extension host among them while it
// lives): the key reached the extension through its file, never through an environment.
const envScan = await environmentsHolding(server.pid, [envKey]);

if (!result || code !== 0) {
  console.error(`[harness] logs: ${path.relative(projectRoot, serverLog)}, ${path.relative(projectRoot, workbenchLog.path)}`);
}
if (!result) console.error('[harness] the mocha entry reported no result');

// The keys used in the run must not be anywhere VS Code or the extension wrote: settings,
// globalState, extension storage, logs, the workspace (secrets live in the browser profile).
const scan = await filesContaining(
  [dir('user-data'), dir('server-data'), dir('extensions'), dir('workspace'), serverLog, workbenchLog.path],
  Object.values(testKeys),
);
if (reportKeyScan(scan, 'the user data, server data, extensions, workspace and logs')) {
  // The scan counts as a test of the run.
  if (result) result = { ...result, passed: result.passed + 1 };
} else {
  result = { passed: result?.passed ?? 0, failed: (result?.failed ?? 0) + 1 };
}
// The environment scan, as a test of the run.
if (envScan.holding.length > 0 || envScan.read === 0) {
  console.error(
    `[harness] ✖ environment scan: ${envScan.read === 0 ? 'no process environment could be read' : `the key of the environment sign-in is in the environment of ${envScan.holding.join(', ')}`}`,
  );
  result = { passed: result?.passed ?? 0, failed: (result?.failed ?? 0) + 1 };
} else {
  log(
    `✔ environment scan: the key of the environment sign-in is in none of the ${envScan.read} environments the VS Code server and its processes were started with`,
  );
  if (result) result = { ...result, passed: result.passed + 1 };
}
// No unhandled rejection in the extension host during the whole run, as a test of the run.
if (unhandled.length > 0) {
  console.error(`[harness] ✖ unhandled rejections in the extension host: ${unhandled.length}\n  ${unhandled.join('\n  ')}`);
  result = { passed: result?.passed ?? 0, failed: (result?.failed ?? 0) + 1 };
} else if (!deliberateSeen && (process.env.PLATFORM_CONSOLE_TEST_FILTER ?? '') === '') {
  console.error("[harness] ✖ unhandled rejections: the fault matrix's deliberate one was not reported, so this check sees nothing");
  result = { passed: result?.passed ?? 0, failed: (result?.failed ?? 0) + 1 };
} else if (result) {
  log(
    `✔ no unhandled rejection in the extension host during the run${deliberateSeen ? " (besides the fault matrix's deliberate one, which shows the check works)" : ''}`,
  );
  result = { ...result, passed: result.passed + 1 };
}
console.log(summaryLine('integration', result?.passed ?? 0, result?.failed ?? 0));
await exitWith(code === 0 && result && result.failed === 0 ? 0 : 1);
