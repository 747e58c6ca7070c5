import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIN_REFRESH_INTERVAL_MS, RefreshSchedule } from '../../src/ui/refreshSchedule';

/** A hand-moved clock with timers. */
function fakeTime() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    pending: () => timers.size,
    /** Moves time on, running due timers (and the promises they start) in order. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
      now = end;
    },
  };
}

function setup(interval = 60_000) {
  const time = fakeTime();
  const state = { visible: false, interval, ticks: [] as number[] };
  const schedule = new RefreshSchedule({
    visible: () => state.visible,
    intervalMs: () => state.interval,
    tick: async () => void state.ticks.push(time.now()),
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
  });
  return { time, state, schedule };
}

describe('edge auto-refresh schedule', () => {
  it('refreshes every interval while visible', async () => {
    const { time, state, schedule } = setup();
    state.visible = true;
    schedule.update();
    await time.advance(59_999);
    assert.deepEqual(state.ticks, []);
    await time.advance(1);
    await time.advance(120_000);
    assert.deepEqual(state.ticks, [60_000, 120_000, 180_000]);
  });

  it('never refreshes while hidden, and catches up at once on showing again', async () => {
    const { time, state, schedule } = setup();
    schedule.update();
    await time.advance(300_000);
    assert.deepEqual(state.ticks, []);
    assert.equal(time.pending(), 0, 'no timer while hidden');
    state.visible = true;
    schedule.update();
    await time.advance(0);
    assert.deepEqual(state.ticks, [300_000], 'a refresh was missed: due now');
    state.visible = false;
    schedule.update();
    await time.advance(30_000);
    state.visible = true;
    schedule.update();
    await time.advance(29_999);
    assert.deepEqual(state.ticks, [300_000], 'shown again before the interval: waits for the rest of it');
    await time.advance(1);
    assert.deepEqual(state.ticks, [300_000, 360_000]);
  });

  it('a manual refresh restarts the interval; 0 turns it off; too short is raised to the minimum', async () => {
    const { time, state, schedule } = setup();
    state.visible = true;
    schedule.update();
    await time.advance(50_000);
    schedule.markRefreshed();
    await time.advance(50_000);
    assert.deepEqual(state.ticks, []);
    await time.advance(10_000);
    assert.deepEqual(state.ticks, [110_000]);
    state.interval = 0;
    schedule.update();
    await time.advance(600_000);
    assert.deepEqual(state.ticks, [110_000]);
    state.interval = 10;
    assert.equal(schedule.interval(), MIN_REFRESH_INTERVAL_MS);
    schedule.markRefreshed();
    await time.advance(MIN_REFRESH_INTERVAL_MS);
    assert.equal(state.ticks.length, 2);
  });

  it('useClock: the schedule moves to another clock, timed from the switch; undefined goes back to the real one', async () => {
    const first = fakeTime();
    const second = fakeTime();
    await second.advance(50_000);
    let ticks = 0;
    let running = false;
    const schedule = new RefreshSchedule({
      visible: () => true,
      intervalMs: () => 1000,
      tick: async () => {
        ticks++;
        running = schedule.refreshing;
      },
      ...first,
    });
    schedule.update();
    assert.equal(first.pending(), 1);
    schedule.useClock(second);
    assert.equal(first.pending(), 0, 'the old clock keeps no timer');
    assert.equal(second.pending(), 1);
    await first.advance(5000);
    assert.equal(ticks, 0, 'the old clock runs nothing');
    await second.advance(999);
    assert.equal(ticks, 0);
    await second.advance(1);
    assert.equal(ticks, 1, 'an interval after the switch');
    assert.equal(running, true, 'refreshing while the tick runs');
    assert.equal(schedule.refreshing, false);
    schedule.useClock(undefined);
    assert.equal(second.pending(), 0);
    assert.equal(schedule.scheduled, true, 'on the real clock');
    schedule.dispose();
  });

  it('a failing refresh keeps the schedule; dispose stops it', async () => {
    const time = fakeTime();
    let calls = 0;
    const schedule = new RefreshSchedule({
      visible: () => true,
      intervalMs: () => 1000,
      tick: async () => {
        calls++;
        throw new Error('boom');
      },
      ...time,
    });
    schedule.update();
    await time.advance(3000);
    assert.equal(calls, 3);
    schedule.dispose();
    await time.advance(5000);
    assert.equal(calls, 3);
    assert.equal(schedule.scheduled, false);
  });
});
