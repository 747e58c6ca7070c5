// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// The sidebar as a person meets it: signed out with the welcome content, then signed in through
// the real Sign In input boxes against the simulator; screenshots of both for the README.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readManifest } from '../../scripts/harness/common.mjs';
import { openWorkbench, runCommand, screenshot } from '../e2e/workbench.mjs';

const { displayName, contributes = {} } = readManifest();
const activityBarEntries = contributes.viewsContainers?.activitybar ?? [];
const viewNames = contributes.views.platformConsole.map((v) => v.name);
const collapsedNames = contributes.views.platformConsole.filter((v) => v.visibility === 'collapsed').map((v) => v.name);

describe('Platform Console sidebar', () => {
  let browser;
  let page;
  before(async () => ({ browser, page } = await openWorkbench()));
  after(() => browser?.close());

  const sidebar = () => page.locator('.part.sidebar');
  const quickInput = () => page.locator('.quick-input-widget');

  it('opens on the workspace with the activity bar entries the manifest contributes', async () => {
    await page.locator('.explorer-folders-view').waitFor();
    for (const { title } of activityBarEntries) {
      await page.locator(`.activitybar .action-label[aria-label^="${title}"]`).waitFor();
    }
  });

  it(`lists ${displayName} among the installed extensions`, async () => {
    await runCommand(page, 'Extensions: Show Installed Extensions');
    await page.locator('.extension-list-item', { hasText: displayName }).first().waitFor();
  });

  it('connected to the simulator from the environment, without typing anything', async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    for (const name of viewNames) await sidebar().locator('.pane-header', { hasText: name }).waitFor();
    await sidebar().locator('.pane', { hasText: 'Protection Profiles' }).locator('.monaco-list-row .codicon-shield').first().waitFor(); // the profiles, loaded
    const host = new URL(process.env.PLATFORM_CONSOLE_BASE_URL).host;
    await page.locator('.statusbar-item', { hasText: host }).waitFor();
  });

  it('signed out: every view offers Sign In', async () => {
    await runCommand(page, 'Platform Console: Sign Out');
    await sidebar().locator('.welcome-view-content').first().waitFor();
    assert.equal(await sidebar().getByRole('button', { name: 'Sign In' }).count(), viewNames.length - collapsedNames.length);
    // A view collapsed by default (Cloud) offers it too once opened.
    for (const name of collapsedNames) await sidebar().locator('.pane-header', { hasText: name }).click();
    await sidebar()
      .locator('.welcome-view-content')
      .nth(viewNames.length - 1)
      .waitFor();
    assert.equal(await sidebar().getByRole('button', { name: 'Sign In' }).count(), viewNames.length);
    for (const name of collapsedNames) await sidebar().locator('.pane-header', { hasText: name }).click();
    await page.locator('.statusbar-item', { hasText: 'Sign in' }).waitFor();
    await screenshot(page, 'sidebar-signed-out');
  });

  it('signs in through the input boxes: name, URL, dialect, masked key, with Back', async () => {
    await sidebar().getByRole('button', { name: 'Sign In' }).first().click();
    const input = quickInput().locator('input');
    const step = (prompt) => quickInput().getByText(prompt).waitFor();
    await step('A name for this connection');
    await input.fill('simulator');
    await input.press('Enter');
    await step('Base URL of the platform API');
    await quickInput().getByRole('button', { name: 'Back' }).click();
    await step('A name for this connection');
    await input.fill('simulator');
    await input.press('Enter');
    await step('Base URL of the platform API');
    await input.fill('ftp://example.com');
    await quickInput().getByText('Base URL: must be an http:// or https:// URL').waitFor();
    await input.fill(process.env.PLATFORM_CONSOLE_BASE_URL);
    await input.press('Enter');
    // The dialect the URL implies is proposed (the simulator's address: the spec's paths).
    await quickInput().locator('input[placeholder*="Spec (from the URL)"]').waitFor();
    await quickInput().getByText('what the base URL implies').waitFor();
    await page.waitForTimeout(400); // the quick input fades in
    await screenshot(page, 'sign-in-dialect');
    await input.press('Enter');
    await step('API key for simulator');
    assert.equal(await input.getAttribute('type'), 'password', 'the key is typed masked');
    await input.fill(process.env.PLATFORM_CONSOLE_E2E_KEY);
    await input.press('Enter');
    await page.locator('.statusbar-item', { hasText: 'simulator' }).waitFor();
    await sidebar().locator('.pane', { hasText: 'Protection Profiles' }).locator('.monaco-list-row .codicon-shield').first().waitFor(); // the profiles, loaded
    await page.locator('.notifications-toasts').getByText('Signed in to simulator.').waitFor();
    // The pointer left on the title bar (the input box's Back was there) would show a tooltip.
    await page.mouse.move(900, 700);
    await page.waitForTimeout(300);
    await screenshot(page, 'sidebar-signed-in');
  });
});
