// The protection template and profile create/delete tools in plain Node, against the simulator:
// list_protection_templates answers fields (type, required, default) and policies; the create is
// confirmed with every value it sends (the template read first) and sends one POST (a bad value refused before sending); the delete
// names the profile and its networks before one DELETE.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentSim } from '../support/agentSim';

describe('protection template and profile tools', { timeout: 60_000 }, () => {
  const t = agentSim('agent-profiles-key-3e71');

  it('list_protection_templates: each template with its fields and policies; one template by id', async () => {
    const all = (await t.run('list_protection_templates', {})).said;
    assert.match(all, /^Protection templates on "Sim": 7\./);
    assert.match(all, /template 7 "Service Shield"[^\n]*field 23 "Request threshold": whole number 10 to 1000000, required, default "5000"/);
    assert.match(all, /field 27 "Allowed addresses": comma-separated list of IPv4 address \(at most 20\), optional/);
    assert.match(all, /policies: "Rate limit" \(rate-limit\), "JavaScript challenge" \(js-challenge\), "Allow list" \(allow-list\)/);
    const one = (await t.run('list_protection_templates', { template_id: 3 })).said;
    assert.match(one, /^Protection templates on "Sim": 1\./);
    assert.match(one, /template 3 "Game Server Shield"[^\n]*policies: "UDP flood filter"/);
    assert.deepEqual(t.writes(), []);
  });

  it('create_protection_profile: confirmed with the body, one POST; declined or refused sends nothing', async () => {
    const input = {
      name: 'Agent shield',
      template_id: 7,
      fields: [
        { template_field_id: 22, value: 'agent-api' },
        { template_field_id: 27, value: ['203.0.113.9'] },
      ],
    };
    const declined = await t.run('create_protection_profile', input, () => 'Not sent: declined.');
    // Every value sent is a fact, named by the template read first.
    assert.match(
      declined.asked[0]!.message,
      /The new protection profile: Name `Agent shield` · Template `Service Shield \(ID 7\)` · Field 22 `Service label = agent-api` · [^\n]*Field 27 `Allowed addresses = 203\.0\.113\.9`[\s\S]*POST \/security\/sifter\/v3\/profiles/,
    );
    assert.deepEqual(t.writes(), []);
    const { said } = await t.run('create_protection_profile', input);
    assert.match(said, /^Created protection profile 251 on "Sim"/);
    assert.deepEqual(t.writes(), ['POST createProtectionProfile 1']);
    const refused = await t.run('create_protection_profile', { ...input, fields: [{ template_field_id: 22, value: 'x' }] });
    assert.match(refused.said, /field 22 \(Service label\) must be at least 3 characters/);
    const tooLong = await t.run('create_protection_profile', { ...input, name: 'n'.repeat(101) });
    assert.match(tooLong.said, /^Refused before sending, nothing was sent: name/);
    assert.equal(tooLong.asked.length, 0);
  });

  it('delete_protection_profile: the profile named with its networks first, then one DELETE', async () => {
    const made = await t.bound.api.security.createProtectionProfile({
      params: {},
      query: {},
      body: { name: 'Agent shield', template_id: 7, fields: [{ template_field_id: 22, value: 'agent-api' }] },
    });
    assert.equal(made.id, 251);
    const { said, asked } = await t.run('delete_protection_profile', { protection_profile_id: 251 });
    assert.match(asked[0]!.message, /The protection profile: Profile `Agent shield \(ID 251\)` · Template `Service Shield \(ID 7\)` · Networks `none`/);
    assert.deepEqual(asked[0]!.sentMeanwhile, ['POST createProtectionProfile 1'], 'nothing deleted by the question');
    assert.match(said, /^Deleted protection profile 251 on "Sim"/);
    assert.equal(t.sim.requestCounts()['DELETE deleteProtectionProfile'], 1);
    const all = await t.bound.api.security.listProtectionProfiles({ params: {}, query: {} });
    assert.equal(
      all.some((p) => p.id === 251),
      false,
    );
    const guarded = all.find((p) => p.client_id !== null && (p.networks?.length ?? 0) > 0)!;
    const refused = await t.run('delete_protection_profile', { protection_profile_id: guarded.id });
    assert.match(refused.asked[0]!.message, /the platform refuses to delete a profile while it protects networks \(409\)/);
    assert.match(refused.said, /409/);
  });
});
