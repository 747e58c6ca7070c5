// The schedule changes of the operation catalog (src/operations/snapshotSchedules.ts) as the command
// shows them: the action, what follows, every fact (what is sent and what the schedule becomes),
// the class of this call (a change that lowers what is kept prunes: destructive), the button; a
// bad input refused naming the field and the rule; a schedule no longer in its policy is a failed
// read, so nothing is asked. (The chat tool and MCP: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { addSchedules, editSnapshotSchedule, removeSnapshotSchedule } from '../../src/operations/snapshotSchedules';
import { NIGHTLY_FACTS, NIGHTLY_POLICY } from '../support/policyFixture';
import { modal, operationSim, PROD as conn, refused } from '../support/operationSim';

const at = { project_id: 1, region_id: 2, policy_id: 10, schedule_id: 's1' };
const policy = {
  ...NIGHTLY_POLICY,
  schedules: [{ ...NIGHTLY_POLICY.schedules[0]!, max_quantity: 7, retention_time: { weeks: 1 } }, NIGHTLY_POLICY.schedules[1]!],
};
const thing = { policy, schedule: policy.schedules[0]! };
const POLICY_FACTS = [
  'Connection: Prod (https://api.example)',
  ...NIGHTLY_FACTS,
  'Schedule: cron 0 3 * * * (UTC): At 03:00 (UTC) (ID s1)',
  'Keeps: keeps 1 week · at most 7 snapshots',
];

describe('snapshot schedule changes as the command confirms them', () => {
  it('Remove is destructive: the schedule, what it keeps, how many remain; it cannot be undone', () => {
    const asked = modal(commandConfirmation(removeSnapshotSchedule, at, thing, conn));
    assert.equal(asked.message, 'Remove schedule cron 0 3 * * * (UTC) from snapshot policy nightly on Prod?');
    assert.equal(asked.button, 'Remove');
    assert.equal(
      asked.detail,
      [
        'The snapshots it makes stop being made; those already made are kept. Add Snapshot Schedules can add a schedule again (add_schedules for an agent).',
        '',
        ...POLICY_FACTS,
        'Change: removed; 1 schedule(s) remain',
        '',
        'This cannot be undone. Sent once; never retried automatically.',
      ].join('\n'),
    );
    const last = { policy: { ...policy, schedules: [policy.schedules[0]!] }, schedule: policy.schedules[0]! };
    assert.match(modal(commandConfirmation(removeSnapshotSchedule, at, last, conn)).detail, /\nChange: removed; the policy is left with no schedule\n/);
  });

  it('Edit shows every value sent and the schedule it becomes; a plain write while it keeps as much', () => {
    const later = modal(commandConfirmation(editSnapshotSchedule, { ...at, change: { hour: '4' } }, thing, conn));
    assert.equal(later.message, 'Change schedule cron 0 3 * * * (UTC) of snapshot policy nightly on Prod?');
    assert.equal(later.button, 'Change');
    assert.equal(
      later.detail.split('\n\n')[1],
      [...POLICY_FACTS, 'Fields sent: {"hour":"4"}', 'Becomes: cron 0 4 * * * (UTC): At 04:00 (UTC); keeps 1 week · at most 7 snapshots'].join('\n'),
    );
    assert.match(later.detail, /^Only the fields sent change\.\n\n/);
    assert.equal(later.detail.includes('cannot be undone'), false);
    const more = commandConfirmation(editSnapshotSchedule, { ...at, change: { max_quantity: 9 } }, thing, conn);
    assert.equal(more.summary.destructive, false, 'keeping more snapshots prunes nothing');
  });

  it('Edit that lowers what is kept is destructive and says what the platform deletes', () => {
    const fewer = commandConfirmation(editSnapshotSchedule, { ...at, change: { max_quantity: 3, retention_time: { weeks: 0, days: 2 } } }, thing, conn);
    assert.equal(fewer.summary.destructive, true);
    const text = modal(fewer);
    assert.match(
      text.detail,
      /^Destructive: the platform deletes this schedule's oldest snapshots beyond the newest 3 \(it keeps up to 7 now\); the platform deletes this schedule's snapshots older than 2 days \(it keeps them 1 week now\)\. Deleted snapshots cannot be brought back\. Only the fields sent change\./,
    );
    assert.match(
      text.detail,
      /\nFields sent: \{"max_quantity":3,"retention_time":\{"weeks":0,"days":2\}\}\nBecomes: [^\n]*keeps 2 days · at most 3 snapshots\n\nThis cannot be undone\./,
    );
  });

  it('Add names the policy as it is and every schedule added, in words and as sent; a plain write', () => {
    const schedules = [{ type: 'interval' as const, days: 1, max_quantity: 2 }];
    const asked = commandConfirmation(addSchedules, { project_id: 1, region_id: 2, policy_id: 10, schedules }, policy, conn);
    assert.equal(asked.summary.destructive, false);
    const shown = modal(asked);
    assert.equal(shown.message, 'Add 1 schedule to snapshot policy nightly on Prod?');
    assert.equal(shown.button, 'Submit');
    assert.equal(
      shown.detail.split('\n\n').slice(0, 2).join('\n\n'),
      [
        "They are added to the policy's own schedules in one request; each can be removed again.",
        [...POLICY_FACTS.slice(0, 6), 'Adds: every 1 day; at most 2 snapshots', 'Schedules sent: [{"type":"interval","days":1,"max_quantity":2}]'].join('\n'),
      ].join('\n\n'),
    );
    assert.equal(
      modal(commandConfirmation(addSchedules, { project_id: 1, region_id: 2, policy_id: 10, schedules: [...schedules, ...schedules] }, { id: 10 }, conn))
        .message,
      'Add 2 schedules to snapshot policy 10 on Prod?',
    );
  });

  it('a refused input names the field and the rule: the request is never built', () => {
    refused(() => editSnapshotSchedule.request({ ...at, change: { hour: '25' } }), /hour/);
    refused(() => editSnapshotSchedule.request({ ...at, change: {} }), /at least one field/);
    refused(() => editSnapshotSchedule.request({ ...at, schedule_id: '', change: { hour: '4' } }), /schedule_id/);
    refused(() => removeSnapshotSchedule.request({ ...at, policy_id: 0 }), /policy_id/);
    refused(() => removeSnapshotSchedule.request({ ...at, schedule_id: '' }), /schedule_ids/);
    refused(() => addSchedules.request({ ...at, schedules: [] }), /schedules/);
    refused(() => addSchedules.request({ ...at, schedules: [{ type: 'cron', day_of_week: 'monday' }] as never }), /schedules\[0\]\.day_of_week/);
    assert.deepEqual(removeSnapshotSchedule.request(at).call, { params: { project_id: 1, region_id: 2, policy_id: 10 }, body: { schedule_ids: ['s1'] } });
    assert.deepEqual(editSnapshotSchedule.request({ ...at, change: { hour: '4' } }).call, {
      params: { project_id: 1, region_id: 2, schedule_id: 's1' },
      body: { hour: '4' },
    });
  });
});

