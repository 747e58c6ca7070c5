// #58 item 4, Open in Console through the real registrations: a row of each view opens its page
// in the connection's web console (the URI handed to the feature's opener, nothing of VS Code
// stubbed), Set Console URL… checks what is typed and moves every row's link and the agent tools'
// answers to a reseller's portal, and a Spec dialect connection has no console and opens nothing.
import * as assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { Connection } from '../../src/connections/connectionManager';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { signOutOf } from './support/isolation';
import { until } from './support/until';

const KEY = testKeys.simulator;
const DASHBOARD = 'https://portal.gcore.com/accounts/reports/dashboard';

describe('Open in Console', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let conn: Connection;
  const opened: string[] = [];

  async function child(tree: vscode.TreeDataProvider<TreeNode>, parent: TreeNode | undefined, match: (item: vscode.TreeItem) => boolean, what: string) {
    let found: TreeNode | undefined;
    await until(what, async () => {
      for (const node of (await tree.getChildren(parent)) ?? []) if (match(await tree.getTreeItem(node))) found = node;
      return found !== undefined;
    });
    return found!;
  }
  const labelled = (label: string) => (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : item.label?.label) === label;

  /** Runs Open in Console on `row`: the URIs opened, and what the person was told. */
  async function open(row: unknown) {
    const ui = new ScriptedUi();
    ext.setUi(ui);
    opened.length = 0;
    await vscode.commands.executeCommand('platformConsole.openInConsole', row);
    return { opened: [...opened], told: ui.notifications.map((n) => n.message) };
  }

  let rows: { profile: TreeNode; app: TreeNode; secret: TreeNode; storage: TreeNode };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    conn = await ext.connections.signIn('console-links', sim.url, KEY, 'platform');
    ext.openInConsole.setOpener((uri) => (opened.push(uri.toString(true)), Promise.resolve(true)));
    await ext.profiles.reload();
    await ext.profiles.getChildren();
    const profile = ext.profiles.nodeFor(1);
    assert.ok(profile, 'profile 1 is listed');
    await ext.edge.listing.reload();
    const apps = await child(ext.edge, undefined, (item) => item.id === 'edge.listed.apps', 'the Edge view to list the apps');
    let app: TreeNode | undefined;
    await until('app 101 listed', async () => {
      app = (await ext.edge.getChildren(apps)).find((n) => 'app' in n && (n as { app: { id: number } }).app.id === 101);
      return app !== undefined;
    });
    let secret: TreeNode | undefined;
    for (const label of ['production', 'Luxembourg-2', 'Secrets', 'shop-tls-2026'])
      secret = await child(ext.cloud, secret, labelled(label), `"${label}" in the Cloud view`);
    const objects = await child(ext.storage, undefined, labelled('Object Storages'), 'the object storages group');
    const storage = await child(ext.storage, objects, labelled('media-assets'), 'media-assets listed');
    rows = { profile, app: app!, secret: secret!, storage };
  });
  afterEach(() => ext.setUi(undefined));
  after(async () => {
    ext.openInConsole.setOpener(undefined);
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  it('each row opens its documented page in the platform’s console; a row without a page of its own says the way on', async () => {
    const profile = await open(rows.profile);
    assert.deepEqual(profile.opened, [DASHBOARD]);
    assert.deepEqual(profile.told, [
      'The console has no page of its own for this row: in the page opened, go to DDoS Protection > Protection profiles, profile 1.',
    ]);
    const app = await open(rows.app);
    assert.deepEqual(app.opened, [DASHBOARD]);
    assert.match(app.told[0] ?? '', /go to FastEdge > HTTP Applications, app 101\.$/);
    const secret = await open(rows.secret);
    assert.deepEqual(secret.opened, ['https://portal.gcore.com/cloud/projects/list']);
    assert.match(secret.told[0] ?? '', /go to Cloud, project \d+, region \d+: secret shop-tls-2026\.$/);
    const storage = await open(rows.storage);
    assert.deepEqual(storage.opened, ['https://portal.gcore.com/storage/storages/list']);
  });

  it('Set Console URL…: http to another host refused (field and rule named); https moves the rows and the tool answers; empty goes back', async () => {
    const ui = new ScriptedUi(['http://portal.reseller.test', 'https://portal.reseller.test/']);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.setConsoleUrl', { connectionId: conn.id });
    assert.deepEqual(ui.prompts[0]?.refusals, ['Console URL: must use https:// (plain http:// only to this machine, not to portal.reseller.test)']);
    assert.equal(ext.connections.list().find((c) => c.id === conn.id)?.consoleUrl, 'https://portal.reseller.test');
    assert.deepEqual((await open(rows.storage)).opened, ['https://portal.reseller.test/storage/storages/list']);
    const answer = await vscode.lm.invokeTool(
      'get_edge_app',
      { input: { app_id: 101 }, toolInvocationToken: undefined },
      new vscode.CancellationTokenSource().token,
    );
    const text = answer.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    const link = 'In the web console: https://portal.reseller.test/accounts/reports/dashboard';
    assert.ok(text.endsWith(`\n${link} (no page of its own: from there, FastEdge > HTTP Applications, app 101)`), text);

    ext.setUi(new ScriptedUi(['']));
    await vscode.commands.executeCommand('platformConsole.setConsoleUrl', { connectionId: conn.id });
    assert.equal(ext.connections.list().find((c) => c.id === conn.id)?.consoleUrl, undefined);
    assert.deepEqual((await open(rows.storage)).opened, ['https://portal.gcore.com/storage/storages/list']);
  });

  it('a Spec dialect connection has no console: it says so, offers Set Console URL…, opens nothing', async () => {
    await ext.connections.setDialect(conn.id, 'spec');
    try {
      const ui = new ScriptedUi();
      ext.setUi(ui);
      opened.length = 0;
      await vscode.commands.executeCommand('platformConsole.openInConsole', rows.storage);
      assert.deepEqual(opened, []);
      assert.deepEqual(
        ui.notifications.map((n) => [n.message, n.actions]),
        [['console-links has no web console (its API dialect is Spec): set one with Set Console URL… to open its rows there.', ['Set Console URL…']]],
      );
    } finally {
      await ext.connections.setDialect(conn.id, 'platform');
    }
  });
});
