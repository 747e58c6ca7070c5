// Finding a secret among thousands in a real VS Code (#57): Filter Secrets… reads a region's whole
// list at 1,000 a page (the server cannot filter) and shows the matches; Go to Secret… reveals the
// secret picked, reading the view's pages up to it when it is beyond them (one redraw, Cancel
// changes nothing), or says that the view's filter hides it.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { treeProbe } from './support/treeProbe';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;

describe('Cloud view: finding a secret among 2,300', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  /** The query of each listSecrets request, as "limit@offset". */
  let asked: string[] = [];
  let stopWatching: () => void;
  const cloud = () => ext.cloud;
  const item = async (node: TreeNode) => cloud().getTreeItem(node);
  const probe = treeProbe(() => cloud());
  const { label, child } = probe;
  const secretsGroup = async () => child(await child(await child(undefined, 'sandbox'), 'Luxembourg-2'), 'Secrets');
  /** What the tree was asked to redraw while `work` ran. */
  const redrawnDuring = (work: () => Thenable<unknown>) => probe.redrawsDuring(work);

  /** The row selected once it is the one named (a selection from an earlier test may still be there meanwhile). */
  const selectedRow = (name: string) =>
    until(`${name} selected`, async () => {
      const node = cloud().view.selection[0];
      return node && (await label(node)) === name ? node : undefined;
    });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, secretCount: 2300, seedTimeMs: Date.now() });
    connectionId = (await ext.connections.signIn('cloud-find', sim.url, KEY)).id;
    stopWatching = sim.watchRequests((seen) => {
      if (seen.route === 'listSecrets') asked.push(`${seen.query.limit}@${seen.query.offset}`);
    });
  });
  beforeEach(async () => {
    await cloud().reloadAll();
    asked = [];
  });
  after(async () => {
    stopWatching();
    ext.setUi(undefined);
    // Go to… revealed the Cloud view: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    for (const key of ['projectId', 'regionId'])
      await vscode.workspace.getConfiguration('platformConsole.cloud').update(key, undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('Filter Secrets… reads the whole list in 3 pages of 1,000, shows the 33 matches and says so on the group; Clear shows the pages again', async () => {
    const group = await secretsGroup();
    assert.equal((await cloud().getChildren(group)).length, 101, 'the first page and Load more');
    const ui = new ScriptedUi(['x'.repeat(256), ' secret-0012 ', { pick: 'certificate' }, { pick: 'Any expiry' }]);
    ext.setUi(ui);
    asked = [];
    const { result, redrawn } = await redrawnDuring(() => vscode.commands.executeCommand('platformConsole.filterSecrets', group));
    assert.equal(result, true);
    assert.deepEqual(ui.prompts[0]!.refusals, ['Name part: at most 255 characters (this one has 256)'], 'the field and the rule; nothing read for it');
    assert.deepEqual(asked, ['1000@0', '1000@1000', '1000@2000']);
    assert.deepEqual(
      ui.progressRuns.map((p) => [p.title, p.cancellable, p.messages]),
      [
        [
          'Filtering the secrets of Luxembourg-2 on cloud-find',
          true,
          ['1,000 of 2,300 read · 0 match', '2,000 of 2,300 read · 33 match', '2,300 of 2,300 read · 33 match'],
        ],
      ],
    );
    assert.deepEqual(redrawn, [group], 'one redraw: the group');
    const shown = await item(group);
    assert.equal(shown.description, 'name ~ "secret-0012" · certificate · 33 of 2,300 match');
    assert.equal(shown.contextValue, 'platformConsole.cloud.secrets.filtered');
    const rows = await cloud().getChildren(group);
    assert.equal(rows.length, 33, 'the matches, no Load more');
    assert.equal(await label(rows[0]!), 'sandbox-secret-001201');
    assert.equal(await label(rows[32]!), 'sandbox-secret-001297');
    assert.ok(rows.every((r) => r.parent === group));

    const cleared = await redrawnDuring(() => vscode.commands.executeCommand('platformConsole.clearSecretFilter', group));
    assert.deepEqual(cleared.redrawn, [group]);
    assert.equal((await item(group)).description, '2,300');
    assert.equal((await item(group)).contextValue, 'platformConsole.cloud.secrets');
    assert.equal((await cloud().getChildren(group)).length, 101, 'the pages in hand again');
    assert.equal(asked.length, 3, 'nothing read again');
  });

  it('a filter that matches nothing says so with Clear Filter; Cancel while it reads keeps the view as it was', async () => {
    const group = await secretsGroup();
    const ui = new ScriptedUi(['no-such-secret', { pick: 'Any type' }, { pick: 'Any expiry' }]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.filterSecrets', group);
    const rows = await cloud().getChildren(group);
    assert.deepEqual(await Promise.all(rows.map(label)), ['No secrets match name ~ "no-such-secret"', 'Clear Filter']);

    // Filter again, cancelled after the first page: the earlier filter stays, nothing more is read.
    const again = new ScriptedUi(['sandbox', { pick: 'opaque' }, { pick: 'never' }]);
    again.cancelProgressWhen = () => true;
    ext.setUi(again);
    asked = [];
    const { result, redrawn } = await redrawnDuring(() => vscode.commands.executeCommand('platformConsole.filterSecrets', group));
    assert.equal(result, false);
    assert.deepEqual(asked, ['1000@0'], 'the reads stop at Cancel');
    assert.deepEqual(redrawn, []);
    assert.equal((await item(group)).description, 'name ~ "no-such-secret" · 0 of 2,300 match');
    assert.deepEqual(again.notifications, []);
  });

  it('Go to Secret… reveals a secret in hand: selected, under the group, nothing redrawn', async () => {
    // Shown first: a hidden view is drawn afresh before a reveal (NodeTree.revealRow).
    await vscode.commands.executeCommand('platformConsole.cloud.focus');
    await until('the Cloud view shown', () => cloud().view.visible);
    const group = await secretsGroup();
    await cloud().getChildren(group);
    const ui = new ScriptedUi([{ type: '000050', pick: 'sandbox-secret-000050' }]);
    ext.setUi(ui);
    asked = [];
    const { result, redrawn } = await redrawnDuring(() => vscode.commands.executeCommand('platformConsole.goToSecret', group));
    assert.equal(result, true);
    assert.deepEqual(asked, ['1000@0', '1000@1000', '1000@2000'], 'the pick read every page at 1,000; the view none');
    assert.equal(ui.prompts[0]!.title, 'Go to Secret in Luxembourg-2');
    assert.deepEqual(ui.prompts[0]!.messages?.at(-1), '2,300 of 2,300 read');
    assert.deepEqual(redrawn, []);
    const selected = await selectedRow('sandbox-secret-000050');
    assert.equal(selected.parent, group);
  });

  it('Go to Secret… reveals row 2,000: the pages up to it read at 1,000, appended, one redraw; it sits in the range 1,001–2,000', async () => {
    const group = await secretsGroup();
    assert.equal((await cloud().getChildren(group)).length, 101);
    const ui = new ScriptedUi([{ type: 'secret-002000', pick: 'sandbox-secret-002000' }]);
    ext.setUi(ui);
    asked = [];
    const { result, redrawn } = await redrawnDuring(() => vscode.commands.executeCommand('platformConsole.goToSecret', group));
    assert.equal(result, true);
    assert.deepEqual(asked.slice(3), ['1000@100', '1000@1100'], 'after the pick: the view read from its 100 rows on, to the page holding row 2,000');
    assert.deepEqual(
      ui.progressRuns.map((p) => [p.title, p.cancellable, p.messages]),
      [['Reading the secrets of Luxembourg-2 on cloud-find up to sandbox-secret-002000', true, ['1,100 of 2,300 read', '2,100 of 2,300 read']]],
    );
    assert.deepEqual(redrawn, [group], 'one redraw: the group, as ranges were added');
    const selected = await selectedRow('sandbox-secret-002000');
    const range = selected.parent!;
    assert.equal(await label(range), '1,001–2,000');
    assert.equal(range.parent, group);
    const rows = await cloud().getChildren(group);
    assert.deepEqual(await Promise.all(rows.slice(1000).map(label)), ['1,001–2,000', '2,001–2,100']);
    const last = (await cloud().getChildren(rows.at(-1)!)).at(-1)!;
    assert.equal(await label(last), 'Load more (200 more)', 'Load more goes on from 2,100');
    assert.equal((await item(last)).description, '2,100 of 2,300 shown');
  });

  it('Cancel while Go to reads up to the row stops the reads and changes nothing', async () => {
    const group = await secretsGroup();
    assert.equal((await cloud().getChildren(group)).length, 101);
    const ui = new ScriptedUi([{ type: 'secret-002200', pick: 'sandbox-secret-002200' }]);
    ui.cancelProgressWhen = (title) => title.startsWith('Reading');
    ext.setUi(ui);
    asked = [];
    const before = cloud().view.selection;
    const { result, redrawn } = await redrawnDuring(() => vscode.commands.executeCommand('platformConsole.goToSecret', group));
    assert.equal(result, false);
    assert.deepEqual(asked.slice(3), ['1000@100'], 'one page, then Cancel');
    assert.deepEqual(redrawn, []);
    assert.equal((await cloud().getChildren(group)).length, 101, 'the rows in hand, as before');
    assert.deepEqual(cloud().view.selection, before);
    assert.deepEqual(ui.notifications, []);
  });

  it('Go to Secret… on a secret the filter hides says so; Clear Filter then reveals it', async () => {
    const group = await secretsGroup();
    const ui = new ScriptedUi(
      ['secret-0001', { pick: 'Any type' }, { pick: 'Any expiry' }, { type: 'secret-000250', pick: 'sandbox-secret-000250' }],
      (_message, actions) => (actions.includes('Clear Filter') ? 'Clear Filter' : undefined),
    );
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.filterSecrets', group);
    assert.equal((await item(group)).description, 'name ~ "secret-0001" · 100 of 2,300 match');
    const done = await vscode.commands.executeCommand('platformConsole.goToSecret', group);
    assert.equal(done, true);
    assert.deepEqual(
      ui.notifications.map((n) => [n.message, n.actions]),
      [['sandbox-secret-000250 is not shown: the view\'s filter name ~ "secret-0001" hides it', ['Clear Filter']]],
    );
    assert.equal((await item(group)).contextValue, 'platformConsole.cloud.secrets', 'the filter cleared');
    const selected = await selectedRow('sandbox-secret-000250');
    assert.equal(selected.parent, group);
  });
});
