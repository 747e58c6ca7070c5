// npm start's options (scripts/startOptions.mjs): a host other machines can reach is refused
// without code-server's password, and the real `node scripts/start.mjs` refuses it before it
// installs, builds or starts anything.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  MIN_PASSWORD_LENGTH,
  StartOptionError,
  isLoopbackHost,
  parseStartOptions,
  randomPassword,
  reachableOrigin,
  readPasswordFile,
} from '../../scripts/startOptions.mjs';

const root = path.resolve(__dirname, '../..');
const refused = (argv: string[], pattern: RegExp, env = {}) =>
  assert.throws(
    () => parseStartOptions(argv, env),
    (error: unknown) => error instanceof StartOptionError && pattern.test(error.message),
  );

describe('npm start options (scripts/startOptions.mjs)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'start-options-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('by default: 127.0.0.1:8080 without a password', () => {
    assert.deepEqual(parseStartOptions([]), { port: 8080, host: '127.0.0.1', dialect: undefined, auth: 'none', passwordFile: undefined });
  });

  it('a host other machines can reach is refused without a password, naming --host and the ways to give one', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.5', 'demo.example.com', '10.0.0.1']) {
      refused(['--host', host], /^--host .+: other machines could reach VS Code, and without a password .* Add --auth password .*--password-file <file>/);
      refused(['--host', host, '--auth', 'none'], /^--host .+no password \(--auth none\) is for 127\.0\.0\.1, ::1 and localhost only/);
    }
  });

  it('the loopback hosts keep no password unless asked; any host takes --auth password', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) {
      assert.equal(isLoopbackHost(host), true, host);
      assert.equal(parseStartOptions(['--host', host]).auth, 'none', host);
      assert.equal(parseStartOptions(['--host', host, '--auth', 'password']).auth, 'password', host);
    }
    for (const host of ['0.0.0.0', '128.0.0.1', 'localhost.example.com', '::']) assert.equal(isLoopbackHost(host), false, host);
    assert.deepEqual(parseStartOptions(['--host', '0.0.0.0', '--auth', 'password', '--port', '9000']), {
      port: 9000,
      host: '0.0.0.0',
      dialect: undefined,
      auth: 'password',
      passwordFile: undefined,
    });
    assert.equal(parseStartOptions(['--host', '[::]', '--auth', 'password']).host, '::', 'brackets dropped');
  });

  it('--password-file means password auth; with --auth none it is refused', () => {
    assert.deepEqual(parseStartOptions(['--host', '0.0.0.0', '--password-file', '/p']), {
      port: 8080,
      host: '0.0.0.0',
      dialect: undefined,
      auth: 'password',
      passwordFile: '/p',
    });
    refused(['--password-file', '/p', '--auth', 'none'], /^--password-file: needs --auth password \(it was --auth none\)$/);
    refused(['--password-file', ' '], /^--password-file: must name a file$/);
  });

  it('a password on the command line is refused, pointing to --password-file', () => {
    refused(
      ['--host', '0.0.0.0', '--password', 'correct horse battery'],
      /^--password: a password on the command line is visible to every user .* --password-file <file>/,
    );
  });

  it('every other option names its rule', () => {
    refused(['--auth', 'basic'], /^--auth: must be none or password, got basic$/);
    refused(['--port', '0'], /^--port: must be a whole number from 1 to 65535, got 0$/);
    refused([], /^--port: must be a whole number from 1 to 65535, got 70000$/, { PORT: '70000' });
    assert.equal(parseStartOptions([], { PORT: '9001' }).port, 9001);
    refused(['--dialect', 'graphql'], /^--dialect: must be spec or platform, got graphql$/);
    refused(['--host', '1.2.3.4:80', '--auth', 'password'], /^--host: must be a host name or an IP address without port or path/);
    refused(['--host', 'http://x', '--auth', 'password'], /^--host: must be a host name/);
    refused(['--bogus'], /^Unknown option '--bogus' \(options: --host, --port, --auth none\|password, --password-file, --dialect spec\|platform\)$/);
  });

  it('a password file: readable by its owner only, its first line at least 12 characters', () => {
    const file = path.join(tmp, 'password');
    writeFileSync(file, 'a-password-of-25-letters\nsecond line ignored\n', { mode: 0o600 });
    assert.equal(readPasswordFile(file), 'a-password-of-25-letters');
    chmodSync(file, 0o640);
    assert.throws(
      () => readPasswordFile(file),
      new StartOptionError(`--password-file: ${file} can be read by others (mode 640); it must be readable by you only: chmod 600 ${file}`),
    );
    writeFileSync(file, 'short\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    assert.throws(
      () => readPasswordFile(file),
      new StartOptionError(`--password-file: the password (the file's first line) must have at least ${MIN_PASSWORD_LENGTH} characters, it has 5`),
    );
    assert.throws(() => readPasswordFile(path.join(tmp, 'missing')), /^StartOptionError: --password-file: cannot read .*missing \(ENOENT\)$/);
    assert.throws(() => readPasswordFile(tmp), /is not a file$/);
  });

  it('a random password per run: 24 characters from 18 random bytes', () => {
    const a = randomPassword();
    assert.match(a, /^[A-Za-z0-9_-]{24}$/);
    assert.notEqual(a, randomPassword());
  });

  it("the URL printed: the host given, or for 0.0.0.0 / :: the machine's first address another machine can reach", () => {
    const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal }) as NetworkInterfaceInfo;
    const interfaces = {
      lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
      eth0: [nic('fe80::1', 'IPv6'), nic('2001:db8::5', 'IPv6'), nic('192.168.1.5', 'IPv4')],
    };
    assert.equal(reachableOrigin('0.0.0.0', 8080, interfaces, 'box'), 'http://192.168.1.5:8080');
    assert.equal(reachableOrigin('::', 8080, interfaces, 'box'), 'http://192.168.1.5:8080');
    assert.equal(reachableOrigin('::', 8080, { eth0: [nic('fe80::1', 'IPv6'), nic('2001:db8::5', 'IPv6')] }, 'box'), 'http://[2001:db8::5]:8080');
    assert.equal(reachableOrigin('0.0.0.0', 8080, { lo: [nic('127.0.0.1', 'IPv4', true)] }, 'box'), 'http://box:8080', 'no other address: the host name');
    assert.equal(reachableOrigin('demo.example.com', 9000, interfaces, 'box'), 'http://demo.example.com:9000');
    assert.equal(reachableOrigin('::1', 9000, interfaces, 'box'), 'http://[::1]:9000');
    assert.equal(reachableOrigin('127.0.0.1', 8080, interfaces, 'box'), 'http://127.0.0.1:8080');
  });

  it('`node scripts/start.mjs --host 0.0.0.0` with no password or --auth none exits 2 with the message, having installed, built and started nothing', () => {
    for (const args of [
      ['--host', '0.0.0.0', '--auth', 'none'],
      ['--host', '0.0.0.0'],
    ]) {
      // A free-looking port, should the refusal ever fail: nothing is started on 8080 then.
      const started = Date.now();
      const run = spawnSync(process.execPath, ['scripts/start.mjs', ...args, '--port', '18791'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        killSignal: 'SIGINT',
      });
      assert.equal(run.status, 2, `${args.join(' ')}: exit ${run.status ?? run.signal}\n${run.stdout}\n${run.stderr}`);
      assert.equal(run.stdout, '', 'nothing printed on stdout: no npm ci, no build, no harness');
      assert.match(
        run.stderr,
        /^npm start: --host 0\.0\.0\.0: other machines could reach VS Code, and without a password anyone who reaches port 18791 gets an editor, a terminal and the platform key\. Add --auth password/,
      );
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      assert.ok(Date.now() - started < 10_000, 'refused at once');
    }
  });
});
