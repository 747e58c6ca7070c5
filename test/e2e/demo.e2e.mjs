// The demo reachable from other machines is never an open shell: the real `npm start` (node
// scripts/start.mjs) on 0.0.0.0 with --auth password. An unauthenticated request to the port,
// the printed URL included, gets code-server's login page, never the workbench; the printed
// password opens it in a browser; the extension is signed in from the key file, which is gone
// once read; no process code-server started had the key or the password in its environment; and
// Ctrl-C leaves nothing behind. This file starts its own demo (the runner's code-server is unused).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, launchChromium, projectRoot, resultsDir } from '../../scripts/harness/common.mjs';
import { harnessPaths } from '../../scripts/harness/ensure.mjs';
import { environmentsHolding } from '../../scripts/harness/keyHandOff.mjs';

/** The workbench page's own markers: the login page has none of them. */
const WORKBENCH = /vscode-workbench-web-configuration|workbench\.js/;

describe('npm start -- --host 0.0.0.0 --auth password', { timeout: 300_000 }, () => {
  let demo;
  let exited;
  let output = '';
  let banner;
  let key;
  let browser;

  before(async () => {
    const port = await freePort();
    // The runner's variables stay out: the demo gets what a person's shell would have.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLATFORM_CONSOLE_')));
    demo = spawn(process.execPath, ['scripts/start.mjs', '--host', '0.0.0.0', '--auth', 'password', '--port', String(port)], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => demo.once('exit', (code, signal) => resolve(code ?? signal)));
    demo.stdout.on('data', (chunk) => (output += chunk));
    demo.stderr.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 240_000;
    while (!/Press Ctrl-C to stop everything/.test(output)) {
      if (demo.exitCode !== null || Date.now() > deadline) assert.fail(`npm start did not print its banner:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    banner = {
      url: /^ {2}Open VS Code: {3}(\S+)$/m.exec(output)?.[1],
      password: /^ {2}Password: {7}(\S+) {2}\(made for this run, printed only here; code-server asks for it once per browser\)$/m.exec(output)?.[1],
      keyFile: /^\[harness\] the key for the extension: (\S+) \(owner only/m.exec(output)?.[1],
    };
    // Read here (the same user may) to look for it later, before a window takes it.
    key = banner.keyFile && (await readFile(banner.keyFile, 'utf8'));
  });
  after(async () => {
    await browser?.close();
    if (demo && demo.exitCode === null) {
      demo.kill('SIGINT');
      await exited;
    }
  });

  it("prints the URL another machine opens (this machine's address, the folder) and the password", () => {
    assert.ok(banner.url && banner.password && banner.keyFile, output);
    assert.match(key, /^demo-[0-9a-f]{32}$/, 'the key file holds the key alone');
    const url = new URL(banner.url);
    assert.notEqual(url.hostname, '0.0.0.0');
    assert.notEqual(url.hostname, '127.0.0.1');
    assert.ok(url.searchParams.get('folder'), 'the workspace folder is in the URL');
    assert.match(banner.password, /^[A-Za-z0-9_-]{24}$/);
    assert.match(output, /^ {2}Listening on: {3}0\.0\.0\.0:\d+, behind code-server's login page$/m);
  });

  it('an unauthenticated request gets the login page, not the workbench: /, the printed URL, /login', async () => {
    const { origin } = new URL(banner.url);
    for (const target of [`${origin}/`, banner.url, `${origin}/vscode/`]) {
      const answer = await fetch(target, { redirect: 'manual' });
      assert.equal(answer.status, 302, `${target}: ${answer.status}`);
      assert.equal(new URL(answer.headers.get('location') ?? '', target).pathname, '/login', `${target} redirects to the login page`);
      assert.doesNotMatch(await answer.text(), WORKBENCH, `${target}: no workbench in the redirect`);
    }
    const login = await fetch(`${origin}/login`, { redirect: 'manual' });
    assert.equal(login.status, 200);
    const page = await login.text();
    assert.match(page, /<input[^>]+name="password"/, 'the login form');
    assert.doesNotMatch(page, WORKBENCH);
  });

  it('a wrong password is refused; the printed password opens the workbench (the session cookie)', async () => {
    const { origin } = new URL(banner.url);
    const login = (password) => fetch(`${origin}/login`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ password }) });
    const wrong = await login('not-the-password');
    assert.equal(wrong.status, 200, 'the login page again');
    assert.match(await wrong.text(), /Incorrect password/);
    assert.equal(wrong.headers.getSetCookie().length, 0, 'no session');
    const right = await login(banner.password);
    assert.equal(right.status, 302);
    const cookie = right.headers.getSetCookie().find((c) => c.startsWith('code-server-session='));
    assert.ok(cookie, 'a session cookie');
    const workbench = await fetch(banner.url, { headers: { cookie: cookie.split(';')[0] }, redirect: 'manual' });
    assert.equal(workbench.status, 200);
    assert.match(await workbench.text(), WORKBENCH, 'the workbench, once signed in');
  });

  it('in a browser: the printed URL shows the login page; the password opens VS Code; its view opened, signed in to the simulator from the key file, which is gone', async () => {
    assert.equal(existsSync(banner.keyFile), true, 'the key waits in its file until the extension first activates');
    browser = await launchChromium(harnessPaths().chromium);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(banner.url);
    const password = page.locator('input[type="password"]');
    await password.waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.monaco-workbench').count(), 0, 'no workbench before the password');
    await password.fill(banner.password);
    await password.press('Enter');
    try {
      await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
      // Opening its view activates the extension, which signs in with the key file: its connection shows.
      await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click({ timeout: 120_000 });
      await page.locator('.statusbar-item', { hasText: 'simulator' }).first().waitFor({ timeout: 120_000 });
    } catch (error) {
      await page.screenshot({ path: path.join(resultsDir, 'demo-e2e-failure.png') }).catch(() => undefined);
      throw error;
    }
    for (let i = 0; i < 50 && existsSync(banner.keyFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(existsSync(banner.keyFile), false, 'the key file was deleted once read');
    assert.equal(existsSync(path.dirname(banner.keyFile)), true, 'its folder stays until npm start stops');
  });

  it('code-server and every process it started were started without the key, its variable or the password in their environment', async () => {
    const codeServer = await childRunning(demo.pid, harnessPaths().codeServerEntry);
    assert.ok(codeServer, 'code-server runs under npm start');
    const { holding, read } = await environmentsHolding(codeServer, [key, 'PLATFORM_CONSOLE_API_KEY=', banner.password]);
    assert.deepEqual(holding, []);
    // code-server, its VS Code server, the extension host of the window opened above, and more.
    assert.ok(read >= 3, `${read} environments read`);
  });

  it("Ctrl-C stops everything: exit 0, the key's folder removed, the port closed", async () => {
    demo.kill('SIGINT');
    assert.equal(await exited, 0, output.slice(-2000));
    assert.equal(existsSync(path.dirname(banner.keyFile)), false);
    await assert.rejects(fetch(new URL(banner.url).origin, { signal: AbortSignal.timeout(5000) }));
  });
});

/** The pid of the child of `parent` whose command line holds `script`. */
async function childRunning(parent, script) {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
    if ((await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0').includes(script)) return Number(entry);
  }
  return undefined;
}
