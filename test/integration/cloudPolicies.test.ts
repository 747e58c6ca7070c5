// Snapshot policies acted on from the Cloud view and the palette, against the simulator: Pause and
// Resume (confirmed, one PATCH each, the row's icon follows), Rename (the name checked as typed),
// Remove Schedule and Edit Schedule (prefilled, only what changed sent) from its row, Delete with the name typed, Add Snapshot Schedules started from a
// policy's row, a refused change that is not retried — each proven from the simulator's record.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ACCEPT, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const NIGHTLY_SCHEDULE = '3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60';

describe('Cloud view: snapshot policies', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const cloud = () => ext.cloud;
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET '))
      .map(([k, n]) => `${k} ${n}`);
  const lastBody = (route: string) => Object.values(sim.lastRequests(route))[0]?.body;

  const label = async (node: TreeNode) => {
    const item = await cloud().getTreeItem(node);
    return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  };
  const at = async (...path: string[]): Promise<TreeNode> => {
    let current: TreeNode | undefined;
    for (const want of path) {
      const children = await cloud().getChildren(current);
      const labels = await Promise.all(children.map(label));
      const index = labels.indexOf(want);
      if (index < 0) throw new Error(`No "${want}" under ${current ? await label(current) : 'the root'}: ${labels.join(', ')}`);
      current = children[index]!;
    }
    return current!;
  };
  const policyRow = (name: string) => at('production', 'Luxembourg-2', 'Snapshot Policies', name);
  const contextOf = async (node: TreeNode) => (await cloud().getTreeItem(node)).contextValue;

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('cloud-policies', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    sim.clearFaults('*');
    await cloud().reloadAll();
  });
  after(async () => {
    ext.setUi(undefined);
    // The flows remembered the project and region picked.
    for (const key of ['projectId', 'regionId'])
      await vscode.workspace.getConfiguration('platformConsole.cloud').update(key, undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('Pause from the row: a destructive modal naming the policy, one PATCH {status: paused}; Resume undoes it', async () => {
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Pause') ? 'Pause' : buttons.includes('Resume') ? 'Resume' : undefined));
    ext.setUi(ui);
    const row = await policyRow('nightly-snapshots');
    assert.equal(await contextOf(row), 'platformConsole.cloud.policy.active');
    assert.equal(await vscode.commands.executeCommand('platformConsole.pauseSnapshotPolicy', row), true);
    assert.match(ui.confirms[0]!.message, /^Pause snapshot policy nightly-snapshots on cloud-policies\?$/);
    assert.match(
      ui.confirms[0]!.detail,
      /^No snapshots are made until it is resumed\.[\s\S]*Policy: nightly-snapshots \(ID 10\)[\s\S]*Volumes: db-data, web-root\nChange: status active -> paused[\s\S]*Resume Snapshot Policy starts it again/,
    );
    assert.deepEqual(writes(), ['PATCH patchLifecyclePolicy 1']);
    assert.deepEqual(lastBody('patchLifecyclePolicy'), { status: 'paused' });
    assert.equal(await contextOf(await policyRow('nightly-snapshots')), 'platformConsole.cloud.policy.paused', 'the view read it again');

    assert.equal(
      await vscode.commands.executeCommand('platformConsole.pauseSnapshotPolicy', await policyRow('nightly-snapshots')),
      false,
      'paused already: nothing sent',
    );
    assert.equal(await vscode.commands.executeCommand('platformConsole.resumeSnapshotPolicy', await policyRow('nightly-snapshots')), true);
    assert.deepEqual(writes(), ['PATCH patchLifecyclePolicy 2']);
    assert.deepEqual(lastBody('patchLifecyclePolicy'), { status: 'active' });
  });

  it('Rename from the palette: project, region and policy picked; a bad name refused as typed; Escape on the modal sends nothing', async () => {
    const ui = new ScriptedUi(['production', 'Luxembourg-2', 'weekly-archive', ' x', 'weekly archive (old)', 'weekly-archive-old']);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.renameSnapshotPolicy'), false, 'the modal was dismissed');
    const input = ui.prompts.find((p) => p.kind === 'input')!;
    assert.equal(input.value, 'weekly-archive');
    // The operation's `name` input: its title, checked by its own rule as typed.
    assert.equal(input.prompt, 'New name');
    assert.equal(input.refusals.length, 2, input.refusals.join(' | '));
    assert.match(input.refusals[0]!, /^New name: must be 3 to 63 characters/);
    assert.deepEqual(writes(), [], 'nothing sent');

    ext.setUi(new ScriptedUi(['production', 'Luxembourg-2', 'weekly-archive', 'weekly-archive-old'], (_m, b) => (b.includes('Rename') ? 'Rename' : undefined)));
    assert.equal(await vscode.commands.executeCommand('platformConsole.renameSnapshotPolicy'), true);
    assert.deepEqual(lastBody('patchLifecyclePolicy'), { name: 'weekly-archive-old' });
    await policyRow('weekly-archive-old');
  });

  it('Remove Schedule from its row: the modal says its snapshots stop; one POST naming that schedule; the row leaves', async () => {
    const ui = new ScriptedUi([], (_m, b) => (b.includes('Remove') ? 'Remove' : undefined));
    ext.setUi(ui);
    const policy = await policyRow('nightly-snapshots');
    const rows = await cloud().getChildren(policy);
    const before = await Promise.all(rows.map(label));
    const schedule = rows.find((r) => (r as { cloudTarget?: { id?: string } }).cloudTarget?.id === NIGHTLY_SCHEDULE)!;
    assert.ok(schedule, `the schedule's row: ${before.join(', ')}`);
    assert.equal(await vscode.commands.executeCommand('platformConsole.removeSnapshotSchedule', schedule), true);
    assert.match(
      ui.confirms[0]!.detail,
      /^The snapshots it makes stop being made[\s\S]*\nSchedule: cron [^\n]*\nKeeps: [^\n]*\nChange: removed; the policy is left with no schedule\n/,
    );
    assert.deepEqual(writes(), ['POST removeSchedules 1']);
    assert.deepEqual(lastBody('removeSchedules'), { schedule_ids: [NIGHTLY_SCHEDULE] });
    const after = await cloud().getChildren(await policyRow('nightly-snapshots'));
    assert.ok(!after.some((r) => (r as { cloudTarget?: { id?: string } }).cloudTarget?.id === NIGHTLY_SCHEDULE), "the schedule's row left");
    assert.ok((await Promise.all(after.map(label))).includes('No schedules: no snapshots are made'), 'its only schedule: the policy says it makes none now');
  });

  it("Edit Schedule from its row: every step opens with the schedule's values; only what changed is sent (one PATCH); nothing changed sends nothing", async () => {
    const scheduleRow = async () =>
      (await cloud().getChildren(await policyRow('nightly-snapshots'))).find(
        (r) => (r as { cloudTarget?: { id?: string } }).cloudTarget?.id === NIGHTLY_SCHEDULE,
      )!;
    // Days, hours (picked as they are), minutes, time zone, keep 9 instead of 7, retention, name; keep it.
    const ui = new ScriptedUi(
      [{ pick: ['Every day (*)'] }, { pick: ['02'] }, ACCEPT, ACCEPT, '9', ACCEPT, ACCEPT, ACCEPT, { pick: '$(check) Keep this schedule' }],
      (_m, b) => (b.includes('Change') ? 'Change' : undefined),
    );
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.editSnapshotSchedule', await scheduleRow()), true);
    const opened = ui.prompts.filter((p) => p.kind === 'input').map((p) => p.value);
    assert.deepEqual(
      opened,
      ['30', '7', '1', '0', 'nightly {volume_id} {datetime_utc}'],
      'minutes, snapshots to keep, retention weeks and days, name: prefilled',
    );
    assert.equal(ui.prompts.find((p) => p.kind === 'pick' && /Time zone/.test(p.prompt))?.active, 'Europe/Luxembourg');
    assert.match(
      ui.confirms[0]!.detail,
      /\nKeeps: keeps 1 week · at most 7 snapshots\nFields sent: \{"max_quantity":9\}\nBecomes: [^\n]*; keeps 1 week · at most 9 snapshots\n/,
    );
    assert.deepEqual(writes(), ['PATCH patchSchedule 1']);
    assert.deepEqual(lastBody('patchSchedule'), { max_quantity: 9 });
    assert.match(ui.notifications.at(-1)!.message, /^Changed schedule cron 30 2 \* \* \* \(Europe\/Luxembourg\) of snapshot policy nightly-snapshots/);

    const same = new ScriptedUi([
      { pick: ['Every day (*)'] },
      { pick: ['02'] },
      ACCEPT,
      ACCEPT,
      ACCEPT,
      ACCEPT,
      ACCEPT,
      ACCEPT,
      { pick: '$(check) Keep this schedule' },
    ]);
    ext.setUi(same);
    assert.equal(await vscode.commands.executeCommand('platformConsole.editSnapshotSchedule', await scheduleRow()), false);
    assert.match(same.notifications.at(-1)!.message, /^Nothing changed in schedule .*: nothing sent\.$/);
    assert.deepEqual(writes(), ['PATCH patchSchedule 1']);
  });

  it('Delete: the name typed (a wrong one refused), one DELETE, the row leaves; a second attempt finds it gone', async () => {
    const ui = new ScriptedUi(['nightly', 'weekly-archive']);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteSnapshotPolicy', await policyRow('weekly-archive')), true);
    assert.match(
      ui.prompts[0]!.prompt!,
      /^The snapshot policy weekly-archive \(Policy weekly-archive \(ID 11\), Project \/ region 1 \/ 1, Status now [a-z]+, Schedules none, Volumes [^,]+, Change deleted\) on cloud-policies \(http[^)]+\) is sent: Delete snapshot policy weekly-archive\. Its schedules stop making snapshots; those already made are kept; this cannot be undone\. Type its name, weekly-archive, to confirm\.$/,
    );
    assert.deepEqual(ui.prompts[0]!.refusals, ['Confirmation: type weekly-archive exactly']);
    assert.deepEqual(writes(), ['DELETE deleteLifecyclePolicy 1']);
    const names = await Promise.all((await cloud().getChildren(await at('production', 'Luxembourg-2', 'Snapshot Policies'))).map(label));
    assert.ok(!names.includes('weekly-archive'), names.join(', '));
  });

  it("Add Snapshot Schedules from a policy's row asks only for the schedules (Back reaches the policy step)", async () => {
    const ui = new ScriptedUi([PRESS_ESCAPE]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.addSnapshotSchedules', await policyRow('nightly-snapshots'));
    assert.equal(ui.prompts.length, 1);
    assert.equal(ui.prompts[0]!.kind, 'pick');
    assert.match(ui.prompts[0]!.prompt ?? '', /^Add a schedule to policy 10$/);
    assert.equal(ui.prompts[0]!.canGoBack, true);
    assert.deepEqual(writes(), []);
  });

  it('a change the platform refuses is said with Show Log and not sent again', async () => {
    sim.setFault({ route: 'patchLifecyclePolicy', kind: 'status', status: 503, times: 3 });
    const ui = new ScriptedUi([], (_m, b) => (b.includes('Pause') ? 'Pause' : undefined));
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.pauseSnapshotPolicy', await policyRow('nightly-snapshots')), false);
    assert.deepEqual(writes(), ['PATCH patchLifecyclePolicy 1'], 'sent once');
    const error = ui.notifications.find((n) => n.severity === 'error');
    assert.match(error?.message ?? '', /^Could not pause snapshot policy nightly-snapshots/);
    assert.ok(error?.actions.includes('Show Log'));
  });
});
