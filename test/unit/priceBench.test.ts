// The Price Preview's bench-only baseline and record (bench/pricing.bench.mjs): the naive
// requester sends every change at once, aborts nothing and delivers every answer as it comes,
// out of order and stale included; the knobs are off unless the environment sets them.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { EveryAnswer } from '../../src/features/pricing/model/everyAnswer';
import { PRICE_EVENTS_FILE_ENV, PRICE_NAIVE_ENV, priceBenchOptions } from '../../src/features/pricing/priceBench';

const tick = () => new Promise((r) => setImmediate(r));

function fakeServer() {
  const calls: { input: string; signal: AbortSignal; answer(value: string): void }[] = [];
  const send = (input: string, signal: AbortSignal) => new Promise<string>((resolve) => calls.push({ input, signal, answer: resolve }));
  return { calls, send };
}

describe('EveryAnswer (the naive baseline)', () => {
  it('sends each change at once, aborts nothing and delivers every answer in arrival order', async () => {
    const server = fakeServer();
    const results: string[] = [];
    const naive = new EveryAnswer(server.send, { onResult: (o) => results.push(o), onError: assert.fail });
    naive.schedule('a');
    naive.schedule('ab');
    naive.schedule('abc');
    await tick();
    assert.deepEqual(server.calls.map((c) => c.input), ['a', 'ab', 'abc']);
    assert.ok(server.calls.every((c) => !c.signal.aborted));
    assert.ok(naive.busy);
    server.calls[2]!.answer('abc');
    server.calls[0]!.answer('a');
    await tick();
    naive.cancel();
    server.calls[1]!.answer('ab');
    await tick();
    assert.deepEqual(results, ['abc', 'a', 'ab'], 'late and stale answers are shown too');
    assert.ok(!naive.busy);
  });

  it('stops delivering once disposed', async () => {
    const server = fakeServer();
    const results: string[] = [];
    const naive = new EveryAnswer(server.send, { onResult: (o) => results.push(o), onError: assert.fail });
    naive.schedule('a');
    await tick();
    naive.dispose();
    server.calls[0]!.answer('a');
    naive.schedule('b');
    await tick();
    assert.deepEqual(results, []);
    assert.equal(server.calls.length, 1);
  });
});

describe('priceBenchOptions', () => {
  it('is off unless the environment sets it', () => {
    assert.deepEqual(priceBenchOptions({}), { naive: false });
    assert.equal(priceBenchOptions({ [PRICE_NAIVE_ENV]: 'yes' }).naive, false);
    assert.equal(priceBenchOptions({ [PRICE_NAIVE_ENV]: '1' }).naive, true);
  });

  it('records one JSON line per event in the named file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'price-bench-'));
    try {
      const file = path.join(dir, 'events.jsonl');
      const { record } = priceBenchOptions({ [PRICE_EVENTS_FILE_ENV]: file });
      record!({ event: 'sent', tab: 'loadBalancer', summary: 's1' });
      record!({ event: 'aborted', tab: 'loadBalancer', summary: 's1' });
      const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(lines.map((l) => l.event), ['sent', 'aborted']);
      assert.ok(lines.every((l) => typeof l.at === 'number' && l.summary === 's1'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