describe('the target read of the schedule changes, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-schedules-key-77b1');
  const seeded = { project_id: 1, region_id: 1, policy_id: 10, schedule_id: '3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60' };

  it('the schedule is read from its policy; one no longer there is a notFound: nothing is asked, nothing sent', async () => {
    const found = await removeSnapshotSchedule.read(t.bound.api, seeded);
    assert.equal(found.policy.name, 'nightly-snapshots');
    assert.equal(found.schedule.max_quantity, 7);
    await assert.rejects(
      removeSnapshotSchedule.read(t.bound.api, { ...seeded, schedule_id: 'gone' }),
      (e: Error & { kind?: string }) => e.kind === 'notFound' && /nightly-snapshots has no schedule gone/.test(e.message),
    );
    await assert.rejects(
      editSnapshotSchedule.read(t.bound.api, { ...seeded, policy_id: 999, change: { hour: '4' } }),
      (e: Error & { kind?: string }) => e.kind === 'notFound' && /No snapshot policy 999/.test(e.message),
    );
    await assert.rejects(
      addSchedules.read(t.bound.api, { project_id: 1, region_id: 1, policy_id: 999, schedules: [] }),
      (e: Error & { kind?: string }) => e.kind === 'notFound' && /No snapshot policy 999/.test(e.message),
    );
    assert.deepEqual(t.writes(), []);
  });

  it('the chat tools of a schedule no longer in its policy answer that they could not read it, and send nothing', async () => {
    for (const [name, input] of [
      ['remove_snapshot_schedule', { ...seeded, schedule_id: 'gone' }],
      ['edit_snapshot_schedule', { ...seeded, schedule_id: 'gone', change: { max_quantity: 1 } }],
    ] as const) {
      const { said, asked } = await t.run(name, input);
      assert.deepEqual(asked, [], name);
      assert.match(said, /^Not found on "Sim": GET \S+\/gone\.[\s\S]*\nNothing was asked or sent\.$/, name);
    }
    assert.deepEqual(t.writes(), []);
  });
});

describe('schedules added on a server without the list of policies (the spec dialect)', { timeout: 60_000 }, () => {
  const t = operationSim('operation-schedules-spec-key', { dialect: 'spec' });

  it('the policy is known by its id only: asked with its facts not stated, then sent (the platform answers for the policy)', async () => {
    const input = { project_id: 1, region_id: 1, policy_id: 10, schedules: [{ type: 'interval' as const, hours: 6, max_quantity: 2 }] };
    const policy = await addSchedules.read(t.bound.api, input);
    assert.deepEqual(policy, { id: 10 });
    const shown = modal(commandConfirmation(addSchedules, input, policy, conn));
    assert.equal(shown.message, 'Add 1 schedule to snapshot policy 10 on Prod?');
    assert.match(
      shown.detail,
      /\nPolicy: policy 10 \(ID 10\)\nProject \/ region: 1 \/ 1\nStatus now: not stated\nSchedules: not stated\nVolumes: not stated\nAdds: every 6 hours; at most 2 snapshots\n/,
    );
    assert.deepEqual(t.writes(), [], 'nothing sent by reading');
  });
});
