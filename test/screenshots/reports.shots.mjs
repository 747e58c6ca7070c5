// A screenshot walk, run by `npm run screenshots` only (never by `npm test`, #53): what it does
// is proven in the integration tier (docs/testing.md, "What left the UI tier"); it asserts as it
// goes so that no picture is taken of a broken screen.
// Report Tasks and a trial as a person meets them: open seeded reports by UUID (a bad one
// refused as typed), create one through the real input boxes and watch it go from Pending to
// Completed with a notification, expand a failed one; then a trial in the Markdown preview.
// Screenshots for the README: docs/screenshots/report-tasks.png and trial.png.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, resizeSidebar, restoreLayout, revealTreeRow, runCommand, screenshot, sidebarPane } from '../e2e/workbench.mjs';

const SEEDED = {
  InProgress: '6b1f0c9e-0002-4a6e-9c1d-000000000002',
  Completed: '6b1f0c9e-0003-4a6e-9c1d-000000000003',
  Failed: '6b1f0c9e-0004-4a6e-9c1d-000000000004',
  Cancelled: '6b1f0c9e-0005-4a6e-9c1d-000000000005',
};

describe('Report Tasks view and trials', () => {
  let browser;
  let page;
  /** Panes this test collapsed, opened again after (the layout outlives the page). */
  const collapsed = [];
  let sidebarWidth;
  before(async () => ({ browser, page } = await openWorkbench()));
  after(async () => {
    if (page) {
      // The seeded InProgress task never ends: stop following it.
      await row(/InProgress · 2026-04/)
        .click({ button: 'right' })
        .catch(() => undefined);
      await page
        .locator('.context-view .action-label', { hasText: 'Remove from List' })
        .click({ timeout: 5000 })
        .catch(() => undefined);
      await restoreLayout(page, { collapsed, sidebarWidth });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
    await browser?.close();
  });

  const pane = (name) => sidebarPane(page, name);
  const reports = () => pane('Report Tasks');
  const row = (text) => reports().locator('.monaco-list-row', { hasText: text }).first();
  /** Opens a collapsed row; a click that a redraw of the list (read again every 5 s while a task runs) swallowed is made again. */
  const expand = async (text) => {
    const open = async () => (await row(text).getAttribute('aria-expanded')) === 'true';
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await open()) return;
      await row(text).click();
      for (let i = 0; i < 30; i++) {
        if (await open()) return;
        await page.waitForTimeout(100);
      }
    }
    throw new Error(`the row ${text} did not open`);
  };
  const quickInput = () => page.locator('.quick-input-widget');
  const input = () => quickInput().locator('input');
  const pick = (label) => quickInput().locator('.monaco-list-row', { hasText: label }).first().click();

  async function openReport(uuid) {
    await runCommand(page, 'Platform Console: Open Report…');
    await quickInput().getByText('Report task UUID (a UUID').waitFor();
    await input().fill(uuid);
    await input().press('Enter');
    await quickInput().waitFor({ state: 'hidden' });
  }

  async function type(prompt, value) {
    await quickInput().getByText(prompt).first().waitFor();
    await input().fill(value);
    await input().press('Enter');
  }

  it("opens the Report Tasks view: the account's report tasks are listed with no prior action", async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await reports().waitFor();
    for (const name of ['Protection Profiles', 'Edge']) {
      const header = pane(name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    const header = reports().locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    await row(/Completed · 2026-04/).waitFor();
    sidebarWidth = await resizeSidebar(page, 620);
  });

  it('opens reports by UUID; a bad UUID is refused as typed', async () => {
    await runCommand(page, 'Platform Console: Open Report…');
    await quickInput().getByText('Report task UUID (a UUID').waitFor();
    await input().fill('6b1f0c9e-0003');
    await quickInput().getByText('Report task UUID: must be a UUID (8-4-4-4-12 hexadecimal digits)').waitFor();
    await input().fill(SEEDED.Completed);
    await input().press('Enter');
    await quickInput().waitFor({ state: 'hidden' });
    // Opened by UUID, a task is named by its `type` parameter: the template code is not in the answer.
    await reports()
      .locator('.monaco-list-row', { hasText: 'ResellerExpenses' })
      .getByText(/^Completed · 2026-04/)
      .first()
      .waitFor();
    // The completed one opens as a table too, and the new panel takes the focus: the next palette
    // waits for it (a quick input opened before the panel would close when the focus moves).
    await page
      .locator('.tab.active', { hasText: /^Report / })
      .first()
      .waitFor();
    for (const uuid of [SEEDED.Failed, SEEDED.Cancelled, SEEDED.InProgress]) await openReport(uuid);
    // Listed, though maybe below the pane's fold: the earlier test files' reports fill the list, and a tree draws only the rows in view.
    for (const status of [/InProgress · 2026-04/, /Failed · 2026-04/, /Cancelled · 2026-04/]) {
      const target = reports().locator('.monaco-list-row', { hasText: status });
      const shown = (await revealTreeRow(page, reports(), target)) || (await revealTreeRow(page, reports(), target, { up: true }));
      assert.ok(shown, `the ${status.source} task is listed`);
    }
    // The table (reportTable.e2e.mjs reads it) closed, so the trial's preview is the only webview.
    await runCommand(page, 'View: Close All Editors');
  });

  it('creates a report from the listed templates, its parameters offered: listed at once as Pending, then Completed with a notification', async () => {
    await runCommand(page, 'Platform Console: Create Report…');
    await quickInput().locator('.monaco-list-row', { hasText: 'Reseller statistics' }).waitFor();
    await pick('Reseller statistics');
    await quickInput().locator('.monaco-list-row', { hasText: 'date_from' }).first().waitFor();
    await pick('date_from');
    await type('date_from (date YYYY-MM-DD, required)', '2026-05-01');
    await quickInput().locator('.monaco-list-row', { hasText: 'date_to' }).first().waitFor();
    await pick('date_to');
    await quickInput().getByText('date_to (date YYYY-MM-DD, required)').first().waitFor();
    await input().fill('2026-04-30');
    await quickInput().getByText('date_to: must not be before date_from (2026-05-01)').waitFor();
    await input().fill('2026-05-31');
    await input().press('Enter');
    await pick('Continue to Summary');
    await quickInput().locator('.monaco-list-row', { hasText: 'Parameter date_to = 2026-05-31' }).waitFor();
    await pick('Create Report');
    await quickInput().waitFor({ state: 'hidden' });
    const created = reports().locator('.monaco-list-row', { hasText: 'ResellerStatistics' }).first();
    await created.getByText(/^(Pending|InProgress) · 2026-05/).waitFor({ timeout: 5000 });
    const toast = page.locator('.notifications-toasts').getByText(/^Report ResellerStatistics \([0-9a-f]{8}\) completed on /);
    await toast.waitFor({ timeout: 30_000 });
    await created.getByText(/^Completed · 2026-05/).waitFor();
    assert.ok(await page.locator('.notifications-toasts .monaco-button', { hasText: 'Show' }).count());
  });

  it('a failed task lists its errors, counted in the label', async () => {
    await runCommand(page, 'Notifications: Clear All Notifications');
    const failed = reports().locator('.monaco-list-row', { hasText: /Failed · 2026-04/ });
    if (!(await revealTreeRow(page, reports(), failed))) await revealTreeRow(page, reports(), failed, { up: true });
    await failed.first().click();
    await row('Processing notes: 1 error, 0 warnings').waitFor();
    await row('Errors (1)').waitFor();
    await reports()
      .getByText(/missing data for 2026-04 \(render_failed\)/)
      .waitFor();
    await expand('Parameters (4)');
    await row('date_to').waitFor();
    await page.mouse.move(5, 5);
    await page.waitForTimeout(500); // the palette and hovers fade out
    await screenshot(page, 'report-tasks');
  });

  it('shows a trial in the Markdown preview: remaining time in words, options with usage bars', async () => {
    // Picked from the account's trials (the list, not a typed id), narrowed by the quick pick's filter.
    await runCommand(page, 'Platform Console: Show Trial…');
    await quickInput().locator('.monaco-list-row', { hasText: 'CDN for Northwind Traders (client 501)' }).first().waitFor({ timeout: 30_000 });
    await input().fill('CDN for Northwind');
    await quickInput().locator('.monaco-list-row', { hasText: 'trial 401' }).first().waitFor();
    await input().press('Enter');
    await page.locator('.tabs-container .tab', { hasText: 'Trial 401.md' }).waitFor();
    const preview = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await preview.locator('h1', { hasText: 'Trial 401' }).waitFor({ timeout: 20_000 });
    await preview.getByText(/CDN for Northwind Traders: \d+ days?( \d+ hours?)? left/).waitFor();
    await preview.locator('table').getByText('███░░░░░░░ 31%').waitFor();
    // Raw JSON is one click away: the editor title's action.
    await page.locator('.editor-actions .action-label[aria-label="Show Raw JSON"]').waitFor();
    await page.mouse.move(5, 5);
    await page.waitForTimeout(500);
    await screenshot(page, 'trial');
    await page.locator('.editor-actions .action-label[aria-label="Show Raw JSON"]').first().click();
    await page.locator('.tabs-container .tab', { hasText: 'Trial 401.json' }).waitFor();
  });
});
