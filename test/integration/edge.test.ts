// The Edge view in a real VS Code against the simulator: pin clients, apps and templates by id
// (refusals named, a 404 refused on Enter), every status incl. unlisted ones, details with env
// values hidden until revealed, the template preview, Remove, a pin that now answers 404, a 500
// on one pin while the others load, pins per connection, and auto-refresh only while visible.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { formatLocalTime } from '../../src/features/edge/model/edgeDisplay';
import type { TreeNode } from '../../src/ui/treeNodes';
import { startSimulator, type Simulator } from '../../simulator/index';
import { DAY_MS, startOfUtcDay } from '../../simulator/timeFormat';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { ManualClock } from './support/manualClock';

const KEY = testKeys.simulator;
const HIDDEN = '••••••••';
const REFRESH_SETTING = 'refreshIntervalSeconds';
/** The simulator's seed day, read once: the debug time asserted below is that day's even when midnight passes mid-run. */
const SEED_TIME = startOfUtcDay(Date.now());

interface Row {
  node: TreeNode;
  label: string;
  description: string | undefined;
  contextValue: string | undefined;
  icon: string | undefined;
  tooltip: string;
  collapsible: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('Edge view', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const edge = () => ext.edge;
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;
  const config = () => vscode.workspace.getConfiguration('platformConsole.edge');

  const row = async (node: TreeNode): Promise<Row> => {
    const item = await edge().getTreeItem(node);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    const description = typeof item.description === 'string' ? item.description : undefined;
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
    return {
      node,
      label,
      description,
      contextValue: item.contextValue,
      icon,
      tooltip,
      collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
    };
  };
  const rows = async (node?: TreeNode): Promise<Row[]> => {
    const children = await edge().getChildren(node);
    return Promise.all(children.map(row));
  };
  /** The node at a label path: ['Apps', 'hello-edge', 'Template']. */
  const at = async (...path: string[]): Promise<Row> => {
    let current: Row | undefined;
    for (const label of path) {
      const found: Row | undefined = (await rows(current?.node)).find((r) => r.label === label);
      if (!found) throw new Error(`No "${label}" under ${current?.label ?? 'the root'}: ${(await rows(current?.node)).map((r) => r.label).join(', ')}`);
      current = found;
    }
    return current!;
  };
  const described = async (...path: string[]) => Object.fromEntries((await rows((await at(...path)).node)).map((r) => [r.label, r.description]));
  /** Every row of the tree, expanded, with its depth-first path. */
  const everything = async (node?: TreeNode, depth = 0): Promise<Row[]> => {
    const out: Row[] = [];
    for (const r of await rows(node)) {
      out.push(r);
      if (r.collapsible && depth < 6) out.push(...(await everything(r.node, depth + 1)));
    }
    return out;
  };
  const loaded = async () => {
    await edge().getChildren();
    for (const group of await rows()) await edge().getChildren(group.node);
    await edge().settled();
  };
  const add = async (command: string, ...answers: string[]) => {
    const ui = new ScriptedUi(answers);
    ext.setUi(ui);
    await vscode.commands.executeCommand(command);
    await edge().settled();
    return ui;
  };
  const unpinAll = async () => {
    const pins = edge().pinned;
    for (const kind of ['client', 'app', 'template'] as const) for (const id of pins[kind]) await edge().unpin(kind, id);
  };

  before(async () => {
    ext = await platformConsole();
    // A spec-only server: it lists nothing, so the view is the pins alone (the lists: edgeLists.test.ts).
    sim = await startSimulator({ apiKey: KEY, dialect: 'spec', seedTimeMs: SEED_TIME });
    connectionId = (await ext.connections.signIn('edge', sim.url, KEY)).id;
    // No timed re-read of the pins while requests are counted (the refresh test turns it on).
    await config().update(REFRESH_SETTING, 0, vscode.ConfigurationTarget.Global);
    await unpinAll();
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    await config().update(REFRESH_SETTING, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('signed in with nothing pinned: says how to start, with the three add actions', async () => {
    assert.equal(edge().activeConnectionId, connectionId);
    const roots = await rows();
    assert.deepEqual(
      roots.map((r) => r.label),
      ['Pin an edge app or client by id', 'Pin Edge Client by ID…', 'Pin Edge App by ID…', 'Open Edge Template…'],
    );
  });

  it('pins clients: bad ids refused with the field and the rule, an unknown one refused on Enter, each status shown', async () => {
    const ui = await add('platformConsole.addEdgeClient', '', '0', 'abc', '9007199254740992', '999', '201, 202 203,204');
    assert.deepEqual(ui.prompts[0]?.refusals, [
      'Client ID: must not be empty',
      'Client ID: must be at least 1',
      'Client ID: must be a positive whole number',
      'Client ID: must be at most 9007199254740991',
      'Client ID: no edge client 999 on edge (404)',
    ]);
    assert.equal(ui.prompts[0]?.title, 'Pin Edge Client by ID on edge');
    assert.deepEqual(edge().pinned.client, [201, 202, 203, 204]);
    assert.equal(sent('GET getEdgeClient'), 5, 'checked once on Enter, not fetched again to show');
    const clients = await rows((await at('Clients')).node);
    assert.deepEqual(
      clients.map((r) => [r.label, r.description, r.icon]),
      [
        ['Client 201', 'enabled · Pro · app limit 20', 'pass-filled'],
        ['Client 202', 'disabled · Free · app limit 2', 'circle-slash'],
        ['Client 203', 'suspended · Basic · app limit 5', 'debug-pause'],
        ['Client 204', 'status 3 · Basic · app limit 5', 'question'],
      ],
    );
    assert.match(clients[3]!.tooltip, /status 3: a value the API documentation does not list/);
    assert.deepEqual(await described('Clients', 'Client 201'), {
      'This hour': '1,284 calls',
      'Today (UTC day)': '27,933 calls',
      'This month (UTC calendar month)': '815,402 calls',
      'App limit': '20 apps',
      Plan: 'Pro (plan 3)',
      Networks: 'production, staging',
      Reseller: '701',
    });
    assert.deepEqual(await described('Clients', 'Client 201', 'Networks'), { production: 'default', staging: undefined });
    const stored = ext.globalStateSnapshot()[`platformConsole.edge.pins.${connectionId}`] as { client: number[] };
    assert.deepEqual(stored.client, [201, 202, 203, 204], 'pins persist under the connection id');
  });

  it('pins apps: every status (unlisted ones as "status N"), plan, and the details of each', async () => {
    await add('platformConsole.addEdgeApp', '101 102 103 104 105 106 107 108');
    await loaded();
    const apps = await rows((await at('Apps')).node);
    assert.deepEqual(
      apps.map((r) => [r.label, r.description, r.icon]),
      [
        ['hello-edge', 'enabled · Pro', 'pass-filled'],
        ['resize-draft', 'draft · Pro', 'edit'],
        ['geo-redirect', 'disabled · Pro', 'circle-slash'],
        ['old-landing', 'suspended · Basic', 'debug-pause'],
        ['busy-api', 'status 3 · Basic', 'question'],
        ['daily-report', 'status 4 · Basic', 'question'],
        ['kafka-logger', 'enabled · Pro', 'pass-filled'],
        ['free-tier-hello', 'enabled · Free', 'pass-filled'],
      ],
    );
    assert.ok(apps.every((r) => r.contextValue === 'platformConsole.edgePin.app.ok'));
    // The status a coloured icon shows is also what a screen reader hears.
    const spoken = await Promise.all(apps.slice(0, 5).map(async (r) => (await edge().getTreeItem(r.node)).accessibilityInformation?.label));
    assert.deepEqual(spoken, [
      'Edge app hello-edge, enabled, Pro',
      'Edge app resize-draft, draft, Pro',
      'Edge app geo-redirect, disabled, Pro',
      'Edge app old-landing, suspended, Basic',
      'Edge app busy-api, status 3, Basic',
    ]);

    const hello = await described('Apps', 'hello-edge');
    const debugUntil = new Date(SEED_TIME + 3 * DAY_MS);
    assert.deepEqual(hello, {
      URL: `${sim.url}/__apps/hello-edge-201`,
      Template: 'Hello World HTTP (301)',
      Client: '201',
      Binary: '4748',
      Plan: 'Pro (plan 3)',
      'API type': 'wasi-http',
      'Environment variables': '2',
      'Response headers': '2',
      Networks: 'production, staging',
      Secrets: '1',
      Stores: 'none',
      Debug: `debugging until ${formatLocalTime(debugUntil)}`,
      Comment: 'Smoke test app for the production network.',
    });
    assert.deepEqual(await described('Apps', 'hello-edge', 'Secrets'), { API_TOKEN: 'id 636 · name upstream-token · comment rotated monthly' });
    assert.deepEqual(await described('Apps', 'hello-edge', 'Response headers'), { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=60' });
    assert.deepEqual(await described('Apps', 'resize-draft', 'Stores'), { CACHE_STORE: 'id 126 · name resized-cache' });
    assert.match((await described('Apps', 'resize-draft')).Debug ?? '', /^debugging ended /, 'a past debug_until is not "debugging until"');
    const kafka = await at('Apps', 'kafka-logger', 'Log (deprecated)');
    assert.equal(kafka.description, 'kafka · deprecated');
    assert.match(kafka.tooltip, /deprecated/);
    assert.equal((await described('Apps', 'geo-redirect'))['Log (deprecated)'], 'none · deprecated');
    assert.equal((await described('Apps', 'hello-edge'))['Log (deprecated)'], undefined, 'no log field, no row');

    // The template an app runs expands to the template.
    assert.deepEqual(await described('Apps', 'hello-edge', 'Template'), {
      Name: 'Hello World HTTP',
      'API type': 'wasi-http',
      Owned: 'yes',
      'Short description': 'Answers every request with a greeting',
      Binary: '4748',
      Parameters: '3',
      'Preview long description': undefined,
    });
    assert.deepEqual(await described('Apps', 'hello-edge', 'Template', 'Parameters'), {
      GREETING: 'string · optional',
      LOG_LEVEL: 'enum · mandatory',
      API_TOKEN: 'secret · optional',
    });
  });

  it('env values stay hidden (labels, descriptions, tooltips) until Reveal Value; Copy URL copies the app URL', async () => {
    const all = await everything();
    const leaks = all.filter((r) => [r.label, r.description, r.tooltip].some((t) => t?.includes('Hallo') || t?.includes('images.example.com')));
    assert.deepEqual(
      leaks.map((r) => r.label),
      [],
      'no env value shows before Reveal Value',
    );
    const greeting = await at('Apps', 'hello-edge', 'Environment variables', 'GREETING');
    assert.equal(greeting.description, HIDDEN);
    assert.equal(greeting.contextValue, 'platformConsole.edgeEnv.hidden');
    await vscode.commands.executeCommand('platformConsole.revealEdgeEnvValue', greeting.node);
    const shown = await row(greeting.node);
    assert.equal(shown.description, 'Hallo');
    assert.equal(shown.contextValue, 'platformConsole.edgeEnv.revealed');
    assert.doesNotMatch(shown.tooltip, /Hallo/);
    assert.equal((await at('Apps', 'hello-edge', 'Environment variables', 'LOG_LEVEL')).description, HIDDEN, 'one value revealed, not all');
    await vscode.commands.executeCommand('platformConsole.hideEdgeEnvValue', greeting.node);
    assert.equal((await row(greeting.node)).description, HIDDEN);
    assert.doesNotMatch(JSON.stringify(ext.globalStateSnapshot()), /Hallo/, 'nothing the platform sent is stored');

    const url = await at('Apps', 'hello-edge', 'URL');
    assert.equal(url.contextValue, 'platformConsole.edgeAppUrl');
    await vscode.commands.executeCommand('platformConsole.copyEdgeAppUrl', url.node);
    assert.equal(await vscode.env.clipboard.readText(), `${sim.url}/__apps/hello-edge-201`, 'the URL the simulator serves the app at');
  });

  it('opens a template: pinned, with params of every data type, and its long description in a read-only Markdown preview', async () => {
    await add('platformConsole.openEdgeTemplate', '302');
    const template = await at('Templates', 'Image Resizer');
    assert.equal(template.description, '#302 · wasi-http');
    assert.deepEqual(await described('Templates', 'Image Resizer', 'Parameters'), {
      ORIGIN_URL: 'string · mandatory',
      MAX_WIDTH: 'number · optional',
      CACHE_STORE: 'store · optional',
      KEEP_EXIF: 'bool · optional',
      NOT_BEFORE: 'date · optional',
      QUIET_HOURS: 'time · optional',
    });
    const previewDoc = () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'platform-console-edge' && d.uri.path.includes('/template/302/'));
    await until(() => previewDoc() !== undefined, 'the preview to read the template document');
    assert.match(previewDoc()!.getText(), /^# Image Resizer\n\nResizes images from an origin on the fly/);
    assert.match(previewDoc()!.getText(), /\| ORIGIN_URL \| where originals live \|/);
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    await until(() => tabs().some((t) => t.label.includes('Image Resizer') && t.input instanceof vscode.TabInputWebview), 'the Markdown preview tab');
    assert.ok(!tabs().some((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'platform-console-edge'), 'a preview, not an editor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Remove unpins (and the stored pins follow)', async () => {
    const app = await at('Apps', 'free-tier-hello');
    await vscode.commands.executeCommand('platformConsole.removeEdgePin', app.node);
    assert.ok(!edge().pinned.app.includes(108));
    assert.ok(!(await rows((await at('Apps')).node)).some((r) => r.label === 'free-tier-hello'));
    const stored = ext.globalStateSnapshot()[`platformConsole.edge.pins.${connectionId}`] as { app: number[] };
    assert.deepEqual(stored.app, [101, 102, 103, 104, 105, 106, 107]);
  });

  it('a pinned id that now answers 404 shows as not found, with Remove', async () => {
    const busy = await at('Apps', 'busy-api');
    sim.setFault({ route: 'getEdgeApp', kind: 'status', status: 404, times: 1 });
    await vscode.commands.executeCommand('platformConsole.refreshEdge', busy.node);
    const gone = await row(busy.node);
    assert.deepEqual([gone.label, gone.description, gone.contextValue], ['App 105', 'not found (404)', 'platformConsole.edgePin.app.notFound']);
    assert.match(gone.tooltip, /Remove/);
    assert.equal(
      (await edge().getTreeItem(busy.node)).accessibilityInformation?.label,
      'App 105, warning, not found (404), remove the pin from the context menu',
    );
    assert.equal((await at('Apps', 'hello-edge')).description, 'enabled · Pro', 'the others stay');
    await vscode.commands.executeCommand('platformConsole.removeEdgePin', gone.node);
    assert.deepEqual(edge().pinned.app, [101, 102, 103, 104, 106, 107]);
  });

  it('a 500 on one pin shows an error node with Retry while the others load; one notification with Show Log', async () => {
    const ui = new ScriptedUi();
    ext.setUi(ui);
    sim.setFault({ route: 'getEdgeClient', kind: 'status', status: 500, times: 1 });
    await vscode.commands.executeCommand('platformConsole.refreshEdge');
    await edge().settled();
    const clients = await rows((await at('Clients')).node);
    const failed = clients.filter((r) => r.contextValue === 'platformConsole.edgePin.client.error');
    assert.equal(failed.length, 1, clients.map((r) => `${r.label}: ${r.description}`).join('; '));
    assert.equal(clients.filter((r) => r.contextValue === 'platformConsole.edgePin.client.ok').length, 3);
    assert.equal(failed[0]!.icon, 'error');
    assert.match(failed[0]!.tooltip, /HTTP 500/);
    const notice = await ui.waitForNotification(/^Could not load edge client \d+: /);
    assert.deepEqual(notice.actions, ['Retry', 'Show Log']);
    assert.equal((await rows((await at('Apps')).node)).filter((r) => r.contextValue === 'platformConsole.edgePin.app.ok').length, 6, 'apps loaded');
    // Retry (the node's click and its inline action) loads it again.
    await vscode.commands.executeCommand('platformConsole.runNodeAction', failed[0]!.node);
    await edge().settled();
    assert.equal((await row(failed[0]!.node)).contextValue, 'platformConsole.edgePin.client.ok');
  });

  it('a 500 on the check on Enter: pinned as an error node, a notification with Retry and Show Log; Retry loads it', async () => {
    sim.setFault({ route: 'getEdgeApp', kind: 'status', status: 500, times: 1 });
    const ui = await add('platformConsole.addEdgeApp', '108');
    assert.deepEqual(ui.prompts[0]?.refusals, [], 'a 500 is no reason to refuse the id');
    const notice = await ui.waitForNotification(/^Could not load edge app 108: /);
    assert.match(notice.message, /Server error \(HTTP 500\)/);
    assert.deepEqual(notice.actions, ['Retry', 'Show Log']);
    const node = edge().pinNode('app', 108)!;
    assert.equal((await row(node)).contextValue, 'platformConsole.edgePin.app.error');
    await vscode.commands.executeCommand('platformConsole.runNodeAction', node);
    await edge().settled();
    assert.equal((await row(node)).contextValue, 'platformConsole.edgePin.app.ok');
    assert.equal(sent('GET getEdgeApp'), 2, 'the check on Enter and the Retry');
    await edge().unpin('app', 108);
  });

  it('pins belong to their connection: another connection starts empty, and signing out drops its pins', async () => {
    const other = await ext.connections.signIn('edge-other', sim.url, KEY);
    assert.equal(edge().activeConnectionId, other.id);
    assert.equal((await rows())[0]?.label, 'Pin an edge app or client by id');
    await add('platformConsole.addEdgeApp', '103');
    assert.ok(`platformConsole.edge.pins.${other.id}` in ext.globalStateSnapshot());
    await ext.connections.signOut(other.id);
    await ext.connections.switchTo(connectionId);
    await until(() => !(`platformConsole.edge.pins.${other.id}` in ext.globalStateSnapshot()), "the removed connection's pins to be dropped");
    assert.deepEqual(edge().pinned.client, [201, 202, 203, 204]);
    assert.deepEqual(edge().pinned.app, [101, 102, 103, 104, 106, 107]);
  });

  it('auto-refresh: pinned clients (only) are read again every interval while the view is visible, never while hidden', async () => {
    await config().update(REFRESH_SETTING, 1, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('platformConsole.edge.focus');
    await until(() => edge().view.visible, 'the Edge view to be visible');
    await loaded();
    // The schedule on a clock moved by hand: each interval is a step of the test, not a pause.
    const schedule = edge().autoRefresh;
    const clock = new ManualClock();
    schedule.useClock(clock);
    try {
      const done = (count: number) =>
        until(() => edge().autoRefreshCount === count && !schedule.refreshing && schedule.scheduled, `refresh ${count} done, the next one scheduled`);
      // A refresh the real clock started may still be reading.
      await until(() => !schedule.refreshing && schedule.scheduled, 'the schedule on the hand-moved clock');
      sim.resetRequests();
      const before = edge().autoRefreshCount;
      assert.equal(clock.nextDueIn, 1000, 'the next refresh one interval away');
      clock.advance(999);
      assert.equal(edge().autoRefreshCount, before, 'none before the interval');
      clock.advance(1);
      await done(before + 1);
      const perRefresh = sent('GET getEdgeClient');
      assert.ok(perRefresh >= 4, `${perRefresh} client reads in one refresh`);
      assert.equal(clock.nextDueIn, 1000, 'the next one an interval after this one ended');
      clock.advance(1000);
      await done(before + 2);
      assert.equal(sent('GET getEdgeClient'), 2 * perRefresh, 'each pinned client read once per refresh');
      assert.equal(sent('GET getEdgeApp'), 0, 'apps are not refreshed automatically');

      await vscode.commands.executeCommand('workbench.view.explorer');
      await until(() => !edge().view.visible, 'the Edge view to be hidden');
      await until(() => !schedule.refreshing, 'no refresh running');
      assert.equal(schedule.scheduled, false, 'hidden: no refresh scheduled');
      const hiddenAt = edge().autoRefreshCount;
      const readsAtHide = sent('GET getEdgeClient');
      assert.equal(clock.advance(5000), 0, 'five intervals pass hidden: no timer runs');
      const atFence = await fence(sim);
      assert.equal(edge().autoRefreshCount, hiddenAt, 'no refresh while hidden');
      assert.equal(atFence['GET getEdgeClient'] ?? 0, readsAtHide, 'no client read while hidden');

      await vscode.commands.executeCommand('platformConsole.edge.focus');
      await until(() => schedule.scheduled, 'a refresh scheduled on showing again');
      assert.equal(clock.nextDueIn, 0, 'due at once: one was missed');
      clock.advance(0);
      await done(hiddenAt + 1);
      assert.equal(sent('GET getEdgeClient'), readsAtHide + perRefresh, 'the missed refresh read the clients');
    } finally {
      schedule.useClock(undefined);
    }
  });
});
