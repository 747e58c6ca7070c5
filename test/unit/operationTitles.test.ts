// Every input of every operation in the catalog has a title for people (#54 item 2): the wizard
// step's name, its refusals and the tools' JSON schema all say it, and a field sent under the same
// name is named alike wherever it is an id, so one field is never named in two words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { OPERATIONS } from '../../src/operations/catalog';
import { fieldTitle } from '../../src/ui/operationSteps';

const inputs = () =>
  OPERATIONS.flatMap((op) => Object.entries(op.fields().shape as Record<string, z.ZodType>).map(([name, schema]) => ({ op: op.name, name, schema })));

describe('the catalog: every input has a title', () => {
  it('names each input of each operation for people, and the title reaches the JSON schema the tools publish', () => {
    const untitled = inputs()
      .filter(({ name, schema }) => fieldTitle(schema, name) === name)
      .map(({ op, name }) => `${op}.${name}`);
    assert.deepEqual(untitled, []);
    for (const op of OPERATIONS) {
      const json = z.toJSONSchema(op.fields(), { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { title?: unknown }> };
      for (const [name, property] of Object.entries(json.properties))
        assert.equal(typeof property.title, 'string', `${op.name}.${name}: no title in its JSON schema`);
    }
  });

  it('names an id the same in every operation that takes it', () => {
    const titles = new Map<string, Set<string>>();
    for (const { name, schema } of inputs()) if (/(^|_)id$|Id$/.test(name)) titles.set(name, (titles.get(name) ?? new Set()).add(fieldTitle(schema, name)));
    const differing = [...titles].filter(([, said]) => said.size > 1).map(([name, said]) => `${name}: ${[...said].join(' | ')}`);
    assert.deepEqual(differing, []);
    assert.ok(titles.size >= 10, `the ids of the catalog were read (${titles.size})`);
  });
});
