// 2,300 protection profiles in a real VS Code: the first 1,000 rows as the view's roots, each further
// thousand under a range row ("1,001–2,000"), Templates after them; each Load more redraws one thing
// (the range it fills, or the roots when it adds a range), each page asked once; a deleted row
// redraws only what moved. Go to Protection Profile…: the platform searched by name, the row revealed
// and selected, the view's pages read up to a row not in hand (one redraw), a row a filter hides.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { ProfileNode } from '../../src/features/profiles/profileNodes';
import type { ProtectionProfile } from '../../src/schema/security';
import { isRunnable, type TreeNode } from '../../src/ui/treeNodes';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { treeProbe } from './support/treeProbe';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
const LIST = 'GET listProtectionProfilesPaged';
const GO_TO = 'platformConsole.goToProtectionProfile';

describe('Protection Profiles view: a long list', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let all: ProtectionProfile[];
  const tree = () => ext.profiles;
  const sent = () => sim.requestCounts()[LIST] ?? 0;
  const item = async (node: TreeNode) => tree().getTreeItem(node);
  const probe = treeProbe(() => tree());
  const { label } = probe;
  const roots = async () => {
    await tree().getChildren();
    await tree().settled();
    return tree().getChildren();
  };
  /** Records what the tree is asked to redraw while `work` runs (undefined: the roots). */
  const redraws = async (work: () => Promise<unknown>) => (await probe.redrawsDuring(work)).redrawn;
  /** Runs the Load more row, the last under `parent` but for Templates at the roots. */
  const loadMore = async (parent?: TreeNode) => probe.runMore((await tree().getChildren(parent)).at(parent ? -1 : -2)!);
  /** A profile whose name no other has, at `from` or after in the list's order (the pick chooses by label). */
  const uniqueAt = (from: number, below: number) => {
    const names = new Map<string, number>();
    for (const p of all) names.set(p.name ?? '', (names.get(p.name ?? '') ?? 0) + 1);
    const found = all.slice(from, below).find((p) => names.get(p.name ?? '') === 1);
    assert.ok(found, `a profile with a name of its own in rows ${from} to ${below}`);
    return found;
  };
  const selected = () => (tree().view.selection[0] as ProfileNode | undefined)?.profile?.id;

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, profileCount: 2300, seedTimeMs: Date.now() });
    connectionId = (await ext.connections.signIn('profiles-long', sim.url, KEY)).id;
    all = await (await ext.connections.api())!.security.listProtectionProfiles({ params: {}, query: {} });
  });
  after(async () => {
    ext.setUi(undefined);
    await tree().setFilters({ sort: [] });
    // The view was shown for the reveals: hidden again, so later files' loads are theirs alone.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('pages to 2,300 in ranges of a thousand, each Load more redrawing its range alone (or the roots when it adds one)', async () => {
    const first = await roots();
    assert.equal(first.length, 202, '200 rows, Load more, Templates');
    assert.equal(await label(first.at(-1)!), 'Templates');
    const moreItem = await item(first[200]!);
    assert.deepEqual(
      [moreItem.label, moreItem.description, moreItem.tooltip],
      ['Load more (2,100 more)', '200 of 2,300 shown', 'The next 200 protection profiles'],
    );
    const asked = sent();
    // Within the first thousand: the roots once (as it starts, only the view's progress bar).
    const page = await loadMore();
    assert.deepEqual(page.redrawn, [undefined]);
    assert.equal(page.more, first[200], 'one kept Load more');
    const again = await tree().getChildren();
    assert.equal(again[0], first[0], 'a redraw makes no new row');
    for (let i = 0; i < 3; i++) await loadMore();
    assert.equal((await tree().getChildren()).length, 1002, 'a thousand rows, Load more, Templates');
    // The page that passes a thousand adds a range: the roots are redrawn.
    const crossing = await loadMore();
    assert.deepEqual(crossing.redrawn, [undefined]);
    let top = await tree().getChildren();
    assert.equal(top.length, 1002, 'a thousand rows, one range, Templates');
    const range = top[1000]!;
    assert.deepEqual([await label(range), (await item(range)).description], ['1,001–1,200', 'protection profiles']);
    // Within the range: only the range is redrawn.
    const within = await loadMore(range);
    assert.deepEqual(within.redrawn, [range]);
    assert.equal(await label(range), '1,001–1,400');
    const inRange = await tree().getChildren(range);
    assert.equal(inRange.length, 401, '400 rows and Load more');
    assert.equal((inRange[0] as ProfileNode).profile.id, all[1000]!.id, "the list's 1,001st profile");
    assert.equal(inRange[0]!.parent, range);
    assert.equal(await label(inRange[400]!), 'Load more (900 more)');
    for (;;) {
      top = await tree().getChildren();
      const lastOne = top.at(-2)!;
      if (!isRunnable((await tree().getChildren(lastOne)).at(-1))) break;
      await loadMore(lastOne);
    }
    assert.deepEqual(await Promise.all(top.slice(1000).map(label)), ['1,001–2,000', '2,001–2,300', 'Templates']);
    const lastRange = await tree().getChildren(top[1001]);
    assert.equal(lastRange.length, 300, 'the whole list read: no Load more');
    assert.deepEqual(
      lastRange.map((n) => (n as ProfileNode).profile.id),
      all.slice(2000).map((p) => p.id),
    );
    assert.equal(sent() - asked, 11, 'each page asked once: 2,100 rows after the first page, 200 at a time');
    const ids = await Promise.all([...top, ...(await tree().getChildren(top[1000])), ...lastRange].map(async (n) => (await item(n)).id));
    assert.equal(new Set(ids).size, ids.length, 'every row id unique in the view');
  });

  it('a deleted profile redraws its range where it is in the last one, else the roots', async () => {
    const top = await tree().getChildren();
    assert.equal(top.length, 1003, 'the list read whole by the test before');
    const last = top[1001]!;
    const inLast = all[2100]!;
    const removedLast = await redraws(async () => tree().removeProfile(inLast.id));
    assert.deepEqual(removedLast, [last]);
    assert.equal(await label(last), '2,001–2,299');
    assert.equal((await tree().getChildren(last)).length, 299);
    const removedFirst = await redraws(async () => tree().removeProfile(all[5]!.id));
    assert.deepEqual(removedFirst, [undefined], 'every row after it moves up, across the ranges');
    assert.equal(await label(last), '2,001–2,298');
    assert.equal(((await tree().getChildren(top[1000]))[0] as ProfileNode).profile.id, all[1001]!.id, 'moved up into the range before');
  });

  it('Go to Protection Profile…: searched by name; the row revealed and selected, though the hidden view last drew another connection', async () => {
    // The workbench's tree keeps what it drew while hidden, and reveal looks for the row there.
    const other = await ext.connections.signIn('profiles-long-other', sim.url, KEY);
    await vscode.commands.executeCommand('platformConsole.protectionProfiles.focus');
    await until('the view shown', () => tree().view.visible);
    await tree().settled();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until('the view hidden', () => !tree().view.visible);
    await ext.connections.signOut(other.id);
    await ext.connections.switchTo(connectionId);
    await tree().ensureLoaded();
    const target = uniqueAt(10, 200);
    const name = target.name!;
    const ui = new ScriptedUi([{ type: name, pick: name }]);
    ext.setUi(ui);
    await vscode.commands.executeCommand(GO_TO);
    assert.equal(ui.prompts[0]?.title, 'Go to Protection Profile');
    assert.deepEqual(sim.lastRequests()[LIST]?.query, { name, limit: '100', offset: '0' }, 'the search: one page of names');
    await until('the row selected', () => selected() === target.id);
    assert.equal(tree().view.selection.length, 1);
  });

  it('Go to… a profile past the pages in hand: the view reads its pages up to it (the largest page), one redraw, then reveals it in its range', async () => {
    await tree().reload();
    const target = uniqueAt(2150, 2300);
    const name = target.name!;
    const ui = new ScriptedUi([{ type: name, pick: name }]);
    ext.setUi(ui);
    const asked = sent();
    const redrawn = await redraws(async () => vscode.commands.executeCommand(GO_TO));
    assert.deepEqual(
      ui.progressRuns.map((r) => [r.title, r.cancellable, r.messages.at(-1)]),
      [[`Reading protection profiles up to ${name}`, true, '2,300 of 2,300 read']],
    );
    assert.equal(sent() - asked, 2, 'the search and one page');
    assert.deepEqual(sim.lastRequests()[LIST]?.query, { limit: '10000', offset: '200' });
    assert.deepEqual(redrawn, [undefined], 'one redraw: the roots, with the ranges added');
    await until('the row selected', () => selected() === target.id);
    const node = tree().view.selection[0]!;
    assert.equal(await label(node.parent!), '2,001–2,300', 'revealed in its range');
    assert.equal((await tree().getChildren()).length, 1003, 'a thousand rows, two ranges, Templates');
  });

  it("Go to… a profile the view's filter hides: says which filter, and Clear Filters brings it and reveals it", async () => {
    const target = uniqueAt(0, 200);
    const name = target.name!;
    const other = target.client_id === 4 ? 5 : 4;
    await tree().setFilters({ clientId: other, sort: [] });
    const ui = new ScriptedUi([{ type: name, pick: name }], (_message, actions) => (actions.includes('Clear Filters') ? 'Clear Filters' : undefined));
    ext.setUi(ui);
    await vscode.commands.executeCommand(GO_TO);
    assert.deepEqual(
      ui.notifications.map((n) => [n.message, n.actions]),
      [[`${name} is not shown: the view's filter client ${other} hides it`, ['Clear Filters']]],
    );
    assert.deepEqual(tree().currentFilters, { sort: [] });
    await until('the row selected', () => selected() === target.id);
  });

  it('Go to… a name longer than the list takes: the pick says the rule, nothing is sent', async () => {
    const asked = sent();
    const ui = new ScriptedUi([{ type: 'x'.repeat(256), pick: 'anything' }]);
    ext.setUi(ui);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand(GO_TO)), /No item "anything"/);
    assert.deepEqual(ui.prompts[0]?.messages, ['could not search: Name: must be at most 255 characters']);
    assert.equal(sent(), asked, 'nothing sent');
  });
});
