import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EditsInFlight } from '../../webview/pricing/editsInFlight';
import type { PriceDisplay, PriceView } from '../../src/protocol/pricing';

const priced = (sequence: number): PriceView => ({ state: 'priced', display: { sequence, summary: `price ${sequence}` } as PriceDisplay });

describe('EditsInFlight (the price page)', () => {
  it('shows a price at once when every edit was acknowledged', () => {
    const edits = new EditsInFlight();
    edits.edited(edits.next());
    assert.deepEqual(edits.price('loadBalancer', priced(1)), priced(1));
  });

  it('holds a price sent before the extension saw the latest edit, as updating with the price it was', () => {
    const edits = new EditsInFlight();
    const first = edits.next();
    edits.edited(first);
    edits.next(); // typed again: the extension has not seen it yet
    const shown = edits.price('loadBalancer', priced(1));
    assert.deepEqual(shown, { state: 'loading', previous: (priced(1) as { display: PriceDisplay }).display });
  });

  it('releases the held price once the edit is acknowledged, if nothing replaced it', () => {
    const edits = new EditsInFlight();
    const seq = edits.next();
    edits.price('loadBalancer', priced(1));
    assert.deepEqual(edits.edited(seq), [['loadBalancer', priced(1)]]);
    assert.deepEqual(edits.edited(seq), [], 'released once');
  });

  it('drops the held price when a newer view for the tab came first, and holds on while later edits are unacknowledged', () => {
    const edits = new EditsInFlight();
    const a = edits.next();
    edits.price('loadBalancer', priced(1));
    assert.deepEqual(edits.price('loadBalancer', { state: 'loading' }), { state: 'loading' }, 'not a price: shown as it is');
    assert.deepEqual(edits.edited(a), [], 'nothing held any more');
    const b = edits.next();
    const c = edits.next();
    edits.price('instances', priced(2));
    assert.deepEqual(edits.edited(b), [], 'edit c is still on its way');
    assert.deepEqual(edits.edited(c), [['instances', priced(2)]]);
  });
});
