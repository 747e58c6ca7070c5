import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LogFollower, backoffMs, type FollowerSettings, type PollResult, type Timers } from '../../src/features/logs/model/logFollower';
import { formatNanosUtc } from '../../src/protocol/logTime';
import { PlatformError } from '../../src/schema/errors';
import type { RawLogEntry } from '../../src/protocol/logItems';
import type { FollowStatus } from '../../src/protocol/logs';

/** A clock and timers moved by hand. */
class FakeClock implements Timers {
  now = 0;
  private next = 1;
  readonly pending = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Moves time on, running what falls due (and what they start), letting reads settle. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      await settle();
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = end;
    await settle();
  }
  get nextIn(): number | undefined {
    const ats = [...this.pending.values()].map((t) => t.at - this.now);
    return ats.length ? Math.min(...ats) : undefined;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const iso = (n: number) => formatNanosUtc(1_700_000_000_000_000_000n + BigInt(n));

function harness(options: { settings?: Partial<FollowerSettings>; visible?: boolean } = {}) {
  const clock = new FakeClock();
  const server: RawLogEntry[] = [];
  const fetches: number[] = [];
  let failWith: unknown;
  const merges: PollResult[] = [];
  const statuses: FollowStatus[] = [];
  const errors: number[] = [];
  const settings: FollowerSettings = { limit: 10, maxLimit: 80, intervalMs: 2000, ...options.settings };
  const follower = new LogFollower(
    {
      fetch: async (limit) => {
        fetches.push(limit);
        if (failWith) throw failWith;
        return server.slice(Math.max(0, server.length - limit)).reverse();
      },
      settings: () => settings,
      onMerge: (r) => merges.push(r),
      onStatus: (s) => statuses.push(s),
      onError: (_e, n) => errors.push(n),
      timers: clock,
      now: () => clock.now,
    },
    { maxLines: 1000, ...(options.visible !== undefined && { visible: options.visible }) },
  );
  const produce = (n: number) => {
    for (let i = 0; i < n; i++) server.push({ Time: iso(server.length), Pod: 'p', Message: `m${server.length}` });
  };
  return {
    clock,
    follower,
    fetches,
    merges,
    errors,
    produce,
    fail: (error: unknown) => (failWith = error),
    heal: () => (failWith = undefined),
    status: () => statuses[statuses.length - 1]!,
  };
}

describe('LogFollower', () => {
  it('reads at once, then every interval, and only posts merges that changed something', async () => {
    const h = harness();
    h.produce(5);
    h.follower.start();
    await h.clock.advance(0);
    assert.deepEqual(h.fetches, [10]);
    assert.equal(h.follower.tail.size, 5);
    assert.equal(h.status().state, 'following');
    assert.equal(h.clock.nextIn, 2000);
    await h.clock.advance(2000);
    assert.equal(h.fetches.length, 2);
    assert.equal(h.merges.length, 1, 'nothing new: nothing posted');
    h.produce(3);
    await h.clock.advance(2000);
    assert.equal(h.merges.length, 2);
    assert.deepEqual(
      h.merges[1]!.added.map((l) => l.message),
      ['m5', 'm6', 'm7'],
    );
  });

  it('idle: no read scheduled and none on its way (what the integration tests await instead of a pause)', async () => {
    const h = harness();
    h.follower.start();
    assert.equal(h.follower.idle, false, 'the first read is on its way');
    await h.clock.advance(0);
    assert.equal(h.follower.idle, false, 'the next read is scheduled');
    h.follower.setVisible(false);
    assert.equal(h.follower.idle, true, 'hidden: nothing scheduled');
    h.follower.setVisible(true);
    await h.clock.advance(0);
    h.fail(new PlatformError({ kind: 'notFound', message: 'no such function' }));
    await h.clock.advance(2000);
    assert.equal(h.status().state, 'stopped');
    assert.equal(h.follower.idle, true, 'stopped: not retried by itself');
    h.fail(new PlatformError({ kind: 'server', message: 'HTTP 500' }));
    h.follower.retryNow();
    await h.clock.advance(0);
    assert.equal(h.status().state, 'retrying');
    assert.equal(h.follower.idle, false, 'a retry is scheduled');
  });

  it('closes a gap by doubling the limit within one read', async () => {
    const h = harness();
    h.produce(5);
    h.follower.start();
    await h.clock.advance(0);
    h.produce(30);
    await h.clock.advance(2000);
    assert.deepEqual(h.fetches, [10, 10, 20, 40]);
    assert.equal(h.follower.tail.size, 35);
    assert.equal(h.status().lastLimit, 40);
  });

  it('pauses while hidden and reads at once when shown again', async () => {
    const h = harness();
    h.follower.start();
    await h.clock.advance(0);
    h.follower.setVisible(false);
    assert.equal(h.status().state, 'paused');
    assert.match(h.status().reason ?? '', /hidden/);
    await h.clock.advance(20_000);
    assert.equal(h.fetches.length, 1, 'no read while hidden');
    assert.equal(h.clock.nextIn, undefined, 'no timer left');
    h.follower.setVisible(true);
    await h.clock.advance(0);
    assert.equal(h.fetches.length, 2);
    assert.equal(h.status().state, 'following');
  });

  it('a panel opened hidden does not read until shown; Follow off pauses; blocked says why', async () => {
    const h = harness({ visible: false });
    h.follower.start();
    await h.clock.advance(5000);
    assert.equal(h.fetches.length, 0);
    h.follower.setVisible(true);
    await h.clock.advance(0);
    assert.equal(h.fetches.length, 1);
    h.follower.setFollow(false);
    assert.equal(h.status().reason, 'Paused: Follow is off');
    await h.clock.advance(10_000);
    assert.equal(h.fetches.length, 1);
    h.follower.setBlocked('Paused: signed out of sim');
    h.follower.setFollow(true);
    await h.clock.advance(10_000);
    assert.equal(h.fetches.length, 1);
    assert.equal(h.status().reason, 'Paused: signed out of sim');
    h.follower.setBlocked(undefined);
    await h.clock.advance(0);
    assert.equal(h.fetches.length, 2);
  });

  it('a server error keeps the lines, says why, and retries by itself, waiting longer each time', async () => {
    const h = harness();
    h.produce(4);
    h.follower.start();
    await h.clock.advance(0);
    h.fail(new PlatformError({ kind: 'server', message: 'Server error (HTTP 500): boom', status: 500 }));
    await h.clock.advance(2000);
    assert.equal(h.status().state, 'retrying');
    assert.equal(h.status().error, 'Server error (HTTP 500): boom');
    assert.equal(h.status().retryInSeconds, 4);
    assert.equal(h.follower.tail.size, 4, 'lines kept');
    await h.clock.advance(4000);
    assert.equal(h.status().retryInSeconds, 8);
    assert.deepEqual(h.errors, [1, 2]);
    h.heal();
    h.produce(2);
    await h.clock.advance(8000);
    assert.equal(h.status().state, 'following');
    assert.equal(h.status().error, undefined);
    assert.equal(h.follower.tail.size, 6);
    assert.equal(h.clock.nextIn, 2000, 'back to the interval');
  });

  it('backoff doubles up to a minute', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 9].map((n) => backoffMs(2000, n)),
      [4000, 8000, 16000, 32000, 60000, 60000, 60000],
    );
  });

  it('a rejected key or a missing function stops following until Retry', async () => {
    const h = harness();
    h.fail(new PlatformError({ kind: 'notFound', message: 'Not found (HTTP 404): Function x could not be found', status: 404 }));
    h.follower.start();
    await h.clock.advance(0);
    assert.equal(h.status().state, 'stopped');
    assert.equal(h.clock.nextIn, undefined);
    await h.clock.advance(120_000);
    assert.equal(h.fetches.length, 1);
    h.fail(new PlatformError({ kind: 'unauthorized', message: 'API key rejected (HTTP 401)', status: 401 }));
    h.follower.retryNow();
    await h.clock.advance(0);
    assert.equal(h.fetches.length, 2);
    assert.equal(h.status().state, 'stopped');
    assert.equal(h.status().signIn, true);
    h.heal();
    h.follower.retryNow();
    await h.clock.advance(0);
    assert.equal(h.status().state, 'following');
  });

  it('dispose stops everything, an answer arriving after it is ignored', async () => {
    const h = harness();
    h.produce(3);
    h.follower.start();
    h.follower.dispose();
    await h.clock.advance(10_000);
    assert.equal(h.merges.length, 0);
    assert.equal(h.clock.nextIn, undefined);
  });
});
