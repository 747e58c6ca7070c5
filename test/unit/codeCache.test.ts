// The loader's V8 code cache (src/loader/codeCache.ts): each load in a Node process of its own, as
// each start of VS Code's extension host is (a process compiling the same source twice would find
// it in V8's in-memory cache and never read the file's data).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';

const execFileAsync = promisify(execFile);
const root = path.resolve(__dirname, '../..');

interface Load {
  cache: string;
  answer: { value: number; dirname: string; filename: string };
  lines: string[];
  scheduled: boolean;
}

describe('the code cache of the extension bundle (src/loader/codeCache.ts)', () => {
  let base = '';
  let loader = '';
  let serial = 0;
  before(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'code-cache-'));
    loader = path.join(base, 'codeCache.js');
    await esbuild.build({
      entryPoints: [path.join(root, 'src/loader/codeCache.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: loader,
      logLevel: 'silent',
    });
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  /** A bundle of its own (its source unique to the test) that requires a file beside it at first use, as the lazy bundles are. */
  function makeBundle(padding = ''): { bundle: string; cacheDir: string } {
    const dir = path.join(base, `case${++serial}`);
    mkdirSync(path.join(dir, 'dist', 'lazy'), { recursive: true });
    const bundle = path.join(dir, 'dist', 'extension.js');
    writeFileSync(path.join(dir, 'dist', 'lazy', 'part.js'), 'exports.value = 42;\n');
    const body = Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${serial}; }`).join('\n');
    const activate = `exports.activate = () => ({ value: require('./lazy/part.js').value + f0(0) - ${serial}, dirname: __dirname, filename: __filename });`;
    writeFileSync(bundle, `"use strict";${padding}\n${body}\n${activate}\n`);
    return { bundle, cacheDir: path.join(dir, 'globalStorage', 'codeCache') };
  }

  /** One start: the bundle loaded and activated, the made cache written at once (the schedule's write awaited). */
  async function load(bundle: string, cacheDir: string): Promise<Load> {
    const script = `
      const { loadBundle } = require(${JSON.stringify(loader)});
      const lines = [];
      let write;
      const loaded = loadBundle({ bundle: ${JSON.stringify(bundle)}, cacheDir: ${JSON.stringify(cacheDir)}, log: (l) => lines.push(l),
        schedule: (w) => ((write = w), { dispose() {} }) });
      const answer = loaded.exports.activate();
      (async () => { if (write) await write(); process.stdout.write(JSON.stringify({ cache: loaded.cache, answer, lines, scheduled: Boolean(write) })); })();`;
    const { stdout } = await execFileAsync(process.execPath, ['-e', script], { encoding: 'utf8' });
    return JSON.parse(stdout) as Load;
  }
  const cacheFiles = (cacheDir: string) => readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));

  it('without a cache: compiles, runs the bundle as CommonJS (its require, __dirname), then writes the cache, mode 0600', async () => {
    const { bundle, cacheDir } = makeBundle();
    const first = await load(bundle, cacheDir);
    assert.equal(first.cache, 'absent');
    assert.deepEqual(first.answer, { value: 42, dirname: path.dirname(bundle), filename: bundle });
    assert.match(first.lines[0] ?? '', /^Extension bundle compiled in [\d.]+ ms \(V8 code cache: absent\)$/);
    assert.equal(first.lines.length, 1, first.lines.join('\n'));
    const files = cacheFiles(cacheDir);
    assert.equal(files.length, 1);
    assert.match(files[0] ?? '', /^extension-[0-9a-f]{16}\.v8cache$/);
    assert.equal(statSync(path.join(cacheDir, files[0] ?? '')).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(cacheDir), files, 'no temp file left');
  });

  it('with the cache: V8 takes it (not rejected), nothing is written again', async () => {
    const { bundle, cacheDir } = makeBundle();
    await load(bundle, cacheDir);
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0] ?? '');
    const written = statSync(file).mtimeMs;
    const second = await load(bundle, cacheDir);
    assert.equal(second.cache, 'used');
    assert.equal(second.scheduled, false);
    assert.equal(second.answer.value, 42);
    assert.match(second.lines[0] ?? '', /\(V8 code cache: used\)$/);
    assert.equal(statSync(file).mtimeMs, written);
  });

  it('a damaged cache is refused before V8 reads it (V8 does not check its data: a damaged one aborts the process), then written anew', async () => {
    const { bundle, cacheDir } = makeBundle();
    await load(bundle, cacheDir);
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0] ?? '');
    const bytes = readFileSync(file);
    for (let i = 200; i < bytes.length; i += 97) bytes[i] = (bytes[i] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    const damaged = await load(bundle, cacheDir);
    assert.equal(damaged.cache, 'refused');
    assert.equal(damaged.answer.value, 42, 'the bundle still runs');
    assert.match(damaged.lines[0] ?? '', /\(V8 code cache: damaged \(its hash differs\), compiled without it\)$/);
    assert.equal((await load(bundle, cacheDir)).cache, 'used', 'rewritten');
  });

  it("V8's data for another source under this bundle's name is rejected by V8, the bundle compiled without it, the cache rewritten", async () => {
    const { bundle, cacheDir } = makeBundle();
    // V8 checks the source's length only: of the same length, it would run the other source's code.
    const other = makeBundle(' // longer');
    await load(bundle, cacheDir);
    await load(other.bundle, other.cacheDir);
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0] ?? '');
    const mine = readFileSync(file);
    const theirs = readFileSync(path.join(other.cacheDir, cacheFiles(other.cacheDir)[0] ?? ''));
    // This bundle's tag and hash before the other's data and its (right) hash: only V8 can tell.
    writeFileSync(file, Buffer.concat([mine.subarray(0, 40), theirs.subarray(40)]));
    const foreign = await load(bundle, cacheDir);
    assert.equal(foreign.cache, 'rejected');
    assert.equal(foreign.answer.value, 42);
    assert.match(foreign.lines[0] ?? '', /\(V8 code cache: rejected by V8, compiled without it\)$/);
    assert.equal((await load(bundle, cacheDir)).cache, 'used', 'rewritten');
  });

  it("another bundle's cache file, a file not a cache, one over 8 MB and an unreadable one are refused; the bundle runs", async () => {
    const { bundle, cacheDir } = makeBundle();
    const other = makeBundle();
    await load(bundle, cacheDir);
    await load(other.bundle, other.cacheDir);
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0] ?? '');
    const cases: [string, () => void][] = [
      ['made for another bundle', () => writeFileSync(file, readFileSync(path.join(other.cacheDir, cacheFiles(other.cacheDir)[0] ?? '')))],
      ['not a code cache of this extension', () => writeFileSync(file, 'hello')],
      ['larger than 8 MB', () => truncateSync(file, 9 * 1024 * 1024)],
      ['unreadable (EISDIR)', () => (rmSync(file), mkdirSync(file))],
    ];
    for (const [why, spoil] of cases) {
      spoil();
      const refused = await load(bundle, cacheDir);
      assert.equal(refused.cache, 'refused', why);
      assert.equal(refused.answer.value, 42, why);
      assert.ok(refused.lines[0]?.endsWith(`(V8 code cache: ${why}, compiled without it)`), `${why}: ${refused.lines.join('\n')}`);
    }
  });

  it('a write that fails (no folder can be made) is logged once and never thrown; the bundle ran', async () => {
    const { bundle, cacheDir } = makeBundle();
    mkdirSync(path.dirname(cacheDir), { recursive: true });
    writeFileSync(cacheDir, 'a file where the folder should be');
    const failed = await load(bundle, cacheDir);
    assert.equal(failed.answer.value, 42);
    assert.equal(failed.lines.length, 2, failed.lines.join('\n'));
    assert.match(failed.lines[1] ?? '', /^V8 code cache not written \((EEXIST|ENOTDIR)\): the next start compiles without it$/);
  });

  it('a read-only folder: the write fails quietly, no temp file left', async (t) => {
    if (process.getuid?.() === 0) return t.skip('root writes into a read-only folder');
    const { bundle, cacheDir } = makeBundle();
    mkdirSync(cacheDir, { recursive: true });
    chmodSync(cacheDir, 0o500);
    const failed = await load(bundle, cacheDir);
    chmodSync(cacheDir, 0o700);
    assert.match(failed.lines[1] ?? '', /^V8 code cache not written \(EACCES\)/);
    assert.deepEqual(readdirSync(cacheDir), []);
  });

  it("keeps one cache file: the older bundles' and a stale temp file are deleted, other files are not", async () => {
    const { bundle, cacheDir } = makeBundle();
    mkdirSync(cacheDir, { recursive: true });
    const old = 'extension-0123456789abcdef.v8cache';
    writeFileSync(path.join(cacheDir, old), 'an older version');
    writeFileSync(path.join(cacheDir, `${old}.abcdef.tmp`), 'a write that never finished');
    utimesSync(path.join(cacheDir, `${old}.abcdef.tmp`), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    writeFileSync(path.join(cacheDir, 'notes.txt'), 'not ours to delete');
    await load(bundle, cacheDir);
    const left = readdirSync(cacheDir).sort();
    assert.equal(left.length, 2, left.join(', '));
    assert.ok(left.includes('notes.txt'));
    assert.ok(!left.includes(old));
  });

  it('a bundle that does not compile throws as require() would', async () => {
    const { bundle, cacheDir } = makeBundle();
    writeFileSync(bundle, 'exports.activate = () => {');
    await assert.rejects(load(bundle, cacheDir), /SyntaxError/);
  });
});
