// An edge app's log in a real VS Code against the simulator: opened from the Edge view's row with
// a request id typed in the filter pick (the simulator's request record shows every read carried
// it, and every line held is of that request), paging back through a range (offsets from one
// fixed point, no line twice, the start of the range reached), the palette's app picker, and a
// panel brought back after a reload with its filters.
import * as assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/ui/treeNodes';
import { panelOptions } from '../../src/ui/panelHost';
import { EMPTY_FILTER } from '../../src/protocol/logFilter';
import { LOGS_VIEW_TYPE, type EdgeAppLogsTarget } from '../../src/protocol/logs';
import type { LogLine } from '../../src/protocol/logItems';
import { edgeLineParts } from '../../src/protocol/edgeLineParts';
import { OPEN_LOGS_ITEM } from '../../src/features/logs/edgeAppLogsCommand';
import type { SeenRequest } from '../../simulator/requestLog';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { EXTENSION_ID, platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('Edge app logs', function () {
  this.timeout(90_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let seen: SeenRequest[] = [];
  let stopWatching: () => void;
  const logReads = () => seen.filter((r) => r.route === 'listEdgeAppLogs');
  const edgePanels = () => ext.logs.panels.filter((p) => p.target.kind === 'edgeApp');
  const lines = (panel: (typeof ext.logs.panels)[number]) => panel.items().filter((i): i is LogLine => i.kind === 'line');
  const config = () => vscode.workspace.getConfiguration('platformConsole.logs');

  const appRow = async (name: string): Promise<TreeNode> => {
    const roots = await ext.edge.getChildren();
    for (const r of roots) {
      if ((await ext.edge.getTreeItem(r)).label !== 'Apps') continue;
      for (const node of await ext.edge.getChildren(r)) if ((await ext.edge.getTreeItem(node)).label === name) return node;
    }
    throw new Error(`${name} is not listed`);
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-logs', sim.url, KEY)).id;
    await config().update('pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    stopWatching = sim.watchRequests((r) => void seen.push(r));
  });
  afterEach(() => {
    for (const panel of ext.logs.panels) panel.dispose();
    ext.setUi(undefined);
    seen = [];
  });
  after(async () => {
    stopWatching();
    await config().update('pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it("from the app's row with a request id typed: every read sends it, every line held is that request's", async () => {
    const newest = await (await ext.connections.api())!.edge.listEdgeAppLogs({ params: { app_id: 101 }, query: { limit: 1 } });
    const requestId = newest.logs![0]!.request_id!;
    await ext.edge.listing.reload();
    const ui = new ScriptedUi([{ pick: 'Request ID' }, requestId, { pick: OPEN_LOGS_ITEM }]);
    ext.setUi(ui);
    seen = [];
    await vscode.commands.executeCommand('platformConsole.openEdgeAppLogs', await appRow('hello-edge'));
    assert.equal(ui.prompts[0]!.active, OPEN_LOGS_ITEM, 'Enter opens at once');
    const panel = edgePanels()[0];
    assert.ok(panel, 'a panel opened');
    const target = panel.target as EdgeAppLogsTarget;
    assert.deepEqual([target.appId, target.appName, target.filters], [101, 'hello-edge', { rangeMinutes: 60, requestId }]);
    await until(() => lines(panel).length > 0 && logReads().length >= 2, 'two reads');
    for (const read of logReads()) {
      assert.equal(read.query.request_id, requestId, 'the request id is sent on every read');
      assert.equal(read.query.sort, 'desc');
      assert.ok(Date.parse(read.query.from!) > Date.now() - 61 * 60_000, 'the range starts an hour back');
    }
    const held = lines(panel);
    assert.ok(held.length >= 1 && held.length <= 4, `${held.length} lines`);
    for (const line of held) assert.equal(edgeLineParts(line.message)?.requestId, requestId);
    assert.match(panel.panel.title, /^Logs: edge app hello-edge$/);
  });

  it('pages back through the range from one fixed point: no line twice, to the start of the range', async () => {
    await config().update('limit', 1000, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('platformConsole.openEdgeAppLogs', {
        appId: 101,
        appName: 'hello-edge',
        filters: { rangeMinutes: 15, edge: 'ed-fra-01' },
      });
      const panel = edgePanels()[0]!;
      await until(() => lines(panel).length >= 1000, 'the newest page');
      let older = 0;
      while (panel.status().older?.more) {
        await panel.readOlder();
        assert.ok(++older < 20, 'ends');
      }
      const pages = logReads().filter((r) => r.query.to !== undefined);
      assert.ok(pages.length >= 2, `${pages.length} older pages`);
      assert.equal(new Set(pages.map((r) => r.query.to)).size, 1, 'every older page reads up to the same point');
      assert.equal(new Set(pages.map((r) => r.query.from)).size, 1, 'and from the same start');
      assert.deepEqual(
        pages.map((r) => Number(r.query.offset)),
        pages.map((_, k) => k * 1000),
      );
      assert.ok(pages.every((r) => r.query.edge === 'ed-fra-01'));
      const held = lines(panel);
      const keys = new Set(held.map((l) => `${l.timeText} ${l.pod} ${l.message}`));
      assert.equal(keys.size, held.length, 'no line twice');
      assert.ok(held.every((l) => l.pod === 'ed-fra-01'));
      const status = panel.status().older!;
      assert.equal(status.more, false);
      assert.equal(status.read, status.total, 'read back to the start of the range');
      assert.ok(Date.parse(held[0]!.timeText) >= Date.parse(pages[0]!.query.from!));
    } finally {
      await config().update('limit', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("the palette picks the app from the account's list; a saved panel comes back with its filters", async () => {
    const ui = new ScriptedUi([{ pick: 'hello-edge' }, { pick: OPEN_LOGS_ITEM }]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.openEdgeAppLogs');
    assert.equal(edgePanels().length, 1);
    assert.equal((edgePanels()[0]!.target as EdgeAppLogsTarget).appId, 101);
    edgePanels()[0]!.dispose();

    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const restored = vscode.window.createWebviewPanel(LOGS_VIEW_TYPE, 'Logs (restored)', vscode.ViewColumn.Active, {
      ...panelOptions(extensionUri),
      retainContextWhenHidden: true,
    });
    ext.logs.revive(restored, {
      filter: EMPTY_FILTER,
      utc: false,
      target: { kind: 'edgeApp', connectionId: ext.connections.active!.id, appId: 101, appName: 'hello-edge', filters: { rangeMinutes: 15, search: 'panic' } },
    });
    const panel = edgePanels()[0];
    assert.ok(panel, 'the panel came back');
    assert.deepEqual((panel.target as EdgeAppLogsTarget).filters, { rangeMinutes: 15, search: 'panic' });
    seen = [];
    await until(() => logReads().length > 0, 'a read');
    assert.equal(logReads()[0]!.query.search, 'panic');
    // A saved state with a filter past its bound is refused: nothing comes back.
    const bad = vscode.window.createWebviewPanel(LOGS_VIEW_TYPE, 'Logs (restored)', vscode.ViewColumn.Active, {
      ...panelOptions(extensionUri),
      retainContextWhenHidden: true,
    });
    let disposed = false;
    bad.onDidDispose(() => (disposed = true));
    ext.logs.revive(bad, {
      filter: EMPTY_FILTER,
      utc: false,
      target: { kind: 'edgeApp', connectionId: ext.connections.active!.id, appId: 102, appName: 'x', filters: { rangeMinutes: 7 } },
    });
    assert.equal(disposed, true);
  });
});
