// An edge app's calls in a window: the simulator's ring and the published slots made from it, and
// the window's figures (calls by class, 5xx share, p50/p90) read through the client.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readCallWindow, statusClass, summarizeWindow } from '../../src/platform/edgeCallWindow';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { EdgeCallLog } from '../../simulator/edgeCalls';
import { startSimulator, type Simulator } from '../../simulator/index';

const T0 = Date.parse('2026-11-29T10:00:00Z');

describe('edge call log (simulator)', () => {
  it('counts by status per slot, every slot listed; durations only where there were calls', () => {
    const log = new EdgeCallLog();
    for (let i = 0; i < 10; i++) log.add({ appId: 1, atMs: T0 + i * 1000, status: i < 8 ? 200 : 500, durationUs: (i + 1) * 100 });
    log.add({ appId: 2, atMs: T0, status: 404, durationUs: 5 });
    const slots = log.callStats(1, T0, T0 + 120_000, 60_000);
    assert.deepEqual(slots, [
      {
        time: '2026-11-29T10:00:00Z',
        count_by_status: [
          { status: 200, count: 8 },
          { status: 500, count: 2 },
        ],
      },
      { time: '2026-11-29T10:01:00Z', count_by_status: [] },
    ]);
    const durations = log.durationStats(1, T0, T0 + 120_000, 60_000);
    assert.equal(durations.length, 1);
    assert.deepEqual(durations[0], { time: '2026-11-29T10:00:00Z', min: 100, max: 1000, avg: 550, median: 500, perc75: 800, perc90: 900 });
    assert.equal(log.callStats(undefined, T0, T0 + 60_000, 60_000)[0]?.count_by_status.length, 3, 'every app without id');
  });

  it('is bounded: the oldest calls make room', () => {
    const log = new EdgeCallLog(3);
    for (let i = 0; i < 5; i++) log.add({ appId: 1, atMs: T0 + i, status: 200, durationUs: 1 });
    assert.equal(log.size, 3);
    assert.equal(log.callStats(1, T0, T0 + 2, 1000)[0]?.count_by_status.length, 0, 'the first two are gone');
  });
});

describe('a window of calls in figures', () => {
  const ask = { appId: 1, from: '2026-11-29T10:00:00Z', to: '2026-11-29T10:05:00Z', step: 300 };
  it('one slot: the platform percentiles as they are, 5xx share of all calls', () => {
    const w = summarizeWindow(
      ask,
      [
        {
          time: ask.from,
          count_by_status: [
            { status: 200, count: 90 },
            { status: 503, count: 10 },
          ],
        },
      ],
      [{ time: ask.from, median: 1200, perc90: 4000 }],
    );
    assert.equal(w.calls, 100);
    assert.equal(w.byClass['5xx'], 10);
    assert.equal(w.share5xx, 0.1);
    assert.equal(w.p50Us, 1200);
    assert.equal(w.p90Us, 4000);
    assert.equal(w.exactPercentiles, true);
  });

  it('several slots: percentiles weighted by each slot’s calls, said to be approximate; no calls, no figures', () => {
    const w = summarizeWindow(
      { ...ask, step: 60 },
      [
        { time: 'a', count_by_status: [{ status: 200, count: 1 }] },
        { time: 'b', count_by_status: [{ status: 200, count: 9 }] },
      ],
      [
        { time: 'a', median: 10, perc90: 10 },
        { time: 'b', median: 50, perc90: 70 },
      ],
    );
    assert.equal(w.p50Us, 50);
    assert.equal(w.p90Us, 70);
    assert.equal(w.exactPercentiles, false);
    const none = summarizeWindow(ask, [{ time: 'a', count_by_status: [] }], []);
    assert.equal(none.calls, 0);
    assert.equal(none.share5xx, undefined);
    assert.equal(none.p90Us, undefined);
    assert.equal(statusClass(0), 'other');
    assert.equal(statusClass(599), '5xx');
  });
});

describe('reading a window from the simulator', { timeout: 30_000 }, () => {
  let sim: Simulator;
  before(async () => {
    // The simulator's clock a day before T0: its seeded day of calls ends before the window (no real time in the test).
    sim = await startSimulator({ apiKey: 'calls-key-1', dialect: 'both', now: () => T0 - 86_400_000 });
  });
  after(() => sim.close());

  it('asks for the window as one slot and says which requests the figures came from', async () => {
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: 'calls-key-1', dialect: 'platform' }));
    const w = await readCallWindow(api, 101, T0, T0 + 300_000);
    assert.equal(w.step, 300);
    assert.equal(w.calls, 0);
    assert.deepEqual(w.sources, [
      'GET /fastedge/v1/stats/calls?from=2026-11-29T10:00:00Z&to=2026-11-29T10:05:00Z&step=300&id=101',
      'GET /fastedge/v1/stats/app_duration?from=2026-11-29T10:00:00Z&to=2026-11-29T10:05:00Z&step=300&id=101',
    ]);
    assert.equal(sim.requestCounts()['GET getEdgeCallStats'], 1);
    // In the spec's dialect the requests went to its paths, and the sources say those.
    const spec = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: 'calls-key-1', dialect: 'spec' }));
    assert.deepEqual((await readCallWindow(spec, 101, T0, T0 + 300_000)).sources, [
      'GET /edge/v1/stats/calls?from=2026-11-29T10:00:00Z&to=2026-11-29T10:05:00Z&step=300&id=101',
      'GET /edge/v1/stats/app_duration?from=2026-11-29T10:00:00Z&to=2026-11-29T10:05:00Z&step=300&id=101',
    ]);
    await assert.rejects(readCallWindow(api, 999_999, T0, T0 + 300_000), (e: Error) => /not found/.test(e.message));
  });
});
