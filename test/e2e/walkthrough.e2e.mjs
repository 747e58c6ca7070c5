// The walkthrough's deploy step (#58 item 5), as a person meets it in the real workbench: *Get
// started with Platform Console* lists *Deploy an edge app*, whose button runs Deploy to Edge App…
// (its file pick opens, titled by the command), and the step is marked done once it ran (its
// completion event), whether or not a file was picked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, runCommand } from './workbench.mjs';

const WALKTHROUGH = 'Get started with Platform Console';
const STEP = 'Deploy an edge app';

describe('The walkthrough: Deploy an edge app', { timeout: 300_000 }, () => {
  let browser;
  let page;
  before(async () => {
    ({ browser, page } = await openWorkbench());
  });
  after(async () => {
    if (page) {
      await page.keyboard.press('Escape').catch(() => undefined);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
    await browser?.close();
  });

  const quickInput = () => page.locator('.quick-input-widget');
  const walkthrough = () => page.locator('.gettingStartedContainer');
  const step = () => walkthrough().locator('button.getting-started-step', { hasText: STEP }).first();

  it('opens on its steps, the deploy step among them', async () => {
    await runCommand(page, 'Open Walkthrough');
    await quickInput().locator('.monaco-list-row', { hasText: WALKTHROUGH }).first().click();
    await step().waitFor({ timeout: 30_000 });
    assert.match(String(await step().getAttribute('data-step-id')), /deployEdgeApp$/);
    assert.equal(await step().getAttribute('aria-checked'), 'false', 'not done before the command ran');
  });

  it('runs Deploy to Edge App… from its button (the file pick opens) and marks the step done', async () => {
    await step().click();
    await step().locator('.button-container .monaco-button', { hasText: 'Deploy to Edge App' }).click();
    // Under code-server the open dialog is the workbench's own file pick, titled by the command.
    await quickInput().locator('.quick-input-title', { hasText: 'Deploy to Edge App: pick a .wasm file' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await quickInput().waitFor({ state: 'hidden' });
    await walkthrough().locator('button.getting-started-step[aria-checked="true"]', { hasText: STEP }).waitFor({ timeout: 30_000 });
  });
});
