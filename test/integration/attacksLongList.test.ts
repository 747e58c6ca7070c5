// The DDoS Attacks view with 2,336 attacks in a real VS Code: the first 1,000 rows at the root,
// each further thousand under a range row, each Load more redrawing one thing (the range it fills,
// or the roots when a range is added), each page asked once with the range of the first; the
// minute's re-read asks one page and redraws only the rows whose words moved (none, or the ongoing
// attack as its duration grows), keeping the pages read; Go to Attack… reveals and selects a row,
// reading the view's pages up to it, and names the filter that hides one.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ONGOING_EVENT_ID, SEEDED_EVENT_COUNT } from '../../simulator/state/seedDdosEvents';
import { attackPickDescription } from '../../src/features/attacks/attackGoTo';
import type { AttackNode } from '../../src/features/attacks/attackNode';
import { attackRow, rowLabel, type AttackRow } from '../../src/features/attacks/model/attackRows';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { treeProbe } from './support/treeProbe';
import { platformConsole } from './support/extension';
import { ManualClock } from './support/manualClock';
import { until } from './support/until';

const KEY = testKeys.simulator;
const TOTAL = SEEDED_EVENT_COUNT + 2300;
const DEFAULT = { range: { kind: 'last', hours: 720 } } as const;

describe('DDoS Attacks view: a long list', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const tree = () => ext.attacks;
  const probe = treeProbe(() => tree());
  const { label } = probe;
  const redrawsDuring = async (action: () => Promise<unknown>) => (await probe.redrawsDuring(action)).redrawn;
  /** Runs the last row (Load more) of `parent` (undefined: the roots) and records the redraws meanwhile. */
  const loadMore = async (parent: TreeNode | undefined) => probe.runMore((await tree().getChildren(parent)).at(-1)!);
  const reads = () => sim.requestCounts()['GET listDdosEvents'] ?? 0;
  const lastQuery = () => Object.values(sim.lastRequests('listDdosEvents'))[0]?.query ?? {};
  /** The attack at `offset` of the account's list, newest first, as the platform lists it. */
  const attackAt = async (offset: number, query: Record<string, string> = {}): Promise<AttackRow> => {
    const api = await ext.connections.api();
    const first = lastQuery();
    const answer = await api!.security.listDdosEvents({
      params: {},
      query: { date_from: first.date_from, date_to: first.date_to, ordering: '-attack_start_time', limit: 1, offset, ...query },
    });
    return attackRow(answer.results[0]!);
  };
  // By shape: the extension's classes are not the ones bundled with the tests.
  const selected = () => tree().view.selection.map((n) => (n as Partial<AttackNode>).row?.id);

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, attackCount: 2300, seedTimeMs: Date.now() });
    connectionId = (await ext.connections.signIn('attacks-long', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    await tree().setFilters(DEFAULT);
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    tree().useClock(undefined);
    await tree().setFilters(DEFAULT);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('pages to 2,336 in ranges of a thousand, each Load more redrawing its range alone, each page asked once', async () => {
    const roots = await tree().getChildren();
    assert.equal(roots.length, 101, 'a page of 100 and Load more');
    const firstQuery = tree().pages.query;
    const moreItem = await tree().getTreeItem(roots.at(-1)!);
    assert.deepEqual(
      [moreItem.label, moreItem.description, moreItem.tooltip],
      ['Load more (2,236 more)', `100 of ${TOTAL.toLocaleString('en-US')} shown`, 'The next 100 attacks'],
    );
    // Within the first thousand: the roots once a page, and the Load more row as it starts.
    const first = await loadMore(undefined);
    assert.deepEqual(first.redrawn, [undefined]);
    const q = lastQuery();
    assert.deepEqual([q.offset, q.limit, q.date_from, q.date_to], ['100', '100', firstQuery.date_from, firstQuery.date_to], 'the same set, the next page');
    for (let i = 0; i < 8; i++) await loadMore(undefined);
    assert.equal((await tree().getChildren()).length, 1001, 'a thousand rows and Load more');
    const crossing = await loadMore(undefined);
    assert.deepEqual(crossing.redrawn, [undefined], 'a range added: the roots');
    let rows = await tree().getChildren();
    assert.equal(rows.length, 1001, 'a thousand rows and one range');
    const range = rows.at(-1)!;
    assert.equal(await label(range), '1,001–1,100');
    const within = await loadMore(range);
    assert.deepEqual(within.redrawn, [range], 'within a range: that range alone');
    assert.equal(await label(range), '1,001–1,200');
    const inRange = await tree().getChildren(range);
    assert.equal(inRange.length, 201);
    assert.equal(inRange[0]!.parent, range);
    assert.equal((inRange[0] as AttackNode).row.id, tree().rows[1000]!.id);
    // The same node for the same row, redraw after redraw: VS Code keeps its state.
    assert.equal((await tree().getChildren())[5], (await tree().getChildren())[5]);
    for (let shown = 1200; shown < TOTAL; shown += 100) await loadMore((await tree().getChildren()).at(-1)!);
    rows = await tree().getChildren();
    assert.deepEqual(await Promise.all(rows.slice(1000).map(label)), ['1,001–2,000', `2,001–${TOTAL.toLocaleString('en-US')}`]);
    assert.equal((await tree().getChildren(rows.at(-1)!)).length, TOTAL - 2000, 'the whole list read: no Load more');
    assert.equal(reads(), Math.ceil(TOTAL / 100) - 1, 'each page after the first asked once (the first was read before)');
  });

  it("the minute's re-read asks one page, keeps the pages read, and redraws only the rows whose words moved", async () => {
    const clock = new ManualClock();
    clock.advance(Date.now());
    tree().useClock(clock);
    try {
      await vscode.commands.executeCommand('platformConsole.attacks.focus');
      await until('the view visible', () => tree().view.visible);
      /** The schedule's next turn: its read and what it redrew. */
      const turn = async () => {
        await until('a re-read scheduled', () => tree().autoRefresh.scheduled && !tree().autoRefresh.refreshing);
        const before = { reads: reads(), auto: tree().autoReads };
        const redrawn = await redrawsDuring(async () => {
          clock.advance(60_000);
          await until('the re-read done', () => tree().autoReads > before.auto && !tree().autoRefresh.refreshing && tree().autoRefresh.scheduled);
        });
        return { redrawn, reads: reads() - before.reads };
      };
      // RTBH alerts only: none is going on, so nothing the rows say moves with time.
      await tree().setFilters({ ...DEFAULT, alertType: 'rtbh_alert' });
      await tree().getChildren();
      await loadMore(undefined);
      const shown = tree().rows.length;
      assert.equal(shown, 200);
      const quiet = await turn();
      assert.deepEqual(quiet.redrawn, [], 'nothing changed: nothing redrawn');
      assert.equal(quiet.reads, 1, 'one page asked');
      assert.deepEqual([lastQuery().offset, lastQuery().limit, lastQuery().alert_type], ['0', '100', 'rtbh_alert'], 'the newest page');
      assert.equal(tree().rows.length, shown, 'the pages read are kept');
      // Every type: the ongoing attack's duration grows a minute a turn; its row alone is redrawn.
      await tree().setFilters(DEFAULT);
      await tree().getChildren();
      const ongoing = tree().nodeAt(0)!;
      assert.equal(ongoing.row.id, ONGOING_EVENT_ID);
      await tree().getTreeItem(ongoing);
      const moving = await turn();
      assert.deepEqual(moving.redrawn, [ongoing], 'the ongoing attack alone');
      assert.equal(moving.reads, 1);
    } finally {
      tree().useClock(undefined);
      await vscode.commands.executeCommand('workbench.view.explorer');
    }
  });

  it('Go to Attack…: a row in hand, then one beyond the pages read (read up to it, one redraw), both revealed and selected', async () => {
    await tree().getChildren();
    const near = tree().rows[42]!;
    const ui = new ScriptedUi([{ type: attackPickDescription(near), pick: rowLabel(near) }]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.goToAttack');
    await until('the row selected', () => selected()[0] === near.id);
    assert.equal(ui.prompts[0]?.kind, 'search');
    assert.equal(ui.prompts[0]?.title, 'Go to Attack');
    assert.equal(ui.prompts[0]?.messages?.at(-1), `${TOTAL.toLocaleString('en-US')} of ${TOTAL.toLocaleString('en-US')} read`);
    assert.equal(lastQuery().limit, '500', 'the pick reads at the largest page');
    assert.equal(tree().rows.length, 100, 'in hand: no page read for it');

    const far = await attackAt(1500);
    const farUi = new ScriptedUi([{ type: attackPickDescription(far), pick: rowLabel(far) }]);
    ext.setUi(farUi);
    sim.resetRequests();
    const redrawn = await redrawsDuring(async () => vscode.commands.executeCommand('platformConsole.goToAttack'));
    await until('the far row selected', () => selected()[0] === far.id);
    assert.equal(farUi.progressRuns.length, 1);
    assert.equal(farUi.progressRuns[0]!.cancellable, true);
    assert.equal(tree().rows.length, 1600, 'the view read its own pages up to it');
    assert.deepEqual(redrawn, [undefined], 'one redraw at the end');
    assert.equal(reads(), Math.ceil(TOTAL / 500) + 15, "the pick's pages and the view's 15, each once");
    const node = tree().view.selection[0]!;
    assert.equal(await label(node.parent!), '1,001–1,600', 'revealed inside its range');
  });

  it('Go to Attack…: a row the view filter hides is named with that filter; Clear Filters reveals it', async () => {
    await tree().setFilters({ ...DEFAULT, alertType: 'rtbh_alert' });
    await tree().getChildren();
    const ddos = await attackAt(3, { alert_type: 'ddos_alert' });
    const ui = new ScriptedUi([{ type: attackPickDescription(ddos), pick: rowLabel(ddos) }], (_message, actions) => actions[0]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.goToAttack');
    assert.deepEqual(ui.notifications[0], {
      severity: 'info',
      message: `${rowLabel(ddos)} is not shown: the view's filter alert type: RTBH (blackhole) alert hides it`,
      actions: ['Clear Filters'],
    });
    await until('the row selected once the filters are cleared', () => selected()[0] === ddos.id);
    assert.equal(tree().filters.alertType, undefined);
  });
});
