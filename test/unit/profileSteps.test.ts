// The protection profile wizards made from their operations' inputs (#54 item 2): each step named
// by the field's title, its prompt the rule in words, its box checked by the operation's own rule
// (the refusal naming the field); the template and the profile picked from a list, an id typed the
// fallback; the steps richer than one field (a template's fields, one item of the field list)
// checked by the operation's item rules. The commands around them: profiles and profileCreate
// integration tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProfileSteps } from '../../src/features/profiles/createProfileFlow';
import type { CreateProfileState } from '../../src/features/profiles/model/createProfile';
import { fieldSteps, pickProfileStep, renameSteps, startFrom, templateSteps, type ProfileEditState } from '../../src/features/profiles/profileEditFlows';
import type { PlatformApi } from '../../src/platform/api';
import type { ProtectionProfile } from '../../src/schema/security';
import { runWizard } from '../../src/ui/wizard';
import { PRESS_BACK, ScriptedUi } from '../support/scriptedUi';
import { SERVICE_SHIELD } from '../support/profileTemplateFixture';

const MAX_ID = '9007199254740991';
const profile: ProtectionProfile = {
  id: 12,
  client_id: 1,
  name: 'Edge Shield',
  template: { id: 2, name: 'Advanced' },
  fields: [
    { template_field_id: 5, value: '100' },
    { template_field_id: 8, value: 'strict', name: 'mode' },
  ],
  created_at: null,
  modified_at: null,
  networks: [],
};
const editing = (): ProfileEditState => {
  const state: ProfileEditState = {};
  startFrom(state, profile);
  return state;
};
const noApi = {} as PlatformApi;

describe('profile edit steps: the update operation inputs', () => {
  it('Rename: the name by its title and rule, the current one filled in; empty and too long refused naming the field', async () => {
    const ui = new ScriptedUi(['   ', 'x'.repeat(101), ' Shield Two ']);
    const done = await runWizard(editing(), { title: 'Rename', ui, steps: renameSteps() });
    assert.equal(done?.name, 'Shield Two');
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.value]),
      [['Name (1 to 100 characters)', 'Edge Shield']],
    );
    assert.deepEqual(ui.prompts[0]!.refusals, ['Name: must not be empty', 'Name: must be at most 100 characters']);
  });

  it('Change Template: the templates seen, the current marked and highlighted; a typed id checked as a positive whole number', async () => {
    const known = new Map([
      [3, 'Game Server Shield'],
      [2, 'Advanced'],
    ]);
    const ui = new ScriptedUi(['$(edit) Enter a template ID…', '0', 'two', '9007199254740992', MAX_ID]);
    const done = await runWizard(editing(), { title: 'Change', ui, steps: templateSteps(known) });
    assert.equal(done?.template_id, Number(MAX_ID));
    const [pick, box] = ui.prompts;
    assert.deepEqual(pick!.items, ['Advanced', 'Game Server Shield', '$(edit) Enter a template ID…']);
    assert.equal(pick!.active, 'Advanced', 'the current template highlighted');
    assert.equal(box!.prompt, 'Template ID (a positive whole number)');
    assert.equal(box!.value, '2', 'the current template id filled in');
    assert.deepEqual(box!.refusals, ['Template ID: must be at least 1', 'Template ID: must be a whole number', `Template ID: must be at most ${MAX_ID}`]);
    const picked = await runWizard(editing(), { title: 'Change', ui: new ScriptedUi(['Game Server Shield']), steps: templateSteps(known) });
    assert.equal(picked?.template_id, 3);
  });

  it('Edit Fields, a new field: its id by the item rule and ours (not one the profile has), its name optional, its value', async () => {
    const ui = new ScriptedUi(['$(add) Add a field…', 'x', '0', '8', '7', '', 'on']);
    const done = await runWizard(editing(), { title: 'Edit', ui, steps: fieldSteps() });
    assert.deepEqual([done?.fieldId, done?.fieldName, done?.value], [7, undefined, 'on']);
    assert.deepEqual(
      ui.prompts.map((p) => p.prompt),
      [
        'Field of "Edge Shield" to change (the complete list of fields is sent)',
        'Template field ID (a positive whole number; a field of template 2)',
        'Field name (optional, empty to leave it out; sent with field 7)',
        'Value (field 7)',
      ],
    );
    assert.deepEqual(ui.prompts[1]!.refusals, [
      'Template field ID: must be a whole number',
      'Template field ID: must be at least 1',
      'Template field ID: 8 is already set on this profile; pick it in the list to change its value',
    ]);
    // A field picked: straight to its value, the current one filled in.
    const picked = new ScriptedUi(['8 = strict', 'loose']);
    const changed = await runWizard(editing(), { title: 'Edit', ui: picked, steps: fieldSteps() });
    assert.deepEqual([changed?.fieldId, changed?.value], [8, 'loose']);
    assert.deepEqual([picked.prompts[1]!.prompt, picked.prompts[1]!.value], ['Value (field 8)', 'strict']);
  });

  it('from the palette: the profile picked from the list, or its id typed (by its rule) and then read; Back returns to the pick', async () => {
    const read: number[] = [];
    const api = {
      security: {
        getProtectionProfile: ({ params }: { params: { protection_profile_id: number } }) => (
          read.push(params.protection_profile_id),
          Promise.resolve({ ...profile, id: params.protection_profile_id, name: 'Typed' })
        ),
      },
    } as unknown as PlatformApi;
    const ui = new ScriptedUi(['Edge Shield', PRESS_BACK, '$(edit) Enter an ID…', '0', '44', 'Renamed']);
    const done = await runWizard<ProfileEditState>({}, { title: 'Rename', ui, steps: [pickProfileStep([profile], api), ...renameSteps()] });
    assert.deepEqual([done?.profile?.id, done?.protection_profile_id, done?.name], [44, 44, 'Renamed']);
    assert.deepEqual(read, [44], 'only the typed id is read; a listed profile is the one the list showed');
    const box = ui.prompts.find((p) => p.kind === 'input' && p.prompt.startsWith('Protection profile ID'))!;
    assert.equal(box.prompt, 'Protection profile ID (a whole number from 1 to 1000000000)');
    assert.deepEqual(box.refusals, ['Protection profile ID: must be at least 1']);
    assert.equal(ui.prompts[1]!.value, 'Edge Shield', "the listed profile's name filled in");
    assert.equal(ui.prompts.at(-1)!.value, 'Typed', "the typed profile's name, as read");
    // A listed profile asks nothing more of the platform.
    await runWizard<ProfileEditState>(
      {},
      { title: 'Rename', ui: new ScriptedUi(['Edge Shield', 'x']), steps: [pickProfileStep([profile], noApi), ...renameSteps()] },
    );
  });
});

