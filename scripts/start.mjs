// `npm start`: build the extension, start the platform simulator, start a real VS Code
// (code-server) with the extension installed and connected to the simulator through the
// environment, and print the URL to open. Ctrl-C stops everything it started.
//
//   npm start                 VS Code on http://127.0.0.1:8080
//   npm start -- --port 9000  another port (or PORT=9000 npm start)
//   npm start -- --host 0.0.0.0  reachable from other machines (no password: trusted networks only)
//   npm start -- --dialect platform  the simulator serves the real platform's paths only and the
//                             connection speaks them (default: the simulator serves both, the
//                             connection speaks the spec's, as its URL implies)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCodeServer } from './harness/codeServer.mjs';
import { exitWith, projectRoot, resultsDir, startSimulatorProcess } from './harness/common.mjs';
import { ensure } from './harness/ensure.mjs';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, dialect: { type: 'string' } } });
const dialect = values.dialect?.trim().toLowerCase();
if (dialect !== undefined && dialect !== 'spec' && dialect !== 'platform') {
  console.error(`--dialect: must be spec or platform, got ${values.dialect}`);
  process.exit(2);
}
const port = Number(values.port ?? process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port: must be a whole number from 1 to 65535, got ${values.port ?? process.env.PORT}`);
  process.exit(2);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log('\nStopping the simulator and VS Code…');
    void exitWith(0);
  });
}

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const paths = await ensure();

// The key exists only for this run: it goes to the simulator and to the extension host's
// environment, from which the extension moves it into VS Code's secret storage.
const apiKey = `demo-${randomBytes(16).toString('hex')}`;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'start-simulator.log'),
  args: dialect ? ['--dialect', dialect] : [],
});
const { workspaceUrl } = await startCodeServer({
  paths,
  label: 'start',
  port,
  host: values.host,
  env: {
    ...process.env,
    PLATFORM_CONSOLE_BASE_URL: simulatorUrl,
    PLATFORM_CONSOLE_API_KEY: apiKey,
    PLATFORM_CONSOLE_CONNECTION_NAME: 'simulator',
    ...(dialect ? { PLATFORM_CONSOLE_DIALECT: dialect } : {}),
  },
  logFile: path.join(resultsDir, 'start-code-server.log'),
});

console.log(`
Platform Console is running against the platform simulator.

  Open VS Code:   ${workspaceUrl}
  Simulator:      ${simulatorUrl}  (seeded data; see docs/simulator.md)
  Control API:    ${simulatorUrl}/__sim/ with the header X-Simulator-Token: ${controlToken}
  Dialect:        ${dialect ? `${dialect} (simulator and connection)` : 'the simulator serves both; the connection speaks the spec\'s (npm start -- --dialect platform for the platform\'s)'}

The Platform Console icon in the activity bar holds its views; the status bar shows the
connection. Logs: test-results/start-*.log. Press Ctrl-C to stop everything.
`);
