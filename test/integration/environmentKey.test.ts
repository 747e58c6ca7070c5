// The key handed to the environment sign-in, inside a real VS Code: the harness hands it over as
// the demo does (scripts/harness/keyHandOff.mjs: a one-shot file named by
// PLATFORM_CONSOLE_API_KEY_FILE, never the server's environment); the extension read it, stored it
// and deleted the file as it activated. A key in PLATFORM_CONSOLE_API_KEY (hosted setups) or in
// Gcore's GCORE_API_KEY (the product's name wins) is deleted from process.env once the sign-in took it. /proc/<pid>/environ is the environment a
// process was started with: deleting a variable later does not change it.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'mocha';
import { startSimulator, type Simulator } from '../../simulator/index';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const KEY_FILE = 'PLATFORM_CONSOLE_API_KEY_FILE';
const KEY_VARIABLE = 'PLATFORM_CONSOLE_API_KEY';
const GCORE_KEY = 'GCORE_API_KEY';

/** The environment process `pid` was started with. */
function startedWith(pid: number | 'self'): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

describe('the key handed over by the environment', () => {
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let sim: Simulator;
  let tmp: string;
  const envUrl = () => process.env.PLATFORM_CONSOLE_BASE_URL!.replace(/\/+$/, '');
  const envConnection = () => ext.connections.list().find((c) => c.baseUrl === envUrl());

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ port: 0, apiKey: KEY });
    tmp = await mkdtemp(path.join(tmpdir(), 'env-key-'));
  });
  afterEach(() => {
    delete process.env[KEY_FILE];
    delete process.env[KEY_VARIABLE];
    delete process.env[GCORE_KEY];
    delete process.env.GCORE_API_URL;
  });
  after(async () => {
    // Put back what the other files expect: the environment's connection, active, and no other.
    for (const c of ext.connections.list()) await ext.connections.signOut(c.id, { explicit: false });
    await ext.connections.bootstrapFromEnvironment({ ...process.env, [KEY_VARIABLE]: testKeys.environment });
    await sim.close();
    await rm(tmp, { recursive: true, force: true });
  });

  /** Only the environment's sign-in left to make a connection: none is there. */
  async function noConnections(): Promise<void> {
    for (const c of ext.connections.list()) await ext.connections.signOut(c.id, { explicit: false });
    assert.deepEqual(ext.connections.list(), []);
  }

  it("the harness's key file was read as the extension activated, its key stored, the file deleted", async () => {
    const file = startedWith('self')[KEY_FILE];
    assert.ok(file, `the extension host was started with ${KEY_FILE}`);
    assert.equal(existsSync(path.dirname(file)), true, 'its folder is still there (the harness removes it at the end)');
    assert.equal(existsSync(file), false, 'the file is gone: read once, deleted');
    const made = envConnection();
    assert.ok(made, 'the connection to PLATFORM_CONSOLE_BASE_URL was made');
    assert.equal(await ext.connections.hasApiKey(made.id), true, 'its key is in secret storage');
    await ext.connections.switchTo(made.id);
    // The environment's simulator takes only the key that was in the file.
    const profiles = await (await ext.connections.api())!.security.listProtectionProfiles({ params: {}, query: { name: 'a' } });
    assert.ok(Array.isArray(profiles), 'the stored key is accepted');
  });

  it('the extension host and the server were started without the key, and the extension host holds neither variable now', () => {
    for (const [who, environment] of [
      ['the extension host', startedWith('self')],
      ['the VS Code server', startedWith(process.ppid)],
    ] as const) {
      assert.equal(KEY_VARIABLE in environment, false, `${who} was started with ${KEY_VARIABLE}`);
      assert.deepEqual(
        Object.keys(environment).filter((name) => environment[name]!.includes(testKeys.environment)),
        [],
        `${who}: a variable held the key`,
      );
    }
    assert.equal(process.env[KEY_VARIABLE], undefined);
    assert.equal(process.env[GCORE_KEY], undefined);
    assert.equal(process.env[KEY_FILE], undefined, 'taken out as the extension started: processes started later do not see it');
    assert.deepEqual(
      Object.keys(process.env).filter((name) => process.env[name]!.includes(testKeys.environment)),
      [],
    );
  });

  it('a key in PLATFORM_CONSOLE_API_KEY: stored, and deleted from process.env once the sign-in took it', async () => {
    await noConnections();
    process.env[KEY_VARIABLE] = testKeys.environment;
    const made = await ext.connections.bootstrapFromEnvironment();
    assert.equal(made?.baseUrl, envUrl());
    assert.equal(await ext.connections.hasApiKey(made.id), true);
    assert.equal(process.env[KEY_VARIABLE], undefined, 'gone from process.env');
  });

  it("GCORE_API_KEY: stored, deleted from process.env, the variables used logged (never the key); it goes only where Gcore's names point", async () => {
    await noConnections();
    process.env[GCORE_KEY] = testKeys.environment;
    process.env.GCORE_API_URL = envUrl();
    const made = await ext.connections.bootstrapFromEnvironment();
    assert.equal(made?.baseUrl, envUrl());
    assert.equal(await ext.connections.hasApiKey(made.id), true);
    assert.equal(process.env[GCORE_KEY], undefined, 'gone from process.env');
    const said = ext.log.recent.slice(-8);
    assert.ok(
      said.some((l) =>
        l.includes(
          'From the environment: key from GCORE_API_KEY, base URL from GCORE_API_URL ' +
            '(PLATFORM_CONSOLE_BASE_URL is set too: not used for a key from GCORE_API_KEY)',
        ),
      ),
      said.join('\n'),
    );
    assert.ok(!ext.log.recent.some((l) => l.includes(testKeys.environment)), 'no key in the log');
    // Without GCORE_API_URL the Gcore key goes to Gcore's own default, never to PLATFORM_CONSOLE_BASE_URL.
    await noConnections();
    delete process.env.GCORE_API_URL;
    process.env[GCORE_KEY] = testKeys.environment;
    const elsewhere = await ext.connections.bootstrapFromEnvironment();
    assert.equal(elsewhere?.baseUrl, 'https://api.gcore.com');
    assert.equal(envConnection(), undefined, 'no connection to PLATFORM_CONSOLE_BASE_URL holds the Gcore key');
  });

  it("both names set: the product's key is the one stored and both leave process.env; GCORE_API_URL alone gives the URL", async () => {
    await noConnections();
    process.env[KEY_VARIABLE] = testKeys.environment;
    process.env[GCORE_KEY] = 'not-the-environment-key';
    const made = await ext.connections.bootstrapFromEnvironment();
    assert.ok(made);
    assert.equal(process.env[KEY_VARIABLE], undefined);
    assert.equal(process.env[GCORE_KEY], undefined);
    assert.ok(ext.log.recent.some((l) => l.includes('key from PLATFORM_CONSOLE_API_KEY (GCORE_API_KEY is set too: not used)')));
    await ext.connections.switchTo(made.id);
    // The environment's simulator takes only the product's key.
    const profiles = await (await ext.connections.api())!.security.listProtectionProfiles({ params: {}, query: { name: 'a' } });
    assert.ok(Array.isArray(profiles), 'the stored key is the one PLATFORM_CONSOLE_API_KEY gave');
    await noConnections();
    const { PLATFORM_CONSOLE_BASE_URL: url, ...rest } = process.env;
    const gcore = await ext.connections.bootstrapFromEnvironment({ ...rest, GCORE_API_URL: url, [GCORE_KEY]: testKeys.environment });
    assert.equal(gcore?.baseUrl, envUrl(), 'GCORE_API_URL gave the URL');
    assert.ok(ext.log.recent.some((l) => l.includes('From the environment: key from GCORE_API_KEY, base URL from GCORE_API_URL')));
  });

  it('a key file: read, stored, deleted; the next start (a reload, another window) finds it read and stays signed in', async () => {
    await noConnections();
    const file = path.join(tmp, 'api-key');
    await writeFile(file, `${testKeys.environment}\n`, { mode: 0o600 });
    process.env[KEY_FILE] = file;
    const made = await ext.connections.bootstrapFromEnvironment();
    assert.equal(made?.baseUrl, envUrl());
    assert.equal(await ext.connections.hasApiKey(made.id), true);
    assert.equal(existsSync(file), false, 'deleted once stored');
    assert.equal(process.env[KEY_FILE], undefined);
    // The next start of an extension host is handed the same variable: the file is gone, the key is stored.
    process.env[KEY_FILE] = file;
    assert.equal(await ext.connections.bootstrapFromEnvironment(), undefined);
    assert.ok(
      ext.log.recent.some((l) => l.includes(`${KEY_FILE} (${file}) was read already`)),
      'said in the log',
    );
    assert.deepEqual(
      ext.connections.list().map((c) => c.id),
      [made.id],
      'the connection is still there',
    );
    await ext.connections.updateContext();
    assert.equal(ext.connections.signedIn, true, 'and signed in');
  });

  it('a key file others can read: refused with the variable, the file and the rule in the log; no connection; the file left alone', async () => {
    await noConnections();
    const file = path.join(tmp, 'open-key');
    await writeFile(file, testKeys.environment);
    await chmod(file, 0o644);
    process.env[KEY_FILE] = file;
    assert.equal(await ext.connections.bootstrapFromEnvironment(), undefined);
    assert.ok(
      ext.log.recent.some((l) =>
        l.includes(`${KEY_FILE}: ${file} must be readable by its owner only (mode 600), it is 644: not signed in from the environment`),
      ),
      ext.log.recent.slice(-5).join('\n'),
    );
    assert.deepEqual(ext.connections.list(), []);
    assert.equal(existsSync(file), true);
  });
});
