// "Add Snapshot Schedules…" reviews in the addSchedules operation's own confirmation
// (src/operations/snapshotSchedules.ts), one line an item, the policy as read for the review; Keep
// editing returns to the schedules. (The operation on every face: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { addSchedules } from '../../src/operations/snapshotSchedules';
import { addSchedulesSteps, type AddSchedulesState } from '../../src/features/schedules/addSchedulesFlow';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { runWizard } from '../../src/ui/wizard';
import { ACCEPT, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';

const conn = { name: 'Prod', baseUrl: 'https://api.example' };
const defaults = { get: () => ({ projectId: 1, regionId: 2 }), rememberMissing: () => Promise.resolve() };
const policy = { id: 10, name: 'nightly', status: 'active', schedules: [], volumes: [] };
const ADD_INTERVAL = '$(add) Add an interval schedule…';
const KEEP = '$(check) Keep this schedule';
const REVIEW = '$(check) Review and Submit (1)';
const SUBMIT = '$(cloud-upload) Submit 1 schedule(s)';

describe('Add Snapshot Schedules: the review', () => {
  it("the review step's lines are the operation's confirmation, on the policy as read", async () => {
    const interval = [ADD_INTERVAL, '0', '0', '0', '0', '30', '3', '0', '0', ACCEPT, KEEP];
    const ui = new ScriptedUi([ACCEPT, ACCEPT, '10', ...interval, REVIEW, '$(arrow-left) Keep editing', REVIEW, SUBMIT]);
    const reads: unknown[] = [];
    const review = { connection: conn, read: (input: unknown) => (reads.push(input), Promise.resolve(policy)) };
    const steps = addSchedulesSteps(
      defaults,
      () => ui,
      () => 'Add',
      review,
      () => new Date('2026-01-01T00:00:00Z'),
    );
    const done = await runWizard<AddSchedulesState>({}, { title: 'Add', ui, steps });
    assert.equal(done?.schedules?.length, 1);
    // The policy step is the operation's policy_id input: its title and its rule in words, typed where nothing is listed.
    assert.equal(ui.prompts[2]!.prompt, 'Policy ID (a positive whole number)');
    const sent = {
      project_id: 1,
      region_id: 2,
      policy_id: 10,
      schedules: [
        {
          type: 'interval',
          weeks: 0,
          days: 0,
          hours: 0,
          minutes: 30,
          max_quantity: 3,
          resource_name_template: 'Snapshot of volume {volume_id} created by policy {lifecycle_policy_id}',
        },
      ],
    } as Parameters<typeof addSchedules.request>[0];
    assert.deepEqual(reads, [sent, sent], 'read for each review, with exactly what is sent');
    const modal = writeConfirmationText(commandConfirmation(addSchedules, sent, policy, conn).summary);
    const reviews = ui.prompts.filter((p) => p.items?.[0] === SUBMIT);
    assert.equal(reviews.length, 2);
    assert.equal(reviews[1]!.prompt, `${modal.message} Review the values`);
    assert.deepEqual(reviews[1]!.items, [SUBMIT, ...modal.detail.split('\n').filter((l) => l !== ''), '$(arrow-left) Keep editing']);
    assert.ok(reviews[1]!.items?.includes('Policy: nightly (ID 10)'));
  });

  it('the typed policy is refused by the policy_id rule, named by its title, before anything is read', async () => {
    const ui = new ScriptedUi([ACCEPT, ACCEPT, '0', 'x', '9007199254740993', '10', PRESS_ESCAPE]);
    const reads: unknown[] = [];
    const steps = addSchedulesSteps(
      defaults,
      () => ui,
      () => 'Add',
      { connection: conn, read: (input) => (reads.push(input), Promise.resolve(policy)) },
    );
    assert.equal(await runWizard<AddSchedulesState>({}, { title: 'Add', ui, steps }), undefined);
    assert.deepEqual(ui.prompts[2]!.refusals, [
      'Policy ID: must be at least 1',
      'Policy ID: must be a whole number',
      'Policy ID: must be at most 9007199254740991',
    ]);
    assert.deepEqual(reads, []);
  });
});
