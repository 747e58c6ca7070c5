// The extension bundle compiled with V8's code cache (#57 item 4): compiling the bundle was about
// 80% of its evaluation, and a cache V8 made on an earlier start cuts it to a fraction. The cache
// is a file of this extension's own (its global storage), named by the bundle's content hash, so a
// new version never reads an old one. Plain Node: no vscode, no code of the features.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** A cache larger than this is neither read nor written (the bundle's is about 400 KB). */
export const MAX_CACHE_BYTES = 8 * 1024 * 1024;
/** How long after the load the cache is made: the functions first use compiled by then are in it. */
export const WRITE_DELAY_MS = 10_000;
/**
 * Before V8's data: a tag, the bundle's SHA-256 and the data's. V8 checks its version, flags and
 * the source's length but not the data's integrity (a damaged cache aborted Node 20's process), so
 * the data is read only when its own hash matches.
 */
const MAGIC = Buffer.from('PCV8CC1\n');
const HEADER_BYTES = MAGIC.length + 64;
const CACHE_FILE = /^extension-[0-9a-f]{16}\.v8cache$/;
/** A temp file this old is a write that never finished (another window's write lasts milliseconds). */
const STALE_TEMP_MS = 60_000;

export type CacheUse = 'used' | 'absent' | 'rejected' | 'refused';

export interface CodeCacheOptions {
  /** The CommonJS bundle (absolute path): `require` inside it resolves from there. */
  bundle: string;
  /** The folder this cache owns: any other cache file in it is deleted when a new one is written. */
  cacheDir: string;
  /** One line per event: the load, and a failed write. */
  log: (line: string) => void;
  /** When to write a made cache (default: WRITE_DELAY_MS later, on an unref'd timer). */
  schedule?: (write: () => Promise<void>) => { dispose(): void };
}

export interface LoadedBundle {
  /** What the bundle's `module.exports` holds. */
  exports: Record<string, unknown>;
  cache: CacheUse;
  /** The cache file this bundle reads and writes. */
  cacheFile: string;
  /** Cancels a write not yet made. */
  dispose(): void;
}

const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();
const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/** The cache's data for the bundle whose hash is `bundleHash`; nothing when there is no file, `refused` with why when it cannot be used. */
function readCache(file: string, bundleHash: Buffer): { data?: Buffer; refused?: string } {
  let bytes: Buffer;
  try {
    const fd = openSync(file, 'r');
    try {
      if (fstatSync(fd).size > HEADER_BYTES + MAX_CACHE_BYTES) return { refused: 'larger than 8 MB' };
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? {} : { refused: `unreadable (${reason(error)})` };
  }
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return { refused: 'not a code cache of this extension' };
  if (!bytes.subarray(MAGIC.length, MAGIC.length + 32).equals(bundleHash)) return { refused: 'made for another bundle' };
  const data = bytes.subarray(HEADER_BYTES);
  if (!sha256(data).equals(bytes.subarray(MAGIC.length + 32, HEADER_BYTES))) return { refused: 'damaged (its hash differs)' };
  return { data };
}

const laterOnTimer = (write: () => Promise<void>): { dispose(): void } => {
  const timer = setTimeout(() => void write(), WRITE_DELAY_MS);
  timer.unref();
  return { dispose: () => clearTimeout(timer) };
};

/**
 * Compiles and runs `bundle` as CommonJS (as `require` would) with the code cache when there is a
 * usable one; without one, V8's data is written later. Never throws for the cache: a cache that
 * cannot be read or written is logged and the bundle compiled without it.
 */
export function loadBundle(options: CodeCacheOptions): LoadedBundle {
  const { bundle, cacheDir, log } = options;
  const source = readFileSync(bundle);
  const bundleHash = sha256(source);
  const cacheFile = join(cacheDir, `extension-${bundleHash.toString('hex').slice(0, 16)}.v8cache`);
  const read = readCache(cacheFile, bundleHash);
  // The wrapper Node's CommonJS loader puts around a module (Module.wrap), on the bundle's first line.
  const code = `(function (exports, require, module, __filename, __dirname) { ${source.toString('utf8')}\n});`;
  const started = performance.now();
  let script: Script;
  let cache: CacheUse = read.data ? 'used' : read.refused ? 'refused' : 'absent';
  try {
    script = new Script(code, { filename: bundle, cachedData: read.data });
    if (read.data && script.cachedDataRejected) cache = 'rejected';
  } catch (error) {
    if (!read.data) throw error; // the bundle itself does not compile: as require() would
    script = new Script(code, { filename: bundle });
    cache = 'rejected';
  }
  const compileMs = performance.now() - started;
  const why = cache === 'refused' ? `${read.refused ?? ''}, compiled without it` : cache === 'rejected' ? 'rejected by V8, compiled without it' : cache;
  log(`Extension bundle compiled in ${compileMs.toFixed(1)} ms (V8 code cache: ${why})`);

  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));

  let pending: { dispose(): void } | undefined;
  if (cache !== 'used') {
    let made: Script | undefined = script;
    const write = async (): Promise<void> => {
      const from = made;
      made = undefined; // the compiled script is held only until its cache is written
      if (from) await writeCache(from, cacheDir, cacheFile, bundleHash, log);
    };
    pending = (options.schedule ?? laterOnTimer)(write);
  }
  return { exports: module.exports, cache, cacheFile, dispose: () => pending?.dispose() };
}

/** V8's data for `script`, written atomically (temp file, rename), mode 0600; the folder's other cache files deleted. Never throws. */
async function writeCache(script: Script, cacheDir: string, cacheFile: string, bundleHash: Buffer, log: (line: string) => void): Promise<void> {
  const temp = `${cacheFile}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const data = script.createCachedData();
    if (data.length > MAX_CACHE_BYTES) {
      log(`V8 code cache not written: ${(data.length / 1024 / 1024).toFixed(1)} MB, larger than 8 MB`);
      return;
    }
    await mkdir(cacheDir, { recursive: true, mode: 0o700 });
    await writeFile(temp, Buffer.concat([MAGIC, bundleHash, sha256(data), data]), { mode: 0o600, flag: 'wx' });
    await rename(temp, cacheFile);
    await removeOthers(cacheDir, basename(cacheFile));
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    log(`V8 code cache not written (${reason(error)}): the next start compiles without it`);
  }
}

/** Every cache file but `kept`, and temp files of writes that never finished. */
async function removeOthers(cacheDir: string, kept: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const file = join(cacheDir, name);
    if (CACHE_FILE.test(name) && name !== kept) await rm(file, { force: true });
    else if (name.endsWith('.tmp') && Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now()) > STALE_TEMP_MS)
      await rm(file, { force: true });
  }
}
