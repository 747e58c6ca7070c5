// FastEdge secret rules in plain Node (names and values as typed: edgeSecretSteps.test.ts): the slot in use at a moment, a slot's row, and the search for the apps that
// refer to a secret (stops once the count is found, survives an app that cannot be read).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeSlot, appNames, slotLabel } from '../../src/features/edge/model/edgeSecretRules';
import { findSecretUsers } from '../../src/platform/edgeSecretUsers';

describe('edge secret rules', () => {
  it('the slot in use: the latest begun; before any has begun, the earliest', () => {
    const slots = [{ slot: 0 }, { slot: 1_704_067_200 }, { slot: 2_000_000_000 }];
    assert.equal(activeSlot(slots, 1_800_000_000)?.slot, 1_704_067_200);
    assert.equal(activeSlot(slots, 100)?.slot, 0);
    assert.equal(activeSlot([{ slot: 2_000_000_000 }], 100)?.slot, 2_000_000_000);
    assert.equal(activeSlot([], 100), undefined);
    const active = activeSlot(slots, 1_800_000_000);
    assert.match(slotLabel(slots[1]!, active, 1_800_000_000).description, /^in use · from 2024-01-01 00:00 UTC/);
    assert.match(slotLabel(slots[2]!, active, 1_800_000_000).description, /^scheduled/);
    assert.match(slotLabel(slots[0]!, active, 1_800_000_000).description, /^superseded · from the start · no checksum/);
  });

  it('the apps using a secret: found among the references, stops at the count, an unreadable app skipped', async () => {
    const apps = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `app-${i + 1}` }));
    const reads: number[] = [];
    const refs = async (id: number) => {
      reads.push(id);
      if (id === 2) throw new Error('gone');
      return id === 3 || id === 5 ? { TOKEN: { id: 636, name: 'upstream-token' } } : { OTHER: { id: 1 } };
    };
    const found = await findSecretUsers(apps, 636, refs, { expected: 2, concurrency: 1 });
    assert.deepEqual(
      found.users.map((a) => a.id),
      [3, 5],
    );
    assert.equal(found.failed, 1);
    assert.deepEqual(reads, [1, 2, 3, 4, 5], 'stops once both are found');
    assert.equal(appNames(found.users), 'app-3 (3), app-5 (5)');
    assert.equal(appNames(apps, 2), 'app-1 (1), app-2 (2) and 18 more');
  });
});
