// The watch after a deploy (src/features/edge/model/deployWatch.ts) on a clock the test moves:
// the window before read once, one poll at a time every interval, the thresholds (5xx share above
// the setting and above before; p90 over the factor; the minimum of calls), one trip per watch,
// and the ways it ends (its window, stop(), the connection's signal).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeWindow, type CallWindow } from '../../src/platform/edgeCallWindow';
import { DEFAULT_THRESHOLDS, judgeWindows, reportData, type WatchReport } from '../../src/platform/edgeWatchVerdict';
import { DeployWatch, type WatchClock } from '../../src/features/edge/model/deployWatch';

const T0 = Date.parse('2026-11-29T10:00:00.400Z');
const MIN = 60_000;

class ManualClock implements WatchClock {
  t = T0;
  timers: { at: number; run: () => void }[] = [];
  now = () => this.t;
  setTimer = (run: () => void, ms: number) => {
    const timer = { at: this.t + ms, run };
    this.timers.push(timer);
    return timer;
  };
  clearTimer = (timer: unknown) => {
    this.timers = this.timers.filter((t) => t !== timer);
  };
  /** Moves to the next timer and runs it; false when none is set. */
  next(): boolean {
    const timer = this.timers.sort((a, b) => a.at - b.at).shift();
    if (!timer) return false;
    this.t = Math.max(this.t, timer.at);
    timer.run();
    return true;
  }
}

/** A window with `calls` calls, `failed` of them 5xx, and its p90 in ms. */
const win = (fromMs: number, toMs: number, calls: number, failed: number, p90Ms: number): CallWindow =>
  summarizeWindow(
    { appId: 7, from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString(), step: Math.round((toMs - fromMs) / 1000) },
    [
      {
        time: null,
        count_by_status: [
          { status: 200, count: calls - failed },
          { status: 500, count: failed },
        ].filter((x) => x.count > 0),
      },
    ] as never,
    calls ? ([{ time: null, median: 1000, perc90: p90Ms * 1000 }] as never) : [],
    [`GET calls ${fromMs}-${toMs}`, `GET durations ${fromMs}-${toMs}`],
  );

const settle = () => new Promise((r) => setImmediate(r));

function harness(after: (n: number) => { calls: number; failed: number; p90Ms: number }, windowMs = 5 * MIN) {
  const clock = new ManualClock();
  const connection = new AbortController();
  const reads: string[] = [];
  let inFlight = 0;
  let most = 0;
  let polls = 0;
  const trips: WatchReport[] = [];
  const watch = new DeployWatch({
    connectionName: 'prod',
    appId: 7,
    appName: 'hello-app',
    binary: 12,
    previous: 11,
    deployedAtMs: T0,
    windowMs,
    intervalMs: 30_000,
    thresholds: DEFAULT_THRESHOLDS,
    signal: connection.signal,
    clock,
    readWindow: async (fromMs, toMs) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await settle();
      inFlight--;
      const before = toMs <= Date.parse('2026-11-29T10:00:00Z');
      reads.push(`${before ? 'before' : 'after'} ${new Date(fromMs).toISOString()} ${new Date(toMs).toISOString()}`);
      if (before) return win(fromMs, toMs, 100, 1, 10);
      const a = after(polls++);
      return win(fromMs, toMs, a.calls, a.failed, a.p90Ms);
    },
    readLogErrors: async (fromMs, toMs) => {
      reads.push('logs');
      return { count: 2, from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString(), source: 'GET logs' };
    },
    onTrip: (r) => trips.push(r),
  });
  const run = async (steps = Infinity) => {
    for (let i = 0; i < steps; i++) {
      await settle();
      await settle();
      if (!clock.next()) break;
      await settle();
      await settle();
    }
  };
  return { clock, connection, watch, reads, trips, run, most: () => most };
}

