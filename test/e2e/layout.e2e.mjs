// The panels at the widths people give them (a split editor, the Chat view beside it): about
// 1,200, 700 and 480 pixels of panel. The Price Preview keeps its price in view while the form is
// edited (the price column stays put side by side; in one column a bar holds the totals at the
// bottom, with a button to the breakdown); the Function Logs keep the newest line in view, and
// the details pane shows a line cut at the panel's edge whole (remembered by the panel).
// axe-core checks both pages at each width.
// Screenshots of both pages at 700 px.
/* global document, getComputedStyle, innerHeight, innerWidth, requestAnimationFrame -- code passed to evaluate() runs in the webview */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOGS_FN_PATH as fnPath, axeViolations, openFunctionLogs, openWorkbench, runCommand, screenshot, simControl, webviewFrame } from './workbench.mjs';

const WIDTHS = [1200, 700, 480];
const HEIGHT = 900;

/** How many lines the Function Logs page holds ("Showing … of N lines"). */
async function lineCount(app) {
  return Number(/of ([\d,]+) lines/.exec(await app.locator('[data-testid="counts"]').innerText())[1].replace(/,/g, ''));
}

/** Whether the element matching `selector` in the frame is drawn whole inside the frame's viewport. */
function inView(frame, selector) {
  return frame.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return { whole: false, why: 'not in the page' };
    const r = el.getBoundingClientRect();
    const whole = r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    return { whole, why: `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}x${innerHeight}` };
  }, selector);
}

