import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { positions, timeOrder } from '../../src/features/logs/model/timeOrder';

const inTimeOrder = <T extends { time: bigint }>(lines: readonly T[]): T[] => Array.from(timeOrder(lines), (i) => lines[i]!);

/** The plain way: a stable sort comparing BigInts. */
const reference = <T extends { time: bigint }>(lines: readonly T[]) => [...lines].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));

/** A small deterministic generator (the same lines on every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('timeOrder (a read in time order, equal times in read order)', () => {
  it('shuffled lines with many equal times: the same order as a stable BigInt sort, the input untouched', () => {
    const next = random(7);
    const base = 1_795_000_000_000_000_000n;
    const lines = Array.from({ length: 5000 }, (_, i) => ({ time: base + BigInt(Math.floor(next() * 300)) * 1_000_000n + BigInt(Math.floor(next() * 3)), i }));
    const before = [...lines];
    const sorted = inTimeOrder(lines);
    assert.deepEqual(
      sorted.map((l) => l.i),
      reference(lines).map((l) => l.i),
    );
    assert.deepEqual(lines, before, 'the read itself is not reordered');
  });

  it('a long read (digits in every pass) with nanoseconds apart: the same order as a stable BigInt sort', () => {
    const next = random(11);
    const base = 1_000_000_000_000_000_000n;
    const lines: { time: bigint; i: number }[] = [];
    while (lines.length < 6000) {
      const time = base + BigInt(Math.floor(next() * 2 ** 52));
      lines.push({ time, i: lines.length }, { time: time + 1n, i: lines.length + 1 }, { time, i: lines.length + 2 });
    }
    assert.deepEqual(
      inTimeOrder(lines).map((l) => l.i),
      reference(lines).map((l) => l.i),
    );
  });

  it('nanoseconds apart at a time far from zero still sort apart (no rounding)', () => {
    const t = 9_000_000_000_000_000_000n;
    const lines = [{ time: t + 2n }, { time: t + 1n }, { time: t + 3n }, { time: t }];
    assert.deepEqual(
      inTimeOrder(lines).map((l) => l.time - t),
      [0n, 1n, 2n, 3n],
    );
  });

  it('a read spanning more than 2^53 ns (an unparseable time sorts as 0) falls back to BigInt comparison', () => {
    const t = 1_795_000_000_000_000_000n;
    const lines = [{ time: t + 5n }, { time: 0n }, { time: t + 1n }, { time: t }, { time: 0n }];
    assert.deepEqual(inTimeOrder(lines), reference(lines));
    assert.deepEqual(
      inTimeOrder(lines).map((l) => l.time),
      [0n, 0n, t, t + 1n, t + 5n],
    );
  });

  it('a read already in order keeps its order; empty and single reads work', () => {
    const lines = [{ time: 1n }, { time: 1n }, { time: 2n }];
    assert.deepEqual([...timeOrder(lines)], [0, 1, 2]);
    assert.deepEqual([...timeOrder([])], []);
    assert.deepEqual([...timeOrder([{ time: 5n }])], [0]);
  });

  it('positions() inverts an order', () => {
    const order = timeOrder([{ time: 30n }, { time: 10n }, { time: 20n }]);
    assert.deepEqual([...order], [1, 2, 0]);
    assert.deepEqual([...positions(order)], [2, 0, 1]);
  });
});
