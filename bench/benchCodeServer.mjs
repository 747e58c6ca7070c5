// The code-server a benchmark measures in: the built extension installed, signed in to the
// simulator as the demo is (its URL in the environment, its key handed over in a one-shot file:
// scripts/harness/keyHandOff.mjs; connection "bench"), with the bench's own environment variables
// (its PLATFORM_CONSOLE_*_FILE, knobs) and user settings added.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startCodeServer } from '../scripts/harness/codeServer.mjs';
import { freePort } from '../scripts/harness/common.mjs';

export async function benchCodeServer({ paths, label, simulatorUrl, apiKey, env = {}, settings, logFile, extensionFolder }) {
  const codeServer = await startCodeServer({
    paths,
    label,
    extensionFolder,
    port: await freePort(),
    env: {
      ...process.env,
      PLATFORM_CONSOLE_BASE_URL: simulatorUrl,
      PLATFORM_CONSOLE_CONNECTION_NAME: 'bench',
      ...env,
    },
    apiKey,
    logFile,
  });
  if (settings) {
    const settingsFile = path.join(codeServer.dir('user-data/User'), 'settings.json');
    const current = JSON.parse(await readFile(settingsFile, 'utf8'));
    await writeFile(settingsFile, JSON.stringify({ ...current, ...settings }, null, 2));
  }
  return codeServer;
}

/** The code-server's extension host's pid, looked up once per code-server (a walk of /proc costs a third of a core at 10 Hz). */
const hostPids = new WeakMap();

async function extensionHostPid(codeServer) {
  const kept = hostPids.get(codeServer);
  if (kept && (await readFile(`/proc/${kept}/cmdline`, 'utf8').catch(() => '')).includes('extensionHost')) return kept;
  // The extension host is a descendant of the code-server process with `extensionHost` on its command line.
  const parents = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const isUnder = (pid) => {
    for (let p = pid, depth = 0; p && depth < 20; p = parents.get(p), depth++) if (p === codeServer.server.pid) return true;
    return false;
  };
  for (const pid of parents.keys()) {
    if (!isUnder(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmd.includes('extensionHost')) continue;
    hostPids.set(codeServer, pid);
    return pid;
  }
  return undefined;
}

/** The resident size of the code-server's extension host (/proc), in bytes; NaN if not found. */
export async function extensionHostRss(codeServer) {
  const pid = await extensionHostPid(codeServer);
  if (pid === undefined) return NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/** Every match of `pattern` (global) in the extension's output channel files under the code-server's user data, in file order. */
export async function loggedMatches(codeServer, pattern) {
  const found = [];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.name.endsWith('Platform Console.log')) found.push(...(await readFile(file, 'utf8')).matchAll(pattern));
    }
  };
  await walk(codeServer.dir('user-data'));
  return found;
}
