// The one guard of #54, through the real registrations: a command run on a row (or pin) listed on
// account A after the person switched to B sends nothing, asks nothing and says so in one wording,
// for a representative command of each feature converted to ctx.registerBoundCommand (Edge view,
// Cloud functions, logs, Storage), and every row command of the Edge apps, edge secrets, protection
// profiles and Cloud secrets. A report task's commands bind the task's own connection instead.
import * as assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { Connection } from '../../src/connections/connectionManager';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY_A = testKeys.simulator;
const KEY_B = testKeys.revoked;
const REFUSED = /^Nothing was sent: that row was listed on another connection \(account-a\); the view now shows account-b\.$/;
const COMPLETED_TASK = '6b1f0c9e-0003-4a6e-9c1d-000000000003';

describe('one guard: a row listed on another connection is refused before any command runs', function () {
  this.timeout(60_000);
  let a: Simulator;
  let b: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connA: Connection;
  let connB: Connection;
  const writes = (sim: Simulator) => Object.entries(sim.requestCounts()).filter(([route]) => !route.startsWith('GET '));

  /** The child of `parent` (a tree's root when undefined) whose item says `label` (or has id `id`). */
  async function child(
    tree: vscode.TreeDataProvider<TreeNode>,
    parent: TreeNode | undefined,
    match: (item: vscode.TreeItem) => boolean,
    what: string,
  ): Promise<TreeNode> {
    let found: TreeNode | undefined;
    await until(what, async () => {
      for (const node of (await tree.getChildren(parent)) ?? []) {
        if (match(await tree.getTreeItem(node))) found = node;
      }
      return found !== undefined;
    });
    return found!;
  }
  const labelled = (label: string) => (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : item.label?.label) === label;

  /** Runs `command` on `row` (listed on A) with B active: the one refusal, no prompt, no write anywhere. */
  async function refused(command: string, row: unknown): Promise<void> {
    const before = [writes(a), writes(b)];
    const ui = new ScriptedUi([], (_message, actions) => actions[0]);
    ext.setUi(ui);
    await vscode.commands.executeCommand(command, row);
    const told = await ui.waitForNotification(/^Nothing was sent/);
    assert.match(told.message, REFUSED, command);
    assert.equal(told.severity, 'warning', command);
    assert.deepEqual(ui.prompts, [], `${command}: asks nothing`);
    assert.deepEqual(ui.confirms, [], `${command}: confirms nothing`);
    assert.equal(ui.notifications.length, 1, `${command}: said once`);
    assert.deepEqual([writes(a), writes(b)], before, `${command}: no write reached A or B`);
  }

  async function switchTo(connection: Connection): Promise<void> {
    await ext.connections.switchTo(connection.id);
    // The Edge view follows the active connection a moment behind: its commands bind the one it shows.
    await until(`the Edge view to show ${connection.name}`, () => ext.edge.activeConnectionId === connection.id);
  }

  before(async () => {
    ext = await platformConsole();
    a = await startSimulator({ apiKey: KEY_A, accountLabel: 'account A' });
    b = await startSimulator({ apiKey: KEY_B, accountLabel: 'account B' });
    connB = await ext.connections.signIn('account-b', b.url, KEY_B, 'platform');
    connA = await ext.connections.signIn('account-a', a.url, KEY_A, 'platform');
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  afterEach(() => ext.setUi(undefined));
  after(async () => {
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    for (const c of [connA, connB]) await ext.connections.signOut(c.id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await a.close();
    await b.close();
  });

  it('Edge view (Remove Pin) and logs (Open App Logs…): a pin or an app row of A is refused on B; B keeps its own pin of the same id', async () => {
    await switchTo(connA);
    await ext.edge.pin('app', [101]);
    const pinA = ext.edge.pinNode('app', 101);
    assert.ok(pinA, 'app 101 is pinned on A');
    await ext.edge.listing.reload();
    const apps = await child(ext.edge, undefined, (item) => item.id === 'edge.listed.apps', 'the Edge view to list the apps of A');
    let appA: TreeNode | undefined;
    await until('app 101 listed on A', async () => {
      appA = (await ext.edge.getChildren(apps)).find((n) => 'app' in n && (n as { app: { id: number } }).app.id === 101);
      return appA !== undefined;
    });
    await switchTo(connB);
    await ext.edge.pin('app', [101]);
    try {
      await refused('platformConsole.removeEdgePin', pinA);
      assert.ok(ext.edge.pinned.app.includes(101), "B's pin of app 101 is still there");
      await refused('platformConsole.openEdgeAppLogs', appA);
      assert.equal(ext.logs.panels.length, 0, 'no logs panel opened');
    } finally {
      await ext.edge.unpin('app', 101);
      await switchTo(connA);
      await ext.edge.unpin('app', 101);
    }
  });

  it('Cloud functions (Disable Function…) and logs (Open Function Logs…): a function row of A is refused on B', async () => {
    await switchTo(connA);
    let node: TreeNode | undefined;
    for (const label of ['production', 'Luxembourg-2', 'Functions', 'default', 'hello-world'])
      node = await child(ext.cloud, node, labelled(label), `"${label}" in the Cloud view of A`);
    await switchTo(connB);
    await refused('platformConsole.disableFunction', node);
    await refused('platformConsole.openFunctionLogs', node);
    assert.equal(ext.logs.panels.length, 0, 'no logs panel opened');
  });

  it('Storage (Delete Storage…): a storage row of A is refused on B, though B has a storage of the same id', async () => {
    await switchTo(connA);
    const objects = await child(ext.storage, undefined, labelled('Object Storages'), 'the object storages group of A');
    const media = await child(ext.storage, objects, labelled('media-assets'), 'media-assets listed on A');
    await switchTo(connB);
    await refused('platformConsole.deleteStorage', media);
  });

  it('Edge apps, their configuration, deploy and edge secrets, protection profiles and Cloud secrets: a row of A is refused on B in the one wording', async () => {
    await switchTo(connA);
    await ext.edge.pin('app', [101]);
    const pinA = ext.edge.pinNode('app', 101);
    assert.ok(pinA, 'app 101 is pinned on A');
    await ext.edge.listing.reload();
    await ext.edge.listing.secrets.reload(true);
    const apps = await child(ext.edge, undefined, (item) => item.id === 'edge.listed.apps', 'the Edge view to list the apps of A');
    let appA: TreeNode | undefined;
    await until('app 101 listed on A', async () => {
      appA = (await ext.edge.getChildren(apps)).find((n) => 'app' in n && (n as { app: { id: number } }).app.id === 101);
      return appA !== undefined;
    });
    const secrets = await child(ext.edge, undefined, (item) => item.id === 'edge.listed.secrets', 'the Edge view to list the secrets of A');
    let secretA: TreeNode | undefined;
    await until('an edge secret listed on A', async () => {
      secretA = (await ext.edge.getChildren(secrets)).find((n) => 'secret' in n);
      return secretA !== undefined;
    });
    await ext.profiles.reload();
    await ext.profiles.getChildren();
    const profileA = ext.profiles.nodeFor(1);
    assert.ok(profileA, 'profile 1 of A is listed');
    const [profilePartA] = await ext.profiles.getChildren(profileA);
    assert.ok(profilePartA, 'profile 1 of A has rows under it');
    let cloudSecretA: TreeNode | undefined;
    for (const label of ['production', 'Luxembourg-2', 'Secrets', 'shop-tls-2026'])
      cloudSecretA = await child(ext.cloud, cloudSecretA, labelled(label), `"${label}" in the Cloud view of A`);
    await switchTo(connB);
    await ext.edge.pin('app', [101]);
    try {
      for (const row of [pinA, appA]) {
        for (const command of [
          'enableEdgeApp',
          'disableEdgeApp',
          'startEdgeAppDebug',
          'deleteEdgeApp',
          'editEdgeAppConfig',
          'importEdgeAppEnv',
          'deployEdgeApp',
        ])
          await refused(`platformConsole.${command}`, row);
      }
      for (const command of ['replaceEdgeSecretValue', 'deleteEdgeSecret']) await refused(`platformConsole.${command}`, secretA);
      for (const command of ['renameProfile', 'changeProfileTemplate', 'editProfileFields', 'deleteProtectionProfile'])
        await refused(`platformConsole.${command}`, profileA);
      await refused('platformConsole.editProfileFields', profilePartA);
      await refused('platformConsole.deleteSecret', cloudSecretA);
      assert.ok(ext.edge.pinned.app.includes(101), "B's pin of app 101 is still there");
    } finally {
      await ext.edge.unpin('app', 101);
      await switchTo(connA);
      await ext.edge.unpin('app', 101);
    }
  });

  it('Report tasks bind the task’s own connection: a task of A handed in with B active is read on A, nothing reaches B', async () => {
    await switchTo(connB);
    const read = (sim: Simulator) => sim.requestCounts()['GET getReport'] ?? 0;
    const [readA, readB] = [read(a), read(b)];
    // The confirmation is declined: nothing is deleted.
    const ui = new ScriptedUi([], () => undefined);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.deleteReportTask', { uuid: COMPLETED_TASK, connectionId: connA.id });
    assert.equal(read(a), readA + 1, 'the task was read on A');
    assert.equal(read(b), readB, 'nothing read on B');
    assert.ok(
      ui.confirms.length === 1 && /account-a/.test(`${ui.confirms[0]!.message} ${ui.confirms[0]!.detail}`),
      `the confirmation names A: ${JSON.stringify(ui.confirms)}`,
    );
    assert.equal(a.requestCounts()['DELETE deleteReport'], undefined, 'declined: nothing deleted');
  });
});
