// The protection profile operations of the catalog (src/operations/protectionProfiles.ts) as the
// command shows them: create names every value it sends by the template's fields; the change is a
// plain write when it loses nothing and destructive when it moves the template or drops or
// replaces a field value; delete asks for the name typed, with the networks. A refused input names
// the field and the rule; a profile not there is a notFound, so nothing is asked. (The chat tool
// and MCP: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createProtectionProfile, deleteProtectionProfile, updateProtectionProfile } from '../../src/operations/protectionProfiles';
import type { ProtectionTemplate } from '../../src/schema/profileTemplates';
import type { ProtectionProfile } from '../../src/schema/security';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { SERVICE_SHIELD } from '../support/profileTemplateFixture';
import { modal, operationSim, PROD as conn, refused } from '../support/operationSim';

const template = SERVICE_SHIELD;
const profile: ProtectionProfile = {
  id: 12,
  client_id: 3,
  name: 'web-prod',
  template: { id: 2, name: 'DDoS Protection Advanced' },
  fields: [
    { template_field_id: 5, value: '500', name: 'burst' },
    { template_field_id: 8, value: 'balanced' },
  ],
  networks: ['203.0.113.0/24', '2001:db8::/48'],
};

describe('protection profile operations as the command confirms them', () => {
  it('Create names every value it sends, by the template read: "not set" where a field is left out', () => {
    const input = {
      name: 'Shop API',
      template_id: 7,
      fields: [
        { template_field_id: 22, value: 'shop-api' },
        { template_field_id: 23, value: 7000 },
      ],
    };
    const shown = modal(commandConfirmation(createProtectionProfile, input, template, conn));
    assert.equal(shown.message, 'Create protection profile "Shop API" from template Service Shield (ID 7) on Prod?');
    assert.equal(shown.button, 'Create');
    assert.match(
      shown.detail,
      /^Connection: Prod \(https:\/\/api\.example\)\nName: Shop API\nTemplate: Service Shield \(ID 7\)\nField 22: Service label = shop-api\nField 23: Request threshold = 7000\nField 27: Allowed addresses = not set\n\nSent once when you choose Create/,
    );
    const stray = modal(commandConfirmation(createProtectionProfile, { ...input, fields: [{ template_field_id: 99, value: ['a', 'b'] }] }, template, conn));
    assert.match(stray.detail, /\nField 99: not in the template = a, b\n/, 'a field the template lacks is still shown');
    assert.deepEqual(createProtectionProfile.request(input).call, { params: {}, query: {}, body: input });
  });

  it('a rename is a plain write naming the old and the new name', () => {
    const asked = commandConfirmation(updateProtectionProfile, { protection_profile_id: 12, name: 'web-prod-2' }, { profile }, conn);
    const shown = modal(asked);
    assert.equal(asked.summary.destructive, false);
    assert.equal(shown.message, 'Rename protection profile web-prod on Prod?');
    assert.equal(shown.button, 'Save');
    assert.match(
      shown.detail,
      /\nProfile: web-prod \(ID 12\)\nTemplate: DDoS Protection Advanced \(ID 2\)\nField values set: 2\nName: web-prod -> web-prod-2\n\n/,
    );
    assert.equal(shown.detail.includes('cannot be undone'), false);
  });

  it("a template change is destructive: the old template's values are dropped; the new template named when read", () => {
    const to = { id: 3, name: 'Game Server Shield' } as ProtectionTemplate;
    const shown = modal(commandConfirmation(updateProtectionProfile, { protection_profile_id: 12, template_id: 3 }, { profile, template: to }, conn));
    assert.equal(shown.message, 'Change the template of protection profile web-prod on Prod?');
    assert.match(shown.detail, /^Destructive: it moves the profile to another template: the old template's field values are dropped/);
    assert.match(shown.detail, /\nTemplate: DDoS Protection Advanced \(ID 2\) -> Game Server Shield \(ID 3\)\n/);
    assert.match(shown.detail, /This cannot be undone\./);
    const unnamed = modal(commandConfirmation(updateProtectionProfile, { protection_profile_id: 12, template_id: 3 }, { profile }, conn));
    assert.match(unnamed.detail, /\nTemplate: DDoS Protection Advanced \(ID 2\) -> no name \(ID 3\)\n/);
  });

  it('a field list that replaces a value is destructive and names every value sent; one that only adds is a write', () => {
    const edit = {
      protection_profile_id: 12,
      fields: [
        { template_field_id: 5, value: '900', name: 'burst' },
        { template_field_id: 8, value: 'balanced' },
      ],
    };
    const replaced = commandConfirmation(updateProtectionProfile, edit, { profile }, conn);
    assert.equal(replaced.summary.destructive, true);
    const shown = writeConfirmationText(replaced.summary);
    assert.equal(shown.message, 'Edit the fields of protection profile web-prod on Prod?');
    assert.match(shown.detail, /^Destructive: the field list it sends replaces the profile's: it replaces 1 of its field values \(named in the facts\)/);
    assert.match(shown.detail, /\nField 5: burst = 500 -> 900\nField 8: balanced \(unchanged\)\n/);
    const dropped = writeConfirmationText(
      commandConfirmation(updateProtectionProfile, { protection_profile_id: 12, fields: [edit.fields[0]!] }, { profile }, conn).summary,
    );
    assert.match(dropped.detail, /it drops 1 and replaces 1 of its field values/);
    assert.match(dropped.detail, /\nField 8: balanced -> dropped\n/);
    const added = commandConfirmation(
      updateProtectionProfile,
      { protection_profile_id: 12, fields: [...edit.fields.slice(1), { template_field_id: 5, value: '500' }, { template_field_id: 9, value: '443' }] },
      { profile },
      conn,
    );
    assert.equal(added.summary.destructive, false, 'every value kept, one added: a plain write');
    assert.match(writeConfirmationText(added.summary).detail, /\nField 9: not set -> 443\n/);
  });

  it('Delete asks for the name typed, with the template and the networks the platform refuses over', () => {
    const asked = commandConfirmation(deleteProtectionProfile, { protection_profile_id: 12 }, profile, conn);
    assert.equal(asked.typed?.name, 'web-prod');
    const prompt = typedConfirmationPrompt(asked.typed!);
    assert.equal(
      prompt.prompt,
      'The protection profile web-prod (Profile web-prod (ID 12), Template DDoS Protection Advanced (ID 2), Networks 203.0.113.0/24, 2001:db8::/48) on Prod (https://api.example) is sent: Delete protection profile web-prod. It still protects 2 networks: the platform refuses to delete a profile while it protects networks (409); this cannot be undone. Type its name, web-prod, to confirm.',
    );
    assert.equal(
      commandConfirmation(deleteProtectionProfile, { protection_profile_id: 12 }, { ...profile, name: '  ' }, conn).typed?.name,
      '12',
      'no name: the id typed',
    );
    const none = commandConfirmation(deleteProtectionProfile, { protection_profile_id: 12 }, { ...profile, networks: [] }, conn);
    assert.match(none.typed!.consequence, /It protects no network; it is deleted for good/);
  });

  it('a refused input names the field and the rule: the request is never built', () => {
    refused(() => updateProtectionProfile.request({ protection_profile_id: 12 }), /name: nothing to change: give name, template_id or fields/);
    refused(() => updateProtectionProfile.request({ protection_profile_id: 12, name: 'x'.repeat(101) }), /name/);
    refused(() => updateProtectionProfile.request({ protection_profile_id: 0, name: 'x' }), /protection_profile_id/);
    refused(() => createProtectionProfile.request({ name: '', template_id: 7 }), /name/);
    refused(() => deleteProtectionProfile.request({ protection_profile_id: -1 }), /protection_profile_id/);
    assert.deepEqual(updateProtectionProfile.request({ protection_profile_id: 12, template_id: 3 }).call, {
      params: { protection_profile_id: 12 },
      body: { template_id: 3 },
    });
  });
});

describe('the target read of the profile operations, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-profiles-key-9d24');

  it('the profile, the template moved to and the template created from are read; a profile or template not there asks nothing', async () => {
    const read = await updateProtectionProfile.read(t.bound.api, { protection_profile_id: 1, template_id: 3 });
    assert.equal(read.profile.id, 1);
    assert.equal(read.template?.name, 'Game Server Shield');
    assert.equal((await createProtectionProfile.read(t.bound.api, { name: 'x', template_id: 7 })).name, 'Service Shield');
    await assert.rejects(deleteProtectionProfile.read(t.bound.api, { protection_profile_id: 99_999 }), (e: Error & { kind?: string }) => e.kind === 'notFound');
    await assert.rejects(createProtectionProfile.read(t.bound.api, { name: 'x', template_id: 999 }), (e: Error & { kind?: string }) => e.kind === 'notFound');
    assert.deepEqual(t.writes(), []);
  });

  it('the chat tool of a profile not there answers that it could not read it and sends nothing', async () => {
    const { said, asked } = await t.run('delete_protection_profile', { protection_profile_id: 99_999 });
    assert.deepEqual(asked, []);
    assert.match(said, /99999/);
    assert.deepEqual(t.writes(), []);
  });
});
