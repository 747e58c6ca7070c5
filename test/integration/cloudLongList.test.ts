// A region with 2,300 secrets in a real VS Code: the first 1,000 rows under the group, each further
// thousand under a range row ("1,001–2,000"), and each Load more redraws one thing: the range it
// fills, or the group when a range is added (VS Code builds every row of what is redrawn again);
// then the ranges paged past fold, so the group's redraw does not read their rows again.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import testKeys from '../support/testKeys.json';
import { treeProbe } from './support/treeProbe';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

describe('Cloud view: a long list of secrets', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const cloud = () => ext.cloud;
  const probe = treeProbe(() => cloud());
  const { label, child } = probe;
  /** Runs the last row (Load more) of `parent` and records what the tree was asked to redraw meanwhile. */
  const loadMore = async (parent: TreeNode) => probe.runMore((await cloud().getChildren(parent)).at(-1)!);

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, secretCount: 2300, seedTimeMs: Date.now() });
    connectionId = (await ext.connections.signIn('cloud-long', sim.url, KEY)).id;
  });
  after(async () => {
    for (const key of ['projectId', 'regionId'])
      await vscode.workspace.getConfiguration('platformConsole.cloud').update(key, undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('pages to 2,300 in ranges of a thousand, each page redrawing its range alone', async () => {
    const region = await child(await child(undefined, 'sandbox'), 'Luxembourg-2');
    const group = await child(region, 'Secrets');
    assert.equal((await cloud().getChildren(group)).length, 101);
    // Within the first thousand: the group (its rows and Load more), once a page; nothing as it starts (the view's progress bar).
    const first = await loadMore(group);
    assert.deepEqual(first.redrawn, [group]);
    for (let i = 0; i < 8; i++) await loadMore(group);
    let rows = await cloud().getChildren(group);
    assert.equal(rows.length, 1001, 'a thousand rows and Load more');
    // The page that passes a thousand adds a range: the group is redrawn.
    const crossing = await loadMore(group);
    assert.deepEqual(crossing.redrawn, [group]);
    rows = await cloud().getChildren(group);
    assert.equal(rows.length, 1001, 'a thousand rows and one range');
    const range = rows.at(-1)!;
    assert.equal(await label(range), '1,001–1,100');
    assert.equal(range.parent, group);
    // Within the range: only the range is redrawn (its label grows with it).
    const within = await loadMore(range);
    assert.deepEqual(within.redrawn, [range]);
    assert.equal(await label(range), '1,001–1,200');
    const inRange = await cloud().getChildren(range);
    assert.equal(inRange.length, 201);
    assert.equal(await label(inRange[0]!), 'sandbox-secret-001001');
    assert.equal(inRange[0]!.parent, range);
    for (let shown = 1200; shown < 2300; ) {
      const last = (await cloud().getChildren(group)).at(-1)!;
      await loadMore(last);
      shown += 100;
    }
    rows = await cloud().getChildren(group);
    assert.deepEqual(await Promise.all(rows.slice(1000).map(label)), ['1,001–2,000', '2,001–2,300']);
    // The range paged past is folded under an id of its own (VS Code keeps an open one open); the last is open.
    const [paged, open] = await Promise.all(rows.slice(1000).map((node) => cloud().getTreeItem(node)));
    assert.equal(paged?.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.notEqual(paged?.id, (await cloud().getTreeItem(range)).id);
    assert.equal(open?.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.equal((await cloud().getChildren(rows[1000])).length, 1000, 'a folded range still holds its rows');
    const lastRange = await cloud().getChildren(rows.at(-1)!);
    assert.equal(lastRange.length, 300, 'the whole list read: no Load more');
    assert.equal(sim.requestCounts()['GET listSecrets'], 23, 'each page asked once');
  });
});
