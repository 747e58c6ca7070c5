// The edge loop closed (#55's "done when"), as a person meets it in the real workbench against the
// simulator: a workspace .wasm deployed from the Explorer to an app is linked to it, and the app's
// row and the Explorer badge say it runs this build; the file rebuilt (rewritten) says runs another
// build, with a Problems entry; a build that answers 500 deployed, its calls make the watch trip,
// and Roll Back from the warning restores the previous binary. Each step is proven from the
// simulator's record (uploads, PATCHes, what the app's URL answers); screenshots under
// `npm run screenshots`.
/* global document, getComputedStyle */
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { answerDialog, chooseFromContextMenu, openWorkbench, restoreLayout, runCommand, screenshot, sidebarPane, simControl } from './workbench.mjs';

const folder = new URL(process.env.PLATFORM_CONSOLE_E2E_URL ?? 'http://x/').searchParams.get('folder') ?? '';
const FILE = 'edge-loop.wasm';
const WASM = path.join(folder, FILE);
// The seeded enabled app 101 of client 201: the simulator serves it at /__apps/<name>-<client>.
const APP = 'hello-edge';
const APP_URL = `${process.env.PLATFORM_CONSOLE_BASE_URL}/__apps/hello-edge-201/`;

/** A module the simulator runs as its first custom section says (test/support/simWasm.ts, in plain JS). */
function simWasm(behaviour) {
  const name = Buffer.from('platform-console-sim');
  const content = Buffer.concat([Buffer.from([name.length]), name, Buffer.from(JSON.stringify(behaviour))]);
  assert.ok(content.length < 128, 'one LEB128 byte for the size');
  return Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00, content.length]), content]);
}

