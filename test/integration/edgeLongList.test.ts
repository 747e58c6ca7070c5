// An account with 2,304 edge apps in a real VS Code: the first 1,000 rows under Apps, each further
// thousand under a range row ("1,001–2,000"); each Load more redraws one thing (the range it fills,
// or Apps when a range is added) and keeps the rows built; a failed page is the list's tail with
// Retry. Go to Edge App…: the platform's name search, then the row selected in the view, read up to
// when it is beyond the pages in hand (one redraw), or said hidden by the view's filter. Disable and
// Delete change their rows in place: the pages in hand stay and the next page starts where it should.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { Cancel, PickItem, SearchPrompt } from '../../src/ui/flowUi';
import { isRunnable, type TreeNode } from '../../src/ui/treeNodes';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { treeProbe } from './support/treeProbe';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

/** Keeps the items a Go to… pick was last given (ScriptedUi records their labels only). */
class SeeingUi extends ScriptedUi {
  found: readonly PickItem<unknown>[] = [];
  override search<T>(p: SearchPrompt<T>): Promise<T | Cancel> {
    const find = async function* (this: SeeingUi, text: string, signal: AbortSignal) {
      for await (const found of p.find(text, signal)) {
        this.found = found.items;
        yield found;
      }
    };
    return super.search({ ...p, find: (text, signal) => find.call(this, text, signal) });
  }
}
/** 2,300 seeded apps and the account's own four (hello-edge, resize-draft, geo-redirect, kafka-logger). */
const TOTAL = 2304;

