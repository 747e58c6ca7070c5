// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// Create and Delete Protection Profile as a person does it, through the real input boxes: the
// name, the template picked, then each of its fields asked with its description (a bad value
// refused as typed, its message on screen, nothing sent), the summary confirmed; the new profile
// appears selected in the view. Then it is deleted from its context menu with its name typed; the
// row leaves the view; between the two, the DDoS Attacks view is read. Each step is proven from the simulator's record
// (each file starts on a freshly reset simulator: runE2e.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, restoreLayout, runCommand, screenshot, sidebarPane, simControl } from '../e2e/workbench.mjs';

const NAME = 'E2E Shop Shield';

describe('Create and Delete Protection Profile', () => {
  let browser;
  let page;
  const collapsed = [];
  let created;
  before(async () => {
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
    await simControl('requests', undefined, 'DELETE');
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
  const profiles = () => sidebarPane(page, 'Protection Profiles');
  const profileRow = () => profiles().locator('.monaco-list-row', { hasText: NAME }).first();
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

  async function pick(label) {
    await quickInput().locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout: 30_000 });
    await input().fill(label);
    await quickInput().locator('.monaco-list-row', { hasText: label }).first().waitFor();
    await input().press('Enter');
  }

  /** Waits for the box whose prompt starts with `prompt`; a bad value first (its refusal on screen, Enter keeps the box), then the value. */
  async function type(prompt, value, bad) {
    await quickInput().getByText(prompt).first().waitFor({ timeout: 30_000 });
    if (bad) {
      await input().fill(bad.value);
      const refusal = quickInput().getByText(bad.message);
      await refusal.first().waitFor();
      await input().press('Enter');
      await page.waitForTimeout(200);
      assert.ok(await refusal.first().isVisible(), `Enter on a refused ${prompt} keeps the box open with its message`);
      if (bad.screenshot) {
        await page.mouse.move(5, 5);
        await screenshot(page, bad.screenshot);
      }
    }
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

  it('creates a profile from a template: each field asked and checked as typed, the summary, one POST; the row selected in the view', async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await profiles().waitFor();
    for (const name of ['Edge', 'Report Tasks']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    await profiles().locator('.monaco-list-row .codicon-shield').first().waitFor({ timeout: 60_000 });
    await simControl('requests', undefined, 'DELETE');

    // The view title's + button.
    await profiles().locator('.pane-header').hover();
    await profiles().locator('.pane-header .action-label[aria-label="Create Protection Profile…"]').click();
    await type('Name (1 to 100 characters)', NAME, { value: 'x'.repeat(101), message: 'Name: must be at most 100 characters' });
    await pick('Service Shield');
    await type('Service label:', 'shop-api', { value: 'Shop API', message: 'Service label: must match ^[a-z][a-z0-9-]*$', screenshot: 'profile-create-field' });
    await type('Request threshold:', '7000', { value: '5', message: 'Request threshold: must be at least 10' });
    await type('Suspicion ratio:', '0.5', { value: '2', message: 'Suspicion ratio: must be at most 1' });
    await type('Challenge bots:', 'true', { value: 'maybe', message: 'Challenge bots: must be true or false' });
    await type('Action:', 'block', { value: 'drop', message: 'Action: must be one of block, challenge, log' });
    await type('Allowed addresses:', '203.0.113.7, 198.51.100.2', { value: '203.0.113.300', message: /^Allowed addresses: item 1/ });
    await type('Allowed networks:', '203.0.113.0/24', { value: '203.0.113.0/33', message: /^Allowed networks: item 1/ });
    await type('Note:', 'made in the UI test');
    assert.deepEqual(await writes(), [], 'nothing sent before the summary is confirmed');

    const asked = await confirm('Create');
    for (const line of [
      `Name: ${NAME}`,
      'Template: Service Shield (ID 7)',
      'Field 22: Service label = shop-api',
      'Field 23: Request threshold = 7000',
      'Field 27: Allowed addresses = 203.0.113.7, 198.51.100.2',
      'Field 29: Note = made in the UI test',
    ]) {
      assert.ok(asked.includes(line), `${line} in\n${asked}`);
    }
    const done = toast(new RegExp(`^Created protection profile "${NAME}" \\(ID (\\d+)\\)`));
    await done.waitFor({ timeout: 30_000 });
    created = Number(/\(ID (\d+)\)/.exec(await done.locator('.notification-list-item-message').innerText())[1]);
    assert.deepEqual(await writes(), ['POST createProtectionProfile 1']);
    assert.deepEqual((await last('createProtectionProfile')).body, {
      name: NAME,
      template_id: 7,
      fields: [
        { template_field_id: 22, value: 'shop-api' },
        { template_field_id: 23, value: 7000 },
        { template_field_id: 24, value: 0.5 },
        { template_field_id: 25, value: true },
        { template_field_id: 26, value: 'block' },
        { template_field_id: 27, value: ['203.0.113.7', '198.51.100.2'] },
        { template_field_id: 28, value: ['203.0.113.0/24'] },
        { template_field_id: 29, value: 'made in the UI test' },
      ],
    });
    await profileRow().waitFor({ timeout: 30_000 });
    assert.equal(await profileRow().getAttribute('aria-selected'), 'true', 'the new profile is selected in the view');
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    await screenshot(page, 'profile-create');
  });

  it("reads the account's attacks in the DDoS Attacks view: the ongoing one first and marked, the range sent to the server", async () => {
    await simControl('requests', undefined, 'DELETE');
    const attacks = sidebarPane(page, 'DDoS Attacks');
    const header = attacks.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const first = attacks.locator('.monaco-list-row').first();
    await attacks.locator('.monaco-list-row .codicon-flame').first().waitFor({ timeout: 60_000 });
    assert.equal(await first.locator('.codicon-flame').count(), 1, 'the ongoing attack is the first row');
    assert.match(await first.innerText(), /203\.0\.113\.10[\s\S]*ongoing/);
    assert.ok((await attacks.locator('.monaco-list-row').count()) > 5, 'the other attacks follow');
    const query = (await last('listDdosEvents')).query;
    assert.ok(query.date_from && query.date_to, `the time range is sent: ${JSON.stringify(query)}`);
    assert.equal(Date.parse(query.date_to) - Date.parse(query.date_from) > 29 * 86_400_000, true, 'the last 30 days by default');
    assert.deepEqual(await writes(), [], 'reading sends no change');
    await page.mouse.move(900, 600);
    await page.waitForTimeout(300);
    await screenshot(page, 'ddos-attacks');
    await header.click();
  });

  it('deletes it from its context menu with its name typed: one DELETE, the row leaves the view', async () => {
    assert.ok(created, 'created by the previous step');
    await runCommand(page, 'Notifications: Clear All Notifications');
    await simControl('requests', undefined, 'DELETE');
    await profileRow().click({ button: 'right' });
    const item = page.locator('.context-view .action-label', { hasText: 'Delete Protection Profile…' });
    await item.hover();
    await page.locator('.context-view .action-item.focused .action-label', { hasText: 'Delete Protection Profile…' }).waitFor();
    await page.keyboard.press('Enter');
    await quickInput()
      .getByText(/It protects no network; it is deleted for good; this cannot be undone\. Type its name/)
      .first()
      .waitFor({ timeout: 30_000 });
    await input().fill('E2E Shop');
    await quickInput().getByText(`Confirmation: type ${NAME} exactly`).first().waitFor();
    await input().fill(NAME);
    // Away from the rows, whose tooltips would cover the view.
    await page.mouse.move(900, 600);
    await page.waitForTimeout(300);
    await screenshot(page, 'profile-delete');
    await input().press('Enter');
    await toast(new RegExp(`^Deleted protection profile "${NAME}"`)).waitFor({ timeout: 30_000 });
    assert.deepEqual(await writes(), ['DELETE deleteProtectionProfile 1']);
    assert.match((await last('deleteProtectionProfile')).path, new RegExp(`/profiles/${created}$`));
    await profileRow().waitFor({ state: 'detached', timeout: 30_000 });
  });
});
