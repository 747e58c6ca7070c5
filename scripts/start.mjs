// `npm start`: build the extension, start the platform simulator, start a real VS Code
// (code-server) with the extension installed and connected to the simulator, and print the URL
// to open. Ctrl-C stops everything it started.
//
//   npm start                 VS Code on http://127.0.0.1:8080, no password (this machine only)
//   npm start -- --port 9000  another port (or PORT=9000 npm start)
//   npm start -- --host 0.0.0.0 --auth password   reachable from other machines, behind
//                             code-server's password: a random one, printed once on the banner
//   npm start -- --host 0.0.0.0 --password-file ~/.demo-password   the same with your password
//                             (the file's first line; the file readable by you only)
//   npm start -- --dialect platform  the simulator serves the real platform's paths only and the
//                             connection speaks them (default: the simulator serves both, the
//                             connection speaks the spec's, as its URL implies)
// A host other than 127.0.0.1, ::1 or localhost without a password is refused (exit 2) before
// anything is built: scripts/startOptions.mjs. docs/security-demo.md says what is exposed where.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { StartOptionError, parseStartOptions, randomPassword, reachableOrigin, readPasswordFile } from './startOptions.mjs';

let options;
let password;
try {
  options = parseStartOptions(process.argv.slice(2), process.env);
  if (options.auth === 'password') password = options.passwordFile ? readPasswordFile(options.passwordFile) : randomPassword();
} catch (error) {
  if (!(error instanceof StartOptionError)) throw error;
  console.error(`npm start: ${error.message}`);
  process.exit(2);
}
const { port, host, dialect } = options;

// Only once the options are accepted: the project's packages (scripts/ensureDeps.mjs), then the rest.
// A refused command line installs, builds and starts nothing.
const deps = spawnSync(process.execPath, [path.join(import.meta.dirname, 'ensureDeps.mjs')], { stdio: 'inherit' });
if (deps.status !== 0) process.exit(deps.status ?? 1);
const { startCodeServer } = await import('./harness/codeServer.mjs');
const { exitWith, projectRoot, resultsDir, startSimulatorProcess } = await import('./harness/common.mjs');
const { ensure } = await import('./harness/ensure.mjs');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log('\nStopping the simulator and VS Code…');
    void exitWith(0);
  });
}

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** Calls a minute the demo's simulator makes to each enabled edge app (docs/simulator.md, Edge runtime). */
const DEMO_EDGE_TRAFFIC_PER_MINUTE = 6;

const paths = await ensure();

// The key exists only for this run: it goes to the simulator (its environment: a process of its
// own, not the editor's) and to the extension through a one-shot file (scripts/harness/keyHandOff.mjs),
// from which the extension moves it into VS Code's secret storage.
const apiKey = `demo-${randomBytes(16).toString('hex')}`;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'start-simulator.log'),
  // A few calls a minute to each enabled edge app, so the Edge view's figures move and a broken deploy shows its 5xx.
  args: [...(dialect ? ['--dialect', dialect] : []), '--edge-traffic', String(DEMO_EDGE_TRAFFIC_PER_MINUTE)],
});
const { folder, keyFile } = await startCodeServer({
  paths,
  label: 'start',
  port,
  host,
  env: {
    ...process.env,
    PLATFORM_CONSOLE_BASE_URL: simulatorUrl,
    PLATFORM_CONSOLE_CONNECTION_NAME: 'simulator',
    ...(dialect ? { PLATFORM_CONSOLE_DIALECT: dialect } : {}),
  },
  apiKey,
  password,
  logFile: path.join(resultsDir, 'start-code-server.log'),
});
console.log(`[harness] the key for the extension: ${keyFile} (owner only; deleted once the extension has read it, or when this stops)`);

const url = `${reachableOrigin(host, port)}/?folder=${encodeURIComponent(folder)}`;
const passwordLine =
  password === undefined
    ? 'none: only this machine can reach it'
    : options.passwordFile
      ? `the first line of ${options.passwordFile} (code-server asks for it once per browser)`
      : `${password}  (made for this run, printed only here; code-server asks for it once per browser)`;
console.log(`
Platform Console is running against the platform simulator.

  Open VS Code:   ${url}
  Password:       ${passwordLine}
  Listening on:   ${host.includes(':') ? `[${host}]` : host}:${port}${password === undefined ? '' : ", behind code-server's login page"}
  Simulator:      ${simulatorUrl}  (seeded data; see docs/simulator.md)
  Control API:    ${simulatorUrl}/__sim/ with the header X-Simulator-Token: ${controlToken}
  Dialect:        ${dialect ? `${dialect} (simulator and connection)` : "the simulator serves both; the connection speaks the spec's (npm start -- --dialect platform for the platform's)"}

The Platform Console icon in the activity bar holds its views; opening them signs in to the
simulator and the status bar shows the connection. The key is handed over once: the first window
that opens Platform Console stores it in its browser's secret storage (other windows of that
browser share it; another browser starts signed out).
Logs: test-results/start-*.log. Press Ctrl-C to stop everything.
`);
