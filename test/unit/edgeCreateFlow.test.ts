// The Create Edge App wizard's steps, driven through a scripted UI: template path with one prompt
// per param (each names the param and its description; a mandatory one required; checked by its
// type as typed), Back between params and across steps, the binary path, bad names and env entries refused as typed; the request body and the
// confirmation's facts (param and env names, never values).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EdgeTemplate } from '../../src/schema/edge';
import { runWizard } from '../../src/ui/wizard';
import { createRequest, edgeCreateSteps, type EdgeCreateSource, type EdgeCreateState } from '../../src/features/edge/edgeCreateFlow';
import { PRESS_BACK, ScriptedUi } from '../support/scriptedUi';

const template: EdgeTemplate = {
  id: 301,
  name: 'Hello World HTTP',
  params: [
    { name: 'LOG_LEVEL', data_type: 'enum', mandatory: true, descr: 'Log verbosity', metadata: '{"values":["debug","info"]}' },
    { name: 'MAX_WIDTH', data_type: 'number', mandatory: false, descr: 'Largest width served', metadata: '' },
  ],
};
const source: EdgeCreateSource = {
  templates: async () => ({ items: [{ id: 301, name: 'Hello World HTTP', short_descr: 'Answers hello' }] }),
  template: async () => template,
  binaries: async () => ({ items: [{ id: 4748, status: 1, api_type: 'wasi-http', checksum: 'abc', usedBy: ['hello-edge'] }, { id: 9001, status: 1, api_type: 'wasi-http', unref_since: '2026-11-27T00:00:00Z', usedBy: [] }] }),
  templatesMissing: () => false,
  binariesMissing: () => false,
  logError: () => undefined,
};
const run = (answers: ConstructorParameters<typeof ScriptedUi>[0], state: EdgeCreateState = {}) => {
  const ui = new ScriptedUi(answers);
  return { ui, done: runWizard(state, { title: 'Create Edge App (Sim)', steps: edgeCreateSteps(source), ui }) };
};

describe('Create Edge App wizard', () => {
  it('from a template: each param named with its description, mandatory required, typed checks; Back between params', async () => {
    const { ui, done } = run(['From a template', 'Hello World HTTP', '', 'verbose', 'info', 'wide', PRESS_BACK, 'debug', '640', 'Bad_Name', 'my-app', '', 'A=1; B=two']);
    const state = await done;
    assert.ok(state);
    assert.deepEqual(state.params, { LOG_LEVEL: 'debug', MAX_WIDTH: '640' });
    const level = ui.prompts.filter((p) => p.prompt.startsWith('LOG_LEVEL'));
    assert.match(level[0]!.prompt, /^LOG_LEVEL \(required\): Log verbosity \[enum\]/);
    assert.deepEqual(level[0]!.refusals, ['LOG_LEVEL is required.', 'LOG_LEVEL must be one of: debug, info.']);
    assert.equal(level[1]!.value, 'info', 'Back returns to the param with its value');
    assert.deepEqual(ui.prompts.find((p) => p.prompt.startsWith('MAX_WIDTH'))!.refusals, ['MAX_WIDTH must be a number.']);
    assert.equal(ui.prompts.find((p) => p.prompt.startsWith('Name'))!.refusals.length, 1, 'a bad name refused as typed');
    const { body, facts } = createRequest(state);
    assert.deepEqual(body, { name: 'my-app', template: 301, env: { A: '1', B: 'two', LOG_LEVEL: 'debug', MAX_WIDTH: '640' } });
    const shown = facts.map(([k, v]) => `${k}: ${v}`).join('\n');
    assert.match(shown, /template params: LOG_LEVEL, MAX_WIDTH/);
    assert.match(shown, /env variables: A, B/);
    assert.ok(!shown.includes('two') && !shown.includes('640'), 'no value in the confirmation');
  });

  it('from a binary: picked from the list; Back from the name reopens it; bad env entries refused as typed', async () => {
    const { ui, done } = run(['From a binary', 'Binary 9001', PRESS_BACK, 'Binary 9001', 'from-bin', 'note', '1BAD=x', 'GOOD=1']);
    const state = await done;
    assert.ok(state);
    const pick = ui.prompts.find((p) => p.items?.includes('Binary 4748'))!;
    assert.ok(pick.items!.includes('Binary 9001'));
    assert.equal(ui.prompts.filter((p) => p.items?.includes('Binary 4748')).length, 2, 'Back from the name reopens the binary list');
    assert.match(ui.prompts.find((p) => p.prompt.startsWith('Environment'))!.refusals[0]!, /not a valid variable name/);
    assert.deepEqual(createRequest(state).body, { name: 'from-bin', binary: 9001, env: { GOOD: '1' }, comment: 'note' });
  });
});
