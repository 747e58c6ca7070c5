// A globalState write that holds (src/connections/durableState.ts), against a model of VS Code's extension
// host Memento: writes batched on a timer, the whole state sent, and the whole state echoed back
// (replacing the in-memory copy) before the write's promise settles.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { durableMemento, updateDurably } from '../../src/connections/durableState';

const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

class ModelMemento {
  value: Record<string, unknown> = {};
  persisted: Record<string, unknown> = {};
  writes = 0;
  private waiting: (() => void)[] = [];
  private scheduled = false;

  get<T>(key: string): T | undefined {
    return this.value[key] as T | undefined;
  }

  keys(): readonly string[] {
    return Object.keys(this.value).filter((k) => this.value[k] !== undefined);
  }

  update(key: string, value: unknown): Promise<void> {
    this.value[key] = clone(value);
    const settled = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (!this.scheduled) {
      this.scheduled = true;
      setTimeout(() => this.flush(), 0);
    }
    return settled;
  }

  /** An earlier write's echo arriving now: the whole state replaced. */
  echo(record: Record<string, unknown>): void {
    this.value = clone(record);
  }

  private flush(): void {
    this.scheduled = false;
    this.writes++;
    const sent = clone(this.value);
    const done = this.waiting.splice(0);
    setTimeout(() => {
      this.persisted = sent;
      this.value = clone(sent);
      for (const resolve of done) resolve();
    }, 2);
  }
}

test('the hazard: an echo of an earlier write arriving before a change leaves undoes it (plain update)', async () => {
  const m = new ModelMemento();
  await m.update('tasks', ['x', 'y']);
  const earlier = clone(m.value);
  const write = m.update('tasks', ['y']);
  m.echo(earlier);
  await write;
  assert.deepEqual(m.get('tasks'), ['x', 'y'], 'the removal was lost, its promise resolved all the same');
  assert.deepEqual(m.persisted.tasks, ['x', 'y']);
});

test('updateDurably: the change undone by the echo is written again and holds, in memory and stored', async () => {
  const m = new ModelMemento();
  await m.update('tasks', ['x', 'y']);
  await m.update('other', 1);
  const earlier = clone(m.value);
  const writes = m.writes;
  const write = updateDurably(m, 'tasks', ['y']);
  m.echo(earlier);
  assert.equal(await write, 2, 'written twice');
  assert.deepEqual(m.get('tasks'), ['y']);
  assert.deepEqual(m.persisted.tasks, ['y']);
  assert.equal(m.persisted.other, 1, 'the other keys as they were');
  assert.equal(m.writes - writes, 2);
});

test('updateDurably: one write when nothing interferes; removing a key (undefined) holds too', async () => {
  const m = new ModelMemento();
  assert.equal(await updateDurably(m, 'pins', [{ id: 1 }]), 1);
  assert.deepEqual(m.persisted.pins, [{ id: 1 }]);
  assert.equal(await updateDurably(m, 'pins', undefined), 1);
  assert.equal(m.get('pins'), undefined);
});

test('updateDurably: a key changed again and again elsewhere: three writes, then that value stands', async () => {
  let writes = 0;
  const state = {
    get: <T>() => 'theirs' as T,
    update: async () => {
      writes++;
    },
  };
  assert.equal(await updateDurably(state, 'k', 'mine'), 3);
  assert.equal(writes, 3);
});

test('durableMemento (what the extension hands out as globalState): its update holds through an echo; reads and keys as they are, defaults only for a missing key', async () => {
  const m = new ModelMemento();
  const state = durableMemento(m);
  await state.update('tasks', ['x', 'y']);
  await state.update('nothing', null);
  const earlier = clone(m.value);
  const write = state.update('tasks', ['y']);
  m.echo(earlier);
  await write;
  assert.deepEqual(state.get('tasks'), ['y']);
  assert.deepEqual(m.persisted.tasks, ['y']);
  assert.deepEqual([...state.keys()].sort(), ['nothing', 'tasks']);
  assert.deepEqual(state.get('missing', []), []);
  assert.equal(state.get('missing'), undefined);
  assert.equal(state.get('nothing', 'default'), null, 'a stored null is not replaced by the default (as Memento)');
});
