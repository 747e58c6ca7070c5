// An edge app's logs in the real workbench against the simulator, as a person reads them: Open App
// Logs… from the app's row in the Edge view (Enter on the filter pick opens the last hour), lines
// with their edge, client IP and request id as chips, Load Older Lines pages back (the simulator's
// record shows the older page's offset and fixed end), then the same command with a request id
// typed: the simulator's record shows it sent, every row is that request's, the details pane names
// it whole. axe finds nothing in the panel. Screenshot for the README.
/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  axeViolations,
  openWorkbench,
  restoreLayout,
  runCommand,
  screenshot,
  sidebarPane,
  simControl,
  transitionsDone,
  watchCsp,
  webviewFrame,
} from './workbench.mjs';

const number = (text) => Number(text.replace(/[^0-9]/g, ''));

describe('Edge app logs', () => {
  let browser;
  let page;
  let frame;
  let cspMessages = [];
  const collapsed = [];
  before(async () => {
    ({ browser, page } = await openWorkbench());
    cspMessages = watchCsp(page);
    await simControl('faults', undefined, 'DELETE');
  });
  after(async () => {
    if (page) {
      await restoreLayout(page, { collapsed });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
    await browser?.close();
  });

  const quickInput = () => page.locator('.quick-input-widget');
  const edge = () => sidebarPane(page, 'Edge');
  const appRow = () => edge().locator('.monaco-list-row', { hasText: 'hello-edge' }).first();
  const app = () => frame.locator('function-logs-app');
  const byTest = (id) => app().locator(`[data-testid="${id}"]`);
  const lastLogRead = async () => Object.values((await simControl('requests/last/listEdgeAppLogs', undefined, 'GET')).last)[0];
  const shownCount = async () => {
    const m = /Showing ([\d,]+) of ([\d,]+) lines/.exec(await byTest('counts').innerText());
    assert.ok(m);
    return { shown: number(m[1]), all: number(m[2]) };
  };
  /** The request ids the drawn rows show in full (their chips' titles). */
  const rowRequests = () => app().evaluate((el) => [...el.querySelectorAll('.row:not(.marker) .meta.req')].map((r) => r.title.replace(/^Request ID /, '')));

  /** Open App Logs… from hello-edge's context menu; `filters` typed into the filter pick first. */
  async function openFromRow(filters = []) {
    const item = page.locator('.context-view .monaco-menu').getByRole('menuitem', { name: 'Open App Logs…' });
    await appRow().click({ button: 'right' });
    await item.waitFor();
    // The menu takes clicks once it has settled: then the pointer over the item focuses it.
    await item.hover();
    await page.locator('.context-view .action-item.focused', { hasText: 'Open App Logs…' }).waitFor();
    await item.click();
    const input = quickInput().locator('input');
    for (const [label, value] of filters) {
      // Typed, as a person picks from a long list: the pick narrows to the filter's row.
      await quickInput().locator('.monaco-list-row', { hasText: 'Open Logs' }).first().waitFor();
      await input.fill(label);
      await quickInput().locator('.monaco-list-row', { hasText: label }).first().waitFor();
      await input.press('Enter');
      await quickInput()
        .getByText(label === 'Request ID' ? 'Request ID (every line of one request)' : label)
        .first()
        .waitFor();
      await input.fill(value);
      await input.press('Enter');
    }
    await quickInput().locator('.monaco-list-row', { hasText: 'Open Logs' }).first().waitFor();
    await page.keyboard.press('Enter');
    await quickInput().waitFor({ state: 'hidden' });
    await page.locator('.tab', { hasText: 'Logs: edge app hello-edge' }).waitFor();
  }

  it("opens from the app's row: the last hour, lines with edge, client IP and request id", async () => {
    await page.locator('.activitybar .action-label[aria-label^="Platform Console"]').click();
    await edge().waitFor();
    for (const name of ['Protection Profiles', 'Report Tasks']) {
      const header = sidebarPane(page, name).locator('.pane-header');
      if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        collapsed.push(name);
      }
    }
    await appRow().waitFor({ timeout: 60_000 });
    await simControl('requests', undefined, 'DELETE');
    await openFromRow();
    frame = await webviewFrame(page, 'function-logs-app');
    await byTest('server-filters').getByText('last hour').waitFor();
    await app().locator('.row .meta.req').first().waitFor({ timeout: 30_000 });
    const read = await lastLogRead();
    assert.equal(read.query.sort, 'desc');
    assert.ok(Date.now() - Date.parse(read.query.from) > 59 * 60_000, 'an hour back');
    // The newest page (and what following added since).
    assert.ok((await shownCount()).all >= 1000);
    const row = app().locator('.row:not(.marker)').last();
    assert.match(await row.locator('.pod').getAttribute('title'), /^ed-[a-z]{3}-\d\d$/);
    // The chip names the place, not only its number ("lon-01", not "01").
    assert.match(await row.locator('.pod [aria-hidden="true"]:not(.swatch)').first().innerText(), /^[a-z]{3}-\d\d$/);
    assert.match(await byTest('pods').innerText(), /All edges \(\d+\)/);
    assert.match(await row.locator('.meta.ip').getAttribute('title'), /^Client IP \d+\.\d+\.\d+\.\d+$/);
    assert.match(await row.locator('.meta.req').getAttribute('title'), /^Request ID [0-9a-f]{16}$/);
  });

  it('Load Older Lines pages back: 1,000 older than the oldest held, then the next 1,000 from the same fixed point', async () => {
    // Follow off, so the simulator's last read is the older page (the record keeps the last per route).
    await byTest('follow').click();
    await byTest('status')
      .getByText(/Paused/)
      .waitFor();
    const before = (await shownCount()).all;
    await byTest('load-older').click();
    await byTest('older')
      .getByText(/1,000 of [\d,]+ in the range read back/)
      .waitFor();
    await byTest('load-older').getByText('Load Older Lines').waitFor();
    const first = await lastLogRead();
    assert.equal(first.query.offset, '0');
    assert.ok(first.query.to, 'the older page reads up to a fixed point: the oldest line held');
    // The page reads up to the oldest line held, inclusive: that line may come again and is held once.
    const afterFirst = (await shownCount()).all;
    assert.ok(afterFirst >= before + 999 && afterFirst <= before + 1000, `one older page of 1,000: ${before} -> ${afterFirst}`);
    await byTest('load-older').click();
    await byTest('older')
      .getByText(/2,000 of [\d,]+ in the range read back/)
      .waitFor();
    const second = await lastLogRead();
    assert.equal(second.query.offset, '1000', 'the next page counts on from the same point');
    assert.equal(second.query.to, first.query.to);
    assert.equal((await shownCount()).all, afterFirst + 1000, 'the next page: 1,000 more, none held twice');
    await byTest('follow').click();
  });

  it("a request id typed in the filter pick is sent to the platform: every row is that request's", async () => {
    const requestId = (await rowRequests()).at(-1);
    assert.match(requestId, /^[0-9a-f]{16}$/);
    await simControl('requests', undefined, 'DELETE');
    await openFromRow([['Request ID', requestId]]);
    frame = await webviewFrame(page, 'function-logs-app');
    await byTest('server-filters').getByText(`request id ${requestId}`).waitFor();
    await app().locator('.row .meta.req').first().waitFor({ timeout: 30_000 });
    const read = await lastLogRead();
    assert.equal(read.query.request_id, requestId, "the simulator's record shows it sent");
    const shown = await rowRequests();
    assert.ok(shown.length >= 1 && shown.every((r) => r === requestId), JSON.stringify(shown));
    await app().locator('.row:not(.marker)').last().click();
    await byTest('details').click();
    await byTest('details-request').getByText(requestId).waitFor();
    assert.deepEqual(cspMessages, [], 'no CSP complaint');
    assert.deepEqual(await axeViolations(frame), [], 'axe finds nothing');
    await page.mouse.move(5, 5);
    await transitionsDone(frame);
    await screenshot(page, 'edge-app-logs');
    // The details pane stays as the panel's own setting: off again for the next test file.
    await byTest('details').click();
    assert.equal(
      await frame.evaluate(() => document.querySelector('function-logs-app')?.shadowRoot?.querySelector('[data-testid="details-pane"]') ?? null),
      null,
    );
  });
});
