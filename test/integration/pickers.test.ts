// Lists instead of typed ids, in a real VS Code against the simulator: Show Trial…, Show Activated
// Free Feature… and Update Reseller Notification Setting… offer the server's items and open the
// one picked; "Enter an ID…" still types; a spec-only server goes straight to the typed box; Delete
// Notification Setting… and Disable Free Feature… confirmed (declined sends nothing), sent once,
// gone from the simulator's record, a 404 said plainly.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const ENTER_ID = '$(edit) Enter an ID…';

describe('pickers instead of typed ids', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;
  const run = async <T>(ui: ScriptedUi, command: string, ...args: unknown[]): Promise<T | undefined> => {
    ext.setUi(ui);
    return vscode.commands.executeCommand<T | undefined>(command, ...args);
  };
  const text = async (uri: vscode.Uri | undefined) => (uri ? (await vscode.workspace.openTextDocument(uri)).getText() : '');
  /** What the simulator holds now, read past the extension. */
  const simGet = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${sim.url}${path}`, { headers: { Authorization: `apikey ${KEY}` } });
    assert.equal(res.status, 200, `GET ${path}`);
    return (await res.json()) as T;
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('pickers', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.clearFaults();
    sim.resetRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it("Show Trial… offers the account's trials, newest first, with client, product, plan and state; the one picked opens", async () => {
    const listed = await simGet<{ results: { id: number }[] }>('/billing/org/v1/trials?ordering=-created_at');
    sim.resetRequests();
    const ui = new ScriptedUi();
    ui.beforeAnswer = (prompt) => ui.answer(prompt.items!.find((l) => l.includes('Northwind Traders (client 501)'))!);
    const shown = await text(await run<vscode.Uri>(ui, 'platformConsole.showTrial'));
    const pick = ui.prompts[0]!;
    assert.equal(pick.kind, 'pick');
    assert.equal(pick.busy, true, 'opened at once, busy while the list loads');
    assert.equal(pick.items!.length, listed.results.length + 1, 'every trial, then Enter an ID…');
    assert.equal(pick.items!.at(-1), ENTER_ID);
    assert.ok(pick.items!.some((l) => /^\$\(pass\) CDN for Northwind Traders \(client 501\)$/.test(l)));
    assert.ok(
      pick.items!.some((l) => /^\$\(clock\) Object Storage for Contoso Media \(client \d+\)$/.test(l)),
      'a trial not started says so',
    );
    assert.ok(
      pick.items!.some((l) => /^\$\(circle-slash\) FastEdge for Fabrikam Games \(client \d+\)$/.test(l)),
      'an ended trial says so',
    );
    assert.equal(sent('GET listTrials'), 1);
    assert.equal(sent('GET getTrial'), 1);
    assert.match(shown, /^# Trial 401\n/);
  });

  it('Show Trial…: Enter an ID… types as before (bad ids refused, nothing sent)', async () => {
    const ui = new ScriptedUi([ENTER_ID, '0', '403']);
    const shown = await text(await run<vscode.Uri>(ui, 'platformConsole.showTrial'));
    assert.equal(ui.prompts[1]?.kind, 'input');
    assert.deepEqual(ui.prompts[1]?.refusals, ['Trial ID: must be at least 1']);
    assert.equal(sent('GET getTrial'), 1);
    assert.match(shown, /^# Trial 403\n/);
  });

  it('Show Activated Free Feature… offers the activated features (name, service, client, date); the one picked opens', async () => {
    const ui = new ScriptedUi(['Origin shielding']);
    const shown = await text(await run<vscode.Uri>(ui, 'platformConsole.showActivatedFreeFeature'));
    const pick = ui.prompts[0]!;
    assert.ok(pick.items!.includes('DNS health checks'));
    assert.equal(pick.items!.at(-1), ENTER_ID);
    assert.match(shown, /^# Activated free feature 601\n/);
    assert.equal(sent('GET listFreeFeatures'), 1);
  });

  it('Update…: reseller prefilled with the last one used, the setting picked from its list, its values prefilled', async () => {
    const ui = new ScriptedUi(['701', '$(bell-slash) failed_login → security@reseller-one.example', ACCEPT, ACCEPT, 'Enabled']);
    await run(ui, 'platformConsole.updateNotificationSetting');
    assert.ok(ui.prompts[1]!.items!.includes('$(bell) deletion_request → ops@reseller-one.example'));
    assert.equal(ui.prompts[1]!.items!.at(-1), ENTER_ID);
    assert.equal(ui.prompts[2]?.active, 'failed_login', 'type prefilled from the setting');
    assert.equal(ui.prompts[3]?.value, 'security@reseller-one.example', 'email prefilled from the setting');
    assert.equal(ui.prompts[4]?.active, 'Disabled', 'enabled prefilled from the setting');
    await ui.waitForNotification(/^Notification setting 802 saved: reseller 701, failed_login to security@reseller-one\.example, enabled\./);
    assert.equal(sent('PATCH updateNotificationSetting'), 1);
    const again = new ScriptedUi([ACCEPT, { escape: true }]);
    await run(again, 'platformConsole.updateNotificationSetting');
    assert.equal(again.prompts[0]?.value, '701', 'the last reseller prefilled');
    assert.equal(sent('PATCH updateNotificationSetting'), 1);
  });

  it('Delete Notification Setting…: declined sends nothing; confirmed names connection, reseller, type, email; sent once; gone', async () => {
    const created = (await (
      await fetch(`${sim.url}/iam/reselling/resellers/702/notification_settings`, {
        method: 'POST',
        headers: { Authorization: `apikey ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ notification_type: 'failed_login', email: 'gone@example.com', enabled: true }),
      })
    ).json()) as { id: number };
    const label = '$(bell) failed_login → gone@example.com';
    await run(new ScriptedUi(['702', label]), 'platformConsole.deleteNotificationSetting');
    assert.equal(sent('DELETE deleteNotificationSetting'), 0, 'the dialog dismissed: nothing sent');

    const ui = new ScriptedUi(['702', label], (message, actions) => (message.startsWith('Delete notification setting') ? actions[0] : undefined));
    assert.equal(await run<boolean>(ui, 'platformConsole.deleteNotificationSetting'), true);
    const confirm = ui.confirms[0]!;
    assert.equal(confirm.message, `Delete notification setting ${created.id} of reseller 702 on pickers?`);
    assert.match(
      confirm.detail,
      new RegExp(
        `Connection: pickers \\(${sim.url.replace(/[.]/g, '\\.')}/?\\)\\nReseller: 702\\nSetting: ${created.id}\\nType: failed_login\\nEmail: gone@example\\.com`,
      ),
    );
    assert.match(confirm.detail, /This cannot be undone/);
    await ui.waitForNotification(
      new RegExp(`^Notification setting ${created.id} of reseller 702 deleted \\(failed_login to gone@example\\.com\\) on pickers\\.`),
    );
    assert.equal(sent('DELETE deleteNotificationSetting'), 1);
    const left = await simGet<{ results: { id: number }[] }>('/iam/reselling/resellers/702/notification_settings');
    assert.ok(!left.results.some((s) => s.id === created.id), 'gone from the simulator');
  });

  it('Delete Notification Setting… with the setting as argument; a 404 is said plainly', async () => {
    const ui = new ScriptedUi([], (_message, actions) => (actions.includes('Delete') ? 'Delete' : undefined));
    assert.equal(await run<boolean>(ui, 'platformConsole.deleteNotificationSetting', { resellerId: 701, id: 9999 }), false);
    assert.equal(ui.prompts.length, 0, 'nothing asked');
    assert.match(ui.confirms[0]!.detail, /Type: not known/);
    await ui.waitForNotification(/^No notification setting 9999 for reseller 701 on pickers: nothing was deleted\./);
    assert.equal(sent('DELETE deleteNotificationSetting'), 1);
  });

  it('Disable Free Feature…: declined sends nothing; confirmed names the feature, service, client and what is lost; sent once; gone', async () => {
    await run(new ScriptedUi(['DNS health checks']), 'platformConsole.disableFreeFeature');
    assert.equal(sent('DELETE disableFreeFeature'), 0);

    const ui = new ScriptedUi(['DNS health checks'], (message, actions) => (message.startsWith('Disable the free feature') ? actions[0] : undefined));
    assert.equal(await run<boolean>(ui, 'platformConsole.disableFreeFeature'), true);
    const confirm = ui.confirms[0]!;
    assert.equal(confirm.message, 'Disable the free feature DNS health checks on pickers?');
    assert.match(confirm.detail, /^DNS health checks \(DNS\) stops working for client 501: the account loses this free feature/);
    assert.match(
      confirm.detail,
      /Connection: pickers .*\nFeature: DNS health checks \(feature 32\)\nService: DNS\nClient: 501\nActivated: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\nActivation id: 602/,
    );
    await ui.waitForNotification(/^DNS health checks disabled for client 501 on pickers\./);
    assert.equal(sent('DELETE disableFreeFeature'), 1);
    const left = await simGet<{ id: number }[]>('/iam/admin/free_features');
    assert.ok(!left.some((f) => f.id === 602), 'gone from the simulator');
    // The next pick reads again: the disabled feature is no longer offered.
    const again = new ScriptedUi([{ escape: true }]);
    await run(again, 'platformConsole.showActivatedFreeFeature');
    assert.ok(!again.prompts[0]!.items!.includes('DNS health checks'));
  });

  it('Disable Free Feature… by id as argument reads it to name it; an unknown id is said plainly, nothing sent', async () => {
    const ui = new ScriptedUi();
    assert.equal(await run<boolean>(ui, 'platformConsole.disableFreeFeature', 9999), false);
    await ui.waitForNotification(/^No activated free feature 9999 on pickers: nothing was disabled\./);
    assert.equal(ui.confirms.length, 0);
    assert.equal(sent('DELETE disableFreeFeature'), 0);
  });
});

