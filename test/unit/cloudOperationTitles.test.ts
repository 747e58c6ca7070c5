// The Cloud family's inputs keep the words its commands showed, and a field shared by two of its
// operations is named alike (#54 item 2); that every input has a title is operationTitles.test.ts's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { createSecret } from '../../src/operations/cloudSecrets';
import { disableFunction } from '../../src/operations/cloudFunctions';
import { deleteSnapshotPolicy } from '../../src/operations/snapshotPolicies';
import { addSchedules } from '../../src/operations/snapshotSchedules';
import { deleteStorage, restoreStorage } from '../../src/operations/storages';
import { createTlsSecret } from '../../src/operations/tlsSecret';
import { fieldTitle } from '../../src/ui/operationSteps';

describe('Cloud operations: the titles of their inputs', () => {
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
