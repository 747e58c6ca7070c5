import { after, before, describe, it } from 'node:test';
import { readManifest } from '../../scripts/harness/common.mjs';
import { openWorkbench, runCommand, screenshot } from './workbench.mjs';

const { displayName, contributes = {} } = readManifest();
const activityBarEntries = contributes.viewsContainers?.activitybar ?? [];

describe('workbench under code-server', () => {
  let browser;
  let page;
  before(async () => ({ browser, page } = await openWorkbench()));
  after(() => browser?.close());

  it('opens on the workspace with the activity bar entries the manifest contributes', async () => {
    await page.locator('.explorer-folders-view').waitFor();
    for (const { title } of activityBarEntries) {
      await page.locator(`.activitybar .action-label[aria-label^="${title}"]`).waitFor();
    }
    await screenshot(page, 'workbench');
  });

  it(`lists ${displayName} among the installed extensions`, async () => {
    await runCommand(page, 'Extensions: Show Installed Extensions');
    await page.locator('.extension-list-item', { hasText: displayName }).first().waitFor();
  });
});
