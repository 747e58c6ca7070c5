// The order of the VS Code tiers' test files (scripts/harness/fileOrder.mjs): reverse, a seeded
// shuffle that replays, the files that must run last kept last, and a typo refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { orderFiles, parseOrder } from '../../scripts/harness/fileOrder.mjs';

const NAMES = ['c.test.js', 'a.test.js', 'keyLeak.test.js', 'e.test.js', 'b.test.js', 'd.test.js'];
const LAST = ['keyLeak.test.js'];

describe('test file order', () => {
  it('unset: by name, the last ones last', () => {
    assert.deepEqual(orderFiles(NAMES, parseOrder(undefined), LAST).files, [
      'a.test.js',
      'b.test.js',
      'c.test.js',
      'd.test.js',
      'e.test.js',
      'keyLeak.test.js',
    ]);
    assert.deepEqual(parseOrder(''), { kind: 'sorted' });
  });

  it('reverse: backwards by name, keyLeak still last', () => {
    const { files, description } = orderFiles(NAMES, parseOrder('reverse'), LAST);
    assert.deepEqual(files, ['e.test.js', 'd.test.js', 'c.test.js', 'b.test.js', 'a.test.js', 'keyLeak.test.js']);
    assert.match(description, /reverse.*keyLeak\.test\.js last/);
  });

  it('shuffle: the seed is said, the same seed gives the same order, another seed another one', () => {
    const first = orderFiles(NAMES, parseOrder('shuffle:12345'), LAST);
    assert.deepEqual(orderFiles(NAMES, parseOrder('shuffle:12345'), LAST).files, first.files);
    assert.equal(first.files.at(-1), 'keyLeak.test.js');
    assert.deepEqual([...first.files].sort(), [...NAMES].sort(), 'every file once');
    assert.match(first.description, /seed 12345 \(replay: PLATFORM_CONSOLE_TEST_ORDER=shuffle:12345\)/);
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => orderFiles(NAMES, { kind: 'shuffle', seed }, LAST).files.join()));
    assert.ok(orders.size > 1, 'seeds give different orders');
  });

  it('plain shuffle draws a seed and prints it, so the run can be replayed', () => {
    const order = parseOrder('shuffle');
    assert.equal(order.kind, 'shuffle');
    const seed = (order as { seed: number }).seed;
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32);
    assert.deepEqual(orderFiles(NAMES, order, LAST).files, orderFiles(NAMES, parseOrder(`shuffle:${seed}`), LAST).files);
  });

  it('a value it does not know is refused, naming the variable and the values it takes', () => {
    for (const bad of ['random', 'shuffle:', 'shuffle:-1', 'shuffle:4294967296', 'reversed']) {
      assert.throws(() => parseOrder(bad), /^Error: PLATFORM_CONSOLE_TEST_ORDER: must be sorted, reverse, shuffle or shuffle:<seed>/, bad);
    }
  });
});
