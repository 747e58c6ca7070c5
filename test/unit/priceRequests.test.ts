// Live pricing requests: debounced, the previous one aborted, and only the newest answer
// delivered, even when an older answer arrives later and its server ignored the abort.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { API_KEY_VARIABLE, priceRequestUrl, requestCurl, requestJson, shellQuote } from '../../src/features/pricing/model/priceRequestText';
import { AdaptivePause, LatestOnly, type Timers } from '../../src/features/pricing/model/priceRequests';

/** Timers run by hand. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  const timers: Timers = {
    set: (callback) => {
      const id = next++;
      pending.set(id, callback);
      return id;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    get count() {
      return pending.size;
    },
    runAll() {
      const due = [...pending.values()];
      pending.clear();
      due.forEach((f) => f());
    },
  };
}

/** A fake server: each call waits until the test answers it; it ignores aborts (worst case). */
function fakeServer() {
  const calls: { input: string; signal: AbortSignal; answer(value: string): void; fail(error: unknown): void }[] = [];
  const send = (input: string, signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ input, signal, answer: resolve, fail: reject }));
  return { calls, send };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('AdaptivePause', () => {
  it('waits the whole debounce until it knows the rhythm, then a little longer than the usual gap', () => {
    const pause = new AdaptivePause(350);
    let at = 1000;
    const pauses = [60, 120, 90, 100, 110, 70, 80].map((gap) => pause.next((at += gap)));
    assert.deepEqual(pauses.slice(0, 3), [350, 350, 350], 'fewer than three gaps seen');
    // Gaps so far 120, 90, 100 -> usual (75th percentile) 100 -> 140 ms.
    assert.equal(pauses[3], 140);
    assert.ok(
      pauses.slice(3).every((p) => p >= 120 && p <= 170),
      JSON.stringify(pauses),
    );
  });

  it('stays between its bounds; a gap of a second or more (a new burst) is not a typing gap', () => {
    const pause = new AdaptivePause(350);
    let at = 0;
    for (const gap of [5, 5, 5, 5]) pause.next((at += gap));
    assert.equal(pause.next(at + 5), 120, 'never under the minimum');
    const slow = new AdaptivePause(350);
    at = 0;
    for (const gap of [300, 300, 300]) slow.next((at += gap));
    assert.equal(slow.next(at + 300), 350, 'never over the debounce');
    const bursts = new AdaptivePause(350);
    at = 0;
    for (const gap of [5000, 5000, 5000, 5000]) bursts.next((at += gap));
    assert.equal(bursts.next(at + 5000), 350, 'pauses between bursts are not counted');
    assert.equal(new AdaptivePause(30).next(0), 30, 'a debounce under the minimum is the bound');
  });
});

describe('LatestOnly', () => {
  it('debounces: a burst of changes sends only the last one', async () => {
    const clock = manualTimers();
    const server = fakeServer();
    const results: string[] = [];
    const latest = new LatestOnly(server.send, { onResult: (o) => results.push(o), onError: assert.fail }, 300, clock.timers);
    latest.schedule('a');
    latest.schedule('ab');
    latest.schedule('abc');
    assert.equal(clock.count, 1);
    assert.equal(server.calls.length, 0);
    assert.ok(latest.busy);
    clock.runAll();
    await tick();
    assert.deepEqual(
      server.calls.map((c) => c.input),
      ['abc'],
    );
    server.calls[0]!.answer('price of abc');
    await tick();
    assert.deepEqual(results, ['price of abc']);
    assert.ok(!latest.busy);
  });

  it('out of order: the older request is aborted and its late answer never shows', async () => {
    const clock = manualTimers();
    const server = fakeServer();
    const results: string[] = [];
    const errors: unknown[] = [];
    const latest = new LatestOnly(server.send, { onResult: (o) => results.push(o), onError: (e) => errors.push(e) }, 300, clock.timers);
    latest.schedule('first');
    clock.runAll();
    await tick();
    latest.schedule('second');
    assert.ok(server.calls[0]!.signal.aborted, 'the request in flight is aborted');
    clock.runAll();
    await tick();
    server.calls[1]!.answer('price of second');
    await tick();
    // The first server ignored the abort and answers last.
    server.calls[0]!.answer('price of first');
    await tick();
    assert.deepEqual(results, ['price of second']);
    assert.deepEqual(errors, []);
  });

  it('an aborted request that fails is not reported; a current one is', async () => {
    const clock = manualTimers();
    const server = fakeServer();
    const errors: unknown[] = [];
    const latest = new LatestOnly(server.send, { onResult: () => {}, onError: (e) => errors.push(e) }, 0, clock.timers);
    latest.schedule('one');
    await tick();
    latest.schedule('two');
    await tick();
    server.calls[0]!.fail(new Error('aborted'));
    server.calls[1]!.fail(new Error('server error'));
    await tick();
    assert.deepEqual(
      errors.map((e) => (e as Error).message),
      ['server error'],
    );
  });

  it('cancel and dispose: nothing pending is sent, nothing in flight is delivered', async () => {
    const clock = manualTimers();
    const server = fakeServer();
    const results: string[] = [];
    const latest = new LatestOnly(server.send, { onResult: (o) => results.push(o), onError: assert.fail }, 300, clock.timers);
    latest.schedule('a');
    latest.cancel();
    assert.equal(clock.count, 0);
    latest.schedule('b', 0);
    await tick();
    latest.dispose();
    server.calls[0]!.answer('late');
    await tick();
    latest.schedule('c', 0);
    await tick();
    assert.deepEqual(results, []);
    assert.equal(server.calls.length, 1);
  });
});

describe('request text', () => {
  const call = {
    tab: 'instances' as const,
    baseUrl: 'https://api.example.com/',
    params: { project_id: 1, region_id: 7 },
    body: { flavor: "it's", names: ['a'] },
  };

  it('the URL of each endpoint with the location filled in', () => {
    assert.equal(priceRequestUrl(call), 'https://api.example.com/cloud/v2/pricing/1/7/instances');
    assert.equal(priceRequestUrl({ ...call, tab: 'loadBalancer' }), 'https://api.example.com/cloud/v2/pricing/1/7/loadbalancers');
  });

  it('JSON: the body as sent, pretty-printed', () => {
    assert.deepEqual(JSON.parse(requestJson(call)), call.body);
  });

  it('curl: POST, the key as $PLATFORM_API_KEY in double quotes, the body single-quoted safely', () => {
    const curl = requestCurl(call);
    assert.match(curl, /^curl -X POST 'https:\/\/api\.example\.com\/cloud\/v2\/pricing\/1\/7\/instances'/);
    assert.ok(curl.includes(`-H "Authorization: apikey ${API_KEY_VARIABLE}"`));
    assert.ok(curl.includes(`--data-raw ${shellQuote(JSON.stringify(call.body))}`));
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
  });
});
