// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// The Protection Profiles view as a person uses it: the list with "Load more (50 more)", a name filter
// typed into the real input box (a too-long one refused as typed) shown in the view's header,
// a profile expanded (template, fields, networks), its context menu. Screenshot for the README.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expandTreeRow, openWorkbench, revealTreeRow, resizeSidebar, restoreLayout, runCommand, screenshot, sidebarPane } from '../e2e/workbench.mjs';

describe('Protection Profiles view', () => {
  let browser;
  let page;
  /** Panes this test folded, to open again after (the layout outlives the page). */
  const collapsed = [];
  let filtered = false;
  /** The sidebar's width before this test widened it for the screenshot. */
  let sidebarWidth;
  before(async () => ({ browser, page } = await openWorkbench()));
  after(async () => {
    if (page) {
      // The filter is remembered for the connection: the other UI tests expect the whole list.
      if (filtered) await runCommand(page, 'Protection Profiles: Clear Filters').catch(() => undefined);
      await restoreLayout(page, { collapsed, sidebarWidth });
    }
    await browser?.close();
  });

  const pane = (name) => sidebarPane(page, name);
  const profiles = () => pane('Protection Profiles');
  const rows = () => profiles().locator('.monaco-list-row');
  const quickInput = () => page.locator('.quick-input-widget');

  it('lists the profiles: 200 rows, then "Load more (50 more)"', async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await profiles().waitFor();
    for (const name of ['Edge', 'Report Tasks']) {
      const header = pane(name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    // The rows carry the shield icons: with networks, and crossed out without.
    await profiles().locator('.monaco-list-row .codicon-shield').first().waitFor({ timeout: 30_000 });
    // 200 profiles, the "Load more" row and the Templates group (the list is virtualized: only the visible rows are in the DOM).
    assert.equal(await rows().first().getAttribute('aria-setsize'), '202');
    await profiles().locator('.monaco-list').first().focus();
    await page.keyboard.press('End');
    await profiles().getByText('Load more (50 more)').waitFor();
    await page.keyboard.press('Home');
  });

  it('Filter by Name…: too long refused as typed; the filter shows in the view header', async () => {
    await runCommand(page, 'Protection Profiles: Filter by Name…');
    const input = quickInput().locator('input');
    await quickInput().getByText('Show the profiles whose name contains this text').waitFor();
    await input.fill('x'.repeat(256));
    await quickInput().getByText('Name filter: must be at most 255 characters').waitFor();
    await input.fill('web');
    await input.press('Enter');
    filtered = true;
    // Room for the description beside the title's actions (Create, Filter, Clear Filters, Refresh…).
    sidebarWidth = await resizeSidebar(page, 560);
    await profiles().locator('.pane-header').getByText("name ~ 'web'").waitFor();
    // The rows shown stay (under the progress bar) until the filtered answer replaces them.
    let labels = [];
    for (const end = Date.now() + 10_000; Date.now() < end; await page.waitForTimeout(100)) {
      // The profiles' rows: the Templates group after them is no profile.
      labels = (await rows().locator('.label-name').allInnerTexts()).filter((label) => label !== 'Templates');
      if (labels.length > 0 && labels.every((label) => /web/i.test(label))) break;
    }
    assert.ok(labels.length > 0, 'rows are shown');
    for (const label of labels) assert.match(label, /web/i);
  });

  it('expands a profile: template, field values, networks with IPv4/IPv6 icons; the context menu edits', async () => {
    // The first of the top rows with field values and both kinds of network (the seed is fixed).
    const base = process.env.PLATFORM_CONSOLE_BASE_URL;
    const answer = await fetch(`${base}/security/guard/v3/profiles/all?name=web`, {
      headers: { Authorization: `apikey ${process.env.PLATFORM_CONSOLE_E2E_KEY}` },
    });
    const list = await answer.json();
    const index = list.slice(0, 20).findIndex((p) => p.fields?.length && p.networks.some((n) => n.includes(':')) && p.networks.some((n) => n.includes('.')));
    assert.ok(index >= 0, 'the seed has such a profile near the top');
    const profile = rows().and(page.locator(`[aria-level="1"][aria-posinset="${index + 1}"]`));
    // The filtered answer has replaced the rows before the click (the row is that profile's).
    await profile.filter({ hasText: list[index].name }).waitFor();
    // IPv6 is the last child: when it is shown, so are the others (the list draws the rows in view).
    await expandTreeRow(page, pane('Protection Profiles'), profile, rows().filter({ hasText: 'IPv6' }).first(), 'profiles');
    await rows().filter({ hasText: 'Networks' }).first().waitFor();
    await rows().filter({ hasText: 'IPv4' }).first().waitFor();
    await rows().filter({ hasText: 'IPv6' }).first().waitFor();
    // Back up to the profile if reaching its last child scrolled it away (a short pane).
    await revealTreeRow(page, pane('Protection Profiles'), profile, { up: true });
    await rows().filter({ hasText: 'Fields' }).first().waitFor();
    await profile.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    for (const item of ['Rename…', 'Change Template…', 'Edit Fields…', 'Copy ID', 'Copy as JSON']) {
      await menu.getByRole('menuitem', { name: item }).waitFor();
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // Room for the description in the header, then the tooltip beside the row, clear of the children.
    sidebarWidth ??= await resizeSidebar(page, 560);
    const box = await profile.boundingBox();
    await page.mouse.move(box.x + box.width + 200, box.y + 300);
    await profile.hover({ position: { x: box.width * 0.7, y: box.height / 2 } });
    await page
      .locator('.monaco-hover')
      .getByText('Created')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/profiles-hover-debug.png' });
        throw error;
      });
    await screenshot(page, 'protection-profiles');
  });
});
