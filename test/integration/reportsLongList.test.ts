// Report Tasks with 2,308 tasks on the platform in a real VS Code: the first 1,000 rows at the
// root, each further thousand under a range row, each Load more redrawing one thing (the range it
// fills, or the roots when a range is added), each page of 100 asked once; a followed task's
// change redraws its row alone; a running task's re-read keeps the pages read and redraws nothing
// when nothing changed (the roots when a task went); Go to Report Task… reveals and selects a row,
// reading the view's pages up to it, and names the status filter that hides one.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { reportPickItem } from '../../src/features/reports/reportGoTo';
import type { ReportTaskNode } from '../../src/features/reports/reportTaskNode';
import type { TrackedReport } from '../../src/features/reports/model/reportTasks';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { treeProbe } from './support/treeProbe';
import { platformConsole } from './support/extension';
import { ManualClock } from './support/manualClock';
import { until } from './support/until';

const KEY = testKeys.simulator;
/** The five named statuses, three results, and 2,300 more. */
const TOTAL = 5 + 3 + 2300;
const n = (value: number) => value.toLocaleString('en-US');

describe('Report Tasks: a long list', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const clock = new ManualClock();
  const tree = () => ext.reports.tree;
  const probe = treeProbe(() => tree());
  const { label } = probe;
  const redrawsDuring = async (action: () => Promise<unknown>) => (await probe.redrawsDuring(action)).redrawn;
  const loadMore = async (parent: TreeNode | undefined) => probe.runMore((await tree().getChildren(parent)).at(-1)!);
  const reads = () => sim.requestCounts()['GET listReports'] ?? 0;
  const lastQuery = () => Object.values(sim.lastRequests('listReports'))[0]?.query ?? {};
  /** The task at `offset` of the account's list, newest first, as the pick shows it. */
  const taskAt = async (offset: number, status?: string): Promise<TrackedReport> => {
    const api = await ext.connections.api();
    const page = await api!.billing.listReports({ params: {}, query: { ordering: '-created_at', limit: 1, offset, ...(status ? { status } : {}) } as never });
    const task = page.results[0]!;
    return { uuid: task.uuid.toLowerCase(), addedAt: 0, snapshot: task };
  };
  const goTo = (task: TrackedReport, choose?: (message: string, actions: readonly string[]) => string | undefined) => {
    const { label: pick, description } = reportPickItem(task);
    const ui = new ScriptedUi([{ type: description, pick }], choose);
    ext.setUi(ui);
    return ui;
  };
  // By shape: the extension's classes are not the ones bundled with the tests.
  const selected = () => tree().view.selection.map((node) => (node as Partial<ReportTaskNode>).task?.uuid);

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, reportCount: 2300, seedTimeMs: Date.now() });
    // The running tasks' re-read on a clock moved by hand: nothing is read again unless a test says so.
    tree().listing.useClock(clock);
    connectionId = (await ext.connections.signIn('reports-long', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    await tree().listing.setStatus(undefined);
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    tree().listing.useClock(undefined);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('pages to 2,308 in ranges of a thousand, each Load more redrawing its range alone, each page asked once', async () => {
    const roots = await tree().getChildren();
    assert.equal(roots.length, 101, 'a page of 100 and Load more');
    const moreItem = await tree().getTreeItem(roots.at(-1)!);
    assert.deepEqual(
      [moreItem.label, moreItem.description, moreItem.tooltip],
      [`Load more (${n(TOTAL - 100)} more)`, `100 of ${n(TOTAL)} shown`, 'The next 100 report tasks'],
    );
    const first = await loadMore(undefined);
    assert.deepEqual(first.redrawn, [undefined], 'within the first thousand: the roots, once');
    assert.deepEqual([lastQuery().offset, lastQuery().limit, lastQuery().ordering], ['100', '100', '-created_at']);
    for (let i = 0; i < 8; i++) await loadMore(undefined);
    const crossing = await loadMore(undefined);
    assert.deepEqual(crossing.redrawn, [undefined], 'a range added: the roots');
    let rows = await tree().getChildren();
    assert.equal(rows.length, 1001, 'a thousand rows and one range');
    const range = rows.at(-1)!;
    assert.equal(await label(range), '1,001–1,100');
    const within = await loadMore(range);
    assert.deepEqual(within.redrawn, [range], 'within a range: that range alone');
    const inRange = await tree().getChildren(range);
    assert.equal(inRange.length, 201);
    assert.equal(inRange[0]!.parent, range);
    assert.equal((await tree().getChildren())[7], (await tree().getChildren())[7], 'the same node for the same row, redraw after redraw');
    for (let shown = 1200; shown < TOTAL; shown += 100) await loadMore((await tree().getChildren()).at(-1)!);
    rows = await tree().getChildren();
    assert.deepEqual(await Promise.all(rows.slice(1000).map(label)), ['1,001–2,000', `2,001–${n(TOTAL)}`]);
    assert.equal((await tree().getChildren(rows.at(-1)!)).length, TOTAL - 2000, 'the whole list read: no Load more');
    assert.equal(reads(), Math.ceil(TOTAL / 100) - 1, 'each page after the first asked once (the first was read before)');
  });

  it("a followed task's change redraws its row alone; a running task's re-read keeps the pages and redraws only what changed", async () => {
    await tree().getChildren();
    await loadMore(undefined);
    const completed = tree().nodeAt(tree().indexOf(SEEDED_REPORTS.Completed))!;
    const followed = await redrawsDuring(() =>
      ext.reports.store.add(connectionId, SEEDED_REPORTS.Completed, { snapshot: completed.task.snapshot, now: Date.now() }),
    );
    assert.deepEqual(followed, [completed], 'followed here: that row alone');
    const polled = await redrawsDuring(() => ext.reports.store.update(connectionId, SEEDED_REPORTS.Completed, { checkedAt: Date.now() + 1000 }));
    assert.deepEqual(polled, [completed], 'its status read again: that row alone');

    await vscode.commands.executeCommand('platformConsole.reportTasks.focus');
    await until('the view visible', () => tree().view.visible);
    /** The running tasks' next re-read: its requests and what it redrew. */
    const turn = async () => {
      const before = reads();
      const redrawn = await redrawsDuring(async () => {
        assert.equal(clock.advance(5000), 1, 'a re-read due');
        await tree().listing.ensure();
      });
      return { redrawn, reads: reads() - before };
    };
    const quiet = await turn();
    assert.deepEqual(quiet, { redrawn: [], reads: 1 }, 'nothing changed: nothing redrawn');
    assert.deepEqual([lastQuery().offset, lastQuery().limit], ['0', '100'], 'the first page');
    assert.equal(tree().listing.tasks.length, 200, 'the pages read are kept');
    const api = await ext.connections.api();
    await api!.billing.deleteReport({ params: { id: SEEDED_REPORTS.Cancelled } });
    const gone = await turn();
    assert.deepEqual(gone, { redrawn: [undefined], reads: 1 }, 'a task went: the roots, once');
    assert.equal(tree().listing.tasks.length, 199);
    assert.equal(tree().indexOf(SEEDED_REPORTS.Cancelled), -1);
    sim.reset();
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('Go to Report Task…: a row in hand, then one beyond the pages read (read up to it, one redraw), both revealed and selected', async () => {
    await tree().getChildren();
    const near = await taskAt(42);
    const ui = goTo(near);
    await vscode.commands.executeCommand('platformConsole.goToReportTask');
    await until('the row selected', () => selected()[0] === near.uuid);
    assert.equal(ui.prompts[0]?.title, 'Go to Report Task');
    assert.equal(ui.prompts[0]?.messages?.at(-1), `${n(TOTAL)} of ${n(TOTAL)} read`);
    assert.equal(lastQuery().limit, '100', 'the pick reads at the largest page');
    assert.equal(tree().listing.tasks.length, 100, 'in hand: no page read for it');

    const far = await taskAt(1500);
    const farUi = goTo(far);
    sim.resetRequests();
    const redrawn = await redrawsDuring(async () => vscode.commands.executeCommand('platformConsole.goToReportTask'));
    await until('the far row selected', () => selected()[0] === far.uuid);
    assert.equal(farUi.progressRuns.length, 1);
    assert.equal(farUi.progressRuns[0]!.cancellable, true);
    assert.equal(tree().listing.tasks.length, 1600, 'the view read its own pages up to it');
    assert.deepEqual(redrawn, [undefined], 'one redraw at the end');
    assert.equal(reads(), Math.ceil(TOTAL / 100) + 15, "the pick's pages and the view's 15, each once");
    assert.equal(await label(tree().view.selection[0]!.parent!), '1,001–1,600', 'revealed inside its range');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('Go to Report Task…: a task the status filter hides is named with that filter; Clear Filters reveals it', async () => {
    await tree().listing.setStatus('Failed');
    const done = await taskAt(0, 'Completed');
    const ui = goTo(done, (_message, actions) => actions[0]);
    await vscode.commands.executeCommand('platformConsole.goToReportTask');
    assert.deepEqual(ui.notifications[0], {
      severity: 'info',
      message: `${reportPickItem(done).label.split(' · ')[0]} (${done.uuid.slice(0, 8)}) is not shown: the view's filter status: Failed hides it`,
      actions: ['Clear Filters'],
    });
    await until('the row selected once the filter is cleared', () => selected()[0] === done.uuid);
    assert.equal(tree().listing.status, undefined);
    await vscode.commands.executeCommand('workbench.view.explorer');
  });
});