describe('create profile steps: the create operation inputs', () => {
  it('the name by its title and rule, the template picked from the list and read, each template field checked as typed', async () => {
    const reads: number[] = [];
    const source = {
      list: () => Promise.resolve([SERVICE_SHIELD]),
      read: (id: number) => (reads.push(id), Promise.resolve(SERVICE_SHIELD)),
      logError: () => undefined,
    };
    const ui = new ScriptedUi(['', 'n'.repeat(101), 'Shop', 'Service Shield', 'ab', 'shop-api', PRESS_BACK, 'shop-api', '7000', '']);
    const done = await runWizard<CreateProfileState>({}, { title: 'Create', ui, steps: createProfileSteps(source) });
    assert.deepEqual([done?.name, done?.template_id, done?.values], ['Shop', 7, { 22: 'shop-api', 23: '7000', 27: '' }]);
    assert.deepEqual(reads, [7], 'read once: Back to a field does not read the template again');
    const [name, template] = ui.prompts;
    assert.deepEqual([name!.prompt, name!.refusals], ['Name (1 to 100 characters)', ['Name: must not be empty', 'Name: must be at most 100 characters']]);
    assert.deepEqual([template!.kind, template!.items], ['pick', ['Service Shield', '$(edit) Enter an ID…']]);
    assert.deepEqual(ui.prompts[2]!.refusals, ['Service label: must be at least 3 characters']);
  });

  it('a template typed by id is checked by the operation rule before it is read', async () => {
    const reads: number[] = [];
    const source = {
      list: () => Promise.resolve([]),
      read: (id: number) => (reads.push(id), Promise.resolve({ ...SERVICE_SHIELD, fields: [] })),
      logError: () => undefined,
    };
    const ui = new ScriptedUi(['Shop', '$(edit) Enter an ID…', '0', '7']);
    const done = await runWizard<CreateProfileState>({}, { title: 'Create', ui, steps: createProfileSteps(source) });
    assert.equal(done?.template?.id, 7);
    assert.deepEqual(reads, [7]);
    assert.deepEqual(ui.prompts[2]!.refusals, ['Template ID: must be at least 1']);
    assert.equal(ui.prompts[2]!.prompt, 'Template ID (a positive whole number)');
  });
});
