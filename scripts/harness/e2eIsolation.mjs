// What every UI file starts from, and the check that fails the run when a file leaves something
// behind (#53). One code-server serves every file of a run, each file in a browser of its own.
// What a file's browser holds goes with it: the extension's globalState (the workbench keeps it in
// the browser's IndexedDB) and its secret storage (in the page's memory), on a new profile each
// time. What outlives a file, and is reset here before the next file's browser opens:
// - its extension host: code-server keeps a window's for a reconnection after its browser is gone,
//   with the file's connections, log tails and pollers still sending to the simulator;
// - the server's user data: user and machine settings.json, keybindings, tasks, snippets,
//   profiles, the extensions' globalStorage folders.
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The files of the user data a file could change and the next file would find (user-data relative). */
const KEPT = [/^User\/(settings|keybindings|tasks|mcp)\.json$/, /^User\/(snippets|profiles|prompts)\//, /^Machine\/settings\.json$/];
const SETTINGS = /(^|\/)settings\.json$/;
/** The extension's V8 code cache (src/loader/codeCache.ts): made by any start, read by the next; no state a file could find. */
const CODE_CACHE = /\/codeCache\/extension-[0-9a-f]{16}\.v8cache(\.[0-9a-f]+\.tmp)?$/;

async function filesUnder(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * The kept files of the server's user data, as they are (path relative to it => bytes). Taken
 * before the first file's browser opens: the state every file starts from. `extensionIds`: whose
 * globalStorage folder counts (ours and the fixtures'; VS Code's own extensions keep caches there).
 */
export async function userDataSnapshot(userData, extensionIds) {
  const storage = extensionIds.map((id) => `user/globalstorage/${id.toLowerCase()}/`);
  const kept = (await filesUnder(userData)).filter((f) => KEPT.some((re) => re.test(f)) || storage.some((s) => f.toLowerCase().startsWith(s)));
  return new Map(await Promise.all(kept.map(async (f) => [f, await readFile(path.join(userData, f))])));
}

/** What changed in the kept user data since `baseline`, one line each: each setting by its key, any other file by its path. */
export async function userDataLeftovers(userData, extensionIds, baseline) {
  const now = await userDataSnapshot(userData, extensionIds);
  const found = [];
  for (const file of new Set([...baseline.keys(), ...now.keys()])) {
    const was = baseline.get(file);
    const is = now.get(file);
    if (was && is && was.equals(is)) continue;
    if (CODE_CACHE.test(file)) continue;
    if (SETTINGS.test(file)) {
      const [before, after] = [parseSettings(was), parseSettings(is)];
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      for (const key of keys.filter((k) => !REMEMBERED_SETTINGS.includes(k)).sort())
        found.push(`a changed setting: ${key} (${file}) is ${show(after[key])}, was ${show(before[key])}`);
      continue;
    }
    found.push(`${!was ? 'a new file' : !is ? 'a removed file' : 'a changed file'}: ${file} (user data)`);
  }
  return found;
}

/** Puts the kept user data back as in `baseline`: changed files rewritten, new ones removed. */
export async function restoreUserData(userData, extensionIds, baseline) {
  const now = await userDataSnapshot(userData, extensionIds);
  for (const file of now.keys()) if (!baseline.has(file)) await rm(path.join(userData, file), { force: true });
  for (const [file, bytes] of baseline) {
    if (now.get(file)?.equals(bytes)) continue;
    await mkdir(path.dirname(path.join(userData, file)), { recursive: true });
    await writeFile(path.join(userData, file), bytes);
  }
}

const show = (value) => (value === undefined ? 'unset' : JSON.stringify(value));

/** settings.json as VS Code writes it: JSON with comments and trailing commas allowed. */
export function parseSettings(bytes) {
  if (!bytes) return {};
  const text = bytes.toString('utf8');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') while (i < text.length && text[i] !== '\n') i++;
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) + 1 || text.length;
    else out += c;
  }
  const parsed = JSON.parse(out.replace(/,(\s*[}\]])/g, '$1') || '{}');
  return parsed && typeof parsed === 'object' ? parsed : {};
}

/**
 * Ends the extension hosts code-server is keeping (`--type=extensionHost` under `serverPid`), each
 * by its id, and waits until they are gone: run between files, when no browser is open, they are
 * the finished file's. Resolves with how many were ended.
 */
export async function endExtensionHosts(serverPid) {
  const hosts = (await processTree(serverPid)).filter((p) => p.args.includes('--type=extensionHost')).map((p) => p.pid);
  for (const pid of hosts) signal(pid, 'SIGTERM');
  const alive = () => hosts.filter((pid) => signal(pid, 0));
  for (let i = 0; i < 100 && alive().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const pid of alive()) signal(pid, 'SIGKILL');
  for (let i = 0; i < 100 && alive().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive().length > 0) throw new Error(`extension host(s) ${alive().join(', ')} did not end`);
  return hosts.length;
}

/** The processes under `rootPid` (Linux /proc), each with its pid and command line. */
async function processTree(rootPid) {
  const parents = new Map();
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (stat) parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const under = (pid) => {
    for (let p = parents.get(pid), depth = 0; p && depth < 30; p = parents.get(p), depth++) if (p === rootPid) return true;
    return false;
  };
  const tree = [];
  for (const pid of parents.keys()) {
    if (!under(pid)) continue;
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
    tree.push({ pid, args });
  }
  return tree;
}

/** process.kill, false when the process is gone. */
function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file may leave, being what the extension remembers of a person's use, and why each
 * cannot reach the next file anyway: the cloud location the flows remember once (user settings,
 * put back by restoreUserData), and globalState keys of the harness's connection (its recent
 * functions, last location, report tasks: Sign Out clears them; they go with the browser).
 */
export const REMEMBERED_SETTINGS = ['platformConsole.cloud.projectId', 'platformConsole.cloud.regionId'];

/**
 * What a file's workbench held in the extension's globalState as its browser closed
 * (test/e2e/workbench.mjs writes one JSON line per browser into `leftFile`), beyond what
 * activation writes (the harness's connection, active) and what it remembers of that
 * connection's use (keys holding its id). One line each: another connection, the harness's signed
 * out, another connection active, any other key set.
 */
export async function globalStateLeftovers(leftFile, harnessUrl) {
  const text = await readFile(leftFile, 'utf8').catch(() => '');
  const found = [];
  const own = harnessUrl.replace(/\/+$/, '');
  for (const line of text.split('\n').filter(Boolean)) {
    const { error, state } = JSON.parse(line);
    if (error) {
      found.push(`globalState not readable as the browser closed: ${error}`);
      continue;
    }
    if (!state) continue; // the extension never activated in that browser
    const connections = state['platformConsole.connections'] ?? [];
    const ownConnection = connections.find((c) => c.baseUrl?.replace(/\/+$/, '') === own);
    if (!ownConnection) found.push(`the harness's connection (${own}) signed out`);
    for (const c of connections.filter((c) => c !== ownConnection)) found.push(`a connection: ${c.name} (${c.baseUrl})`);
    const active = state['platformConsole.activeConnection'];
    if (ownConnection && active !== undefined && active !== ownConnection.id)
      found.push(`a changed globalState key: platformConsole.activeConnection (another connection active)`);
    for (const key of Object.keys(state).sort()) {
      if (key === 'platformConsole.connections' || key === 'platformConsole.activeConnection') continue;
      if (ownConnection && key.includes(ownConnection.id)) continue;
      found.push(`a changed globalState key: ${key}`);
    }
  }
  return [...new Set(found)];
}
