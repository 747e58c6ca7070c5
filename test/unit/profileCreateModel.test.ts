// Create Protection Profile's pure parts (the name's rule is the operation's: profileSteps.test.ts): each field's text turned into the typed
// value its schema asks for (empty optional fields not sent), the template picker's detail. (The
// summary and the delete confirmation are the catalog operations': operationProfiles.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBody, initialText, typedFieldProblem, type CreateProfileState } from '../../src/features/profiles/model/createProfile';
import { fieldPrompt, fieldRuleSummary, templateDetail } from '../../src/features/profiles/model/templateText';
import { fieldRule } from '../../src/schema/templateFieldRules';
import { SERVICE_SHIELD } from '../support/profileTemplateFixture';

const template = SERVICE_SHIELD;

describe('create protection profile model', () => {
  it('each field checked as typed, named in the message; defaults fill the box; typed text kept over the default', () => {
    const [label, threshold, addresses] = template.fields!;
    assert.equal(typedFieldProblem(threshold!, '5'), 'Request threshold: must be at least 10');
    assert.equal(typedFieldProblem(addresses!, '1.2.3'), 'Allowed addresses: item 1 ("1.2.3") must be an IPv4 address, e.g. 203.0.113.7');
    assert.equal(typedFieldProblem(addresses!, ''), undefined);
    assert.equal(typedFieldProblem(label!, ''), 'Service label: is required');
    assert.equal(initialText({}, threshold!), '5000');
    assert.equal(initialText({ values: { 23: '70' } }, threshold!), '70');
    assert.match(fieldPrompt(addresses!), /^Allowed addresses: Never filtered \(comma-separated list of IPv4 address; optional, empty to leave out\)$/);
  });

  it('the body: typed values, an empty optional field left out', () => {
    const state: CreateProfileState = { name: ' Shop API ', template, values: { 22: 'shop-api', 23: '7000', 27: '' } };
    assert.deepEqual(createBody(state), {
      name: 'Shop API',
      template_id: 7,
      fields: [
        { template_field_id: 22, value: 'shop-api' },
        { template_field_id: 23, value: 7000 },
      ],
    });
    const withList = createBody({ ...state, values: { ...state.values, 27: '203.0.113.7, 198.51.100.2' } });
    assert.deepEqual(withList.fields?.[2], { template_field_id: 27, value: ['203.0.113.7', '198.51.100.2'] });
  });

  it('the picker detail and the field rows say what each template and field takes', () => {
    assert.equal(templateDetail(template), 'Per-service thresholds · 3 fields (2 required)');
    assert.equal(fieldRuleSummary(fieldRule(template.fields![1]!.validation_schema)), 'whole number 10 to 1000000 · required · default 5000');
  });
});
