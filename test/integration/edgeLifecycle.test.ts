// An edge app's lifecycle in a real VS Code, from the Edge view's rows and the palette: Enable
// (one PATCH, status 1 in the simulator's record, the row's icon and menus change), Disable (the
// modal names the URL; dismissed, nothing sent), Start Debug Logging (until when, from the
// answer), Delete (a wrong name typed sends nothing; the right one: gone from the simulator and
// the view), and an app gone behind the view's back (404: said, the view read again).
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/ui/treeNodes';
import { startSimulator, type Simulator } from '../../simulator/index';
import { PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

describe("Edge view: an app's lifecycle", function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const edge = () => ext.edge;

  const row = async (name: string) => {
    const roots = await edge().getChildren();
    let apps: TreeNode | undefined;
    for (const r of roots) if ((await edge().getTreeItem(r)).label === 'Apps') apps = r;
    assert.ok(apps, 'the Apps group is shown');
    for (const node of await edge().getChildren(apps)) {
      const item = await edge().getTreeItem(node);
      if (item.label === name) return { node, item };
    }
    return undefined;
  };
  const shownRow = async (name: string) => {
    const found = await row(name);
    assert.ok(found, `${name} is listed`);
    return found;
  };
  const appOf = async (id: number) => (await ext.connections.api())!.edge.getOwnEdgeApp({ params: { app_id: id } });
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const run = (command: string, arg?: unknown) => vscode.commands.executeCommand<boolean>(command, arg);

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-lifecycle', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    await edge().listing.reload();
  });
  after(async () => {
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it("Enable on a disabled app's row: confirmed with connection, app, id and URL; one PATCH; status 1; the row's icon and menus change", async () => {
    const before = await shownRow('geo-redirect');
    assert.match(String(before.item.contextValue), /^platformConsole\.edgeListed\.app:enable:delete$/);
    assert.equal((before.item.iconPath as vscode.ThemeIcon).id, 'circle-slash');
    const ui = new ScriptedUi([], (_message, buttons) => (buttons.includes('Enable') ? 'Enable' : undefined));
    ext.setUi(ui);
    assert.equal(await run('platformConsole.enableEdgeApp', before.node), true);
    assert.equal(ui.confirms.length, 1);
    assert.equal(ui.confirms[0]!.message, 'Enable edge app geo-redirect on edge-lifecycle?');
    const detail = ui.confirms[0]!.detail;
    for (const line of [
      `Connection: edge-lifecycle (${sim.url})`,
      'App: geo-redirect',
      'ID: 103',
      `URL: ${sim.url}/__apps/geo-redirect-201`,
      'Status now: disabled',
    ])
      assert.ok(detail.includes(line), `${line} in\n${detail}`);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1'], 'sent once');
    assert.equal((await appOf(103)).status, 1, "the simulator's record shows status 1");
    const after = await shownRow('geo-redirect');
    assert.equal((after.item.iconPath as vscode.ThemeIcon).id, 'pass-filled', 'the row shows enabled');
    assert.match(String(after.item.contextValue), /:disable:debug:delete$/);
    assert.ok(
      ui.notifications.some(
        (n) => n.severity === 'info' && /^Enabled edge app 103 on edge-lifecycle: edge app geo-redirect \(103\) serves at /.test(n.message),
      ),
    );
  });

  it('Disable: the modal says the app stops serving at its URL; dismissed, nothing is sent; accepted, status 2', async () => {
    const hello = await shownRow('hello-edge');
    const dismissed = new ScriptedUi([], () => undefined);
    ext.setUi(dismissed);
    assert.equal(await run('platformConsole.disableEdgeApp', hello.node), false);
    assert.equal(dismissed.confirms.length, 1);
    assert.equal(
      dismissed.confirms[0]!.detail.split('\n')[0],
      `The app stops serving at its URL ${sim.url}/__apps/hello-edge-201: requests there fail until it is enabled again.`,
    );
    assert.match(dismissed.confirms[0]!.detail, /ID: 101/);
    assert.deepEqual(writes(), [], 'dismissed: nothing sent');
    assert.equal((await appOf(101)).status, 1);
    const accepted = new ScriptedUi([], (_m, buttons) => (buttons.includes('Disable') ? 'Disable' : undefined));
    ext.setUi(accepted);
    assert.equal(await run('platformConsole.disableEdgeApp', hello.node), true);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
    assert.equal((await appOf(101)).status, 2);
    assert.equal(((await shownRow('hello-edge')).item.iconPath as vscode.ThemeIcon).id, 'circle-slash');
  });

  it('Start Debug Logging: confirmed, sent once, and says until when (30 minutes from now)', async () => {
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Start Debug') ? 'Start Debug' : undefined));
    ext.setUi(ui);
    assert.equal(await run('platformConsole.startEdgeAppDebug', (await shownRow('kafka-logger')).node), true);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
    const until = Date.parse(String((await appOf(107)).debug_until));
    assert.ok(Math.abs(until - (Date.now() + 30 * 60_000)) < 15_000, "the simulator's debug_until is 30 minutes on");
    const said = ui.notifications.find((n) =>
      /^Started debug logging of edge app 107 on edge-lifecycle: edge app kafka-logger \(107\), until /.test(n.message),
    );
    assert.ok(said, ui.notifications.map((n) => n.message).join('\n'));
    assert.match(said.message, /until \d{4}-\d\d-\d\d \d\d:\d\d \(in (29|30) minutes\)\.$/);
  });

  it('Delete: a wrong name typed sends nothing; the right name deletes it: gone from the simulator and the view', async () => {
    const draft = await shownRow('resize-draft');
    const wrong = new ScriptedUi(['resize', 'Resize-Draft', PRESS_ESCAPE]);
    ext.setUi(wrong);
    assert.equal(await run('platformConsole.deleteEdgeApp', draft.node), false);
    const prompt = wrong.prompts.find((p) => p.kind === 'input')!;
    for (const part of ['resize-draft', 'ID 102', `${sim.url}/__apps/resize-draft-201`, `edge-lifecycle (${sim.url})`])
      assert.ok(prompt.prompt.includes(part), `${part} in: ${prompt.prompt}`);
    assert.deepEqual(prompt.refusals, ['Confirmation: type resize-draft exactly', 'Confirmation: type resize-draft exactly']);
    assert.deepEqual(writes(), [], 'a wrong name sends nothing');
    const right = new ScriptedUi(['resize-draft']);
    ext.setUi(right);
    assert.equal(await run('platformConsole.deleteEdgeApp', draft.node), true);
    assert.deepEqual(writes(), ['DELETE deleteEdgeApp 1']);
    await assert.rejects(
      () => appOf(102),
      (e: { status?: number }) => e.status === 404,
      'gone from the simulator',
    );
    assert.equal(await row('resize-draft'), undefined, 'gone from the view');
  });

  it("from the palette: the app picked from the account's list, or its id typed (Enter an ID…)", async () => {
    const picked = new ScriptedUi([{ pick: 'geo-redirect' }], (_m, buttons) => (buttons.includes('Enable') ? 'Enable' : undefined));
    ext.setUi(picked);
    assert.equal(await run('platformConsole.enableEdgeApp'), true);
    assert.ok(picked.prompts[0]!.items!.includes('$(edit) Enter an ID…'));
    assert.equal((await appOf(103)).status, 1);
    const typed = new ScriptedUi([{ pick: '$(edit) Enter an ID…' }, '103'], (_m, buttons) => (buttons.includes('Disable') ? 'Disable' : undefined));
    ext.setUi(typed);
    assert.equal(await run('platformConsole.disableEdgeApp'), true);
    assert.equal((await appOf(103)).status, 2);
    // An action the app's status does not take is refused in words; nothing is sent.
    sim.resetRequests();
    const already = new ScriptedUi([{ pick: 'geo-redirect' }]);
    ext.setUi(already);
    assert.equal(await run('platformConsole.disableEdgeApp'), false);
    assert.ok(already.notifications.some((n) => /^Nothing sent: edge app geo-redirect \(103\) on edge-lifecycle: it is already disabled\.$/.test(n.message)));
    assert.equal(already.confirms.length, 0);
    assert.deepEqual(writes(), []);
  });

  it("an app deleted behind the view's back: said to be gone, nothing sent, the row leaves", async () => {
    const stale = await shownRow('geo-redirect');
    await (await ext.connections.api())!.edge.deleteEdgeApp({ params: { app_id: 103 } });
    sim.resetRequests();
    const ui = new ScriptedUi([], () => 'Enable');
    ext.setUi(ui);
    assert.equal(await run('platformConsole.enableEdgeApp', stale.node), false);
    assert.ok(ui.notifications.some((n) => n.severity === 'warning' && /^Edge app 103 is gone on edge-lifecycle/.test(n.message)));
    assert.equal(ui.confirms.length, 0);
    assert.deepEqual(writes(), []);
    assert.equal(await row('geo-redirect'), undefined, 'the view was read again');
  });
});
