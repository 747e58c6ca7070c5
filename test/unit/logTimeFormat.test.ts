import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatNanosUtc, isNanosUtc, parseTimeNanos, writeNanosUtc } from '../../src/protocol/logTime';

const MAX = 9_223_372_036_854_775_807n; // what 64 bits of nanoseconds hold (2262)

/** The format made the plain way: a BigInt division and a Date for every time. */
function reference(nanos: bigint): string {
  const seconds = nanos / 1_000_000_000n - (nanos < 0n && nanos % 1_000_000_000n !== 0n ? 1n : 0n);
  const fraction = nanos - seconds * 1_000_000_000n;
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction.toString().padStart(9, '0')}Z`;
}

describe('formatNanosUtc, writeNanosUtc, isNanosUtc (the second kept)', () => {
  it('make, write and recognise the plain format, for any time, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: MAX }), { minLength: 1, maxLength: 20 }), (times) => {
        for (const nanos of times) {
          const text = reference(nanos);
          assert.equal(formatNanosUtc(nanos), text);
          const bytes = new Uint8Array(32);
          writeNanosUtc(nanos, bytes, 1);
          assert.equal(new TextDecoder().decode(bytes.subarray(1, 31)), text);
          assert.ok(isNanosUtc(text, nanos));
          if (nanos < MAX) assert.ok(!isNanosUtc(text, nanos + 1n), 'a nanosecond off');
        }
      }),
    );
  });

  it('tells apart texts that parse to the same time but read otherwise', () => {
    const nanos = 1_779_512_851_500_000_000n;
    assert.ok(isNanosUtc('2026-05-23T05:07:31.500000000Z', nanos));
    assert.ok(!isNanosUtc('2026-05-23T05:07:31.5Z', nanos));
    assert.ok(!isNanosUtc('2026-05-23T07:07:31.500000000+02:00', nanos));
    assert.ok(!isNanosUtc('2026-05-23t05:07:31.500000000Z', nanos));
    assert.equal(formatNanosUtc(-500_000_000n), '1969-12-31T23:59:59.500000000Z');
    assert.ok(!isNanosUtc('1969-12-31T23:59:59.500000000Z', -500_000_000n), 'before 1970: stored as sent');
  });

  it('recognises a text exactly when it is its time formatted back (dates that roll over are not)', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const text = fc
      .record({
        y: fc.integer({ min: 1968, max: 2300 }),
        mo: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 31 }),
        h: fc.integer({ min: 0, max: 23 }),
        mi: fc.integer({ min: 0, max: 59 }),
        s: fc.integer({ min: 0, max: 60 }),
        f: fc.integer({ min: 0, max: 999_999_999 }),
      })
      .map(({ y, mo, d, h, mi, s, f }) => `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}.${String(f).padStart(9, '0')}Z`);
    fc.assert(
      fc.property(text, (t) => {
        const nanos = parseTimeNanos(t)!;
        assert.equal(isNanosUtc(t, nanos), nanos >= 0n && reference(nanos) === t, t);
      }),
      { numRuns: 500 },
    );
    assert.ok(isNanosUtc('2024-02-29T00:00:00.000000000Z', parseTimeNanos('2024-02-29T00:00:00Z')!), 'a leap day');
    assert.ok(!isNanosUtc('2026-02-29T00:00:00.000000000Z', parseTimeNanos('2026-03-01T00:00:00Z')!), 'no 29th of February in 2026');
    assert.ok(!isNanosUtc('2100-02-29T00:00:00.000000000Z', parseTimeNanos('2100-03-01T00:00:00Z')!), 'nor in 2100');
    assert.ok(isNanosUtc('2000-02-29T00:00:00.000000000Z', parseTimeNanos('2000-02-29T00:00:00Z')!), 'but in 2000');
    assert.ok(!isNanosUtc('2026-05-23T05:07:60.000000000Z', parseTimeNanos('2026-05-23T05:08:00Z')!), 'a 60th second');
  });
});
