import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { policyName } from '../../src/schema/cloudPolicies';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';

const conn = { name: 'Prod', baseUrl: 'https://api.example' };

describe('snapshot policy changes: the name rule and the typed confirmation (what each change says: operationCloud, operationSchedules)', () => {
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
