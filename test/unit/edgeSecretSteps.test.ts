// The edge secret wizards, made from the catalog operations' inputs: each box named by the field's
// title with its rule in words, checked as typed by the field's own rule (the published pattern and
// lengths), a name the connection has refused, the value masked and kept for Back and Retry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretSteps, replaceValueSteps, type CreateSecretState } from '../../src/features/edge/edgeSecretSteps';
import { createEdgeSecret } from '../../src/operations/edgeSecrets';
import { operationInput } from '../../src/ui/operationSteps';
import { runWizard } from '../../src/ui/wizard';
import { ACCEPT, PRESS_BACK, ScriptedUi } from '../support/scriptedUi';

describe('edge secret wizards', () => {
  it('Create Secret: name, comment, value in the operation order, each by its title and rule; a taken name refused', async () => {
    const ui = new ScriptedUi(['-bad', 'x', 'a'.repeat(129), 'db-password', ' api-token ', 'c'.repeat(1025), 'for the tests', '', 'v'.repeat(4097), 's3cret']);
    const state = await runWizard<CreateSecretState>({}, { title: 'Create Edge Secret (Sim)', ui, steps: createSecretSteps(['db-password']) });
    assert.deepEqual(state, { name: 'api-token', comment: 'for the tests', value: 's3cret' });
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.password ?? false]),
      [
        ['Secret name (1 to 128 characters)', false],
        ['Comment (at most 1024 characters; optional, empty to leave it out)', false],
        ['Value (1 to 4096 characters)', true],
      ],
    );
    const pattern = 'Secret name: must be letters, digits, "_" and "-", starting and ending with a letter or digit (^[a-zA-Z0-9][a-zA-Z0-9_-]*[a-zA-Z0-9]$)';
    assert.deepEqual(ui.prompts[0]!.refusals, [
      pattern,
      pattern,
      'Secret name: must be at most 128 characters',
      'Secret name: a secret named db-password already exists on this connection',
    ]);
    assert.deepEqual(ui.prompts[1]!.refusals, ['Comment: must be at most 1024 characters']);
    // The value is never repeated in a refusal: its rule and the field only.
    assert.deepEqual(ui.prompts[2]!.refusals, ['Value: must not be empty', 'Value: must be at most 4096 characters']);
    assert.deepEqual(operationInput(createEdgeSecret, state!), { name: 'api-token', comment: 'for the tests', value: 's3cret' });
  });

  it('Create Secret: an empty comment is left out; Back from the value keeps the comment typed', async () => {
    const ui = new ScriptedUi(['kept', 'note', PRESS_BACK, '', 'v']);
    const state = await runWizard<CreateSecretState>({}, { title: 'T', ui, steps: createSecretSteps([]) });
    assert.equal(ui.prompts[3]!.value, 'note', 'Back returned to the comment with what was typed');
    assert.deepEqual(operationInput(createEdgeSecret, state!), { name: 'kept', value: 'v' });
  });

  it('Replace Value: the value only, masked; Retry opens it with the value kept, so Enter sends it again', async () => {
    const ui = new ScriptedUi(['', 'n3w']);
    const state = await runWizard<{ value?: string }>({}, { title: 'T', ui, steps: replaceValueSteps() });
    assert.deepEqual(ui.prompts[0]!.refusals, ['Value: must not be empty']);
    assert.equal(ui.prompts[0]!.password, true);
    const retry = new ScriptedUi([ACCEPT]);
    assert.deepEqual(await runWizard({ value: state!.value }, { title: 'T', ui: retry, steps: replaceValueSteps() }), { value: 'n3w' });
    assert.equal(retry.prompts[0]!.password, true);
  });
});
