// A paged list in a picker, against the simulator: "Load more…" reads the next page and the pick
// reopens with every item read so far; no item once the last page is in; a spec-only server (no
// such list) goes straight to the typed box and is remembered; a 404 that may mean only an unknown
// parent is not remembered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { ListPages } from '../../src/platform/listPages';
import { PlatformLists } from '../../src/platform/platformLists';
import type { TrialItem } from '../../src/schema/billingLists';
import type { NotificationSetting } from '../../src/schema/iam';
import { pickFromList } from '../../src/ui/listPick';
import { runWizard } from '../../src/ui/wizard';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';

const KEY = 'list-pages-key-5c1e';

describe('a paged list in a picker', () => {
  let platform: Simulator;
  let spec: Simulator;
  const client = (sim: Simulator) => {
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: sim === spec ? 'spec' : 'platform', maxRetries: 0 }));
    return { api, lists: new PlatformLists(api) };
  };
  before(async () => {
    platform = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    spec = await startSimulator({ apiKey: KEY, dialect: 'spec' });
  });
  after(async () => {
    await platform.close();
    await spec.close();
  });

  const trialPicker = (sim: Simulator, ui: ScriptedUi, limit: number) => {
    const { api, lists } = client(sim);
    const pages = new ListPages<TrialItem>({
      lists,
      endpoint: 'listTrials',
      read: (offset) => api.billing.listTrials({ params: {}, query: { ordering: '-created_at', limit, offset } }),
    });
    const run = () =>
      runWizard<{ id?: number }>(
        {},
        {
          title: 'Show Trial',
          ui,
          steps: [
            {
              prompt: async (s, ctx) => {
                s.id = await pickFromList(ctx, {
                  noun: 'trial',
                  load: () => pages.first(),
                  missing: () => lists.isMissing('listTrials'),
                  more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => pages.shown() },
                  logError: () => undefined,
                  item: (t) => ({ label: `trial ${t.id}`, value: t.id }),
                  typed: async () => Number(await ctx.input({ prompt: 'Trial ID' })),
                });
              },
            },
          ],
        },
      );
    return { run, lists, pages };
  };

  it('Load more reads the next page; the pick reopens with all read so far, Load more gone after the last', async () => {
    const total = (await client(platform).api.billing.listTrials({ params: {}, query: { limit: 100 } })).results.length;
    assert.ok(total >= 2, 'the simulator seeds at least two trials');
    const more = '$(more) Load more…';
    const ui = new ScriptedUi(Array.from({ length: total - 1 }, () => more));
    const { run } = trialPicker(platform, ui, 1);
    // The last open: pick the newest trial (first in the list).
    ui.beforeAnswer = (prompt) => {
      if (ui.remainingAnswers === 0) ui.answer(prompt.items![0]!);
    };
    const reads = () => platform.requestCounts()['GET listTrials'] ?? 0;
    const before = reads();
    const done = await run();
    assert.equal(ui.prompts.length, total, 'one open per page');
    ui.prompts.forEach((prompt, i) => {
      const trials = prompt.items!.filter((l) => l.startsWith('trial '));
      assert.equal(trials.length, i + 1, `open ${i + 1} shows every trial read so far`);
      assert.equal(prompt.items!.includes(more), i < total - 1, i < total - 1 ? 'Load more while pages are left' : 'no Load more once every trial is in');
      assert.equal(prompt.items!.at(-1), '$(edit) Enter an ID…');
    });
    assert.equal(reads() - before, total, 'one read per page, none again');
    assert.equal(`trial ${done?.id}`, ui.prompts[0]!.items![0], 'the newest first, picked');
  });

  it('a spec-only server has no list: the typed box at once, and from then on without asking the server', async () => {
    const ui = new ScriptedUi(['403', '402']);
    const { run, lists } = trialPicker(spec, ui, 50);
    assert.equal((await run())?.id, 403);
    assert.equal(ui.prompts[0]?.kind, 'input');
    assert.equal(lists.isMissing('listTrials'), true);
    spec.resetRequests();
    assert.equal((await run())?.id, 402);
    assert.equal(spec.requestCounts()['GET listTrials'] ?? 0, 0);
  });

  it('a 404 that may mean only an unknown parent is not remembered when told so', async () => {
    const { api, lists } = client(platform);
    const settings = (resellerId: number) =>
      new ListPages<NotificationSetting>({
        lists,
        endpoint: 'listNotificationSettings',
        rememberMissing: false,
        read: (offset) => api.iam.listNotificationSettings({ params: { resellerId }, query: { offset } }),
      });
    assert.deepEqual(await settings(999_999).first(), { unavailable: true });
    assert.equal(lists.isMissing('listNotificationSettings'), false);
    const known = await settings(701).first();
    assert.ok('items' in known && known.items.length > 0, 'reseller 701 lists its settings');
  });
});
