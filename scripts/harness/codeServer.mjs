// Starts code-server proper (Node 24) with the built extension installed the way a user would
// have it: used by the UI tests and by `npm start`.
import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { log, projectRoot, readManifest, startProcess, tempDirs, waitForHttp } from './common.mjs';

/** A quiet first start: no welcome page, no chat panel, no update or marketplace checks. */
const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
};

/**
 * Starts code-server on `<host>:<port>` (127.0.0.1 unless told) with fresh user data, the extension installed and
 * `env` given to it (and so to the extension host). Resolves once it answers. `alsoInstall`: folders of
 * other extensions to install beside it (the UI tests' fixtures).
 */
export async function startCodeServer({ paths, label, port, host = '127.0.0.1', env = process.env, logFile, alsoInstall = [] }) {
  const dir = await tempDirs(label, ['user-data/User', 'extensions', 'workspace']);
  await installExtension(projectRoot, ['package.json', 'dist', 'media', 'README.md', 'LICENSE'], dir('extensions'));
  for (const folder of alsoInstall) await installExtension(folder, ['package.json', 'extension.js'], dir('extensions'));
  await writeFile(dir('user-data/User/settings.json'), JSON.stringify(QUIET_SETTINGS, null, 2));
  const server = await startProcess(
    paths.node24,
    [
      paths.codeServerEntry,
      ...['--auth', 'none'],
      ...['--bind-addr', `${host}:${port}`],
      // Its own config file, so that code-server leaves ~/.config/code-server alone.
      ...['--config', dir('config.yaml')],
      ...['--user-data-dir', dir('user-data')],
      ...['--extensions-dir', dir('extensions')],
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      dir('workspace'),
    ],
    { logFile, env },
  );
  const origin = `http://127.0.0.1:${port}`;
  log(`code-server pid ${server.pid} on ${origin} (log: ${path.relative(projectRoot, logFile)})`);
  await waitForHttp(`${origin}/healthz`, server);
  return { origin, workspaceUrl: `${origin}/?folder=${encodeURIComponent(dir('workspace'))}`, dir, server };
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
