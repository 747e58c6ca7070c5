// The bodies of profile edits: rename and template send one key; a field edit sends the complete
// list (every current field, the edited one changed or appended). And our rule on a new field's id.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  fieldValueText,
  fieldsBody,
  fieldsWithEdit,
  fieldAlreadySetProblem,
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

// The rules of what is typed are the operation's (profileSteps.test.ts); ours on top: a new field is not one the profile has.
describe('profile edit input rules', () => {
  it('a new field id must not be one the profile already has', () => {
    assert.equal(fieldAlreadySetProblem(6, current, 'Template field ID'), undefined);
    assert.equal(
      fieldAlreadySetProblem(8, current, 'Template field ID'),
      'Template field ID: 8 is already set on this profile; pick it in the list to change its value',
    );
  });
});
