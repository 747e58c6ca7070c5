// Every input of the Cloud family's operations (secrets, TLS secret, storages, snapshot schedules and
// policies, functions) has a title for people: the wizard step's name, the box's refusal and the
// tools' JSON schema all say it, so a field is never named twice in two words (#54 item 2).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { createSecret, deleteCloudSecret } from '../../src/operations/cloudSecrets';
import { disableFunction, enableFunction } from '../../src/operations/cloudFunctions';
import { deleteSnapshotPolicy, pauseSnapshotPolicy, renameSnapshotPolicy, resumeSnapshotPolicy } from '../../src/operations/snapshotPolicies';
import { addSchedules, editSnapshotSchedule, removeSnapshotSchedule } from '../../src/operations/snapshotSchedules';
import { deleteStorage, restoreStorage } from '../../src/operations/storages';
import { createTlsSecret } from '../../src/operations/tlsSecret';
import { fieldTitle } from '../../src/ui/operationSteps';

const FAMILY = [
  createSecret,
  deleteCloudSecret,
  createTlsSecret,
  deleteStorage,
  restoreStorage,
  addSchedules,
  editSnapshotSchedule,
  removeSnapshotSchedule,
  pauseSnapshotPolicy,
  resumeSnapshotPolicy,
  renameSnapshotPolicy,
  deleteSnapshotPolicy,
  disableFunction,
  enableFunction,
];

describe('Cloud operations: every input has a title', () => {
  it('names each field for people, and the title reaches the JSON schema the tools publish', () => {
    const untitled: string[] = [];
    for (const op of FAMILY) {
      const shape = op.fields().shape as Record<string, z.ZodType>;
      for (const [name, schema] of Object.entries(shape)) if (fieldTitle(schema, name) === name) untitled.push(`${op.name}.${name}`);
      const json = z.toJSONSchema(op.fields(), { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { title?: unknown }> };
      for (const [name, property] of Object.entries(json.properties))
        assert.equal(typeof property.title, 'string', `${op.name}.${name} has no title in its JSON schema`);
    }
    assert.deepEqual(untitled, []);
  });

  it('keeps the words the commands showed: the same field is named alike in every operation', () => {
    const title = (op: { fields: () => z.ZodObject }, name: string) => fieldTitle((op.fields().shape as Record<string, z.ZodType>)[name]!, name);
    assert.equal(title(createSecret, 'project_id'), 'Project ID');
    assert.equal(title(disableFunction, 'region_id'), 'Region ID');
    assert.equal(title(createSecret, 'name'), title(createTlsSecret, 'name'));
    assert.equal(title(addSchedules, 'policy_id'), title(deleteSnapshotPolicy, 'policy_id'));
    assert.equal(title(deleteStorage, 'storage_id'), title(restoreStorage, 'storage_id'));
    assert.equal(title(createSecret, 'payload_content_type'), 'Payload content type');
  });
});
