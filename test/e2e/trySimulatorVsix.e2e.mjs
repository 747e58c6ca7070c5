// *Try the Simulator* from the packaged extension (#58's "done when"): the .vsix built by
// `vsce package`, installed with code-server's --install-extension into a fresh profile, in a
// workbench with no repository and no sign-in handed over by the environment. The welcome's link
// starts the simulator inside the extension; the profiles list; a .wasm deploys to an app there,
// its confirmation naming the simulator; Sign Out stops it. This file runs its own code-server:
// the harness's is signed in through the environment.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startCodeServer } from '../../scripts/harness/codeServer.mjs';
import { cleanup, freePort, launchChromium, projectRoot, resultsDir } from '../../scripts/harness/common.mjs';
import { requireHarness } from '../../scripts/harness/ensure.mjs';
import { answerDialog, chooseFromContextMenu, runCommand, sidebarPane } from './workbench.mjs';

const FILE = 'hello.wasm';
const APP = 'hello-edge';

/** A module the simulator runs as its first custom section says (test/support/simWasm.ts, in plain JS). */
function simWasm(behaviour) {
  const name = Buffer.from('platform-console-sim');
  const content = Buffer.concat([Buffer.from([name.length]), name, Buffer.from(JSON.stringify(behaviour))]);
  return Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00, content.length]), content]);
}

describe('Try the Simulator from the .vsix, with no repository', { timeout: 600_000 }, () => {
  let browser;
  let page;
  let packaged;
  let simulatorUrl;
  before(async () => {
    packaged = await mkdtemp(path.join(tmpdir(), 'platform-console-vsix-'));
    const vsix = path.join(packaged, 'platform-console.vsix');
    // `npm run package`, into a folder of its own.
    const built = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--out', vsix], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 300_000,
    });
    assert.equal(built.status, 0, `vsce package: ${built.stderr}${built.stdout}`);
    // No sign-in handed over: none of the extension's variables reach this code-server.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PLATFORM_CONSOLE_|GCORE_)/.test(name)));
    const paths = requireHarness();
    const server = await startCodeServer({
      paths,
      label: 'e2e-vsix',
      port: await freePort(),
      env,
      vsix,
      logFile: path.join(resultsDir, 'e2e-vsix-server.log'),
    });
    const installed = await readdir(server.dir('extensions'));
    assert.ok(
      installed.some((name) => /^platform-console\.platform-console-/.test(name)),
      installed.join(', '),
    );
    await writeFile(path.join(server.folder, FILE), simWasm({ body: 'from the vsix' }));
    browser = await launchChromium(paths.chromium);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.workspaceUrl);
    await page.locator('.explorer-folders-view').waitFor({ timeout: 60_000 });
  });
  after(async () => {
    await browser?.close();
    await cleanup();
    if (packaged) await rm(packaged, { recursive: true, force: true });
  });

  const toast = (pattern) =>
    page
      .locator('.notifications-toasts .notification-list-item')
      .filter({ has: page.locator('.notification-list-item-message', { hasText: pattern }) })
      .first();

  it("the welcome's Try the Simulator signs in to a simulator: the status bar says so, the profiles list", async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    const profiles = sidebarPane(page, 'Protection Profiles');
    const link = profiles.locator('.welcome-view-content a', { hasText: 'Try the Simulator' });
    await link.waitFor({ timeout: 60_000 });
    await link.click();
    const status = page.locator('.statusbar-item', { hasText: 'Simulator' });
    await status.waitFor({ timeout: 60_000 });
    assert.equal(await status.locator('.codicon-beaker').count(), 1, 'the beaker, not the cloud');
    await toast(/^Signed in to Simulator: a platform simulated in this window/).waitFor({ timeout: 30_000 });
    await profiles.locator('.monaco-list-row').nth(4).waitFor({ timeout: 60_000 });
    const label = (await status.getAttribute('aria-label')) ?? '';
    simulatorUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(label)?.[0];
  });

  it('a .wasm of the folder deploys to an edge app of the simulator; the confirmation names the simulator', async () => {
    await page.keyboard.press('Control+Shift+E');
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: FILE }).first();
    await row.waitFor({ timeout: 30_000 });
    await chooseFromContextMenu(page, row, 'Deploy to Edge App…');
    const quickInput = page.locator('.quick-input-widget');
    await quickInput.locator('.monaco-list-row', { hasText: APP }).first().waitFor({ timeout: 30_000 });
    await quickInput.locator('input').fill(APP);
    await quickInput.locator('.monaco-list-row', { hasText: APP }).first().waitFor();
    await quickInput.locator('input').press('Enter');
    const asked = await answerDialog(page, 'Deploy');
    assert.match(asked, /on Simulator \(the simulator\)\?/, asked);
    assert.match(asked, /the simulator running in this window, not a platform/, asked);
    await toast(new RegExp(`^Deployed "${FILE.replace('.', '\\.')}" to edge app 101 on Simulator`)).waitFor({ timeout: 60_000 });
  });

  it('Sign Out stops the simulator: its port refuses', async () => {
    await runCommand(page, 'Platform Console: Sign Out');
    await page.locator('.statusbar-item', { hasText: 'Sign in' }).waitFor({ timeout: 30_000 });
    if (simulatorUrl) await assert.rejects(fetch(`${simulatorUrl}/`), /fetch failed/);
  });
});
