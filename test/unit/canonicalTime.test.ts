import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isTimeText, timeText, writeTimeText } from '../../src/features/logs/model/canonicalTime';
import { formatNanosUtc } from '../../src/protocol/logTime';

const MAX = 9_223_372_036_854_775_807n; // what 64 bits of nanoseconds hold (2262)

describe('canonicalTime', () => {
  it('makes, writes and recognises what formatNanosUtc makes, for any time, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: MAX }), { minLength: 1, maxLength: 20 }), (times) => {
        for (const nanos of times) {
          const text = formatNanosUtc(nanos);
          assert.equal(timeText(nanos), text);
          const bytes = new Uint8Array(32);
          writeTimeText(nanos, bytes, 1);
          assert.equal(new TextDecoder().decode(bytes.subarray(1, 31)), text);
          assert.ok(isTimeText(text, nanos));
          if (nanos < MAX) assert.ok(!isTimeText(text, nanos + 1n), 'a nanosecond off');
        }
      }),
    );
  });

  it('tells apart texts that parse to the same time but read otherwise', () => {
    const nanos = 1_779_512_851_500_000_000n;
    assert.ok(isTimeText('2026-05-23T05:07:31.500000000Z', nanos));
    assert.ok(!isTimeText('2026-05-23T05:07:31.5Z', nanos));
    assert.ok(!isTimeText('2026-05-23T07:07:31.500000000+02:00', nanos));
    assert.ok(!isTimeText('2026-05-23t05:07:31.500000000Z', nanos));
    assert.equal(timeText(-500_000_000n), '1969-12-31T23:59:59.500000000Z');
    assert.ok(!isTimeText('1969-12-31T23:59:59.500000000Z', -500_000_000n), 'before 1970: stored as sent');
  });
});
