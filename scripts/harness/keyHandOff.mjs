// How the harness (npm start, the UI and integration tests, the benches) hands the platform key to
// the extension: never in the editor server's environment, which every terminal, task and
// extension host it starts inherits, but in a file only this user can read, in a folder of its
// own (0700), whose path goes in PLATFORM_CONSOLE_API_KEY_FILE. The extension reads it, stores the
// key in SecretStorage and deletes the file (src/connections/environmentKey.ts, src/connections/keyFile.ts); the
// harness removes the folder at cleanup, so the key is not left behind when no window ever opened.
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './common.mjs';

export const KEY_FILE_VARIABLE = 'PLATFORM_CONSOLE_API_KEY_FILE';
export const KEY_VARIABLE = 'PLATFORM_CONSOLE_API_KEY';

/**
 * What never reaches the editor's server: the key itself, and the variables code-server would
 * prefer over the options the harness gives it (a stray $PASSWORD would replace the password the
 * start banner prints; $PORT and $CODE_SERVER_HOST the address it names).
 */
const WITHHELD = [KEY_VARIABLE, 'PASSWORD', 'HASHED_PASSWORD', 'PORT', 'CODE_SERVER_HOST'];

/**
 * Writes the key to a new file (mode 0600) in a new folder (mode 0700), removed at cleanup. Returns
 * its path, and `again()`, which writes it once more for the next window to start: each browser
 * (a fresh profile: its own secret storage) needs the key handed over once.
 */
export async function writeKeyFile(apiKey, label) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `platform-console-${label}-key-`));
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  // mkdtemp makes it 0700 already; said here so that no umask or platform can widen it.
  await chmod(dir, 0o700);
  const file = path.join(dir, 'api-key');
  await writeFile(file, apiKey, { mode: 0o600, flag: 'wx' });
  return { file, again: () => writeFile(file, apiKey, { mode: 0o600 }) };
}

/**
 * The processes of the tree under `rootPid` (it included) whose environment, as they were started
 * with it (/proc/<pid>/environ: deleting a variable later does not change it), holds one of
 * `secrets`; and how many were read. Linux only (an empty answer elsewhere says so: read 0).
 */
export async function environmentsHolding(rootPid, secrets) {
  const parents = new Map();
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (stat) parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const inTree = (pid) => {
    for (let p = pid, depth = 0; p && depth < 30; p = parents.get(p), depth++) if (p === rootPid) return true;
    return false;
  };
  const needles = secrets.filter(Boolean).map((s) => Buffer.from(s));
  const holding = [];
  let read = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    const environ = await readFile(`/proc/${pid}/environ`).catch(() => undefined);
    if (!environ) continue;
    read++;
    if (needles.some((n) => environ.includes(n))) {
      const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''))
        .split('\0')
        .slice(0, 2)
        .map((a) => path.basename(a))
        .join(' ');
      holding.push(`${pid} (${command})`);
    }
  }
  return { holding, read };
}

/** `env` for the editor's server: without the withheld variables, with `extra` added. */
export function serverEnvironment(env, extra = {}) {
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !WITHHELD.includes(name)));
  return { ...kept, ...extra };
}
