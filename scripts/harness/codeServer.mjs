// Starts code-server proper (Node 24) with the built extension installed the way a user would
// have it: used by the UI tests and by `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isLoopbackHost as isLoopback, isUnspecifiedHost as isUnspecified } from '../startOptions.mjs';
import { log, projectRoot, readManifest, startProcess, tempDirs, waitForHttp } from './common.mjs';
import { KEY_FILE_VARIABLE, serverEnvironment, writeKeyFile } from './keyHandOff.mjs';

/** A quiet first start: no welcome page, no chat panel, no update or marketplace checks. */
const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  // 'off', not false: VS Code rewrites false to 'off' in settings.json at the first window.
  'extensions.autoUpdate': 'off',
  'telemetry.telemetryLevel': 'off',
};

/**
 * Starts code-server on `<host>:<port>` (127.0.0.1 unless told) with fresh user data, the extension installed and
 * `env` given to it (and so to the extension host), less what keyHandOff.mjs withholds. `apiKey`: handed to the
 * extension through a file only this user can read (PLATFORM_CONSOLE_API_KEY_FILE), never through the environment.
 * `handKeyAgain()` writes the file again for the next window to start (a new browser has a secret storage of its own).
 * `password`: code-server's password auth with that password, written to its own config file (mode 0600), not to
 * its environment; without it, no auth (loopback only: scripts/startOptions.mjs refuses other hosts).
 * `alsoInstall`: folders of other extensions to install beside it (the UI tests' fixtures). `extensionFolder`: where
 * the extension under test is built (a bench's baseline: an earlier commit built in a temp dir). `vsix`: a packaged
 * .vsix installed instead, by code-server's own `--install-extension` (#58: as a person installs it). Resolves once it answers.
 */
export async function startCodeServer({
  paths,
  label,
  port,
  host = '127.0.0.1',
  env = process.env,
  apiKey,
  password,
  logFile,
  alsoInstall = [],
  extensionFolder = projectRoot,
  vsix,
}) {
  const dir = await tempDirs(label, ['user-data/User', 'extensions', 'workspace']);
  if (vsix) await installVsix(paths, vsix, dir, logFile);
  else await installExtension(extensionFolder, ['package.json', 'dist', 'media', 'README.md', 'LICENSE'], dir('extensions'));
  for (const folder of alsoInstall) await installExtension(folder, ['package.json', 'extension.js'], dir('extensions'));
  await writeFile(dir('user-data/User/settings.json'), JSON.stringify(QUIET_SETTINGS, null, 2));
  // Its own config file, so that code-server leaves ~/.config/code-server alone and the password stays out of
  // its environment (code-server would hand $PASSWORD on; a file it reads is not inherited).
  const auth = password === undefined ? 'none' : 'password';
  const config = password === undefined ? 'auth: none\n' : `auth: password\npassword: ${JSON.stringify(password)}\n`;
  await writeFile(dir('config.yaml'), config, { mode: 0o600, flag: 'wx' });
  const handOff = apiKey === undefined ? undefined : await writeKeyFile(apiKey, label);
  const keyFile = handOff?.file;
  const bindHost = host.includes(':') ? `[${host}]` : host;
  const server = await startProcess(
    paths.node24,
    [
      paths.codeServerEntry,
      ...['--auth', auth],
      ...['--bind-addr', `${bindHost}:${port}`],
      ...['--config', dir('config.yaml')],
      ...['--user-data-dir', dir('user-data')],
      ...['--extensions-dir', dir('extensions')],
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      dir('workspace'),
    ],
    { logFile, env: serverEnvironment(env, keyFile ? { [KEY_FILE_VARIABLE]: keyFile } : {}) },
  );
  // This machine reaches it on loopback unless it listens on one address only.
  const local = isUnspecified(host) || isLoopback(host) ? (host === '::1' ? '[::1]' : '127.0.0.1') : bindHost;
  const origin = `http://${local}:${port}`;
  log(`code-server pid ${server.pid} on ${origin}, auth ${auth} (log: ${path.relative(projectRoot, logFile)})`);
  await waitForHttp(`${origin}/healthz`, server);
  return {
    origin,
    workspaceUrl: `${origin}/?folder=${encodeURIComponent(dir('workspace'))}`,
    folder: dir('workspace'),
    dir,
    server,
    keyFile,
    handKeyAgain: handOff?.again,
  };
}

/** Installs the extension in `folder` as `<publisher>.<name>-<version>`, with `entries` (for ours: what a .vsix would hold). */
async function installExtension(folder, entries, extensionsDir) {
  const manifest = readManifest(folder);
  const target = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  for (const entry of entries) {
    const source = path.join(folder, entry);
    if (!existsSync(source)) continue;
    await cp(source, path.join(target, entry), { recursive: true, filter: (file) => !file.endsWith('.map') });
  }
}

/** Installs a packaged .vsix with code-server's `--install-extension`, into this run's extensions and user data. */
async function installVsix(paths, vsix, dir, logFile) {
  const args = ['--user-data-dir', dir('user-data'), '--extensions-dir', dir('extensions'), '--install-extension', vsix];
  const installed = spawnSync(paths.node24, [paths.codeServerEntry, ...args], { encoding: 'utf8', timeout: 120_000 });
  await writeFile(`${logFile}.install`, `${installed.stdout ?? ''}${installed.stderr ?? ''}`);
  if (installed.status !== 0)
    throw new Error(`code-server --install-extension ${vsix} failed (${installed.status ?? installed.signal}): see ${logFile}.install`);
}
