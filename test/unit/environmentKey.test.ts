// The key the environment hands to the environment sign-in: taken out of the environment at once
// (src/connections/environmentKey.ts); from a file only its owner can read, deleted once done (src/connections/keyFile.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { takeEnvironmentKey } from '../../src/connections/environmentKey';
import { MAX_KEY_FILE_BYTES, readKeyFile } from '../../src/connections/keyFile';

describe('the key handed over by the environment (environmentKey.ts, keyFile.ts)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'environment-key-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  let n = 0;
  const keyFile = (text: string, mode = 0o600) => {
    const file = path.join(tmp, `key-${n++}`);
    writeFileSync(file, text, { mode });
    chmodSync(file, mode);
    return file;
  };

  it('the variable: taken, and deleted from the environment', () => {
    const env: NodeJS.ProcessEnv = { PLATFORM_CONSOLE_API_KEY: ' k-1 ', PLATFORM_CONSOLE_BASE_URL: 'u' };
    assert.deepEqual(takeEnvironmentKey(env), { key: 'k-1', from: 'PLATFORM_CONSOLE_API_KEY', ignored: [] });
    assert.deepEqual(env, { PLATFORM_CONSOLE_BASE_URL: 'u' });
  });

  it("Gcore's GCORE_API_KEY: taken when the product's is not set, and deleted from the environment either way", () => {
    const gcoreOnly: NodeJS.ProcessEnv = { GCORE_API_KEY: ' g-1 ', GCORE_API_URL: 'u', GCORE_CLOUD_PROJECT_ID: '7' };
    assert.deepEqual(takeEnvironmentKey(gcoreOnly), { key: 'g-1', from: 'GCORE_API_KEY', ignored: [] });
    assert.deepEqual(gcoreOnly, { GCORE_API_URL: 'u', GCORE_CLOUD_PROJECT_ID: '7' }, 'the key gone, the rest left');
    const both: NodeJS.ProcessEnv = { PLATFORM_CONSOLE_API_KEY: 'p-1', GCORE_API_KEY: 'g-1' };
    assert.deepEqual(takeEnvironmentKey(both), { key: 'p-1', from: 'PLATFORM_CONSOLE_API_KEY', ignored: ['GCORE_API_KEY'] }, "the product's name wins");
    assert.deepEqual(both, {}, 'both deleted');
    const all: NodeJS.ProcessEnv = { PLATFORM_CONSOLE_API_KEY_FILE: '/tmp/k', PLATFORM_CONSOLE_API_KEY: 'p-1', GCORE_API_KEY: 'g-1' };
    assert.deepEqual(takeEnvironmentKey(all), {
      file: '/tmp/k',
      from: 'PLATFORM_CONSOLE_API_KEY_FILE',
      ignored: ['PLATFORM_CONSOLE_API_KEY', 'GCORE_API_KEY'],
    });
    assert.deepEqual(all, {});
  });

  it('the file: its path taken, both variables deleted from the environment (the file wins over the variable)', () => {
    const env: NodeJS.ProcessEnv = { PLATFORM_CONSOLE_API_KEY: 'from-variable', PLATFORM_CONSOLE_API_KEY_FILE: ' /tmp/k ', PLATFORM_CONSOLE_BASE_URL: 'u' };
    assert.deepEqual(takeEnvironmentKey(env), { file: '/tmp/k', from: 'PLATFORM_CONSOLE_API_KEY_FILE', ignored: ['PLATFORM_CONSOLE_API_KEY'] });
    assert.deepEqual(env, { PLATFORM_CONSOLE_BASE_URL: 'u' });
    assert.equal(takeEnvironmentKey({ PLATFORM_CONSOLE_BASE_URL: 'u', PLATFORM_CONSOLE_API_KEY: ' ' }), undefined, 'a blank key is none');
    const blank: NodeJS.ProcessEnv = { PLATFORM_CONSOLE_API_KEY: ' ', GCORE_API_KEY: 'g-2' };
    assert.deepEqual(takeEnvironmentKey(blank), { key: 'g-2', from: 'GCORE_API_KEY', ignored: [] }, 'a blank product key is not set');
    assert.deepEqual(blank, {});
    assert.equal(takeEnvironmentKey({}), undefined);
  });

  it('read: the key, the file kept until done(), then deleted', () => {
    const file = keyFile('demo-key-123\n');
    const read = readKeyFile(file);
    assert.equal(read.key, 'demo-key-123');
    assert.equal(read.problem, undefined);
    assert.equal(existsSync(file), true, 'kept until the key is stored');
    assert.equal(read.done(), undefined);
    assert.equal(existsSync(file), false, 'deleted once done');
  });

  it('read already (a reload, a second window): no key, nothing refused', () => {
    const read = readKeyFile(path.join(tmp, 'gone'));
    assert.equal(read.key, undefined);
    assert.equal(read.alreadyRead, true);
    assert.equal(read.problem, undefined);
  });

  it('a file others can read, a link, a folder, a pipe, an empty or oversized file or more than a key: refused, named, left where it is', () => {
    const target = keyFile('k');
    const link = path.join(tmp, 'link');
    symlinkSync(target, link);
    const folder = path.join(tmp, 'folder');
    mkdirSync(folder);
    const pipe = path.join(tmp, 'pipe');
    assert.equal(spawnSync('mkfifo', [pipe]).status, 0, 'mkfifo');
    chmodSync(pipe, 0o600);
    const cases: [string, string][] = [
      [keyFile('k', 0o644), 'must be readable by its owner only (mode 600), it is 644'],
      [keyFile('k', 0o640), 'must be readable by its owner only (mode 600), it is 640'],
      [link, 'must be a file, not a link'],
      [folder, 'must be a file'],
      [pipe, 'must be a file'],
      [keyFile(' \n'), 'is empty'],
      [keyFile('x'.repeat(MAX_KEY_FILE_BYTES + 1)), `must hold the key alone (at most ${MAX_KEY_FILE_BYTES} bytes), it has ${MAX_KEY_FILE_BYTES + 1}`],
      [keyFile('key-one\nkey-two\n'), 'must hold the key alone, on one line without spaces'],
    ];
    for (const [file, rule] of cases) {
      const read = readKeyFile(file);
      assert.equal(read.key, undefined, file);
      assert.equal(read.problem, `PLATFORM_CONSOLE_API_KEY_FILE: ${file} ${rule}`);
      read.done();
      assert.equal(existsSync(file), true, `${file}: a refused file is not deleted (it may not be ours)`);
    }
  });
});
