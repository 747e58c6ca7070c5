// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// The Edge view as a person uses it: the account's apps listed at once (screenshot), then pin
// other clients, apps and a template through the real input boxes (a bad id refused as typed),
// expand them, reveal an env value from its inline action, and the template's long description in
// the Markdown preview. Screenshots for the README.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expandTreeRow, openWorkbench, revealTreeRow, resizeSidebar, restoreLayout, runCommand, screenshot, sidebarPane } from '../e2e/workbench.mjs';

describe('Edge view', () => {
  let browser;
  let page;
  /** Panes this test collapsed and the sidebar's width, restored after (the layout outlives the page). */
  const collapsed = [];
  let sidebarWidth;
  before(async () => ({ browser, page } = await openWorkbench()));
  after(async () => {
    if (page) {
      await restoreLayout(page, { collapsed, sidebarWidth });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
    await browser?.close();
  });

  const pane = (name) => sidebarPane(page, name);
  const edge = () => pane('Edge');
  const row = (text) => edge().locator('.monaco-list-row', { hasText: text }).first();
  const quickInput = () => page.locator('.quick-input-widget');

  /** Runs an add command and types the id(s) into its box. */
  async function pin(command, prompt, ids) {
    await runCommand(page, command);
    await quickInput().getByText(prompt).waitFor();
    const input = quickInput().locator('input');
    await input.fill(ids);
    await input.press('Enter');
    await quickInput().waitFor({ state: 'hidden' });
  }

  it("opens the Edge view: the account's status, apps and templates, listed with no pin", async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await edge().waitFor();
    // Room for the Edge view: the other views fold (and open again after the test).
    for (const name of ['Protection Profiles', 'Report Tasks']) {
      const header = pane(name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    await row('FastEdge account').waitFor();
    sidebarWidth = await resizeSidebar(page, 560);
    await row('hello-edge')
      .getByText(/^enabled · Pro · template /)
      .waitFor();
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    await screenshot(page, 'edge-apps-listed');
    // Room for the pins below: the account's lists fold.
    await row('Apps').click();
  });

  it('pins clients through the input box; a bad id is refused as typed', async () => {
    await runCommand(page, 'Platform Console: Pin Edge Client by ID…');
    const input = quickInput().locator('input');
    await quickInput().getByText('ID of the edge client to pin').waitFor();
    await input.fill('0');
    await quickInput().getByText('Client ID: must be at least 1').waitFor();
    await input.fill('201, 204');
    await input.press('Enter');
    await quickInput().waitFor({ state: 'hidden' });
    await row('Client 201').getByText('enabled · Pro · app limit 20').waitFor();
    await row('Client 204').getByText('status 3 · Basic · app limit 5').waitFor();
  });

  it('pins apps and opens a template in the Markdown preview', async () => {
    await pin('Platform Console: Pin Edge App by ID…', 'ID of the edge app to pin', '101, 102, 105, 107');
    await row('hello-edge').getByText('enabled · Pro').waitFor();
    await row('busy-api').getByText('status 3 · Basic').waitFor();
    await pin('Platform Console: Open Edge Template…', 'ID of the edge template to open', '302');
    await row('Image Resizer').waitFor();
    await page.locator('.tabs-container .tab', { hasText: 'Image Resizer' }).waitFor();
    // The preview is a webview (nested frames): its heading is the template's own.
    const preview = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await preview.locator('h1', { hasText: 'Image Resizer' }).waitFor({ timeout: 20_000 });
    await preview.locator('table').getByText('ORIGIN_URL').waitFor();
  });

  it('expands a client and an app; env values show dots until Reveal Value', async () => {
    await expandTreeRow(page, edge(), row('Client 201'), row('Today (UTC day)').getByText('27,933 calls'), 'edge');
    // Collapsed again: its rows could push the app out of the pane's drawn rows (a virtual list).
    await revealTreeRow(page, edge(), row('Client 201'), { up: true });
    await row('Client 201').click();
    await row('Today (UTC day)').waitFor({ state: 'detached' });
    await expandTreeRow(page, edge(), row('hello-edge'), row('Environment variables'), 'edge');
    await expandTreeRow(page, edge(), row('Environment variables'), row('GREETING'), 'edge');
    const greeting = row('GREETING');
    await greeting.getByText('••••••••').waitFor();
    assert.equal(await edge().getByText('Hallo').count(), 0, 'no env value before Reveal Value');
    assert.ok(await revealTreeRow(page, edge(), row('Debug')), "the app's Debug row, below its variables");
    await row('Debug')
      .getByText(/^debugging until /)
      .waitFor();
    await revealTreeRow(page, edge(), greeting, { up: true });
    await runCommand(page, 'Notifications: Clear All Notifications');
    await quickInput().waitFor({ state: 'hidden' });
    await page.waitForTimeout(500); // the palette fades out
    await screenshot(page, 'edge');
    // Selected first: a selected row shows its inline buttons without the pointer on it, so a
    // redraw of the tree (the pinned clients are read again on a timer) cannot hide them (#53).
    await greeting.click();
    await greeting.locator('.action-label[aria-label="Reveal Value"]').click();
    await greeting.getByText('Hallo').waitFor();
    await greeting.locator('.action-label[aria-label="Hide Value"]').click();
    await greeting.getByText('••••••••').waitFor();
  });
});
