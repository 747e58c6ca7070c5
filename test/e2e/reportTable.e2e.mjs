// A completed report opened from the Report Tasks view as a person does it (the row's inline
// Open Report action), its table read, sorted by a numeric column, filtered, rows selected by
// keyboard and copied. Screenshot for the README: docs/screenshots/report-table.png.
/* global ClipboardEvent, DataTransfer, document -- used inside evaluate(), in the page */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, resizeSidebar, restoreLayout, runCommand, screenshot, sidebarPane, webviewFrame } from './workbench.mjs';

describe('Report table', () => {
  let browser;
  let page;
  let frame;
  let app;
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

  const reports = () => sidebarPane(page, 'Report Tasks');
  const row = (text) => reports().locator('.monaco-list-row', { hasText: text }).first();
  const byTest = (id) => app.locator(`[data-testid="${id}"]`);
  const attr = (name) => app.getAttribute(`data-${name}`);
  const waitAttr = async (name, test, what) => {
    for (let i = 0; i < 150; i++) {
      if (test(await attr(name))) return;
      await page.waitForTimeout(100);
    }
    assert.fail(`${what}: data-${name} is ${await attr(name)}`);
  };
  /** The cells of the rows in the DOM, in order of their place. */
  let amount = -1;
  let amountName = '';
  const cells = (column) =>
    app
      .locator('.canvas .row')
      .evaluateAll(
        (rows, c) => rows.sort((a, b) => Number(a.dataset.pos) - Number(b.dataset.pos)).map((r) => r.children[c]?.textContent?.trim() ?? ''),
        column,
      );

  it('opens a completed report from the Report Tasks view: the table shows its rows, header and totals', async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await reports().waitFor();
    for (const name of ['Protection Profiles', 'Edge']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    const header = reports().locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    sidebarWidth = await resizeSidebar(page, 520);
    const completed = row(/Completed · 2026-04/);
    await completed.waitFor();
    await completed.hover();
    await completed.locator('.action-label[aria-label="Open Report"]').click();
    frame = await webviewFrame(page, 'report-table-app');
    app = frame.locator('report-table-app');
    await waitAttr('state', (s) => s === 'done', 'the whole result read');
    const loaded = Number(await attr('loaded'));
    assert.ok(loaded > 0, 'rows arrived');
    assert.equal(await attr('shown'), String(loaded));
    await app.locator('h1', { hasText: 'Report' }).waitFor();
    await byTest('facts').getByText('UUID').waitFor();
    const grid = byTest('grid');
    assert.equal(await grid.getAttribute('role'), 'grid');
    assert.equal(Number(await grid.getAttribute('aria-rowcount')), loaded + 2, 'rows, the header and the totals');
    assert.ok(Number(await attr('dom-rows')) < Math.min(loaded, 200), 'only the rows in view are in the DOM');
    // The first totalled column (amount, value, monthly_fee: the template decides).
    amount = Number(((await app.locator('[data-testid^="total-"]').first().getAttribute('data-testid')) ?? '').replace('total-', ''));
    assert.ok(amount > 0, 'the report has a totalled column');
    amountName = (await app.locator('[role="columnheader"]').nth(amount).textContent()).trim();
    assert.match((await byTest(`total-${amount}`).textContent()) ?? '', /\d/, 'the amount column is totalled');
    assert.equal(await byTest('total-0').count(), 0, 'client_id is numeric but not totalled');
    // A total sums every row, so it is wider than the cells the column was sized from: the column widens to show it whole.
    const cut = await app.evaluate((el) =>
      [...el.querySelectorAll('.totals .cell')].filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent.trim()),
    );
    assert.deepEqual(cut, [], 'no total or label cut off');
    assert.equal(
      await app
        .locator('.canvas .row')
        .first()
        .locator('.cell')
        .nth(amount)
        .evaluate((c) => c.ownerDocument.defaultView.getComputedStyle(c).textAlign),
      'right',
      'numbers right-aligned',
    );
  });

  it('sorts by a numeric column both ways, with the sort state on the header', async () => {
    const sort = byTest(`sort-${amount}`);
    await sort.click();
    const amountHeader = app.locator('[role="columnheader"]').nth(amount);
    assert.equal(await amountHeader.getAttribute('aria-sort'), 'ascending');
    const asc = (await cells(amount)).map((t) => Number(t.replace(/,/g, '')));
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => a - b),
      'ascending as numbers',
    );
    await sort.press('Enter');
    assert.equal(await amountHeader.getAttribute('aria-sort'), 'descending');
    const desc = (await cells(amount)).map((t) => Number(t.replace(/,/g, '')));
    assert.deepEqual(
      desc,
      [...desc].sort((a, b) => b - a),
      'descending as numbers',
    );
    await byTest('spoken').getByText(`Sorted by ${amountName}, descending.`).waitFor();
  });

  it('filters as plain text: the count and the totals follow the shown rows', async () => {
    const before = await byTest(`total-${amount}`).textContent();
    // The first row's longest text (a company name, most often), its ASCII letters upper-cased: the filter ignores case.
    const firstRow = await app.locator('.canvas .row[data-pos="0"] .cell:not(.num)').allTextContents();
    const product = firstRow.map((t) => t.trim()).sort((a, b) => b.length - a.length)[0];
    await byTest('filter')
      .locator('input')
      .fill(product.replace(/[a-z]/g, (c) => c.toUpperCase()));
    const loaded = Number(await attr('loaded'));
    await waitAttr('shown', (n) => Number(n) > 0 && Number(n) < loaded, 'the filter applied');
    const shown = Number(await attr('shown'));
    assert.ok(shown < Number(await attr('loaded')));
    const texts = await app.locator('.canvas .row').evaluateAll((rows) => rows.map((r) => r.textContent.toLowerCase()));
    for (const text of texts) assert.ok(text.includes(product.toLowerCase()), `${text} holds ${product}`);
    await byTest('counts')
      .getByText(new RegExp(`^${shown.toLocaleString('en-US')} of `))
      .waitFor();
    assert.notEqual(await byTest(`total-${amount}`).textContent(), before, 'totals over the shown rows');
    assert.deepEqual(
      await app.evaluate((el) => [...el.querySelectorAll('.totals .cell')].filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent.trim())),
      [],
      '"Total (shown rows)" whole',
    );
    await page.mouse.move(5, 5);
    await screenshot(page, 'report-table');
  });

  it('selects rows by keyboard and copies them (Ctrl+C)', async () => {
    await app.locator('.canvas .row').first().click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    assert.equal(await app.locator('.canvas .row[aria-selected="true"]').count(), 3);
    await page.keyboard.press('Control+c');
    await byTest('spoken').getByText('Copied 3 rows.').waitFor();
    await page.keyboard.press('End');
    const last = Number(await attr('shown')) - 1;
    await app.locator(`.canvas .row[data-pos="${last}"].active`).waitFor();
    await byTest('filter').locator('input').fill('');
  });

  it('keeps the row the keyboard moves to whole in view: below the sticky header, above the totals row', async () => {
    await app.locator('.canvas .row').first().click();
    await page.keyboard.press('Home');
    await app.locator('.canvas .row[data-pos="0"].active').waitFor();
    /** The active row's position and its margins to the header's bottom and the totals' top (negative: under them). */
    const placed = () =>
      app.evaluate((el) => {
        const row = el.querySelector('.canvas .row.active');
        const rect = row?.getBoundingClientRect();
        const head = el.querySelector('.head').getBoundingClientRect();
        const foot = el.querySelector('.totals').getBoundingClientRect();
        return { pos: Number(row?.dataset.pos ?? -1), top: rect ? rect.top - head.bottom : NaN, bottom: rect ? foot.top - rect.bottom : NaN };
      });
    // Past the last row in view by arrows, then back up past the first: each step's row shows whole.
    const steps = await app.evaluate((el) => Math.ceil(el.querySelector('.grid').clientHeight / 22) + 3);
    for (let i = 1; i <= steps; i++) {
      await page.keyboard.press('ArrowDown');
      await app.locator(`.canvas .row[data-pos="${i}"].active`).waitFor();
      const at = await placed();
      assert.ok(at.top >= -0.5 && at.bottom >= -0.5, `row ${i} whole after ArrowDown (${JSON.stringify(at)})`);
    }
    await page.keyboard.press('End');
    const last = Number(await attr('shown')) - 1;
    await app.locator(`.canvas .row[data-pos="${last}"].active`).waitFor();
    for (let i = 1; i <= steps; i++) {
      await page.keyboard.press('ArrowUp');
      await app.locator(`.canvas .row[data-pos="${last - i}"].active`).waitFor();
      const at = await placed();
      assert.ok(at.top >= -0.5 && at.bottom >= -0.5, `row ${last - i} whole after ArrowUp (${JSON.stringify(at)})`);
    }
  });

  it("answers the copy event desktop VS Code raises (Edit > Copy, macOS's Cmd+C menu): the selected rows as TSV, nothing else", async () => {
    // Desktop VS Code cannot run on this machine; its menu's Copy reaches a focused webview as a `copy` event in the
    // page (webview.copy(): execCommand('copy')), which is raised here as it would be, with the grid focused.
    await app.locator('.canvas .row').first().click();
    await page.keyboard.press('Home');
    await app.locator('.canvas .row[data-pos="0"].active').waitFor();
    await page.keyboard.press('Shift+ArrowDown');
    assert.equal(await app.locator('.canvas .row[aria-selected="true"]').count(), 2);
    const { copied, expected, cancelled } = await app.evaluate((el) => {
      const line = (row) => [...row.children].map((c) => c.getAttribute('title') ?? c.textContent.trim()).join('\t');
      const head = [...el.querySelectorAll('[role="columnheader"] .name')].map((n) => n.textContent.trim()).join('\t');
      const rows = [0, 1].map((p) => line(el.querySelector(`.canvas .row[data-pos="${p}"]`)));
      const event = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
      document.activeElement.dispatchEvent(event);
      return { copied: event.clipboardData.getData('text/plain'), expected: `${head}\n${rows.join('\n')}\n`, cancelled: event.defaultPrevented };
    });
    assert.equal(copied, expected);
    assert.ok(cancelled, 'the browser does not copy its own selection over the rows');
    await byTest('spoken').getByText('Copied 2 rows.').waitFor();
  });
});
