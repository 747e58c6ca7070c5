// Accessibility of the webviews, checked by axe-core (every rule it runs by default, every
// impact) in the light, dark and high-contrast themes, each page in its main states: the Price
// Preview empty, filled and priced, with refused fields, after a failed request, comparing with a
// pin, on its load balancer tab; the Function Logs following with a filter, a row selected, the
// "N new lines" pill, the pods menu open, the error banner; the Report table loaded, then sorted
// and filtered with rows selected. One violation fails `npm test`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  LOGS_FN_PATH as fnPath,
  axeViolations,
  logsTab,
  openFunctionLogs,
  openWorkbench,
  runCommand,
  setColorTheme,
  simControl,
  webviewFrame,
} from './workbench.mjs';

const THEMES = [
  { name: 'Dark 2026', workbench: 'vs-dark', webview: 'vscode-dark' },
  { name: 'Dark High Contrast', workbench: 'hc-black', webview: 'vscode-high-contrast' },
  { name: 'Light High Contrast', workbench: 'hc-light', webview: 'vscode-high-contrast-light' },
  // Last: the theme the other UI tests and their screenshots expect.
  { name: 'Light 2026', workbench: 'vs', webview: 'vscode-light' },
];

describe('Accessibility (axe-core) of the webviews in light, dark and high-contrast themes', () => {
  let browser;
  let page;
  /** Every state checked, with what axe found there: reported together, so one run shows them all. */
  const found = [];
  let checked = 0;
  before(async () => {
    ({ browser, page } = await openWorkbench());
    await simControl('faults', undefined, 'DELETE');
    await simControl(fnPath, { append: 1500, ratePerSecond: 10 });
  });
  after(async () => {
    await simControl('faults', undefined, 'DELETE').catch(() => {});
    await simControl(fnPath, { ratePerSecond: null }).catch(() => {});
    if (page) {
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await setColorTheme(page, 'Light 2026', 'vs').catch(() => undefined);
    }
    await browser?.close();
  });

  async function check(frame, where) {
    checked++;
    const list = await axeViolations(frame);
    if (list.length) found.push(`${where}:\n    ${list.join('\n    ')}`);
  }

  for (const theme of THEMES) {
    describe(theme.name, () => {
      it('the theme is applied to the workbench and reaches the webviews', async () => {
        await setColorTheme(page, theme.name, theme.workbench);
      });

      it('Price Preview: empty, priced, refused fields, failed, compared, load balancer', async () => {
        await runCommand(page, 'Platform Console: Preview Prices…');
        await page.locator('.tab', { hasText: 'Price Preview' }).waitFor();
        const frame = await webviewFrame(page, `body.${theme.webview} price-preview-app`);
        const app = frame.locator('price-preview-app');
        const area = app.locator('[data-testid="price-area"]');
        await app.locator('[data-testid="tab-instances"]').waitFor();
        const state = () => area.getAttribute('data-state');
        const waitState = async (wanted) => {
          for (let i = 0; i < 100 && (await state()) !== wanted; i++) await page.waitForTimeout(100);
          assert.equal(await state(), wanted, `the price area shows ${wanted}`);
        };
        const fill = (field, value) => app.locator(`[data-field="${field}"] input, [data-field="${field}"] textarea`).first().fill(value);
        const picker = (field) => app.locator(`[data-field="${field}"][data-picker="listed"] vscode-single-select`);
        async function pick(field, name) {
          await picker(field).locator('input.combobox-input').click();
          await picker(field).getByRole('option', { name }).first().click();
        }

        // The first theme finds the form empty; later ones find the location of the first.
        await check(frame, `${theme.name} · Price Preview as opened`);
        await pick('projectId', /^production · ID 1$/);
        await pick('regionId', /^Luxembourg-2 · ID 1/);
        await waitState('priced');
        await check(frame, `${theme.name} · Price Preview priced`);

        await picker('flavor').locator('input.combobox-input').click();
        await check(frame, `${theme.name} · Price Preview with the flavor list open`);
        await page.keyboard.press('Escape');

        await app.locator('[data-testid="add-interface"]').click();
        const type = app.locator('[data-field="interfaces.1.type"] vscode-single-select');
        await type.locator('.select-face').click();
        await type.getByRole('option', { name: 'Subnet', exact: true }).click();
        await waitState('invalid');
        await check(frame, `${theme.name} · Price Preview with refused fields`);
        await app.locator('[data-testid="remove-interface-1"]').click();
        await waitState('priced');

        await simControl('faults', { route: 'previewInstancePrice', kind: 'status', status: 500, times: 5 });
        await fill('names', `web-${theme.workbench}`);
        await waitState('failed');
        await check(frame, `${theme.name} · Price Preview after a failed request`);
        await simControl('faults', undefined, 'DELETE');
        await runCommand(page, 'Notifications: Clear All Notifications');
        await area.getByRole('button', { name: 'Retry' }).click();
        await waitState('priced');

        await app.locator('[data-testid="pin"]').click();
        await app.locator('[data-testid="pinned-summary"]').waitFor();
        await fill('names', `web-1\nweb-2`);
        await app.locator('[data-testid="compare-total"]').filter({ hasText: /\d/ }).waitFor();
        await check(frame, `${theme.name} · Price Preview compared with a pin`);
        await app.locator('[data-testid="unpin"]').click();

        await app.locator('[data-testid="tab-loadBalancer"]').click();
        await app.locator('[data-testid="lb-form"]').waitFor();
        await waitState('priced');
        await check(frame, `${theme.name} · Price Preview, load balancer tab priced`);
        await app.locator('[data-testid="tab-instances"]').click();
      });

      it('Function Logs: following with a filter, a row selected, the new-lines pill, the pods menu, the error banner', async () => {
        // Opened once, through the input boxes; later themes come back to it by its tab.
        if (await logsTab(page).count()) await logsTab(page).click();
        else await openFunctionLogs(page);
        const frame = await webviewFrame(page, `body.${theme.webview} function-logs-app`);
        const app = frame.locator('function-logs-app');
        const byTest = (id) => app.locator(`[data-testid="${id}"]`);
        await byTest('status').and(app.locator('[data-state="following"]')).waitFor();
        await app.locator('.row').nth(5).waitFor();
        await check(frame, `${theme.name} · Function Logs following`);

        await byTest('filter').locator('input').fill('resize');
        await app.locator('.row .msg', { hasText: 'resize' }).first().waitFor();
        await app.locator('.row').nth(3).click();
        // The pointer on another row: its hover background is checked too.
        await app.locator('.row').nth(6).hover();
        await check(frame, `${theme.name} · Function Logs following with a filter, a row selected, another hovered`);
        await byTest('filter').locator('input').fill('');

        await byTest('viewport').evaluate((v) => (v.scrollTop = Math.floor(v.scrollHeight / 3)));
        await byTest('pill').waitFor();
        await check(frame, `${theme.name} · Function Logs with the new-lines pill`);
        await byTest('pill').click();

        await byTest('pods').click();
        await app.locator('.menu [data-pod]').first().waitFor();
        await check(frame, `${theme.name} · Function Logs with the pods menu open`);
        await page.keyboard.press('Escape');

        await simControl('faults', { route: 'getFunctionLogs', kind: 'status', status: 500, times: 2 });
        await byTest('banner').waitFor({ timeout: 30_000 });
        await check(frame, `${theme.name} · Function Logs with the error banner`);
        await simControl('faults', undefined, 'DELETE');
        await byTest('retry').click();
        await byTest('banner').waitFor({ state: 'detached', timeout: 30_000 });
        await runCommand(page, 'Notifications: Clear All Notifications');
      });

      it('Report table: loaded, then sorted and filtered with rows selected', async () => {
        const tab = page.locator('.tab', { hasText: /^Report .*\(6b1f0c9e\)/ });
        if (await tab.count()) await tab.first().click();
        else {
          await runCommand(page, 'Platform Console: Open Report…');
          const quick = page.locator('.quick-input-widget');
          await quick.getByText('Report task UUID (a UUID').waitFor();
          await quick.locator('input').fill('6b1f0c9e-0003-4a6e-9c1d-000000000003');
          await quick.locator('input').press('Enter');
        }
        const frame = await webviewFrame(page, `body.${theme.webview} report-table-app`);
        const app = frame.locator('report-table-app[data-state="done"]');
        await app.locator('.canvas .row').nth(3).waitFor();
        await check(frame, `${theme.name} · Report table loaded`);
        await app.locator('[role="columnheader"].num button').last().click();
        await app.locator('[data-testid="filter"] input').fill('a');
        await app.locator('.canvas .row').nth(1).click();
        await page.keyboard.press('Shift+ArrowDown');
        await app.locator('.canvas .row').nth(4).hover();
        await check(frame, `${theme.name} · Report table sorted, filtered, rows selected, another hovered`);
        await app.locator('[data-testid="filter"] input').fill('');
      });
    });
  }

  it('axe-core found no violation in any state of any theme', () => {
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
    assert.equal(checked, THEMES.length * 14, 'every state was checked');
  });
});