describe('Panel widths: 1,200, 700 and 480 px', () => {
  let browser;
  let page;
  /** Window width minus the panel's width, measured once the panel is open. */
  let chrome;
  before(async () => {
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
  });
  after(async () => {
    await simControl(fnPath, { ratePerSecond: null }).catch(() => {});
    if (page) {
      await page.setViewportSize({ width: 1440, height: HEIGHT });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
    await browser?.close();
  });

  /** Resizes the window so that the open panel is `width` pixels wide; returns the frame's width. */
  async function panelWidth(frame, width) {
    if (chrome === undefined) chrome = 1440 - (await frame.evaluate(() => innerWidth));
    await page.setViewportSize({ width: width + chrome, height: HEIGHT });
    for (let i = 0; i < 50; i++) {
      const now = await frame.evaluate(() => innerWidth);
      if (Math.abs(now - width) <= 2) return now;
      await page.waitForTimeout(100);
    }
    return frame.evaluate(() => innerWidth);
  }

  it('Price Preview: the price in view at every width while the form is edited; the breakdown one click away', async () => {
    await runCommand(page, 'Platform Console: Preview Prices…');
    const frame = await webviewFrame(page, 'price-preview-app');
    const app = frame.locator('price-preview-app');
    const area = app.locator('[data-testid="price-area"]');
    for (const field of ['projectId', 'regionId']) {
      const select = app.locator(`[data-field="${field}"][data-picker="listed"] vscode-single-select`);
      await select.waitFor();
      if (!(await select.evaluate((s) => s.value))) {
        await select.locator('input.combobox-input').click();
        await select
          .getByRole('option', { name: field === 'projectId' ? /^production · ID 1$/ : /^Luxembourg-2 · ID 1/ })
          .first()
          .click();
      }
    }
    await area.and(app.locator('[data-state="priced"]')).waitFor();
    // A long form: three volumes and two interfaces more, so that it does not fit in the panel.
    for (let i = 0; i < 3; i++) await app.locator('[data-testid="add-volume"]').click();
    for (let i = 0; i < 2; i++) await app.locator('[data-testid="add-interface"]').click();
    for (let i = 0; i < 3; i++) await app.locator(`[data-field="volumes.${i}.size"] input`).fill(String(10 + i));
    await area.and(app.locator('[data-state="priced"]')).waitFor({ timeout: 10_000 });

    for (const width of WIDTHS) {
      const actual = await panelWidth(frame, width);
      assert.ok(Math.abs(actual - width) <= 2, `the panel is ${actual} px wide, asked for ${width}`);
      const oneColumn = await app.locator('.columns').evaluate((c) => getComputedStyle(c).gridTemplateColumns.split(' ').length === 1);
      assert.equal(oneColumn, width < 760, `${width} px: ${oneColumn ? 'one column' : 'two columns'}`);
      const price = oneColumn ? '[data-testid="price-bar"]' : '[data-testid="total-month"]';
      // At the top of the form, then with the last field of the form focused and typed into.
      await frame.evaluate(() => document.scrollingElement.scrollTo(0, 0));
      assert.ok((await inView(frame, price)).whole, `${width} px, top of the form: the price is in view (${(await inView(frame, price)).why})`);
      const last = app.locator('[data-field="volumes.2.typeName"] input');
      await last.focus();
      await last.fill(`standard`);
      const field = await inView(frame, '[data-field="volumes.2.typeName"] vscode-textfield');
      assert.ok(field.whole, `${width} px: the field being edited is in view (${field.why})`);
      if (oneColumn) {
        const [input, bar] = await Promise.all(
          ['[data-field="volumes.2.typeName"] vscode-textfield', '[data-testid="price-bar"]'].map((s) =>
            app.locator(s).evaluate((e) => e.getBoundingClientRect().toJSON()),
          ),
        );
        assert.ok(input.bottom <= bar.top + 1, `${width} px: the field is above the price bar, not under it (${input.bottom} > ${bar.top})`);
      }
      await area.and(app.locator('[data-state="priced"]')).waitFor({ timeout: 10_000 });
      const at = await inView(frame, price);
      assert.ok(at.whole, `${width} px, editing the last field: the price is in view (${at.why})`);
      if (oneColumn) {
        assert.match(await app.locator('[data-testid="price-bar-text"]').innerText(), /^€[\d,.]+ per month · €[\d,.]+ per hour$/);
        assert.equal(
          (await app.locator('[data-testid="price-bar-text"]').innerText()).split(' per month')[0],
          await app.locator('[data-testid="total-month"]').innerText(),
          'the bar shows the total of the price area',
        );
        await app.locator('[data-testid="to-breakdown"]').click();
        // Scrolled in the click's handler (scrollIntoView, not smooth): looked at until in view, up to 5 s.
        let totals = await inView(frame, '[data-testid="total-month"]');
        for (let i = 0; i < 50 && !totals.whole; i++) totals = await page.waitForTimeout(100).then(() => inView(frame, '[data-testid="total-month"]'));
        assert.ok(totals.whole, `${width} px: Breakdown brings the totals into view (${totals.why})`);
        if (width === 700) {
          await last.focus();
          await screenshot(page, 'price-preview-700');
        }
      } else {
        assert.equal(await app.locator('[data-testid="price-bar"]').isVisible(), false, 'no bar beside the price column');
      }
      const overflow = await frame.evaluate(() => document.scrollingElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 1, `${width} px: nothing wider than the panel (${overflow} px over)`);
      assert.deepEqual(await axeViolations(frame), [], `${width} px: axe-core finds nothing`);
    }
    await runCommand(page, 'View: Close All Editors');
  });

  it('Function Logs: the newest line in view at every width', async () => {
    await page.setViewportSize({ width: 1440, height: HEIGHT });
    await simControl(fnPath, { append: 500, ratePerSecond: 5 });
    await openFunctionLogs(page);
    const frame = await webviewFrame(page, 'function-logs-app');
    const app = frame.locator('function-logs-app');
    await app.locator('[data-testid="status"][data-state="following"]').waitFor();
    await app.locator('.row').nth(10).waitFor();
    for (const width of WIDTHS) {
      await panelWidth(frame, width);
      // A read lands at this width: the lines held grow past what they were once resized.
      const resizedAt = await lineCount(app);
      await frame.waitForFunction(
        ([s, n]) => Number(/of ([\d,]+) lines/.exec(document.querySelector(s)?.textContent ?? '')?.[1].replace(/,/g, '')) > n,
        ['[data-testid="counts"]', resizedAt],
        { timeout: 15_000 },
      );
      const newest = await frame.evaluate(() => {
        const rows = [...document.querySelectorAll('.row')];
        const last = rows.reduce((a, b) => (Number(b.dataset.pos) > Number(a.dataset.pos) ? b : a));
        const r = last.getBoundingClientRect();
        const list = document.querySelector('.viewport').getBoundingClientRect();
        const v = document.querySelector('.viewport');
        // What a failure needs to say: the list's offset and size, and whether it stopped following (the pill).
        return {
          pos: Number(last.dataset.pos),
          top: r.top,
          bottom: r.bottom,
          listBottom: list.bottom,
          height: innerHeight,
          scrollTop: v.scrollTop,
          scrollHeight: v.scrollHeight,
          clientHeight: v.clientHeight,
          pill: Boolean(document.querySelector('[data-testid="pill"]')),
        };
      });
      const shown = Number((await app.locator('[data-testid="counts"]').innerText()).match(/Showing ([\d,]+)/)[1].replace(/,/g, ''));
      assert.equal(newest.pos, shown - 1, `${width} px: the newest line is drawn`);
      assert.ok(
        newest.bottom <= newest.listBottom + 1 && newest.bottom <= newest.height,
        `${width} px: the newest line is inside the panel (${JSON.stringify(newest)})`,
      );
      // The toolbar: one line, nothing past the panel's edge; narrow, the rest folds into More Actions.
      const bar = await frame.evaluate(() => {
        const shown = [...document.querySelectorAll('.toolbar [data-testid]')].filter((e) => e.getBoundingClientRect().width > 0 && !e.closest('.menu'));
        const rects = shown.map((e) => e.getBoundingClientRect());
        // Lines: the tops of the toolbar's own controls (the toggles inside the filter field sit lower).
        const own = shown.filter((e) => !e.closest('vscode-textfield') || e.matches('vscode-textfield')).map((e) => Math.round(e.getBoundingClientRect().top));
        // Tops within a few pixels are one line (the icon-only button is shorter, centred).
        const lines = own.sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - all[i - 1] > 8).length;
        return { ids: shown.map((e) => e.dataset.testid), tops: own, lines, right: Math.max(...rects.map((r) => r.right)), width: innerWidth };
      });
      assert.ok(bar.right <= bar.width, `${width} px: no toolbar control past the panel's edge (${JSON.stringify(bar)})`);
      const narrow = width < 760;
      assert.equal(bar.ids.includes('more'), narrow, `${width} px: More Actions ${narrow ? 'shown' : 'hidden'} (${bar.ids})`);
      assert.equal(bar.ids.includes('export'), !narrow, `${width} px: Export… ${narrow ? 'folded' : 'in the toolbar'}`);
      for (const id of ['follow', 'filter', 'pods']) assert.ok(bar.ids.includes(id), `${width} px: ${id} stays in the toolbar`);
      if (width === 700) await screenshot(page, 'function-logs-700');
      if (narrow) assert.equal(bar.lines, 1, `${width} px: the toolbar on one line (${JSON.stringify(bar)})`);
      assert.deepEqual(await axeViolations(frame), [], `${width} px: axe-core finds nothing`);
    }

    // At 480 px a line is cut at the panel's edge; the details pane shows it whole, wrapped.
    // The tail stops first: a line arriving between the click and the reading would be "the last row".
    // Rate 0, not null: null puts the function back on the simulator's own rate (5 lines a
    // second), so the tail never stopped and its last line was never the newest drawn (#53).
    const { produced } = await simControl(fnPath, { ratePerSecond: 0 });
    // Until the page draws the simulator's last line as its newest: nothing newer can come.
    const [lastLine] = (await simControl(`${fnPath}?since=${produced - 1}`, undefined, 'GET')).logs;
    await frame.waitForFunction(
      (message) => {
        const rows = [...document.querySelectorAll('.row:not(.marker)')];
        const newest = rows.reduce((a, b) => (Number(b.dataset.pos) > Number(a?.dataset.pos ?? -1) ? b : a), undefined);
        return newest?.querySelector('.msg')?.textContent.trim().startsWith(message) ?? false;
      },
      lastLine.Message.trim().slice(0, 60),
      { timeout: 15_000 },
    );
    // The details toggle is in More Actions at this width, reached by the keyboard: Enter opens, arrows walk, Enter chooses.
    await app.locator('[data-testid="more"]').focus();
    await page.keyboard.press('Enter');
    const more = app.locator('.menu[aria-label="More Actions"]');
    await more.waitFor();
    assert.deepEqual(await axeViolations(frame), [], '480 px with More Actions open: axe-core finds nothing');
    await more.locator('.menu-item').first().focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await frame.evaluate(() => document.activeElement?.dataset.testid), 'more-details', 'Down moves to Details Pane');
    await page.keyboard.press('Enter');
    await app.locator('[data-testid="details-pane"]').waitFor();
    assert.equal(await more.count(), 0, 'the menu closes once an item is chosen');
    assert.equal(await frame.evaluate(() => document.activeElement?.closest('[data-testid]')?.dataset.testid), 'more', 'the keyboard is back on More Actions');
    // The pane took room from the list: it settles first (a follow scroll would move the rows under the mouse).
    await frame.evaluate(
      () =>
        new Promise((resolve) => {
          const list = document.querySelector('.viewport');
          let last = '';
          let same = 0;
          const look = () => {
            const now = `${list.scrollTop} ${list.scrollLeft} ${list.clientHeight} ${list.clientWidth}`;
            same = now === last ? same + 1 : 0;
            last = now;
            if (same >= 5) resolve();
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
    );
    // The longest line drawn whole in the list (rows are recycled as the list scrolls: it is found by its id).
    const target = await frame.evaluate(() => {
      const list = document.querySelector('.viewport').getBoundingClientRect();
      const whole = [...document.querySelectorAll('.row:not(.marker)')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= list.top && b.bottom <= list.bottom;
      });
      const length = (r) => r.querySelector('.msg')?.textContent?.length ?? 0;
      return whole.sort((a, b) => length(b) - length(a))[0]?.id;
    });
    assert.ok(target, 'a line drawn whole in the list');
    const row = app.locator(`[id="${target}"]`);
    await row.locator('.msg').click();
    // Drawn on the page's next update: waited for, and on failure the rows that are selected said.
    await app
      .locator(`[id="${target}"][aria-selected="true"]`)
      .waitFor({ timeout: 5000 })
      .catch(async () => {
        const selected = await frame.evaluate(() => [...document.querySelectorAll('.row[aria-selected="true"]')].map((r) => r.id));
        assert.fail(`the clicked row ${target} is selected (selected: ${JSON.stringify(selected)})`);
      });
    const cut = await row.evaluate((r) => r.querySelector('.msg').getBoundingClientRect().right > r.closest('.viewport').getBoundingClientRect().right);
    assert.ok(cut, 'the line is cut in the list at 480 px');
    const message = await row.locator('.msg').textContent();
    const pane = app.locator('[data-testid="details-message"]');
    assert.equal(await pane.textContent(), message, 'the details pane holds the whole line');
    assert.ok(
      await pane.evaluate((p) => p.scrollWidth <= p.clientWidth && p.getBoundingClientRect().bottom <= innerHeight),
      'wrapped inside the panel, nothing cut',
    );
    assert.deepEqual(await axeViolations(frame), [], '480 px with the details pane: axe-core finds nothing');
    // Remembered by the panel: a reloaded page opens it again.
    await runCommand(page, 'Developer: Reload Webviews');
    for (let i = 0; i < 100 && !frame.isDetached(); i++) await page.waitForTimeout(100);
    const reloaded = await webviewFrame(page, 'function-logs-app [data-testid="details-pane"]');
    assert.ok(await reloaded.locator('[data-testid="details"]').evaluate((b) => b.checked), 'the toggle is on after a reload');
    await reloaded.locator('[data-testid="more"]').click();
    assert.equal(await reloaded.locator('[data-testid="more-details"]').getAttribute('aria-checked'), 'true', 'More Actions shows Details Pane checked');
  });
});
