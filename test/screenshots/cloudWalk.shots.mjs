// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// The Cloud view walked as a person does it, in the real workbench against the simulator: the
// view opened, project and region expanded, the region's secrets seen; a secret deleted (its name
// typed in the input box; its task followed to "deleted"); a policy paused and a schedule removed
// (each through its modal); a function's logs opened from its row with nothing asked — each step
// proven from the simulator's record, with screenshots. (The walk deletes seeded things: the
// harness resets the simulator before each file, runE2e.mjs.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expandTreeRow, openWorkbench, restoreLayout, screenshot, sidebarPane, simControl } from '../e2e/workbench.mjs';

describe('Cloud view walk', () => {
  let browser;
  let page;
  const collapsed = [];
  before(async () => {
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
    await simControl('requests', undefined, 'DELETE');
  });
  after(async () => {
    if (page) {
      const header = sidebarPane(page, 'Cloud').locator('.pane-header');
      if ((await header.getAttribute('aria-expanded').catch(() => 'false')) === 'true') await header.click().catch(() => undefined);
      await restoreLayout(page, { collapsed });
      await page.keyboard.press('Escape').catch(() => undefined);
    }
    await browser?.close();
  });

  const cloud = () => sidebarPane(page, 'Cloud');
  const row = (text) => cloud().locator('.monaco-list-row', { hasText: text }).first();
  /** The row whose own label is exactly `name` (a project's description may say "default" too). */
  const exactRow = (name) =>
    cloud()
      .locator('.monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) })
      .first();
  const dialog = () => page.locator('.monaco-dialog-box');
  const quickInput = () => page.locator('.quick-input-widget');
  const toast = (pattern) => page.locator('.notifications-toasts .notification-list-item-message', { hasText: pattern }).first();
  const writes = async () =>
    Object.entries((await simControl('requests', undefined, 'GET')).counts)
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const last = async (route) => Object.values((await simControl(`requests/last/${route}`, undefined, 'GET')).last)[0];

  /** A row's context-menu item, hovered then chosen with Enter (a click's mouseup can leave the menu open under load). */
  async function contextMenu(target, label) {
    await target.click({ button: 'right' });
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

  it("opens the Cloud view: the project, its region, the region's secrets with their expiry", async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    // Room for the Cloud view: the other views folded while it is walked.
    for (const name of ['Protection Profiles', 'Report Tasks', 'Edge']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    const header = cloud().locator('.pane-header');
    await header.waitFor();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await row('production').waitFor({ timeout: 30_000 });
    await expandTreeRow(page, cloud(), row('production'), row('Luxembourg-2'), 'cloud-walk');
    await expandTreeRow(page, cloud(), row('Luxembourg-2'), row('Snapshot Policies'), 'cloud-walk');
    await expandTreeRow(page, cloud(), row('Secrets'), row('api-gateway-cert'), 'cloud-walk');
    assert.match(await row('api-gateway-cert').innerText(), /certificate · ACTIVE · expires in 1[12] days/);
    assert.match(await row('legacy-portal-cert').innerText(), /expired/);
    await screenshot(page, 'cloud-view');
  });

  it('deletes a secret from its row: the name typed, one DELETE, its task followed to "deleted", the row gone', async () => {
    await contextMenu(row('api-gateway-cert'), 'Delete Secret…');
    const input = quickInput().locator('input');
    await quickInput()
      .getByText(/Load balancer listeners that use it lose their certificate/)
      .waitFor();
    await input.fill('api-gateway');
    await quickInput().getByText('Confirmation: type api-gateway-cert exactly').waitFor();
    await screenshot(page, 'cloud-secret-delete');
    await input.fill('api-gateway-cert');
    await input.press('Enter');
    await toast('Secret api-gateway-cert deleted.').waitFor({ timeout: 30_000 });
    assert.deepEqual(await writes(), ['DELETE deleteSecret 1']);
    assert.match((await last('deleteSecret')).path, /\/cloud\/v1\/secrets\/1\/1\/5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02$/);
    await row('api-gateway-cert').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('pauses a policy and removes its schedule, each through its modal, one request each', async () => {
    await expandTreeRow(page, cloud(), row('Snapshot Policies'), row('nightly-snapshots'), 'cloud-walk');
    await contextMenu(row('nightly-snapshots'), 'Pause Snapshot Policy');
    assert.match(await confirm('Pause'), /nightly-snapshots[\s\S]*no snapshots are made until it is resumed/i);
    await toast(/^Paused snapshot policy nightly-snapshots/).waitFor({ timeout: 15_000 });
    assert.deepEqual((await last('patchLifecyclePolicy')).body, { status: 'paused' });
    await expandTreeRow(page, cloud(), row('nightly-snapshots'), row('At 02:30'), 'cloud-walk');
    await screenshot(page, 'cloud-schedule');
    await contextMenu(row('At 02:30'), 'Remove Snapshot Schedule');
    assert.match(await confirm('Remove'), /the snapshots it makes stop being made/i);
    await toast(/^Removed schedule/).waitFor({ timeout: 15_000 });
    assert.deepEqual((await last('removeSchedules')).body, { schedule_ids: ['3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60'] });
    assert.deepEqual((await writes()).sort(), ['DELETE deleteSecret 1', 'PATCH patchLifecyclePolicy 1', 'POST removeSchedules 1']);
    await screenshot(page, 'cloud-policy');
  });

  it("opens a function's logs from its row, asking nothing", async () => {
    await expandTreeRow(page, cloud(), exactRow('Functions'), exactRow('default'), 'cloud-walk');
    await expandTreeRow(page, cloud(), exactRow('default'), row('hello-world'), 'cloud-walk');
    await contextMenu(row('hello-world'), 'Open Function Logs');
    await page.locator('.tab', { hasText: 'Logs: default/hello-world' }).waitFor({ timeout: 30_000 });
    assert.equal(await quickInput().isVisible(), false, 'nothing asked');
    const read = await last('getFunctionLogs');
    assert.match(read.path, /\/faas\/namespaces\/1\/1\/default\/functions\/hello-world\/logs/);
  });
});
