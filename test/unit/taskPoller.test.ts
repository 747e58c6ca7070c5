import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Task } from '../../src/schema/cloud';
import { PlatformError } from '../../src/schema/errors';
import { pollTasks } from '../../src/platform/taskPoller';

/** A task service whose tasks walk through scripted states, one per poll. */
function service(scripts: Record<string, (Partial<Task> | PlatformError)[]>) {
  const polls: Record<string, number> = {};
  const getTask = async (id: string): Promise<Task> => {
    polls[id] = (polls[id] ?? 0) + 1;
    const script = scripts[id]!;
    const step = script.length > 1 ? script.shift()! : script[0]!;
    if (step instanceof PlatformError) throw step;
    return { id, ...step } as Task;
  };
  return { getTask, polls };
}

function fakeClock() {
  let now = 0;
  const delays: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new Error('aborted');
      delays.push(ms);
      now += ms;
    },
    delays,
  };
}

describe('pollTasks', () => {
  it("follows NEW -> RUNNING -> FINISHED, reporting each change once, 1 s growing to a steady 3 s (the platform client's interval)", async () => {
    const { getTask } = service({
      a: [
        { state: 'NEW' },
        { state: 'NEW' },
        { state: 'RUNNING' },
        { state: 'RUNNING' },
        { state: 'RUNNING' },
        { state: 'RUNNING' },
        { state: 'RUNNING' },
        { state: 'FINISHED', created_resources: { secrets: ['s1'] } },
      ],
    });
    const clock = fakeClock();
    const changes: (string | undefined)[] = [];
    const [outcome] = await pollTasks(getTask, ['a'], { ...clock, onChange: (_, s) => changes.push(s) });
    assert.equal(outcome?.state, 'FINISHED');
    assert.deepEqual(outcome?.task.created_resources, { secrets: ['s1'] });
    assert.deepEqual(changes, ['NEW', 'RUNNING', 'FINISHED']);
    assert.deepEqual(clock.delays, [1000, 1500, 2250, 3000, 3000, 3000, 3000]);
  });

  it('watches for 2 hours by default, then gives up saying the platform may still finish', async () => {
    const { getTask } = service({ a: [{ state: 'RUNNING' }] });
    const clock = fakeClock();
    await assert.rejects(
      pollTasks(getTask, ['a'], clock),
      (e: unknown) => e instanceof PlatformError && e.kind === 'timeout' && /within 7200 s/.test(e.message),
    );
    const waited = clock.delays.reduce((a, b) => a + b, 0);
    assert.equal(waited, 2 * 60 * 60_000, 'it polled until the 2-hour limit and no longer');
    assert.ok(
      clock.delays.slice(3).every((d) => d <= 3000),
      'never more than 3 s between reads',
    );
  });

  it("accepts the spec's `status` field and any casing; unlisted states keep it polling", async () => {
    const { getTask } = service({ a: [{ status: 'queued' }, { status: 'WAITING_FOR_QUOTA' }, { status: 'finished' }] });
    const [outcome] = await pollTasks(getTask, ['a'], fakeClock());
    assert.equal(outcome?.state, 'FINISHED');
  });

  it('surfaces the error text of a task in ERROR', async () => {
    const { getTask } = service({ a: [{ state: 'RUNNING' }, { state: 'ERROR', error: 'Invalid PKCS12 bundle' }] });
    const [outcome] = await pollTasks(getTask, ['a'], fakeClock());
    assert.deepEqual({ state: outcome?.state, error: outcome?.error }, { state: 'ERROR', error: 'Invalid PKCS12 bundle' });
  });

  it('tracks several tasks together, in the order given', async () => {
    const { getTask } = service({ a: [{ state: 'RUNNING' }, { state: 'RUNNING' }, { state: 'FINISHED' }], b: [{ state: 'ERROR', error: 'no' }] });
    const outcomes = await pollTasks(getTask, ['a', 'b'], fakeClock());
    assert.deepEqual(
      outcomes.map((o) => [o.id, o.state]),
      [
        ['a', 'FINISHED'],
        ['b', 'ERROR'],
      ],
    );
  });

  it('keeps polling through a 503 or a network error, stops at a 404', async () => {
    const transient: string[] = [];
    const ok = service({
      a: [new PlatformError({ kind: 'server', status: 503, message: 'x' }), new PlatformError({ kind: 'network', message: 'y' }), { state: 'FINISHED' }],
    });
    const [outcome] = await pollTasks(ok.getTask, ['a'], { ...fakeClock(), onTransientError: (_, e) => transient.push(e.kind) });
    assert.equal(outcome?.state, 'FINISHED');
    assert.deepEqual(transient, ['server', 'network']);
    const gone = service({ a: [new PlatformError({ kind: 'notFound', status: 404, message: 'no task' })] });
    await assert.rejects(pollTasks(gone.getTask, ['a'], fakeClock()), (e: unknown) => e instanceof PlatformError && e.kind === 'notFound');
  });

  it('times out with a message that says the platform may still finish', async () => {
    const { getTask } = service({ a: [{ state: 'RUNNING' }] });
    await assert.rejects(
      pollTasks(getTask, ['a'], { ...fakeClock(), timeoutMs: 20_000 }),
      (e: unknown) => e instanceof PlatformError && e.kind === 'timeout' && /may still complete/.test(e.message) && /RUNNING/.test(e.message),
    );
  });

  it('is cancellable with real timers: stops polling at once', async () => {
    const { getTask, polls } = service({ a: [{ state: 'RUNNING' }], b: [{ state: 'NEW' }] });
    const controller = new AbortController();
    const pending = pollTasks(getTask, ['a', 'b'], { signal: controller.signal, minDelayMs: 10, maxDelayMs: 10 });
    setTimeout(() => controller.abort(), 35);
    await assert.rejects(pending, (e: unknown) => e instanceof PlatformError && e.kind === 'cancelled');
    const seen = { ...polls };
    await new Promise((r) => setTimeout(r, 40));
    assert.deepEqual(polls, seen, 'no poll after cancelling');
  });
});