describe('The edge loop: what runs, a deploy with a watch, roll back on a signal', { timeout: 600_000 }, () => {
  let browser;
  let page;
  const collapsed = [];
  before(async () => {
    await writeFile(WASM, simWasm({ body: 'build one' }));
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
  });
  after(async () => {
    if (page) {
      await runCommand(page, 'Edge: Stop Watching').catch(() => undefined);
      // The panes collapsed are the Platform Console's: shown again before they are restored.
      await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
      await restoreLayout(page, { collapsed });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
    }
    await browser?.close();
    // The file lies in the shared workspace: later test files must not find it.
    await rm(WASM, { force: true });
  });

  const quickInput = () => page.locator('.quick-input-widget');
  const edge = () => sidebarPane(page, 'Edge');
  const appRow = () => edge().locator('.monaco-list-row', { hasText: APP }).first();
  const explorerRow = () => page.locator('.explorer-folders-view .monaco-list-row', { hasText: FILE }).first();
  const toast = (pattern) =>
    page
      .locator('.notifications-toasts .notification-list-item')
      .filter({ has: page.locator('.notification-list-item-message', { hasText: pattern }) })
      .first();
  const counts = async () => (await simControl('requests', undefined, 'GET')).counts;
  const lastPatch = async () => Object.values((await simControl('requests/last/patchEdgeApp', undefined, 'GET')).last)[0];
  /** What the app's URL answers now (its binary runs in the simulator). */
  const call = async () => (await fetch(APP_URL)).status;

  const contextMenu = (row, label) => chooseFromContextMenu(page, row, label);
  const confirm = (button) => answerDialog(page, button);

  async function showExplorer() {
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view').waitFor();
    await explorerRow().waitFor({ timeout: 30_000 });
  }

  async function showEdge() {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await appRow().waitFor({ timeout: 60_000 });
  }

  /** Deploy to Edge App… from the file's Explorer menu to APP, confirmed: the binary ids said in the done message. */
  async function deploy() {
    await showExplorer();
    await contextMenu(explorerRow(), 'Deploy to Edge App…');
    const input = quickInput().locator('input');
    await quickInput().locator('.monaco-list-row', { hasText: APP }).first().waitFor({ timeout: 30_000 });
    await input.fill(APP);
    await quickInput().locator('.monaco-list-row', { hasText: APP }).first().waitFor();
    await input.press('Enter');
    const asked = await confirm('Deploy');
    assert.ok(asked.includes(`App: ${APP}`), asked);
    const done = toast(new RegExp(`^Deployed "${FILE.replace('.', '\\.')}" to edge app 101 on `));
    await done.waitFor({ timeout: 60_000 });
    const m = /binary (\d+) -> (\d+)/.exec(await done.locator('.notification-list-item-message').innerText());
    assert.ok(m);
    await runCommand(page, 'Notifications: Clear All Notifications');
    return { from: Number(m[1]), to: Number(m[2]) };
  }

  /** The Explorer badge of the file: the ::after content its decoration class draws. */
  const badge = () =>
    explorerRow().evaluate(
      (row) =>
        [...row.querySelectorAll('*')].map((el) => getComputedStyle(el, '::after').content).find((c) => c && c !== 'none' && c !== 'normal' && c !== '""') ??
        '',
    );

  let first;
  it('deployed from the Explorer, the file is linked: its app row says runs this build, the Explorer shows the badge', async () => {
    await showEdge();
    for (const name of ['Protection Profiles', 'Report Tasks']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    await simControl('requests', undefined, 'DELETE');
    first = await deploy();
    const c = await counts();
    assert.equal(c['POST storeEdgeBinary'], 1, 'uploaded once');
    assert.deepEqual((await lastPatch()).body, { binary: first.to }, 'the app switched to the upload');
    assert.equal(await call(), 200, "the app's URL runs the new build");
    await showEdge();
    await appRow()
      .getByText(/runs this build/)
      .waitFor({ timeout: 60_000 });
    await showExplorer();
    await page.waitForFunction(() => document.querySelector('.explorer-folders-view') !== null);
    for (let i = 0; i < 100 && !(await badge()).includes('✓'); i++) await page.waitForTimeout(200);
    assert.match(await badge(), /✓/, 'the Explorer badge says this build');
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-drift-same');
  });

  it('the file rebuilt: runs another build, with a Problems entry naming the app and both checksums', async () => {
    await writeFile(WASM, simWasm({ status: 500, body: 'broken build' }));
    await showEdge();
    await appRow()
      .getByText(/runs another build/)
      .waitFor({ timeout: 60_000 });
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const entry = page.locator('.markers-panel .monaco-list-row', { hasText: /hello-edge \(id 101\) on .+ runs another build/ }).first();
    await entry.waitFor({ timeout: 60_000 });
    assert.match(await entry.innerText(), /MD5 [0-9a-f]+/);
    await showExplorer();
    for (let i = 0; i < 100 && !(await badge()).includes('≠'); i++) await page.waitForTimeout(200);
    assert.match(await badge(), /≠/, 'the Explorer badge says another build');
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-drift-other');
  });

  it('the build that answers 500, deployed: its calls trip the watch; Roll Back from the warning restores the previous binary', async () => {
    await simControl('requests', undefined, 'DELETE');
    const second = await deploy();
    assert.equal(second.from, first.to, 'deployed over the first build');
    assert.deepEqual((await lastPatch()).body, { binary: second.to });
    // Traffic after the deploy: every call answers 500 (the simulator counts them in its statistics).
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await call());
    assert.deepEqual([...new Set(statuses)], [500]);
    // The watch polls every 30 s: the warning names the app and offers Roll Back.
    const warning = toast(/^Edge app hello-edge \(101\) on .+ after the deploy of binary \d+: .*5xx/);
    await warning.waitFor({ timeout: 120_000 });
    const said = await warning.locator('.notification-list-item-message').innerText();
    assert.match(said, /Before: .+ Since: .+/, said);
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-watch-tripped');
    await warning.hover();
    await warning.locator('.monaco-button', { hasText: /^Roll Back$/ }).click();
    const asked = await confirm('Roll Back');
    assert.ok(asked.includes(`${second.to} -> ${first.to}`), asked);
    // The record first (the PATCH back), then the words in the notification center.
    for (let i = 0; i < 300 && (await lastPatch()).body.binary !== first.to; i++) await page.waitForTimeout(200);
    await runCommand(page, 'Notifications: Show Notifications');
    await page
      .locator('.notifications-center .notification-list-item-message', { hasText: /^Rolled back edge app 101 on / })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.deepEqual((await lastPatch()).body, { binary: first.to }, 'the app points at the first build again');
    assert.equal(await call(), 200, "the app's URL answers as the first build did");
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-rolled-back-watch');
  });
});
