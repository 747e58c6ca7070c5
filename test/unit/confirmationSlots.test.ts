// #52 item 1: a confirmation belongs to one invocation. What a preparation left is taken once by
// the invocation after it; a new preparation of the same input discards it first (a Cancel, an
// unanswered question), so a retry is asked again and a retry that could not be read sends nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONFIRMATION_TTL_MS, ConfirmationSlots } from '../../src/features/agent/model/confirmationSlots';

const asked = (connectionId = 'c1') => ({ state: 'asked' as const, connectionId, request: { op: 'delete 101' } });
const refused = { state: 'refused' as const, answer: 'Server error (HTTP 500). Nothing was asked or sent.' };

describe('confirmation slots', () => {
  it('the invocation after a preparation takes what it left, once', () => {
    const slots = new ConfirmationSlots<{ op: string }>();
    slots.set('k', slots.begin('k'), asked());
    assert.deepEqual(slots.take('k'), asked());
    assert.equal(slots.take('k'), undefined, 'a second invocation finds nothing');
  });

  it('shown, cancelled (never invoked), then prepared again with a failing read: the invocation is refused', () => {
    const slots = new ConfirmationSlots<{ op: string }>();
    slots.set('k', slots.begin('k'), asked());
    // The person pressed Cancel: VS Code never invokes. The model retries the same input.
    const ticket = slots.begin('k');
    slots.set('k', ticket, refused);
    assert.deepEqual(slots.take('k'), refused);
  });

  it('a preparation that asks nothing (a refused input, writes off) leaves nothing for the invocation', () => {
    const slots = new ConfirmationSlots<{ op: string }>();
    slots.set('k', slots.begin('k'), asked());
    slots.begin('k');
    assert.equal(slots.take('k'), undefined);
  });

  it('an older preparation still reading its target cannot fill the slot of a newer one', () => {
    const slots = new ConfirmationSlots<{ op: string }>();
    const older = slots.begin('k');
    const newer = slots.begin('k');
    slots.set('k', newer, refused);
    slots.set('k', older, asked());
    assert.deepEqual(slots.take('k'), refused);
  });

  it('other inputs are untouched; a question left open past the limit is discarded (injected clock)', () => {
    let now = 1_000;
    const slots = new ConfirmationSlots<{ op: string }>(() => now);
    slots.set('a', slots.begin('a'), asked('a'));
    slots.set('b', slots.begin('b'), asked('b'));
    slots.begin('a');
    assert.deepEqual(slots.take('b'), asked('b'));
    slots.set('c', slots.begin('c'), asked('c'));
    now += CONFIRMATION_TTL_MS + 1;
    assert.equal(slots.take('c'), undefined);
  });

  it('holds at most 100 slots', () => {
    const slots = new ConfirmationSlots<{ op: string }>();
    for (let i = 0; i < 500; i++) slots.set(`k${i}`, slots.begin(`k${i}`), asked());
    assert.ok(slots.size <= 100, String(slots.size));
    assert.deepEqual(slots.take('k499'), asked());
  });
});
