import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { removeScheduleSummary } from '../../src/features/schedules/model/policyActions';
import { scheduleName } from '../../src/ui/text/scheduleText';
import { policyName } from '../../src/schema/cloudPolicies';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { NIGHTLY_POLICY as policy } from '../support/policyFixture';

const conn = { name: 'Prod', baseUrl: 'https://api.example' };
const where = { projectId: 1, regionId: 2 };

describe('snapshot policy changes: what each confirmation says', () => {
  it('remove names the schedule and what is left (pause, resume, rename, delete: operationCloud.test.ts)', () => {
    const removal = writeConfirmationText(removeScheduleSummary(policy, where, policy.schedules[0]!, conn));
    assert.match(removal.detail, /Schedule: cron 0 3 \* \* \* \(UTC\) \(ID s1\)\nChange: the snapshots it makes stop being made; 1 schedule\(s\) remain/);
    assert.match(
      writeConfirmationText(removeScheduleSummary({ ...policy, schedules: [policy.schedules[0]!] }, where, policy.schedules[0]!, conn)).detail,
      /the policy is left with no schedule/,
    );
    assert.equal(scheduleName(policy.schedules[1]!), 'every 6 hours');
  });
  it('the published name rule: 3..63, letters digits spaces . _ -, not starting with a space or ending with "-"', () => {
    for (const ok of ['abc', 'Nightly backups 2', 'a.b_c-d', `a${'b'.repeat(61)}c`]) assert.equal(policyName().safeParse(ok).success, true, ok);
    for (const bad of ['ab', ' abc', 'abc-', `a${'b'.repeat(62)}c`, 'ab/c']) assert.equal(policyName().safeParse(bad).success, false, bad);
  });
  it('the typed confirmation accepts only the exact name, spaces around it ignored', () => {
    const c = typedConfirmationPrompt({
      title: 'Delete',
      thing: 'Snapshot policy nightly (ID 10)',
      name: 'nightly',
      connection: conn,
      consequence: 'will be deleted',
    });
    assert.equal(
      c.prompt,
      'Snapshot policy nightly (ID 10) on Prod (https://api.example) will be deleted; this cannot be undone. Type its name, nightly, to confirm.',
    );
    assert.equal(c.problem(' nightly '), undefined);
    assert.equal(c.problem('Nightly'), 'Confirmation: type nightly exactly');
    assert.equal(c.problem('nightly-2'), 'Confirmation: type nightly exactly');
  });
});
