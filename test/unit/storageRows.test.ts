// What a storage row says: location and status; a deleted object storage restorable until two
// weeks after a deletion made here, "for 2 weeks after its deletion" when the time is unknown,
// past its window after that; SFTP storages never restorable; the confirmation's consequence.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { restorable, rowDescription, statusIcon, storageRow } from '../../src/features/storage/model/storageRows';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 4, 0);

describe('storage rows', () => {
  const object = storageRow('object', { id: 2104, name: 'old-reports', location_name: 's-drc2', provisioning_status: 'deleted' })!;
  const sftp = storageRow('sftp', { id: 2201, name: 'partner-drop', location_name: 's-ed1', provisioning_status: 'active' })!;

  it('an item without an id is no row; missing texts are said', () => {
    assert.equal(storageRow('object', { name: 'x' }), undefined);
    assert.deepEqual(storageRow('sftp', { id: 5 }), { kind: 'sftp', id: 5, name: 'storage 5', location: 'unknown location', status: 'unknown' });
  });

  it('a live storage: location and status, not restorable', () => {
    assert.deepEqual(restorable(sftp, undefined, NOW), { kind: 'no' });
    assert.equal(rowDescription(sftp, restorable(sftp, undefined, NOW)), 's-ed1 · active');
    assert.equal(statusIcon(sftp), 'server');
  });

  it('a deleted object storage: until 14 days after a known deletion, then past its window', () => {
    const deletedAt = NOW - 3 * DAY;
    const r = restorable(object, deletedAt, NOW);
    assert.deepEqual(r, { kind: 'until', untilMs: deletedAt + 14 * DAY });
    assert.equal(rowDescription(object, r), 's-drc2 · deleted · restorable until 2026-12-08 04:00 UTC');
    assert.equal(restorable(object, deletedAt, deletedAt + 14 * DAY).kind, 'until', 'the last moment still counts');
    const late = restorable(object, deletedAt, deletedAt + 14 * DAY + 1);
    assert.equal(late.kind, 'expired');
    assert.match(rowDescription(object, late), /past its restore window/);
    assert.equal(statusIcon(object), 'trash');
  });

  it('a deleted object storage whose deletion time is unknown: the two-week rule as published', () => {
    assert.equal(rowDescription(object, restorable(object, undefined, NOW)), 's-drc2 · deleted · restorable for 2 weeks after its deletion');
  });

  it('a deleted SFTP storage is never restorable', () => {
    assert.deepEqual(restorable({ ...sftp, status: 'deleted' }, NOW, NOW), { kind: 'no' });
  });
});
