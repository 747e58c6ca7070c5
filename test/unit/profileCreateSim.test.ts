// The simulator's protection templates and profile create/delete, through the client: every field
// kind seeded, a create checked against its template in the security API's 422 shape, a delete
// that removes the profile from both lists, and the published refusals (404, 403, 409).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformError } from '../../src/schema/errors';
import { fieldRule } from '../../src/schema/templateFieldRules';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'profile-create-key-5c1e';

describe('protection templates and profile create/delete in the simulator', () => {
  let sim: Simulator;
  let api: PlatformApi;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform', retryBaseMs: 5 }));
  });
  after(() => sim.close());

  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      assert.ok(error instanceof PlatformError);
      return error;
    }
    assert.fail('expected a refusal');
  };

  it('templates carry fields of every kind, required and optional, with defaults and descriptions, and policies', async () => {
    const templates = await api.security.listProfileTemplates({ params: {}, query: {} });
    assert.ok(templates.length >= 7);
    const rules = templates.flatMap((t) => t.fields ?? []).map((f) => fieldRule(f.validation_schema));
    for (const kind of ['string', 'integer', 'number', 'boolean', 'enum', 'array'] as const)
      assert.ok(
        rules.some((r) => r.kind === kind),
        `a ${kind} field`,
      );
    assert.ok(rules.some((r) => r.required) && rules.some((r) => !r.required));
    assert.ok(rules.some((r) => r.default !== undefined));
    assert.ok(rules.some((r) => r.kind === 'array' && r.items?.format === 'ipv4'));
    assert.ok(rules.some((r) => r.kind === 'string' && r.pattern && r.minLength !== undefined));
    const seven = await api.security.getProfileTemplate({ params: { protection_template_id: 7 } });
    assert.equal(seven.name, 'Service Shield');
    assert.ok((seven.fields ?? []).every((f) => f.description && f.field_type));
    const policies = await api.security.listProfileTemplatePolicies({ params: { protection_template_id: 7 } });
    assert.deepEqual(
      policies.map((p) => p.id),
      ['rate-limit', 'js-challenge', 'allow-list'],
    );
    const missing = await refusal(api.security.getProfileTemplate({ params: { protection_template_id: 99 } }));
    assert.equal(missing.status, 404);
  });

  it('a create is checked against its template: unknown field, wrong type, missing required field (422, each located)', async () => {
    const create = (fields: { template_field_id: number; value: unknown }[]) =>
      refusal(api.security.createProtectionProfile({ params: {}, query: {}, body: { name: 'bad', template_id: 7, fields: fields as never } }));
    const unknown = await create([
      { template_field_id: 22, value: 'shop' },
      { template_field_id: 1, value: 5 },
    ]);
    assert.equal(unknown.status, 422);
    assert.match(unknown.message, /field 1 does not belong to template 7/);
    const wrongType = await create([
      { template_field_id: 22, value: 'shop' },
      { template_field_id: 23, value: '5000' },
    ]);
    assert.equal(wrongType.status, 422);
    assert.match(wrongType.message, /field 23 \(Request threshold\) must be a whole number/);
    const badAddress = await create([
      { template_field_id: 22, value: 'shop' },
      { template_field_id: 27, value: ['10.0.0.300'] },
    ]);
    assert.match(badAddress.message, /must be an IPv4 address/);
    const missing = await create([]);
    assert.equal(missing.status, 422);
    assert.match(missing.message, /field 22 \(Service label\) is required by template 7/);
    const noTemplate = await refusal(api.security.createProtectionProfile({ params: {}, query: {}, body: { name: 'x', template_id: 99 } }));
    assert.equal(noTemplate.status, 422);
  });

  it('creates (201, defaults filled in), lists it, deletes it (204): gone from both lists; again 404', async () => {
    const made = await api.security.createProtectionProfile({
      params: {},
      query: {},
      body: {
        name: 'Shop API',
        template_id: 7,
        fields: [
          { template_field_id: 22, value: 'shop-api' },
          { template_field_id: 27, value: ['203.0.113.7'] },
        ],
      },
    });
    assert.equal(made.name, 'Shop API');
    assert.deepEqual(made.template, { id: 7, name: 'Service Shield' });
    assert.deepEqual(made.networks, []);
    const values = Object.fromEntries((made.fields ?? []).map((f) => [f.template_field_id, f.value]));
    assert.deepEqual(values, { 22: 'shop-api', 23: 5000, 24: 0.8, 25: false, 26: 'challenge', 27: ['203.0.113.7'] });
    const all = await api.security.listProtectionProfiles({ params: {}, query: {} });
    assert.ok(all.some((p) => p.id === made.id));
    await api.security.deleteProtectionProfile({ params: { protection_profile_id: made.id } });
    const after = await api.security.listProtectionProfiles({ params: {}, query: {} });
    assert.ok(!after.some((p) => p.id === made.id));
    const page = await api.security.listProtectionProfilesPaged({ params: {}, query: { limit: 10000, offset: 0 } });
    assert.ok(!page.results.some((p) => p.id === made.id));
    const again = await refusal(api.security.deleteProtectionProfile({ params: { protection_profile_id: made.id } }));
    assert.equal(again.status, 404);
  });

  it('refuses to delete a common profile (403) and one that still protects networks (409)', async () => {
    const common = await refusal(api.security.deleteProtectionProfile({ params: { protection_profile_id: 2 } }));
    assert.equal(common.status, 403);
    const all = await api.security.listProtectionProfiles({ params: {}, query: {} });
    const guarded = all.find((p) => p.client_id !== null && (p.networks?.length ?? 0) > 0)!;
    const conflict = await refusal(api.security.deleteProtectionProfile({ params: { protection_profile_id: guarded.id } }));
    assert.equal(conflict.status, 409);
    assert.match(conflict.message, /existing protected networks/);
  });
});