describe('deploy watch: the loop', () => {
  it('reads the window before once, polls every 30 s one at a time until the end, and ends finished', async () => {
    const h = harness(() => ({ calls: 50, failed: 0, p90Ms: 11 }));
    h.watch.start();
    await h.run();
    const r = await h.watch.ended;
    assert.equal(r.state, 'finished');
    assert.equal(r.deployedAt, '2026-11-29T10:00:00Z', 'the boundary on the deploy second');
    assert.equal(r.endsAt, '2026-11-29T10:05:00Z');
    assert.equal(h.reads.filter((x) => x.startsWith('before')).length, 1, 'before read once');
    assert.equal(h.reads[0], 'before 2026-11-29T09:55:00.000Z 2026-11-29T10:00:00.000Z', 'the same length before');
    // 10:00:30.4 … 10:04:30.4, then the end of the window at 10:05:00: ten polls, each a window and the logs.
    assert.equal(r.polls, 10);
    assert.equal(h.reads.filter((x) => x.startsWith('after')).length, 10);
    assert.equal(h.reads.filter((x) => x === 'logs').length, 10);
    assert.equal(h.reads.at(-2), 'after 2026-11-29T10:00:00.000Z 2026-11-29T10:05:00.000Z', 'the last poll reads to the end of the window');
    assert.equal(h.most(), 1, 'nothing in parallel');
    assert.equal(h.clock.timers.length, 0, 'no timer left');
    assert.equal(r.tripped, undefined);
  });

  it('stop(): no timer left, nothing more read; the reason said', async () => {
    const h = harness(() => ({ calls: 50, failed: 0, p90Ms: 11 }));
    h.watch.start();
    await h.run(3);
    const before = h.reads.length;
    h.watch.stop('Stop Watching');
    await h.run();
    const r = await h.watch.ended;
    assert.equal(r.state, 'stopped');
    assert.equal(r.stoppedBecause, 'Stop Watching');
    assert.equal(h.reads.length, before);
    assert.equal(h.clock.timers.length, 0);
  });

  it('Sign Out (the connection signal aborts): stopped, nothing more read', async () => {
    const h = harness(() => ({ calls: 50, failed: 0, p90Ms: 11 }));
    h.watch.start();
    await h.run(2);
    const before = h.reads.length;
    h.connection.abort();
    await h.run();
    assert.equal((await h.watch.ended).stoppedBecause, 'signed out');
    assert.equal(h.reads.length, before);
  });
});

describe('deploy watch: the signal', () => {
  it('trips once on the 5xx share, the figures and reasons in the report; polling goes on to the end', async () => {
    const h = harness(() => ({ calls: 40, failed: 20, p90Ms: 11 }));
    h.watch.start();
    await h.run();
    const r = await h.watch.ended;
    assert.equal(h.trips.length, 1, 'once per watch');
    assert.equal(r.tripped?.at, '2026-11-29T10:00:30Z');
    assert.deepEqual(r.tripped?.reasons, ['5xx share 50.0% after the deploy (above 5.0%), 1.0% before']);
    assert.equal(r.polls, 10);
    const data = reportData(r);
    assert.equal(data.tripped, true);
    assert.deepEqual((data.after as { sources: string[] }).sources, ['GET calls 1795946400000-1795946700000', 'GET durations 1795946400000-1795946700000']);
  });

  it('a few failed calls under the minimum do not trip; the tenth does', async () => {
    const h = harness((n) => (n < 3 ? { calls: 9, failed: 9, p90Ms: 11 } : { calls: 10, failed: 10, p90Ms: 11 }));
    h.watch.start();
    await h.run(3);
    assert.equal(h.watch.report.polls, 3);
    assert.equal(h.trips.length, 0, 'nine calls, all 5xx: not yet');
    assert.match(String(reportData(h.watch.report).not_judged), /9 calls since the deploy, fewer than the 10 a signal needs/);
    await h.run(1);
    assert.equal(h.trips.length, 1);
    h.watch.stop('test over');
  });
});

describe('deploy watch: thresholds (judgeWindows)', () => {
  const before = win(0, 300_000, 100, 1, 10);
  it('5xx: above the setting AND above before', () => {
    assert.equal(judgeWindows(before, win(0, 1, 100, 5, 10), DEFAULT_THRESHOLDS).tripped, false, '5% is not above 5%');
    assert.equal(judgeWindows(before, win(0, 1, 100, 6, 10), DEFAULT_THRESHOLDS).tripped, true);
    const worseBefore = win(0, 300_000, 100, 30, 10);
    assert.equal(judgeWindows(worseBefore, win(0, 1, 100, 20, 10), DEFAULT_THRESHOLDS).tripped, false, 'better than before: no trip');
  });
  it('p90: more than the factor times before, each window with the minimum of calls', () => {
    assert.equal(judgeWindows(before, win(0, 1, 20, 0, 20), DEFAULT_THRESHOLDS).tripped, false, 'exactly 2×');
    assert.deepEqual(judgeWindows(before, win(0, 1, 20, 0, 21), DEFAULT_THRESHOLDS).reasons, ['p90 21 ms after the deploy, more than 2× the 10 ms before']);
    assert.equal(judgeWindows(win(0, 1, 3, 0, 1), win(0, 1, 20, 0, 50), DEFAULT_THRESHOLDS).tripped, false, 'a 3-call baseline is none');
    assert.equal(judgeWindows(before, win(0, 1, 9, 0, 500), DEFAULT_THRESHOLDS).tripped, false, 'nine slow calls are not enough');
    assert.equal(judgeWindows(before, win(0, 1, 40, 0, 31), { ...DEFAULT_THRESHOLDS, p90Factor: 3 }).tripped, true, 'the factor is the setting');
  });
});
