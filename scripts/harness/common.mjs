// Shared pieces of the VS Code test harness: project paths, free ports, child processes that
// are always cleaned up, and the Chromium launch. How VS Code runs offline here: docs/testing.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Logs of the servers the harness starts (git-ignored). */
export const resultsDir = path.join(projectRoot, 'test-results');

/** The package.json of the extension in `folder` (ours unless told). */
export function readManifest(folder = projectRoot) {
  return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
}

export function log(message) {
  console.log(`[harness] ${message}`);
}

/** Exits with the command to run when a build output the run needs is missing. */
export function requireBuilt(file, command) {
  if (!existsSync(file)) {
    console.error(`[harness] ${path.relative(projectRoot, file)} is missing: run \`${command}\` first`);
    process.exit(1);
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const cleanups = [];
let cleaningUp;

/** Registers an async teardown step; steps run in reverse order in `cleanup()`. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

/** Runs every registered teardown step once, even if some fail. */
export function cleanup() {
  cleaningUp ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error(`[harness] cleanup step failed: ${error.message}`);
      }
    }
  })();
  return cleaningUp;
}

/** A temp folder holding the named subfolders, removed at cleanup; returns name => its path. */
export async function tempDirs(label, names) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `platform-console-${label}-`));
  onCleanup(() => rm(tmp, { recursive: true, force: true }));
  await Promise.all(names.map((name) => mkdir(path.join(tmp, name), { recursive: true })));
  return (name) => path.join(tmp, name);
}

let exiting;

/**
 * Ends the run with `code` after cleaning up. Ctrl-C, SIGTERM and the overall timeout all come
 * through here, so no VS Code server or browser outlives the harness. The first call's code wins.
 */
export function exitWith(code) {
  exiting ??= cleanup().then(() => process.exit(code));
  return exiting;
}

/** Cleans up on Ctrl-C / SIGTERM and kills the run after `timeoutMs`. */
export function guardRun(label, timeoutMs) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      console.error(`\n[harness] ${signal}: stopping ${label}`);
      void exitWith(130);
    });
  }
  const timer = setTimeout(() => {
    console.error(`[harness] ${label} did not finish within ${timeoutMs / 1000} s: stopping it`);
    void exitWith(1);
  }, timeoutMs);
  timer.unref();
}

/**
 * Starts a long-running child in its own process group, its output written to `logFile`, and
 * registers its teardown: SIGTERM to the whole group (the VS Code server forks extension hosts
 * and file watchers), SIGKILL if it is still there after 5 s.
 */
export async function startProcess(command, args, { logFile, env = process.env, cwd = projectRoot } = {}) {
  await mkdir(path.dirname(logFile), { recursive: true });
  const out = createWriteStream(logFile, { flags: 'w' });
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A server that dies on its own ends the run at once rather than at the overall timeout.
  child.once('exit', (code, signal) => {
    if (cleaningUp) return;
    console.error(`[harness] ${path.basename(command)} ${path.basename(args[0] ?? '')} exited (${code ?? signal}): see ${logFile}`);
    void exitWith(1);
  });
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    // The group may hold children that outlived the leader.
    killGroup(child.pid, 'SIGKILL');
    out.end();
  });
  return child;
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/** Resolves once `url` answers with any HTTP status; rejects if `child` exits first or on timeout. */
export async function waitForHttp(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering ${url}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Debian's Chromium under playwright-core (a browser download is impossible here). The flags keep
 * Chromium from reaching for Google's hosts, which this machine's closed network refuses.
 * The harness runners pass `handleSignals: false` and close the browser through onCleanup:
 * Playwright's own SIGINT handler exits the process before the servers would be stopped.
 */
export async function launchChromium(executablePath, { handleSignals = true } = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** `N passed, M failed` alone on a line: the closing line CI reads. */
export function summaryLine(label, passed, failed) {
  return `${label}: ${passed} passed, ${failed} failed`;
}

/**
 * Starts the platform simulator (`simulator/cli.ts` under tsx) on a free port, the key and the
 * control API's token passed in its environment (never on a command line; a given token is not
 * printed, so the log file holds neither), and resolves with `{ url, controlToken }`.
 */
export async function startSimulatorProcess({ apiKey, logFile, args = [], controlToken = randomBytes(32).toString('base64url') }) {
  const child = await startProcess(process.execPath, ['--import', 'tsx', 'simulator/cli.ts', '--port', '0', ...args], {
    logFile,
    env: { ...process.env, SIMULATOR_API_KEY: apiKey, SIMULATOR_CONTROL_TOKEN: controlToken },
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the simulator did not start within 30 s: see ${logFile}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      // `Simulator listening on <url> (control token: as given)`: the URL ends at the space.
      const match = /Simulator listening on (\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], controlToken });
      }
    });
  });
}

/**
 * Every file under `dirs` whose bytes contain one of `secrets` (secrets are never printed), and
 * the files that contain `marker`: a line the extension always logs, so a scan that does not
 * reach the output channel's file shows up as finding no marker.
 */
export async function filesContaining(dirs, secrets, marker = 'Platform Console activated in') {
  const { readdir, readFile } = await import('node:fs/promises');
  const needles = secrets.filter(Boolean).map((s) => Buffer.from(s));
  const markerBytes = Buffer.from(marker);
  const hits = [];
  const markerFiles = [];
  let scanned = 0;
  const check = async (file) => {
    scanned++;
    const bytes = await readFile(file).catch(() => Buffer.alloc(0));
    if (needles.some((n) => bytes.includes(n))) hits.push(file);
    if (file.endsWith('.log') && bytes.includes(markerBytes)) markerFiles.push(file);
  };
  const walk = async (dir) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOTDIR') await check(dir);
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile()) await check(file);
    }
  };
  for (const dir of dirs) await walk(dir);
  return { hits, scanned, markerFiles };
}

/**
 * The key scan as a test: passes when no file holds a key and the output channel's log file was
 * among those scanned (`markerFiles`; `logExpected: false` when no window was opened, so none was
 * written). Prints the verdict; returns whether it passed.
 */
export function reportKeyScan(scan, what, { logExpected = true } = {}) {
  if (scan.hits.length > 0) {
    console.error(`[harness] ✖ key scan: an API key was found in ${scan.hits.length} file(s):\n  ${scan.hits.join('\n  ')}`);
    return false;
  }
  if (scan.markerFiles.length === 0 && !logExpected) {
    log(`✔ key scan: no API key in ${scan.scanned} files of ${what}; no window was opened on this server, so no output channel's log`);
    return true;
  }
  if (scan.markerFiles.length === 0) {
    console.error(
      `[harness] ✖ key scan: the extension's output channel file was not among the ${scan.scanned} files scanned (no file has the activation line)`,
    );
    return false;
  }
  const names = [...new Set(scan.markerFiles.map((f) => path.basename(f)))].join(', ');
  log(`✔ key scan: no API key in ${scan.scanned} files of ${what}; among them the output channel's log (${scan.markerFiles.length} × ${names})`);
  return true;
}
