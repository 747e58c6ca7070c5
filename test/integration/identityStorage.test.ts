// Reseller notification settings and the deprecated storage deletion, in a real VS Code against
// the simulator: create, update prefilled, an invalid email, a 400, a 500 with Retry; a deletion
// confirmed, one refused by a wrong typed id (nothing sent), and a 404.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

describe('reseller notification settings and storage deletion', function () {
  this.timeout(30_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;
  const run = async (command: string, ui: ScriptedUi) => {
    ext.setUi(ui);
    await vscode.commands.executeCommand(command);
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('identity', sim.url, KEY)).id;
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  let createdId = 0;

  it('Add: reseller, type with its meaning, email checked as typed, enabled by default -> saved, Show opens it', async () => {
    const ui = new ScriptedUi(
      ['0', 'abc', '702', 'failed_login', 'not-an-email', `${'a'.repeat(250)}@b.cc`, 'ops@example.com', 'Enabled', '$(check) Create'],
      (message) => (/^Notification setting \d+ saved/.test(message) ? 'Show' : undefined),
    );
    await run('platformConsole.addNotificationSetting', ui);
    assert.deepEqual(ui.prompts[0]?.refusals, ['Reseller ID: must be at least 1', 'Reseller ID: must be a whole number']);
    const typeStep = ui.prompts.find((p) => p.prompt === 'Notification type');
    assert.deepEqual(typeStep?.items, ['deletion_request', 'failed_login']);
    const emailStep = ui.prompts.find((p) => p.prompt.startsWith('Email address'));
    assert.deepEqual(emailStep?.refusals, [
      'Email address to notify: must be an email address like name@example.com',
      'Email address to notify: must be at most 254 characters',
    ]);
    const enabledStep = ui.prompts.at(-2);
    assert.equal(enabledStep?.kind, 'pick');
    // #54: the review is the operation's confirmation, one line an item (the whole: notificationSettingReview.test.ts).
    assert.equal(ui.prompts.at(-1)?.items?.[0], '$(check) Create');
    assert.ok(ui.prompts.at(-1)?.items?.includes('Email: ops@example.com'));
    const saved = await ui.waitForNotification(/^Notification setting (\d+) saved: reseller 702, failed_login to ops@example\.com, enabled\./);
    createdId = Number(/setting (\d+)/.exec(saved.message)![1]);
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown?.languageId, 'json');
    assert.deepEqual(JSON.parse(shown!.getText()), {
      id: createdId,
      reseller: 702,
      notification_type: 'failed_login',
      email: 'ops@example.com',
      enabled: true,
    });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(sent('POST createNotificationSetting'), 1);
  });

  it('Update: the setting created on this connection is prefilled; PATCH sends the change', async () => {
    // #52: switched off and sent elsewhere: destructive, a modal says both first; declined, nothing is sent.
    const declined = new ScriptedUi([String(702), '$(bell) failed_login → ops@example.com', 'failed_login', 'oncall@example.com', 'Disabled']);
    await run('platformConsole.updateNotificationSetting', declined);
    assert.match(
      declined.confirms[0]?.detail ?? '',
      /^Destructive: it switches the notification off: nothing is sent until it is enabled again; it sends the notifications to another address: the current one stops getting them\./,
    );
    assert.match(declined.confirms[0]?.detail ?? '', /Email: ops@example\.com -> oncall@example\.com/);
    assert.equal(sent('PATCH updateNotificationSetting'), 0);
    const ui = new ScriptedUi([String(702), '$(bell) failed_login → ops@example.com', 'failed_login', 'oncall@example.com', 'Disabled'], (_m, b) =>
      b.includes('Update') ? 'Update' : undefined,
    );
    await run('platformConsole.updateNotificationSetting', ui);
    await ui.waitForNotification(/^Notification setting \d+ saved: reseller 702, failed_login to oncall@example\.com, disabled\./);
    const email = ui.prompts.find((p) => p.prompt.startsWith('Email address'));
    assert.equal(email?.value, 'ops@example.com', 'prefilled from the setting picked');
    assert.equal(sent('PATCH updateNotificationSetting'), 1);
  });

  it('a 400 from the server names the field; Retry keeps every value and sends again once asked', async () => {
    sim.setFault({ route: 'createNotificationSetting', kind: 'status', status: 400, field: 'email', times: 1 });
    let retried = false;
    const ui = new ScriptedUi(['702', 'deletion_request', 'legal@example.com', 'Enabled', '$(check) Create'], (message) => {
      if (/^Could not save the notification setting: The server refused the request \(HTTP 400\).*email/.test(message) && !retried) {
        retried = true;
        return 'Retry';
      }
      return undefined;
    });
    ui.answer('$(check) Create');
    await run('platformConsole.addNotificationSetting', ui);
    await ui.waitForNotification(/^Notification setting \d+ saved: reseller 702, deletion_request to legal@example\.com/);
    assert.equal(retried, true);
    assert.equal(sent('POST createNotificationSetting'), 2, 'one POST per submit, none automatic');
    const last = ui.prompts.at(-1)!;
    assert.equal(last.canGoBack, true);
  });

  it('a 500 gets a notification with Show Log and is not retried', async () => {
    sim.setFault({ route: 'updateNotificationSetting', kind: 'status', status: 500 });
    const ui = new ScriptedUi(['701', '$(bell) deletion_request → ops@reseller-one.example', 'deletion_request', 'ops@reseller-one.example', 'Enabled']);
    await run('platformConsole.updateNotificationSetting', ui);
    const failed = await ui.waitForNotification(/^Could not save the notification setting: Server error \(HTTP 500\)/);
    assert.deepEqual(failed.actions, ['Retry', 'Show Log']);
    assert.equal(sent('PATCH updateNotificationSetting'), 1);
  });

  it('Delete Storage: says it is deprecated first, then needs the id typed again; success says it is gone', async () => {
    const ui = new ScriptedUi(['1001', '1000', '1001'], (message) => (message === 'Delete Storage (Deprecated)' ? 'Continue' : undefined));
    await run('platformConsole.deleteStorage', ui);
    assert.match(ui.confirms[0]?.detail ?? '', /deprecated.*object storages and SFTP storages \(storage API version 4\)/s);
    const confirm = ui.prompts[1]!;
    assert.match(confirm.prompt, /Delete storage 1001\. It is deleted with all its data; this cannot be undone\. Type its name, 1001,/);
    assert.deepEqual(confirm.refusals, ['Confirmation: type 1001 exactly']);
    await ui.waitForNotification(/^Storage 1001 is gone/);
    assert.equal(sent('DELETE deleteStorage'), 1);
  });

  it('Delete Storage: a wrong typed id then Escape sends nothing; declining the deprecation notice sends nothing', async () => {
    const ui = new ScriptedUi(['1002', '1003', PRESS_ESCAPE], (message) => (message === 'Delete Storage (Deprecated)' ? 'Continue' : undefined));
    await run('platformConsole.deleteStorage', ui);
    await run('platformConsole.deleteStorage', new ScriptedUi([]));
    assert.equal(sent('DELETE deleteStorage'), 0);
  });

  it('Delete Storage: a storage that does not exist gives a 404 message; a 503 is not retried', async () => {
    const choose = (message: string) => (message === 'Delete Storage (Deprecated)' ? 'Continue' : undefined);
    let ui = new ScriptedUi(['1001', '1001'], choose);
    await run('platformConsole.deleteStorage', ui);
    await ui.waitForNotification(/^Storage 1001 does not exist on identity: nothing was deleted\./);
    sim.setFault({ route: 'deleteStorage', kind: 'status', status: 503 });
    ui = new ScriptedUi(['1004', '1004'], choose);
    await run('platformConsole.deleteStorage', ui);
    await ui.waitForNotification(/^Could not delete storage 1004: Server error \(HTTP 503\)/);
    assert.equal(sent('DELETE deleteStorage'), 2);
  });
});
