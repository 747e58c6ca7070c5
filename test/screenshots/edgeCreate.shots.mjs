// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// Create Edge App… as a person does it, through the real input boxes: from a template whose secret
// param is picked from the account's Edge secrets, a bad name refused as typed (its message on
// screen, nothing sent) then a good one, confirmed; the draft app appears selected in the Edge
// view; *Enable* from the notification enables it. Each step is proven from the simulator's
// record; then the app is deleted from its context menu. (Each file starts on a freshly reset
// simulator: runE2e.mjs.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, restoreLayout, runCommand, screenshot, sidebarPane, simControl } from '../e2e/workbench.mjs';

const APP = 'e2e-token-gate';

describe('Create Edge App', () => {
  let browser;
  let page;
  const collapsed = [];
  let created;
  before(async () => {
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
  });
  after(async () => {
    if (page) {
      await restoreLayout(page, { collapsed });
      await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
    }
    await browser?.close();
  });

  const quickInput = () => page.locator('.quick-input-widget');
  const input = () => quickInput().locator('input');
  const dialog = () => page.locator('.monaco-dialog-box');
  const edge = () => sidebarPane(page, 'Edge');
  const appRow = () => edge().locator('.monaco-list-row', { hasText: APP }).first();
  const toast = (pattern) =>
    page
      .locator('.notifications-toasts .notification-list-item')
      .filter({ has: page.locator('.notification-list-item-message', { hasText: pattern }) })
      .first();
  const writes = async () =>
    Object.entries((await simControl('requests', undefined, 'GET')).counts)
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const last = async (route) => Object.values((await simControl(`requests/last/${route}`, undefined, 'GET')).last)[0];

  /** Picks an item of the open quick pick by typing to filter, then Enter. */
  async function pick(label) {
    await quickInput().locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout: 30_000 });
    await input().fill(label);
    await quickInput().locator('.monaco-list-row', { hasText: label }).first().waitFor();
    await input().press('Enter');
  }

  /** Types into the input box whose prompt starts with `prompt`, then Enter. */
  async function type(prompt, value) {
    await quickInput().getByText(prompt).first().waitFor({ timeout: 30_000 });
    await input().fill(value);
    await input().press('Enter');
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

  it('creates an app from a template: the secret picked by name, a bad name refused as typed, one POST; the draft selected in the Edge view', async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await edge().waitFor();
    for (const name of ['Protection Profiles', 'Report Tasks']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    await edge().locator('.monaco-list-row', { hasText: 'FastEdge account' }).first().waitFor({ timeout: 60_000 });
    await simControl('requests', undefined, 'DELETE');

    await runCommand(page, 'Edge: Create Edge App…');
    await pick('From a template');
    await pick('Token Gate');
    await type('UPSTREAM_URL (required): Where allowed requests go [string]', 'https://origin.example');
    // GATE_TOKEN is a secret: the account's Edge secrets are offered by name, no value is typed.
    await quickInput().locator('.monaco-list-row', { hasText: 'db-password' }).first().waitFor({ timeout: 30_000 });
    await pick('upstream-token');

    await quickInput().getByText('App name (1 to 64 characters)').first().waitFor({ timeout: 30_000 });
    await input().fill('Bad_Name');
    const refusal = quickInput().getByText(/^App name: must be lowercase letters, digits and "-"/);
    await refusal.waitFor();
    await input().press('Enter');
    await page.waitForTimeout(300);
    assert.ok(await refusal.isVisible(), 'Enter on a refused name keeps the box open with its message');
    await page.mouse.move(5, 5);
    await screenshot(page, 'edge-create-name');
    await input().fill(APP);
    await refusal.waitFor({ state: 'detached' });
    await input().press('Enter');
    await type('Comment (at most 1024 characters; optional, empty to leave it out)', 'made in the UI test');
    await type('Environment variables (optional)', 'MODE=strict');
    assert.deepEqual(await writes(), [], 'nothing sent before the confirmation');

    const asked = await confirm('Create');
    for (const line of [
      `name: ${APP}`,
      'from: template Token Gate (304)',
      'template params: UPSTREAM_URL',
      'secret references: GATE_TOKEN -> upstream-token (636)',
      'env variables: MODE',
    ]) {
      // The operation's facts are capitalised (Name:, From:): compared without case.
      assert.ok(asked.toLowerCase().includes(line.toLowerCase()), `${line} in\n${asked}`);
    }
    const done = toast(new RegExp(`^Created edge app ${APP} \\((\\d+)\\)`));
    await done.waitFor({ timeout: 30_000 });
    created = Number(/\((\d+)\)/.exec(await done.locator('.notification-list-item-message').innerText())[1]);
    assert.deepEqual(await writes(), ['POST createEdgeApp 1']);
    assert.deepEqual((await last('createEdgeApp')).body, {
      name: APP,
      template: 304,
      env: { MODE: 'strict', UPSTREAM_URL: 'https://origin.example' },
      secrets: { GATE_TOKEN: { id: 636 } },
      comment: 'made in the UI test',
    });
    await appRow()
      .getByText(/^draft/)
      .waitFor({ timeout: 30_000 });
    assert.equal(await appRow().getAttribute('aria-selected'), 'true', 'the new app is selected in the Edge view');
  });

  it('enables it from the notification: confirmed, one PATCH of status 1, the row says enabled', async () => {
    assert.ok(created, 'created by the previous step');
    const offer = toast(new RegExp(`^Created edge app ${APP}`));
    await offer.hover();
    await offer.locator('.monaco-button', { hasText: /^Enable$/ }).click();
    await confirm('Enable');
    await toast(new RegExp(`^Enabled edge app \\d+ on .+: edge app ${APP} `)).waitFor({ timeout: 30_000 });
    const patch = await last('patchEdgeApp');
    assert.match(patch.path, new RegExp(`/apps/${created}$`));
    assert.deepEqual(patch.body, { status: 1 });
    assert.deepEqual(await writes(), ['PATCH patchEdgeApp 1', 'POST createEdgeApp 1']);
    await appRow()
      .getByText(/^enabled/)
      .waitFor({ timeout: 30_000 });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    await screenshot(page, 'edge-create');
  });

  it('deletes the app again from its context menu (its name typed): one DELETE, the row leaves the view', async () => {
    assert.ok(created, 'created by the first step');
    await runCommand(page, 'Notifications: Clear All Notifications');
    await appRow().click({ button: 'right' });
    const item = page.locator('.context-view .action-label', { hasText: 'Delete App' });
    await item.hover();
    await page.locator('.context-view .action-item.focused .action-label', { hasText: 'Delete App' }).waitFor();
    await page.keyboard.press('Enter');
    await type(`Type its name, ${APP}`, APP);
    await toast(new RegExp(`^Deleted edge app ${created} on `)).waitFor({ timeout: 30_000 });
    assert.match((await last('deleteEdgeApp')).path, new RegExp(`/apps/${created}$`));
    await appRow().waitFor({ state: 'detached', timeout: 30_000 });
  });
});