describe('Edge view: a long list of apps, and Go to Edge App…', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const edge = () => ext.edge;
  const item = (node: TreeNode) => Promise.resolve(edge().getTreeItem(node));
  const probe = treeProbe(() => edge());
  const { label, child } = probe;
  const appsRow = () => child(undefined, 'Apps');
  /** Records what the tree was asked to redraw while `work` runs. */
  const redraws = async (work: () => Promise<unknown>) => (await probe.redrawsDuring(work)).redrawn;
  /** Runs the last row (Load more) of `parent`, recording the redraws meanwhile. */
  const loadMore = async (parent: TreeNode) => probe.runMore((await edge().getChildren(parent)).at(-1)!);
  const selected = async () => Promise.all(edge().view.selection.map(label));

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, appCount: 2300 });
    connectionId = (await ext.connections.signIn('edge-long', sim.url, KEY)).id;
    for (const kind of ['client', 'app', 'template'] as const) for (const id of edge().pinned[kind]) await edge().unpin(kind, id);
  });
  beforeEach(async () => {
    sim.clearFaults();
    await edge().listing.setFilter({});
    await edge().listing.reload();
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    // Go to… showed the Edge view: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('pages to 2,304 in ranges of a thousand, each page redrawing its range alone, the rows kept', async () => {
    await edge().listing.reload();
    const apps = await appsRow();
    assert.equal((await item(apps)).description, '2,304');
    let rows = await edge().getChildren(apps);
    assert.equal(rows.length, 101);
    const more = await item(rows[100]!);
    assert.deepEqual([more.label, more.description, more.tooltip], ['Load more (2,204 more)', '100 of 2,304 shown', 'The next 100 apps']);
    const firstRow = rows[0]!;
    // Within the first thousand: its Load more as it starts, then Apps (its rows and Load more), once a page.
    const first = await loadMore(apps);
    assert.deepEqual(first.redrawn, [apps]);
    rows = await edge().getChildren(apps);
    assert.equal(rows[0], firstRow, 'a redraw builds no new row: VS Code keeps what it knows of each');
    assert.equal(rows.at(-1), first.more, 'one Load more row, kept');
    assert.equal(await label(first.more), 'Load more (2,104 more)');
    for (let i = 0; i < 8; i++) await loadMore(apps);
    rows = await edge().getChildren(apps);
    assert.equal(rows.length, 1001, 'a thousand rows and Load more');
    // The page that passes a thousand adds a range: Apps is redrawn.
    const crossing = await loadMore(apps);
    assert.deepEqual(crossing.redrawn, [apps]);
    rows = await edge().getChildren(apps);
    assert.equal(rows.length, 1001, 'a thousand rows and one range');
    const range = rows.at(-1)!;
    assert.equal(await label(range), '1,001–1,100');
    assert.equal(range.parent, apps);
    // Within the range: only the range is redrawn (its label grows with it).
    const within = await loadMore(range);
    assert.deepEqual(within.redrawn, [range]);
    assert.equal(await label(range), '1,001–1,200');
    const inRange = await edge().getChildren(range);
    assert.equal(inRange.length, 201);
    assert.equal(await label(inRange[0]!), 'app-01001');
    assert.equal(inRange[0]!.parent, range);
    for (let shown = 1200; shown < TOTAL; shown += 100) await loadMore((await edge().getChildren(apps)).at(-1)!);
    rows = await edge().getChildren(apps);
    assert.deepEqual(await Promise.all(rows.slice(1000).map(label)), ['1,001–2,000', '2,001–2,304']);
    const lastRange = await edge().getChildren(rows.at(-1)!);
    assert.equal(lastRange.length, 304, 'the whole list read: no Load more');
    assert.equal(await label(lastRange.at(-1)!), 'resize-draft');
    assert.equal(sim.requestCounts()['GET listEdgeApps'], 24, 'each page asked once');
  });

  it('a failed page is the tail of the list; its Retry runs the Load more again', async () => {
    const apps = await appsRow();
    sim.setFault({ route: 'listEdgeApps', kind: 'status', status: 500 });
    const failed = await loadMore(apps);
    assert.deepEqual(failed.redrawn, [apps]);
    let rows = await edge().getChildren(apps);
    assert.equal(rows.length, 101);
    const tail = rows.at(-1)!;
    assert.equal(await label(tail), 'Could not load more apps');
    assert.ok(isRunnable(tail));
    sim.clearFaults();
    const retried = await redraws(async () => tail.run());
    assert.deepEqual(retried, [apps]);
    rows = await edge().getChildren(apps);
    assert.equal(rows.length, 201);
    assert.equal(await label(rows.at(-1)!), 'Load more (2,104 more)');
  });

  it('Go to Edge App…: the platform searches the name; a row beyond the pages in hand is read up to, redrawn once and selected', async () => {
    const apps = await appsRow();
    const ui = new ScriptedUi([{ type: 'app-01500', pick: 'app-01500' }]);
    ext.setUi(ui);
    const read: Record<string, string>[] = [];
    const stop = sim.watchRequests((r) => void (r.route === 'listEdgeApps' && read.push(r.query)));
    const redrawn = await redraws(async () => vscode.commands.executeCommand('platformConsole.goToEdgeApp')).finally(stop);
    const search = ui.prompts[0]!;
    assert.equal(search.title, 'Go to Edge App (edge-long)');
    assert.deepEqual(search.items, ['app-01500']);
    // The search, then the view's own pages up to the row, at the list's largest page: 100 in hand, then 1,000 twice.
    assert.deepEqual(
      read.map((q) => [q.name, q.limit, q.offset]),
      [
        ['app-01500', '1000', undefined],
        [undefined, '1000', '100'],
        [undefined, '1000', '1100'],
      ],
    );
    assert.equal(ui.progressRuns[0]?.title, 'Reading the edge apps up to app-01500 (edge-long)');
    assert.ok(ui.progressRuns[0]?.cancellable);
    assert.deepEqual(redrawn, [apps], 'one redraw: Apps, where two ranges were added');
    assert.deepEqual(await selected(), ['app-01500']);
    const row = edge().view.selection[0]!;
    assert.equal(await label(row.parent!), '1,001–2,000');
    assert.equal(row.parent!.parent, apps);
    // The pages read are the view's: Load more goes on after them.
    const rows = await edge().getChildren(apps);
    const last = (await edge().getChildren(rows.at(-1)!)).at(-1)!;
    assert.equal(await label(last), 'Load more (204 more)');
  });

  it("Go to Edge App…: an item says the app's id, status and template; a row in hand is selected with no page read", async () => {
    const ui = new SeeingUi([{ type: 'app-00050', pick: 'app-00050' }]);
    ext.setUi(ui);
    const redrawn = await redraws(async () => vscode.commands.executeCommand('platformConsole.goToEdgeApp'));
    assert.deepEqual(
      ui.found.map((i) => [i.label, i.description]),
      [['app-00050', 'ID 10050 · enabled · Image Resizer']],
    );
    assert.deepEqual(await selected(), ['app-00050']);
    assert.equal(edge().view.selection[0]!.parent, await appsRow());
    assert.deepEqual(redrawn, [], 'nothing read, nothing redrawn');
    assert.equal(ui.progressRuns.length, 0);
    assert.equal(sim.requestCounts()['GET listEdgeApps'], 1, 'the search alone');
  });

  it('Disable and Delete change their rows in place: the pages in hand stay, the first page is not read again; a failed Delete changes nothing', async () => {
    const apps = await appsRow();
    for (let i = 0; i < 10; i++) await loadMore(apps);
    const range = (await edge().getChildren(apps)).at(-1)!;
    await loadMore(range);
    assert.equal(await label(range), '1,001–1,200');
    const inRange = await edge().getChildren(range);
    const disabling = inRange[149]!;
    assert.equal(await label(disabling), 'app-01150');
    sim.resetRequests();
    try {
      // Disable a row in the range: the app read again, its row alone redrawn.
      ext.setUi(new ScriptedUi([], (_m, buttons) => (buttons.includes('Disable') ? 'Disable' : undefined)));
      const disabled = await probe.redrawsDuring(async () => vscode.commands.executeCommand('platformConsole.disableEdgeApp', disabling));
      assert.equal(disabled.result, true);
      assert.deepEqual(disabled.redrawn, [disabling]);
      assert.equal(((await item(disabling)).iconPath as vscode.ThemeIcon).id, 'circle-slash');
      assert.equal((await edge().getChildren(range))[149], disabling, 'the same row, kept');
      assert.equal(sim.requestCounts()['GET listEdgeApps'], undefined, 'no page read again');
      assert.equal(sim.requestCounts()['GET getOwnEdgeApp'], 2, 'read to confirm, and again after');
      // A Delete the platform refuses: the list as it was, and the usual error.
      const deleting = (await edge().getChildren(apps))[149]!;
      assert.equal(await label(deleting), 'app-00150');
      sim.setFault({ route: 'deleteEdgeApp', kind: 'status', status: 500 });
      const refusedUi = new ScriptedUi(['app-00150']);
      ext.setUi(refusedUi);
      const refused = await probe.redrawsDuring(async () => vscode.commands.executeCommand('platformConsole.deleteEdgeApp', deleting));
      assert.equal(refused.result, false);
      assert.deepEqual(refused.redrawn, []);
      assert.ok(refusedUi.notifications.some((n) => n.severity === 'error' && /^Could not delete app edge app app-00150/.test(n.message)));
      assert.equal((await edge().getChildren(apps))[149], deleting);
      assert.equal(await label(range), '1,001–1,200');
      sim.clearFaults();
      // Delete a row of the first thousand: it leaves, the rows after it move up a place, the counts go down by one.
      ext.setUi(new ScriptedUi(['app-00150']));
      const deleted = await probe.redrawsDuring(async () => vscode.commands.executeCommand('platformConsole.deleteEdgeApp', deleting));
      assert.equal(deleted.result, true);
      assert.deepEqual(deleted.redrawn, [apps], 'Apps: its count and the rows after the one removed');
      const rows = await edge().getChildren(apps);
      assert.deepEqual(await Promise.all(rows.slice(148, 150).map(label)), ['app-00149', 'app-00151']);
      assert.equal(await label(rows[999]!), 'app-01001');
      assert.equal((await item(apps)).description, '2,303');
      assert.equal(await label(range), '1,001–1,199');
      const tail = (await edge().getChildren(range)).at(-1)!;
      assert.deepEqual([await label(tail), (await item(tail)).description], ['Load more (1,104 more)', '1,199 of 2,303 shown']);
      assert.equal(sim.requestCounts()['GET listEdgeApps'], undefined, 'no page read again');
      // The next page starts where the server's list now is: no app skipped, none twice.
      const read: Record<string, string>[] = [];
      const stop = sim.watchRequests((r) => void (r.route === 'listEdgeApps' && read.push(r.query)));
      await loadMore(range).finally(stop);
      assert.deepEqual(
        read.map((q) => q.offset),
        ['1199'],
      );
      const after = await edge().getChildren(range);
      assert.equal(after.length, 300);
      assert.deepEqual(await Promise.all(after.slice(198, 200).map(label)), ['app-01200', 'app-01201']);
    } finally {
      sim.reset();
    }
  });

  it("Go to Edge App…: an app the view's filter hides is said so; Clear Filters shows it", async () => {
    await edge().listing.setFilter({ status: 1 });
    let ui = new ScriptedUi([{ type: 'app-00004', pick: 'app-00004' }]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.goToEdgeApp');
    assert.deepEqual(
      ui.notifications.map((n) => [n.message, n.actions]),
      [["app-00004 is not shown: the view's filter (status: enabled) hides it", ['Clear Filters']]],
    );
    assert.equal(edge().listing.filterText(), 'status: enabled', 'dismissed: the filter stays');
    ui = new ScriptedUi([{ type: 'app-00004', pick: 'app-00004' }], (_message, actions) => (actions.includes('Clear Filters') ? 'Clear Filters' : undefined));
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.goToEdgeApp');
    assert.equal(edge().listing.filterText(), undefined);
    assert.deepEqual(await selected(), ['app-00004']);
  });
});
