// The order the test files run in, for both VS Code tiers (test/integration/index.ts, runE2e.mjs):
// PLATFORM_CONSOLE_TEST_ORDER unset runs them sorted by name, `reverse` backwards, `shuffle` in a
// random order whose seed is printed, `shuffle:<seed>` in that order again. No file may depend on
// another having run first: these orders prove it.

export const ORDER_VARIABLE = 'PLATFORM_CONSOLE_TEST_ORDER';

/**
 * `value` (the variable's text) read as an order; a value it does not know throws, naming the
 * variable and what it takes, so a typo never runs the default order unnoticed.
 */
export function parseOrder(value) {
  const text = (value ?? '').trim();
  if (text === '' || text === 'sorted') return { kind: 'sorted' };
  if (text === 'reverse') return { kind: 'reverse' };
  if (text === 'shuffle') return { kind: 'shuffle', seed: Math.floor(Math.random() * 2 ** 32) };
  const seeded = /^shuffle:(\d{1,10})$/.exec(text);
  if (seeded && Number(seeded[1]) < 2 ** 32) return { kind: 'shuffle', seed: Number(seeded[1]) };
  throw new Error(`${ORDER_VARIABLE}: must be sorted, reverse, shuffle or shuffle:<seed> (a whole number below 2^32); it is ${JSON.stringify(text)}`);
}

/** mulberry32: a small seeded generator, the same sequence for a seed on every machine. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * `names` in the order `order` says (parseOrder's result), starting from their sorted order;
 * the names in `last` (present ones only) run at the end whatever the order, in their given order.
 * Returns the names and a line that says the order (with the seed, and how to replay it).
 */
export function orderFiles(names, order, last = []) {
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  const movable = sorted.filter((name) => !last.includes(name));
  let description = 'files in name order';
  if (order.kind === 'reverse') {
    movable.reverse();
    description = `files in reverse name order (${ORDER_VARIABLE}=reverse)`;
  } else if (order.kind === 'shuffle') {
    // Fisher-Yates with the seeded generator.
    const random = seededRandom(order.seed);
    for (let i = movable.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [movable[i], movable[j]] = [movable[j], movable[i]];
    }
    description = `files shuffled with seed ${order.seed} (replay: ${ORDER_VARIABLE}=shuffle:${order.seed})`;
  }
  const tail = last.filter((name) => sorted.includes(name));
  return { files: [...movable, ...tail], description: tail.length ? `${description}; ${tail.join(', ')} last` : description };
}
