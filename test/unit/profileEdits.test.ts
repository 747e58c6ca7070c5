// The bodies of profile edits: rename and template send one key; a field edit sends the complete
// list (every current field, the edited one changed or appended). And the typed-value rules.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  fieldValueText,
  fieldsBody,
  fieldsWithEdit,
  newFieldIdProblem,
  positiveIdProblem,
  profileNameProblem,
  renameBody,
  templateBody,
  unaddressableFields,
  type ProfileField,
} from '../../src/features/profiles/model/profileEdits';
import { profilePatchRequest } from '../../src/schema/security';

const current: ProfileField[] = [
  { template_field_id: 5, value: '100' },
  { template_field_id: 8, value: 'enabled' },
  { template_field_id: 9, value: '443' },
];

describe('profile edit bodies', () => {
  it('rename and template changes send only their key', () => {
    assert.deepEqual(renameBody('Edge'), { name: 'Edge' });
    assert.deepEqual(templateBody(2), { template_id: 2 });
  });

  it('a changed field: every current field in order, the edited one with its new value', () => {
    assert.deepEqual(fieldsWithEdit(current, { templateFieldId: 8, value: 'disabled' }), [
      { template_field_id: 5, value: '100' },
      { template_field_id: 8, value: 'disabled' },
      { template_field_id: 9, value: '443' },
    ]);
  });

  it('an added field goes last, with its name', () => {
    assert.deepEqual(fieldsBody(current, { templateFieldId: 7, value: 'KP', name: 'geo_block' }), {
      fields: [
        { template_field_id: 5, value: '100' },
        { template_field_id: 8, value: 'enabled' },
        { template_field_id: 9, value: '443' },
        { template_field_id: 7, value: 'KP', name: 'geo_block' },
      ],
    });
    assert.deepEqual(fieldsWithEdit(undefined, { templateFieldId: 1, value: '' }), [{ template_field_id: 1, value: '' }]);
  });

  it('values that are not text go back as their JSON text; items without an id are left out; names kept', () => {
    const odd: ProfileField[] = [
      { template_field_id: 1, value: 100 },
      { template_field_id: 2, value: true, name: 'flag' },
      { template_field_id: null, value: 'lost' },
      { template_field_id: 3, value: { a: 1 } },
      { template_field_id: 4, value: null },
    ];
    assert.equal(unaddressableFields(odd), 1);
    assert.deepEqual(fieldsWithEdit(odd, { templateFieldId: 3, value: 'x' }), [
      { template_field_id: 1, value: '100' },
      { template_field_id: 2, value: 'true', name: 'flag' },
      { template_field_id: 3, value: 'x' },
      { template_field_id: 4, value: 'null' },
    ]);
    assert.equal(fieldValueText(undefined), '');
  });

  it("whatever the current fields, the body passes the client's own request rules, holds the edit once and every other field as it was", () => {
    const field = fc.record({
      template_field_id: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
      value: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    });
    fc.assert(
      fc.property(fc.array(field, { maxLength: 8 }), fc.integer({ min: 1, max: 30 }), fc.string(), (fields, id, value) => {
        const body = fieldsBody(fields, { templateFieldId: id, value });
        assert.equal(profilePatchRequest.safeParse(body).success, true);
        const edited = body.fields!.filter((f) => f.template_field_id === id);
        assert.deepEqual(
          edited.map((f) => f.value),
          [value],
        );
        const others = fields.filter((f) => f.template_field_id !== undefined && f.template_field_id !== id);
        assert.deepEqual(
          body.fields!.filter((f) => f.template_field_id !== id),
          others.map((f) => ({ template_field_id: f.template_field_id, value: fieldValueText(f.value) })),
        );
      }),
    );
  });
});

describe('profile edit input rules', () => {
  it('name: 1 to 100 characters after trimming', () => {
    assert.equal(profileNameProblem('Edge'), undefined);
    assert.equal(profileNameProblem('x'.repeat(100)), undefined);
    assert.equal(profileNameProblem('x'.repeat(101)), 'Name: must be at most 100 characters');
    assert.equal(profileNameProblem('   '), 'Name: must not be empty');
  });

  it('ids: positive whole numbers', () => {
    assert.equal(positiveIdProblem('2', 'Template ID'), undefined);
    assert.equal(positiveIdProblem('0', 'Template ID'), 'Template ID: must be at least 1');
    assert.equal(positiveIdProblem('-1', 'Template ID'), 'Template ID: must be a whole number of 1 or more');
    assert.equal(positiveIdProblem('two', 'Template ID'), 'Template ID: must be a whole number of 1 or more');
    assert.equal(positiveIdProblem('99999999999999999999', 'Template ID'), 'Template ID: must be at most 9007199254740991');
    assert.equal(positiveIdProblem('9007199254740992', 'Template ID'), 'Template ID: must be at most 9007199254740991');
    assert.equal(positiveIdProblem('9007199254740991', 'Template ID'), undefined);
  });

  it('a new field id must not be one the profile already has', () => {
    assert.equal(newFieldIdProblem('6', current), undefined);
    assert.equal(newFieldIdProblem('8', current), 'Template field ID: 8 is already set on this profile; pick it in the list to change its value');
    assert.equal(newFieldIdProblem('x', current), 'Template field ID: must be a whole number of 1 or more');
  });
});
