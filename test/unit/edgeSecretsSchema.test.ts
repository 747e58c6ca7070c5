// The FastEdge secret rules from the published file, checked before anything is sent, and the
// answers' schemas dropping a slot value the platform should never echo.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EDGE_SECRET_COMMENT_MAX,
  EDGE_SECRET_NAME_MAX,
  edgeSecret,
  edgeSecretConflict,
  edgeSecretCreate,
  edgeSecretDeleteQuery,
  edgeSecretList,
  edgeSecretListQuery,
  edgeSecretPatch,
} from '../../src/schema/edgeSecrets';

describe('edge secret request rules', () => {
  it('accepts published names and refuses the rest', () => {
    for (const name of ['db_password', 'API-key-2', 'A1', 'x'.repeat(EDGE_SECRET_NAME_MAX)]) {
      assert.equal(edgeSecretCreate.safeParse({ name }).success, true, name);
    }
    for (const name of ['', '-lead', 'trail_', 'has space', 'dot.ted', 'x'.repeat(EDGE_SECRET_NAME_MAX + 1)]) {
      assert.equal(edgeSecretCreate.safeParse({ name }).success, false, JSON.stringify(name));
    }
  });

  it('requires a name on create, not on patch', () => {
    assert.equal(edgeSecretCreate.safeParse({ comment: 'c' }).success, false);
    assert.equal(edgeSecretPatch.safeParse({ comment: 'c' }).success, true);
  });

  it('limits the comment to 1024 characters and the value to 4096', () => {
    assert.equal(edgeSecretCreate.safeParse({ name: 'ab', comment: 'c'.repeat(EDGE_SECRET_COMMENT_MAX) }).success, true);
    assert.equal(edgeSecretCreate.safeParse({ name: 'ab', comment: 'c'.repeat(EDGE_SECRET_COMMENT_MAX + 1) }).success, false);
    assert.equal(edgeSecretPatch.safeParse({ secret_slots: [{ slot: 0, value: 'v'.repeat(4096) }] }).success, true);
    assert.equal(edgeSecretPatch.safeParse({ secret_slots: [{ slot: 0, value: 'v'.repeat(4097) }] }).success, false);
    assert.equal(edgeSecretPatch.safeParse({ secret_slots: [{ value: 'v' }] }).success, false);
  });

  it('refuses fields the platform does not take', () => {
    assert.equal(edgeSecretCreate.safeParse({ name: 'ab', app_count: 3 }).success, false);
    assert.equal(edgeSecretListQuery.safeParse({ app_id: 0 }).success, false);
    assert.equal(edgeSecretListQuery.safeParse({ app_id: 7, secret_name: 'ab' }).success, true);
    assert.equal(edgeSecretDeleteQuery.safeParse({ force: 'yes' }).success, false);
  });
});

describe('edge secret answers', () => {
  it('keeps names, counts and checksums and drops any slot value', () => {
    const read = edgeSecret.parse({
      id: 5,
      name: 'db',
      comment: 'c',
      app_count: 2,
      secret_slots: [{ slot: 0, checksum: 'abc', value: 'leaked-value' }],
    });
    assert.deepEqual(read.secret_slots, [{ slot: 0, checksum: 'abc' }]);
    assert.equal(JSON.stringify(read).includes('leaked-value'), false);
    const list = edgeSecretList.parse({ secrets: [{ id: 1, name: 'a', app_count: '3', value: 'x-leak' }], count: 1 });
    assert.equal(list.secrets?.[0]?.app_count, 3);
    assert.equal(JSON.stringify(list).includes('x-leak'), false);
  });

  it('reads the 409 of a used secret as the apps using it', () => {
    assert.deepEqual(edgeSecretConflict.parse({ error: 'in use', conflicting_ids: [3, 4] }).conflicting_ids, [3, 4]);
  });
});
