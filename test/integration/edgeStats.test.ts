// An edge app's last hour in the Edge view (#55 item 4), inside the real VS Code: read only when
// the app's row is expanded (listing the apps reads none), once, and kept until Refresh; the
// figures are the simulator's statistics for the same window; a failed read is the view's error
// node with Retry; the account's app limit is said against the apps it has.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/ui/treeNodes';
import { RUN_NODE_ACTION } from '../../src/ui/treeNodes';
import { formatDuration, formatShare } from '../../src/features/edge/model/edgeLastHour';
import { startSimulator, type Simulator } from '../../simulator/index';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
/** hello-edge: the simulator's seeded history gives it 10 to 30 calls a minute. */
const APP = 101;
/** resize-draft, a draft: never called. */
const QUIET = 102;

describe('Edge view: an app’s last hour', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const edge = () => ext.edge;
  const reads = () => sim.requestCounts()['GET getEdgeCallStats'] ?? 0;

  const label = async (node: TreeNode) => {
    const item = await edge().getTreeItem(node);
    return {
      node,
      item,
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : undefined,
      tooltip: typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? ''),
    };
  };
  const rows = async (node?: TreeNode) => Promise.all((await edge().getChildren(node)).map(label));
  const at = async (name: string, under?: TreeNode) => {
    const all = await rows(under);
    const found = all.find((r) => r.label === name);
    assert.ok(found, `"${name}" is shown among ${all.map((r) => r.label).join(', ')}`);
    return found;
  };
  /** Expands the app's row as VS Code does: its children, then each child's item. */
  const expandApp = async (id = APP) => {
    const apps = await at('Apps');
    const app = (await rows(apps.node)).find((r) => r.item.id === `edge.listed.app.${id}`);
    assert.ok(app, `app ${id} is listed`);
    return rows(app.node);
  };
  const settledState = (id = APP) => until('the last hour read', () => edge().appStats.peek(id)?.status !== 'loading' && edge().appStats.peek(id));

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-stats', sim.url, KEY, 'platform')).id;
    for (const kind of ['client', 'app', 'template'] as const) for (const id of edge().pinned[kind]) await edge().unpin(kind, id);
  });
  beforeEach(async () => {
    sim.clearFaults();
    await edge().refreshPins();
    await edge().appStats.settled();
    sim.resetRequests();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('listing the apps reads no statistics; expanding one reads its last hour once, in the figures the simulator gives', async () => {
    const apps = await rows((await at('Apps')).node);
    assert.ok(apps.length > 1);
    assert.equal(reads(), 0, 'a row that is not expanded costs no request');

    const first = (await expandApp())[0]!;
    assert.equal(first.label, 'Last hour', 'the first detail, while it is read');
    assert.equal(first.description, 'reading calls…');
    const state = await settledState();
    assert.equal(state.status, 'ok');
    if (state.status !== 'ok') return;
    const w = state.series.window;
    assert.equal(w.step, 300);
    assert.equal(Date.parse(w.to) - Date.parse(w.from), 3_600_000);
    assert.deepEqual([reads(), sim.requestCounts()['GET getEdgeDurationStats']], [1, 1], 'two requests: calls per 5 minutes, durations for the hour');

    // The simulator's own statistics for the same window, asked by the test.
    const api = (await ext.connections.api())!;
    const calls = await api.edge.getEdgeCallStats({ params: {}, query: { from: w.from, to: w.to, step: 3600, id: APP } });
    const durations = await api.edge.getEdgeDurationStats({ params: {}, query: { from: w.from, to: w.to, step: 3600, id: APP } });
    const counts = calls.stats.flatMap((s) => s.count_by_status);
    const total = counts.reduce((a, c) => a + c.count, 0);
    const c5xx = counts.filter((c) => c.status >= 500).reduce((a, c) => a + c.count, 0);

    assert.ok(total > 0, 'the seeded history');
    const shown = (await expandApp())[0]!;
    assert.equal(shown.label, `${total.toLocaleString('en-US')} ${total === 1 ? 'call' : 'calls'} in the last hour`);
    const d = durations.stats[0]!;
    assert.equal(shown.description, `${formatShare(c5xx / total)} 5xx · p50 ${formatDuration(d.median!)} · p90 ${formatDuration(d.perc90!)}`);
    assert.equal(shown.item.accessibilityInformation?.label, `${shown.label}: ${shown.description!.split(' · ').join(', ')}.`);
    const [chart, byStatus] = await rows(shown.node);
    assert.equal(chart!.label, 'Calls per 5 minutes');
    assert.equal([...(chart!.description ?? '')].length, 12, 'one bar a slot');
    assert.match(chart!.item.accessibilityInformation?.label ?? '', /^Calls per 5 minutes from \d\d:\d\d to \d\d:\d\d UTC, oldest first: /);
    const resolved = edge().resolveTreeItem(chart!.item, chart!.node);
    const hover = typeof resolved.tooltip === 'string' ? resolved.tooltip : (resolved.tooltip?.value ?? '');
    assert.match(hover, /```text\n[·▁▂▃▄▅▆▇█]{12}\n/, 'the chart on hover');
    assert.match(hover, /\| From \(UTC\) \| Calls \| 5xx \|/, 'and its table');
    assert.match(byStatus!.description ?? '', new RegExp(`5xx ${c5xx.toLocaleString('en-US')}`));
    assert.ok(shown.tooltip.includes(`GET /fastedge/v1/stats/calls?from=${w.from}&to=${w.to}&step=300&id=${APP}`), shown.tooltip);
    assert.ok(shown.tooltip.includes(`GET /fastedge/v1/stats/app_duration?from=${w.from}&to=${w.to}&step=3600&id=${APP}`));

    // Collapsed and expanded again: what was read is kept.
    await expandApp();
    await expandApp();
    assert.equal(reads(), 1 + 1, 'no read of its own: only the test’s own request since');

    // Refresh reads again when the row is next expanded.
    await vscode.commands.executeCommand('platformConsole.refreshEdge');
    await expandApp();
    await settledState();
    assert.equal(reads(), 3);
  });

  it('an app without calls says so plainly; an app the statistics do not cover (another client’s, pinned) is a plain line', async () => {
    await expandApp(QUIET);
    assert.equal((await settledState(QUIET)).status, 'ok');
    const quiet = (await expandApp(QUIET))[0]!;
    assert.equal(quiet.label, 'No calls in the last hour');
    assert.equal(quiet.description, undefined);
    assert.equal(quiet.item.collapsibleState, vscode.TreeItemCollapsibleState.None);

    await edge().pin('app', [108]);
    const pinned = await at('free-tier-hello', (await at('Pinned apps')).node);
    await rows(pinned.node);
    assert.equal((await settledState(108)).status, 'notFound');
    const line = (await rows(pinned.node))[0]!;
    assert.equal(line.label, 'No call statistics for this app');
    assert.equal(line.description, 'not found (404)');
    await edge().unpin('app', 108);
  });

  it('a failed read is the view’s error node; Retry reads again', async () => {
    sim.setFault({ route: 'getEdgeCallStats', kind: 'status', status: 500 });
    await expandApp();
    assert.equal((await settledState()).status, 'error');
    const error = (await expandApp())[0]!;
    assert.equal(error.label, "Could not read the last hour's calls");
    assert.equal(error.item.contextValue, 'platformConsole.error', 'Retry and Show Log in its menu');
    assert.match(error.description ?? '', /HTTP 500/);
    sim.clearFaults();
    await vscode.commands.executeCommand(RUN_NODE_ACTION, error.node);
    assert.equal((await settledState()).status, 'ok');
    assert.equal(reads(), 2);
    assert.notEqual((await expandApp())[0]!.label, "Could not read the last hour's calls");
  });

  it('the account’s app limit is said against the apps it has', async () => {
    const api = (await ext.connections.api())!;
    const account = await api.edge.getEdgeAccount({ params: {} });
    const listed = await api.edge.listEdgeApps({ params: {}, query: { limit: 1 } });
    const limit = await at('App limit', (await at('FastEdge account')).node);
    const reached = listed.count! >= account.app_count! ? ' · limit reached' : '';
    assert.equal(limit.description, `${listed.count} of ${account.app_count} apps${reached}`);
    const hour = await at('This hour', (await at('FastEdge account')).node);
    assert.match(hour.tooltip, /publishes no call limit on the client/);
  });
});
