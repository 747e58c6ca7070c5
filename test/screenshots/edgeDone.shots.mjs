// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// An edge app from start to finish, as a person does it (issue #40's "done when"): a file that is
// not WebAssembly refused from the Explorer with nothing sent; a .wasm deployed from the Explorer
// to a listed (disabled) app; the app enabled; a variable edited through the diff and applied; the
// app's logs read; the deploy rolled back from its notification. Each step is proven from the
// simulator's record, and shown in a screenshot.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, restoreLayout, runCommand, screenshot, sidebarPane, simControl } from '../e2e/workbench.mjs';

const folder = new URL(process.env.PLATFORM_CONSOLE_E2E_URL ?? 'http://x/').searchParams.get('folder') ?? '';
const WASM = path.join(folder, 'edge-done-app.wasm');
const NOT_WASM = path.join(folder, 'edge-done-notes.wasm');
const APP = 'geo-redirect';

describe('An edge app from deploy to roll back', () => {
  let browser;
  let page;
  const collapsed = [];
  before(async () => {
    // A small module: the WebAssembly header, then bytes.
    const bytes = Buffer.alloc(64 * 1024);
    bytes.set([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    await writeFile(WASM, bytes);
    await writeFile(NOT_WASM, 'not a module, only text named .wasm\n');
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
  });
  after(async () => {
    if (page) {
      await restoreLayout(page, { collapsed });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
    }
    await browser?.close();
    // The files lie in the shared workspace: later test files must not find them.
    for (const file of [WASM, NOT_WASM]) await rm(file, { force: true });
  });

  const quickInput = () => page.locator('.quick-input-widget');
  const dialog = () => page.locator('.monaco-dialog-box');
  const edge = () => sidebarPane(page, 'Edge');
  const appRow = () => edge().locator('.monaco-list-row', { hasText: APP }).first();
  const explorerRow = (name) => page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
  const toast = (pattern) =>
    page
      .locator('.notifications-toasts .notification-list-item')
      .filter({ has: page.locator('.notification-list-item-message', { hasText: pattern }) })
      .first();
  const counts = async () => (await simControl('requests', undefined, 'GET')).counts;
  const writes = async () =>
    Object.entries(await counts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const lastPatch = async () => Object.values((await simControl('requests/last/patchEdgeApp', undefined, 'GET')).last)[0];

  /** A row's context-menu item, hovered then chosen with Enter (a click's mouseup can leave the menu open under load). */
  async function contextMenu(row, label) {
    await row.click({ button: 'right' });
    const item = page.locator('.context-view .action-label', { hasText: label });
    await item.hover();
    await page.locator('.context-view .action-item.focused .action-label', { hasText: label }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.context-view').waitFor({ state: 'hidden' });
  }

  async function confirm(button) {
    await dialog().waitFor({ timeout: 30_000 });
    const asked = await dialog().innerText();
    await dialog()
      .locator('.monaco-button', { hasText: new RegExp(`^${button}$`) })
      .click();
    await dialog().waitFor({ state: 'detached' });
    return asked;
  }

  async function showExplorer() {
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view').waitFor();
    await explorerRow('edge-done-app.wasm').waitFor({ timeout: 30_000 });
  }

  it('a file that is not WebAssembly is refused from the Explorer: nothing is sent', async () => {
    // Signed in first (the Edge view lists the account's apps): the Explorer's item is offered then.
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await edge().waitFor();
    for (const name of ['Protection Profiles', 'Report Tasks']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    await appRow().waitFor({ timeout: 60_000 });
    await showExplorer();
    await simControl('requests', undefined, 'DELETE');
    await contextMenu(explorerRow('edge-done-notes.wasm'), 'Deploy to Edge App…');
    await toast(/Cannot deploy edge-done-notes\.wasm: .*Nothing was sent\./).waitFor({ timeout: 30_000 });
    assert.deepEqual(await writes(), [], 'nothing sent');
    // Nothing asked: a picker the command opened would stay; the palette that ran before closes by itself.
    await quickInput().waitFor({ state: 'hidden', timeout: 5000 });
    await runCommand(page, 'Notifications: Clear All Notifications');
  });

  let previous;
  let deployed;
  it('deploys a .wasm from the Explorer to a listed app: confirmed, uploaded once, the app switched to it', async () => {
    await contextMenu(explorerRow('edge-done-app.wasm'), 'Deploy to Edge App…');
    const input = quickInput().locator('input');
    await quickInput().locator('.monaco-list-row', { hasText: APP }).first().waitFor({ timeout: 30_000 });
    await input.fill(APP);
    await quickInput().locator('.monaco-list-row', { hasText: APP }).first().waitFor();
    await input.press('Enter');
    const asked = await confirm('Deploy');
    for (const line of [`App: ${APP}`, 'SHA-256:', 'Binary:']) assert.ok(asked.includes(line), `${line} in\n${asked}`);
    const done = toast(/^Deployed "edge-done-app\.wasm" to edge app \d+ on .+\(geo-redirect\)/);
    await done.waitFor({ timeout: 60_000 });
    const said = await done.locator('.notification-list-item-message').innerText();
    const m = /binary (\d+) -> (\d+)/.exec(said);
    assert.ok(m, said);
    [previous, deployed] = [Number(m[1]), Number(m[2])];
    const c = await counts();
    assert.equal(c['POST storeEdgeBinary'], 1, 'uploaded once');
    assert.equal(c['PATCH patchEdgeApp'], 1, 'the app switched once');
    const stored = Object.values((await simControl('requests/last/storeEdgeBinary', undefined, 'GET')).last)[0];
    assert.equal(stored.body.bytes, 64 * 1024, 'the whole file, recorded by its size');
    assert.deepEqual((await lastPatch()).body, { binary: deployed });
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-deployed');
  });

  it('enables the app from its row: status 1 in the record', async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await appRow().waitFor({ timeout: 60_000 });
    await contextMenu(appRow(), 'Enable App');
    await confirm('Enable');
    await toast(/^Enabled edge app \d+ on .+: edge app geo-redirect/).waitFor({ timeout: 30_000 });
    assert.deepEqual((await lastPatch()).body, { status: 1 });
    await appRow()
      .getByText(/^enabled/)
      .waitFor({ timeout: 30_000 });
  });

  it('edits a variable through the diff and applies it: one PATCH of env with the new variable', async () => {
    await contextMenu(appRow(), 'Edit Configuration…');
    const modified = page.locator('.monaco-diff-editor .editor.modified .view-lines');
    await modified.waitFor({ timeout: 30_000 });
    await modified.click();
    // Line 4 is [env]'s help line: the new variable goes right under it.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('RELEASE=2026-11-26');
    await page.locator('.monaco-diff-editor .editor.original .view-lines').waitFor();
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-config-diff');
    await runCommand(page, 'Edge: Apply to App');
    const asked = await confirm('Apply');
    assert.match(asked, /RELEASE/, asked);
    await toast(/^Applied to edge app geo-redirect/).waitFor({ timeout: 30_000 });
    const sent = await lastPatch();
    assert.deepEqual(Object.keys(sent.body), ['env'], 'only the variables are sent');
    assert.equal(sent.body.env.RELEASE, '2026-11-26');
    assert.ok('REDIRECTS' in sent.body.env, 'the other variables are kept');
  });

  it("reads the app's logs: the panel opens on the app, read from the platform", async () => {
    await runCommand(page, 'View: Close All Editors');
    await simControl('requests', undefined, 'DELETE');
    await contextMenu(appRow(), 'Open App Logs…');
    await quickInput().locator('.monaco-list-row', { hasText: 'Open Logs' }).first().waitFor();
    await page.keyboard.press('Enter');
    await quickInput().waitFor({ state: 'hidden' });
    await page.locator('.tab', { hasText: `Logs: edge app ${APP}` }).waitFor({ timeout: 30_000 });
    const read = async () => Object.values((await simControl('requests/last/listEdgeAppLogs', undefined, 'GET')).last)[0];
    for (let i = 0; i < 100 && !(await read()); i++) await page.waitForTimeout(200);
    assert.match((await read()).path, /\/apps\/103\/logs$/);
    await page.waitForTimeout(1000);
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-done-logs');
  });

  it('rolls back from the deploy notification: the app runs its old binary again', async () => {
    await runCommand(page, 'Notifications: Show Notifications');
    const item = page
      .locator('.notifications-center .notification-list-item')
      .filter({ has: page.locator('.notification-list-item-message', { hasText: /^Deployed "edge-done-app\.wasm"/ }) })
      .first();
    await item.waitFor({ timeout: 30_000 });
    await item.hover();
    await item.locator('.monaco-button', { hasText: /^Roll Back$/ }).click();
    const asked = await confirm('Roll Back');
    assert.ok(asked.includes(`${deployed} -> ${previous}`), asked);
    // With the notification center open, the answer is listed there rather than as a toast.
    await page
      .locator('.notification-list-item-message', { hasText: /^Rolled back edge app \d+ on .+\(geo-redirect\)/ })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.deepEqual((await lastPatch()).body, { binary: previous });
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-rolled-back');
  });
});
