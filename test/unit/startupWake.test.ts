// Why the extension loads at VS Code's start-up (startupWake.ts), and the report tasks' reason:
// a task still running on any connection, so that its polling resumes after a reload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReportTaskStore } from '../../src/features/reports/reportTaskStore';
import { STARTUP_WAKE_KEY, rememberSignedIn, setStartupWakeReason, standInSignedIn, startupWakeReasons } from '../../src/connections/startupWake';

function memento() {
  const values = new Map<string, unknown>();
  let writes = 0;
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key: string, value: unknown) => {
      writes++;
      if (value === undefined) values.delete(key);
      else values.set(key, value);
    },
    keys: () => [...values.keys()],
    writes: () => writes,
  };
}

describe('start-up wake reasons', () => {
  it('adds and removes a reason, writing only on a change, and leaves no key when none is left', async () => {
    const state = memento();
    assert.deepEqual(startupWakeReasons(state), []);
    await setStartupWakeReason(state, 'reportTasks', true);
    await setStartupWakeReason(state, 'reportTasks', true);
    assert.deepEqual(startupWakeReasons(state), ['reportTasks']);
    assert.equal(state.writes(), 1);
    await setStartupWakeReason(state, 'other', true);
    await setStartupWakeReason(state, 'reportTasks', false);
    assert.deepEqual(startupWakeReasons(state), ['other']);
    await setStartupWakeReason(state, 'other', false);
    assert.equal(state.get(STARTUP_WAKE_KEY), undefined);
    assert.equal(state.writes(), 4);
  });

  it('reads a damaged value as no reason', () => {
    const state = memento();
    void state.update(STARTUP_WAKE_KEY, 'yes');
    assert.deepEqual(startupWakeReasons(state), []);
    void state.update(STARTUP_WAKE_KEY, ['reportTasks', 3, null]);
    assert.deepEqual(startupWakeReasons(state), ['reportTasks']);
  });

  it('report tasks: running while a task on any connection is not read yet, pending or in progress', async () => {
    const state = memento();
    const store = new ReportTaskStore(state);
    assert.equal(store.anyRunning(), false);
    await store.add('conn-a', '11111111-1111-4111-8111-111111111111', { now: 1, snapshot: { uuid: '11111111-1111-4111-8111-111111111111', status: 'Completed' } as never });
    assert.equal(store.anyRunning(), false);
    await store.add('conn-b', '22222222-2222-4222-8222-222222222222', { now: 2 });
    assert.equal(store.anyRunning(), true, 'a task never read is running');
    await store.update('conn-b', '22222222-2222-4222-8222-222222222222', { snapshot: { uuid: '22222222-2222-4222-8222-222222222222', status: 'in_progress' } as never });
    assert.equal(store.anyRunning(), true);
    await store.update('conn-b', '22222222-2222-4222-8222-222222222222', { snapshot: { uuid: '22222222-2222-4222-8222-222222222222', status: 'Failed' } as never });
    assert.equal(store.anyRunning(), false);
  });

  it('the stand-ins\' signed-in state: as at the last use, or the environment\'s platform and a key handed over', async () => {
    const state = memento();
    const env = { PLATFORM_CONSOLE_BASE_URL: 'http://127.0.0.1:1' };
    assert.equal(standInSignedIn(state, {}, undefined), false);
    assert.equal(standInSignedIn(state, env, ' '), false, 'a blank key is no sign-in');
    assert.equal(standInSignedIn(state, {}, 'k'), false, 'a key without a platform is no sign-in');
    assert.equal(standInSignedIn(state, env, 'k'), true);
    await rememberSignedIn(state, true);
    await rememberSignedIn(state, true);
    assert.equal(standInSignedIn(state, {}, undefined), true);
    await rememberSignedIn(state, false);
    assert.equal(standInSignedIn(state, {}, undefined), false);
    assert.equal(state.writes(), 2);
  });
});
