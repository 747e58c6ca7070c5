import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { podChips, repeatedStampLength } from '../../src/protocol/logLineParts';

describe('podChips', () => {
  it('a tail of a few digits takes the segment before it: edges read as their place', () => {
    assert.deepEqual(podChips(['ed-lon-01']), ['lon-01']);
    assert.deepEqual(podChips(['ed-lon-01', 'ed-fra-01', 'ed-fra-02']), ['lon-01', 'fra-01', 'fra-02']);
    assert.deepEqual(podChips(['worker-12345']), ['12345'], 'five digits tell pods apart');
  });

  it('keeps the last segment when it tells the pods apart', () => {
    assert.deepEqual(podChips(['hello-world-d415368f6c-d6646', 'hello-world-d415368f6c-x9k2p']), ['d6646', 'x9k2p']);
  });

  it('takes more segments when the last one is shared', () => {
    assert.deepEqual(podChips(['api-7b9c-d6646', 'api-8f21-d6646', 'api-8f21-q1w2e']), ['7b9c-d6646', '8f21-d6646', 'q1w2e']);
  });

  it('shows a name whole when it is the tail of another, and a name with no dash as is', () => {
    assert.deepEqual(podChips(['worker', 'x-worker']), ['worker', 'x-worker']);
    assert.deepEqual(podChips(['single']), ['single']);
    assert.deepEqual(podChips([]), []);
  });

  it('a single pod keeps its last segment', () => {
    assert.deepEqual(podChips(['hello-world-d415368f6c-d6646']), ['d6646']);
  });
});

describe('repeatedStampLength', () => {
  const time = '2026-05-23T05:07:31.123456789Z';

  it('finds the simulator and Go log stamp at the line time (whole seconds, no zone read as UTC)', () => {
    const message = ' 2026/05/23 05:07:31 INFO 192.168.1.7:41386 "GET / HTTP/1.1" 200';
    const n = repeatedStampLength(message, time);
    assert.equal(message.slice(n), 'INFO 192.168.1.7:41386 "GET / HTTP/1.1" 200');
  });

  it('reads fractions, a T, commas and zones', () => {
    assert.equal(repeatedStampLength('2026-05-23T05:07:31.123Z hi', time), '2026-05-23T05:07:31.123Z '.length);
    assert.equal(repeatedStampLength('2026-05-23 07:07:31,120 +02:00 hi', time), '2026-05-23 07:07:31,120 +02:00 '.length);
    assert.equal(repeatedStampLength('2026-05-23 07:07:31 +0200 hi', time), '2026-05-23 07:07:31 +0200 '.length);
  });

  it('allows a second of clock difference either way, not more', () => {
    assert.ok(repeatedStampLength('2026/05/23 05:07:30 x', time) > 0);
    assert.ok(repeatedStampLength('2026/05/23 05:07:32 x', time) > 0);
    assert.equal(repeatedStampLength('2026/05/23 05:07:29 x', time), 0);
    assert.equal(repeatedStampLength('2026/05/23 05:07:34 x', time), 0);
    assert.equal(repeatedStampLength('2026/05/22 05:07:31 x', time), 0);
  });

  it('leaves other messages and unreadable times alone', () => {
    assert.equal(repeatedStampLength('INFO started at 2026/05/23 05:07:31', time), 0);
    assert.equal(repeatedStampLength('2026/05/23 05:07:31x', time), 0);
    assert.equal(repeatedStampLength('2026/13/23 05:07:31 x', time), 0);
    assert.equal(repeatedStampLength('2026/05/23 05:07:31 x', 'not a time'), 0);
    assert.equal(repeatedStampLength('', time), 0);
  });

  it('a message that is only the stamp folds whole', () => {
    assert.equal(repeatedStampLength('2026/05/23 05:07:31', time), '2026/05/23 05:07:31'.length);
  });
});