describe('pickers on a spec-only server (no lists): straight to the typed box', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    connectionId = (await ext.connections.signIn('pickers-spec', sim.url, KEY, 'spec')).id;
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('Show Trial…, Show Activated Free Feature…, Update… and Delete… type the id', async () => {
    // Only the pickers' lists are counted: the views shown in the window read lists of their own.
    const listsAsked: string[] = [];
    const stopWatching = sim.watchRequests((r) => {
      if (r.method === 'GET' && /\/(trials|free_features|notification_settings)$/.test(r.path.split('?')[0] ?? '')) listsAsked.push(r.path);
    });
    const trial = new ScriptedUi(['401']);
    ext.setUi(trial);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.showTrial');
    assert.equal(trial.prompts[0]?.kind, 'input');
    assert.match((await vscode.workspace.openTextDocument(uri)).getText(), /^# Trial 401\n/);

    const feature = new ScriptedUi(['601']);
    ext.setUi(feature);
    await vscode.commands.executeCommand('platformConsole.showActivatedFreeFeature');
    assert.deepEqual(
      feature.prompts.map((p) => p.kind),
      ['input'],
    );

    // #52: the setting's current values cannot be read here, so the update is put as destructive first.
    const update = new ScriptedUi(['701', '801', 'deletion_request', 'ops@reseller-one.example', 'Enabled'], (_m, b) =>
      b.includes('Update') ? 'Update' : undefined,
    );
    ext.setUi(update);
    await vscode.commands.executeCommand('platformConsole.updateNotificationSetting');
    assert.deepEqual(
      update.prompts.map((p) => p.kind),
      ['input', 'input', 'pick', 'input', 'pick'],
    );
    await update.waitForNotification(/^Notification setting 801 saved/);
    assert.match(
      update.confirms[0]?.detail ?? '',
      /^Destructive: its current values could not be read, so this may switch it off or send its notifications to another address\./,
    );

    // The confirmation dismissed: only the two typed boxes were asked, nothing sent.
    const remove = new ScriptedUi(['701', '802']);
    ext.setUi(remove);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteNotificationSetting'), false);
    assert.deepEqual(
      remove.prompts.map((p) => p.kind),
      ['input', 'input'],
    );
    assert.equal(remove.confirms.length, 1);
    // The lists the spec lacks were asked for once each (trials, features: remembered); a reseller's
    // settings once per run, since a 404 there may mean only an unknown reseller.
    stopWatching();
    assert.equal(listsAsked.length, 4, listsAsked.join(', '));
    assert.equal(sim.requestCounts()['DELETE deleteNotificationSetting'] ?? 0, 0);
  });
});
