// Snapshot schedules in a real VS Code against the simulator: a cron and an interval schedule
// through the flow (with Back), the JSON document validated by the shipped schema before it is
// saved, a refused document then a fixed submit, a 400 with Retry and a 500.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, PRESS_BACK, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { signOutOf } from './support/isolation';
import { until } from './support/until';

const KEY = testKeys.simulator;
const ADD_CRON = '$(add) Add a cron schedule…';
const ADD_INTERVAL = '$(add) Add an interval schedule…';
const KEEP = '$(check) Keep this schedule';

describe('snapshot schedules', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  const config = () => vscode.workspace.getConfiguration('platformConsole.cloud');
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;
  const lastBody = async () => {
    const last = await new SimulatorControl(sim.url, sim.controlToken).lastRequests('addSchedules');
    return last['POST addSchedules']!.body as { schedules: Record<string, unknown>[] };
  };
  const policyDocs = () => vscode.workspace.textDocuments.filter((d) => d.languageId === 'markdown' && d.getText().startsWith('# Lifecycle policy'));

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    await ext.connections.signIn('schedules', sim.url, KEY);
    await config().update('projectId', 1, vscode.ConfigurationTarget.Global);
    await config().update('regionId', 1, vscode.ConfigurationTarget.Global);
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    await config().update('projectId', undefined, vscode.ConfigurationTarget.Global);
    await config().update('regionId', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  it('a cron and an interval schedule through the flow, with Back; one POST; the policy shown', async () => {
    const ui = new ScriptedUi([
      ACCEPT,
      ACCEPT,
      '$(edit) Enter an ID…',
      '0',
      '10',
      ADD_CRON,
      { pick: ['Monday', 'Wednesday'] },
      { pick: ['02'] },
      '60',
      '30',
      PRESS_BACK,
      '15',
      'Europe/Berlin',
      '0',
      '7',
      '1',
      '0',
      'snap-{volume_id}-{oops}',
      KEEP,
      ADD_INTERVAL,
      '0',
      '0',
      '0',
      '0',
      '30',
      '3',
      '0',
      '0',
      ACCEPT,
      KEEP,
      '$(check) Review and Submit (2)',
      '$(cloud-upload) Submit 2 schedule(s)',
    ]);
    const before = policyDocs().length;
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.addSnapshotSchedules');
    const done = await ui.waitForNotification(/^Policy .* \(active\) now has \d+ schedules; 2 added\./);
    assert.deepEqual(done.actions, ['Show Raw JSON']);
    assert.equal(sent('POST addSchedules'), 1);
    const body = await lastBody();
    assert.deepEqual(body.schedules[0], {
      type: 'cron',
      day_of_week: 'mon,wed',
      hour: '2',
      minute: '15',
      timezone: 'Europe/Berlin',
      max_quantity: 7,
      resource_name_template: 'snap-{volume_id}-{oops}',
      retention_time: { weeks: 1, days: 0 },
    });
    assert.deepEqual(body.schedules[1], {
      type: 'interval',
      weeks: 0,
      days: 0,
      hours: 0,
      minutes: 30,
      max_quantity: 3,
      resource_name_template: 'Snapshot of volume {volume_id} created by policy {lifecycle_policy_id}',
    });
    const refusals = ui.prompts.filter((p) => p.refusals.length).map((p) => p.refusals[0]);
    assert.deepEqual(refusals, [
      'Policy ID: must be at least 1',
      'Minutes: 60 is outside 0..59',
      'Snapshots to keep (max_quantity): must be at least 1',
      'Interval: must be longer than 0 (set weeks, days, hours or minutes)',
    ]);
    const template = ui.prompts.find((p) => p.value === 'Snapshot of volume {volume_id} created by policy {lifecycle_policy_id}' && p.warnings.length);
    assert.match(template?.warnings[0] ?? '', /\{oops\} is not a placeholder the platform knows and will stay as typed\. Example: snap-726ecfcc/);
    const keep = ui.prompts.find((p) => p.items?.[0] === KEEP)!;
    assert.match(keep.prompt, /^At 02:15, only on Monday and Wednesday \(Europe\/Berlin\); keeps 7 snapshots, each deleted after 1 week$/);
    assert.equal(keep.items!.filter((i) => / · {2}local /.test(i)).length, 5, 'the next 5 runs, in the zone and locally');
    const doc = await until('the policy document', () => (policyDocs().length > before ? policyDocs().at(-1) : undefined));
    const text = doc.getText();
    assert.match(text, /\*\*active\*\*/);
    assert.equal(text.match(/added now/g)?.length, 2);
    assert.match(text, /\| owner \| lifecycle_policy \|/);
    assert.match(text, /## Volumes\n\n\| Volume \| Name \|/);
  });

  it('the JSON document: schema errors before saving, a refused submit sends nothing, a fixed one is sent', async () => {
    ext.setUi(new ScriptedUi([ACCEPT, ACCEPT, 'nightly-snapshots']));
    await vscode.commands.executeCommand('platformConsole.editSchedulesAsJson');
    const editor = await until('the schedules document', () =>
      vscode.window.activeTextEditor?.document.uri.path.endsWith('.schedules.platform.json') ? vscode.window.activeTextEditor : undefined,
    );
    const doc = editor.document;
    assert.equal(doc.isUntitled, true);
    assert.equal(doc.languageId, 'json');
    const bad = {
      project_id: 1,
      region_id: 1,
      policy_id: 10,
      schedules: [{ type: 'cron', day_of_week: 'monday', hour: '24', minute: '0', max_quantity: 0, colour: 'red' }, { type: 'weekly' }],
    };
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(bad, null, 2)));
    const diagnostics = await until('schema diagnostics', () => {
      const found = vscode.languages.getDiagnostics(doc.uri);
      return found.length >= 4 ? found : undefined;
    });
    const messages = diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /pattern/i);
    assert.match(messages, /minimum|below/i);
    assert.match(messages, /colour/);
    assert.match(messages, /cron|interval/);

    const ui = new ScriptedUi([], (message, buttons) => (buttons.includes('Submit') ? 'Submit' : undefined));
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument');
    const refused = await ui.waitForNotification(/^Nothing was sent: /);
    assert.equal(ui.confirms.length, 0, 'a document the platform would refuse is not put to the person');
    assert.match(refused.message, /schedules\[0\]\.day_of_week/);
    assert.match(refused.message, /schedules\[0\]\.hour/);
    assert.equal(sent('POST addSchedules'), 0);

    const good = { ...bad, schedules: [{ type: 'cron', day_of_week: 'mon', hour: '23', minute: '0', timezone: 'UTC', max_quantity: 1 }] };
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(good, null, 2)));
    await until('no diagnostics', () => (vscode.languages.getDiagnostics(doc.uri).length === 0 ? true : undefined));
    await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument');
    await ui.waitForNotification(/now has \d+ schedules; 1 added\./);
    assert.equal(sent('POST addSchedules'), 1);
    assert.equal(ui.confirms.length, 1);
    // The operation's words and facts (src/operations/snapshotSchedules.ts): the policy read first, the schedule added as sent.
    assert.equal(ui.confirms[0]!.message, 'Add 1 schedule to snapshot policy nightly-snapshots on schedules?');
    assert.deepEqual(ui.confirms[0]!.detail.split('\n').slice(0, 4), [
      "They are added to the policy's own schedules in one request; each can be removed again.",
      '',
      `Connection: schedules (${sim.url})`,
      'Policy: nightly-snapshots (ID 10)',
    ]);
    assert.match(
      ui.confirms[0]!.detail,
      /\nAdds: cron 0 23 \* \* mon \(UTC\): [^\n]*; at most 1 snapshot\nSchedules sent: \[\{"type":"cron","day_of_week":"mon","hour":"23","minute":"0","timezone":"UTC","max_quantity":1\}\]\n/,
    );
  });

  it('Submit to Policy: sent on the connection the document was made on, after a modal naming it; a file from elsewhere says so; a signed-out origin sends nothing', async () => {
    const other = await startSimulator({ apiKey: KEY });
    const good = {
      project_id: 1,
      region_id: 1,
      policy_id: 10,
      schedules: [{ type: 'cron', day_of_week: 'tue', hour: '3', minute: '0', timezone: 'UTC', max_quantity: 2 }],
    };
    const fill = async (editor: vscode.TextEditor) => {
      await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), JSON.stringify(good, null, 2)));
    };
    const activeDoc = () =>
      until('the schedules document', () =>
        vscode.window.activeTextEditor?.document.uri.path.endsWith('.schedules.platform.json') ? vscode.window.activeTextEditor : undefined,
      );
    const dir = vscode.Uri.file(path.join(os.tmpdir(), `schedules-${Date.now()}`));
    try {
      // Made on "schedules", then "elsewhere" becomes the active connection: the document still goes to "schedules".
      ext.setUi(new ScriptedUi([ACCEPT, ACCEPT, 'nightly-snapshots']));
      await vscode.commands.executeCommand('platformConsole.editSchedulesAsJson');
      const made = await activeDoc();
      await fill(made);
      await ext.connections.signIn('elsewhere', other.url, KEY);
      const person: { answer?: string } = {};
      const ui = new ScriptedUi([], (_message, buttons) => (buttons.includes('Submit') ? person.answer : undefined));
      ext.setUi(ui);
      await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument', made.document.uri);
      await until('the confirmation', () => ui.confirms[0]);
      assert.match(ui.confirms[0]!.message, / on schedules\?$/);
      assert.match(ui.confirms[0]!.detail, /\n\nConnection: schedules /);
      assert.equal(sent('POST addSchedules') + (other.requestCounts()['POST addSchedules'] ?? 0), 0, 'dismissed: nothing sent');
      person.answer = 'Submit';
      await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument', made.document.uri);
      await ui.waitForNotification(/now has \d+ schedules; 1 added\./);
      assert.equal(sent('POST addSchedules'), 1, 'sent on the connection it was made on');
      assert.equal(other.requestCounts()['POST addSchedules'] ?? 0, 0, 'nothing to the active connection');

      // A file Platform Console did not make (a cloned repository's): the modal says so, on the active connection.
      const file = vscode.Uri.joinPath(dir, 'ops.schedules.platform.json');
      await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(good, null, 2)));
      const fromFile = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(fromFile);
      const fileUi = new ScriptedUi([], () => undefined);
      ext.setUi(fileUi);
      await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument', file);
      await until('the confirmation', () => fileUi.confirms[0]);
      assert.match(
        fileUi.confirms[0]!.detail,
        /^This document came from a file that Platform Console did not make: .*ops\.schedules\.platform\.json\. .*active connection, elsewhere\. They are added to the policy's own schedules in one request; each can be removed again\.\n\nConnection: elsewhere /,
      );
      assert.equal(other.requestCounts()['POST addSchedules'] ?? 0, 0, 'declined: nothing sent');

      // Made on "elsewhere", which is then signed out: refused by name, nothing sent anywhere.
      ext.setUi(new ScriptedUi([ACCEPT, ACCEPT, 'nightly-snapshots']));
      await vscode.commands.executeCommand('platformConsole.editSchedulesAsJson');
      const orphan = await until('the second document', () =>
        vscode.window.activeTextEditor?.document.uri.path.includes('elsewhere-policy-10') ? vscode.window.activeTextEditor : undefined,
      );
      await fill(orphan);
      await ext.connections.signOut(ext.connections.list().find((c) => c.name === 'elsewhere')!.id);
      const orphanUi = new ScriptedUi([], () => 'Submit');
      ext.setUi(orphanUi);
      await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument', orphan.document.uri);
      await orphanUi.waitForNotification(/^Nothing was sent: this schedules document was made on elsewhere, which is signed out\./);
      assert.equal(orphanUi.confirms.length, 0);
      assert.equal(sent('POST addSchedules'), 1);
      assert.equal(other.requestCounts()['POST addSchedules'] ?? 0, 0);
    } finally {
      const left = ext.connections.list().find((c) => c.name === 'elsewhere');
      if (left) await ext.connections.signOut(left.id);
      await ext.connections.switchTo(ext.connections.list().find((c) => c.name === 'schedules')!.id);
      await vscode.workspace.fs.delete(dir, { recursive: true }).then(undefined, () => undefined);
      await other.close();
    }
  });

  it('the regions are read while the project is picked: the region step opens on them, read once', async () => {
    (await ext.connections.bind())!.lists.forget();
    const regionsAsked: Record<string, number> = {};
    const ui = new ScriptedUi([ACCEPT, ACCEPT, PRESS_ESCAPE]);
    ui.beforeAnswer = async (prompt) => {
      if (prompt.prompt.startsWith('Pick a project')) {
        regionsAsked.project = await until('the regions asked for', () => sent('GET listRegions'), 3_000).catch(() => 0);
      }
      if (prompt.prompt.startsWith('Pick a region')) regionsAsked.region = sent('GET listRegions');
    };
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.addSnapshotSchedules');
    assert.deepEqual(regionsAsked, { project: 1, region: 1 }, 'asked as the project step opened, not again by the region step');
    const region = ui.prompts.find((p) => p.prompt.startsWith('Pick a region'))!;
    assert.ok(
      region.items!.some((label) => label.startsWith('Luxembourg')),
      region.items!.join(', '),
    );
    assert.equal(sent('GET listProjects'), 1);
  });

  it('a 400 names the field; Retry reopens the review with every schedule; a 500 is not retried', async () => {
    sim.setFault({ route: 'addSchedules', kind: 'status', status: 400, field: 'schedules', times: 1 });
    let retried = false;
    const ui = new ScriptedUi(
      [
        ACCEPT,
        ACCEPT,
        'nightly-snapshots',
        ADD_INTERVAL,
        '1',
        '0',
        '0',
        '0',
        '2',
        '0',
        '0',
        ACCEPT,
        KEEP,
        '$(check) Review and Submit (1)',
        '$(cloud-upload) Submit 1 schedule(s)',
      ],
      (message) => {
        if (/^Could not add the schedules to policy 10 on schedules: The server refused the request \(HTTP 400\).*schedules/.test(message) && !retried) {
          retried = true;
          return 'Retry';
        }
        return undefined;
      },
    );
    ui.answer('$(check) Review and Submit (1)', '$(cloud-upload) Submit 1 schedule(s)');
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.addSnapshotSchedules');
    await ui.waitForNotification(/now has \d+ schedules; 1 added\./);
    assert.equal(sent('POST addSchedules'), 2, 'one POST per submit');

    sim.setFault({ route: 'addSchedules', kind: 'status', status: 500 });
    const failing = new ScriptedUi([
      ACCEPT,
      ACCEPT,
      'nightly-snapshots',
      ADD_INTERVAL,
      '0',
      '1',
      '0',
      '0',
      '2',
      '0',
      '0',
      ACCEPT,
      KEEP,
      '$(check) Review and Submit (1)',
      '$(cloud-upload) Submit 1 schedule(s)',
    ]);
    ext.setUi(failing);
    await vscode.commands.executeCommand('platformConsole.addSnapshotSchedules');
    const failed = await failing.waitForNotification(/^Could not add the schedules to policy 10 on schedules: Server error \(HTTP 500\)/);
    assert.deepEqual(failed.actions, ['Retry', 'Show Log']);
    assert.equal(sent('POST addSchedules'), 3);
  });
});
