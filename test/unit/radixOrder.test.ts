import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { radixOrder, splitKey } from '../../src/protocol/radixOrder';

/** A stable comparator sort of the same keys: what the radix sort must match. */
function expected(keys: number[]): number[] {
  return keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
}

function sortKeys(keys: number[]): number[] {
  const n = keys.length;
  const lo = new Uint32Array(n);
  const hi = new Uint32Array(n);
  const order = new Uint32Array(n);
  keys.forEach((k, i) => {
    splitKey(k, i, lo, hi);
    order[i] = i;
  });
  return Array.from(radixOrder(order, n, lo, hi));
}

describe('radixOrder (the log store and the report table share it)', () => {
  it('keys across all four 16-bit digits, with many ties: the order of a stable comparator sort', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const keys = Array.from({ length: 20_000 }, () => (next() % 50 === 0 ? 42 : (next() * 2 ** 22 + next()) % 2 ** 53));
    assert.deepEqual(sortKeys(keys), expected(keys));
  });

  it('splits keys at 2^32 exactly: the high word decides', () => {
    const keys = [2 ** 32, 2 ** 32 - 1, 2 ** 52 + 1, 2 ** 52, 0, 1];
    assert.deepEqual(sortKeys(keys), [4, 5, 1, 0, 3, 2]);
  });

  it('sorts only the first n indices and keeps ties in the order given (not index order)', () => {
    const lo = new Uint32Array([5, 1, 5, 1]);
    const hi = new Uint32Array(4);
    const order = new Uint32Array([2, 3, 0, 1]);
    assert.deepEqual(Array.from(radixOrder(order, 4, lo, hi)), [3, 1, 2, 0]);
    assert.deepEqual(Array.from(radixOrder(new Uint32Array([1, 0, 2, 3]), 2, lo, hi).subarray(0, 2)), [1, 0]);
  });

  it('all keys equal (every pass skipped) and an empty list keep the order given', () => {
    assert.deepEqual(Array.from(radixOrder(new Uint32Array([3, 1, 2, 0]), 4, new Uint32Array(4).fill(9), new Uint32Array(4).fill(9))), [3, 1, 2, 0]);
    assert.deepEqual(Array.from(radixOrder(new Uint32Array(0), 0, new Uint32Array(0), new Uint32Array(0))), []);
  });
});
