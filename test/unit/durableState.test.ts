// The pure logic of src/connections/durableState.ts: write, read back, write again while another value
// stands (at most three times); defaults only for a missing key. The stores below are plain
// key-value maps whose read-back the test scripts; VS Code's own globalState is used by the
// integration tests (reports.test.ts: a removed task stays removed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as vscode from 'vscode';
import { durableMemento, updateDurably } from '../../src/connections/durableState';

/** A map whose key `key` reads `theirs` after each of the first `overwritten` writes, as if another write had landed after it. */
function store(overwritten = 0, key = 'tasks', theirs: unknown = ['x', 'y']) {
  const values = new Map<string, unknown>();
  let writes = 0;
  let writesOfKey = 0;
  return {
    values,
    get writes() {
      return writes;
    },
    keys: () => [...values.keys()].filter((k) => values.get(k) !== undefined),
    get: <T>(k: string) => values.get(k) as T | undefined,
    update: async (k: string, value: unknown) => {
      writes++;
      if (k === key) writesOfKey++;
      values.set(k, k === key && writesOfKey <= overwritten ? structuredClone(theirs) : value);
    },
  };
}

test('updateDurably: one write when the value reads back; removing a key (undefined) holds too', async () => {
  const s = store();
  assert.equal(await updateDurably(s, 'pins', [{ id: 1 }]), 1);
  assert.deepEqual(s.get('pins'), [{ id: 1 }]);
  assert.equal(await updateDurably(s, 'pins', undefined), 1);
  assert.equal(s.get('pins'), undefined);
  assert.equal(s.writes, 2);
});

test('updateDurably: a write another value replaced is written again, and then holds', async () => {
  const s = store(1);
  await s.update('other', 1);
  assert.equal(await updateDurably(s, 'tasks', ['y']), 2, 'written twice');
  assert.deepEqual(s.get('tasks'), ['y']);
  assert.equal(s.get('other'), 1, 'the other keys as they were');
});

test('updateDurably: a value equal by content (a fresh copy) reads back as written', async () => {
  const s = store();
  const value = { a: [1, { b: 'c' }] };
  s.get = <T>(k: string) => structuredClone(s.values.get(k)) as T | undefined;
  assert.equal(await updateDurably(s, 'k', value), 1);
});

test('updateDurably: a key changed again and again elsewhere: three writes, then that value stands', async () => {
  const s = store(Infinity, 'k', 'theirs');
  assert.equal(await updateDurably(s, 'k', 'mine'), 3);
  assert.equal(s.writes, 3);
  assert.equal(s.get('k'), 'theirs');
});

test('durableMemento (what the extension hands out as globalState): its update holds; reads and keys as they are, defaults only for a missing key', async () => {
  const s = store(1);
  const state = durableMemento(s as unknown as vscode.Memento);
  await state.update('tasks', ['y']);
  assert.deepEqual(state.get('tasks'), ['y']);
  assert.equal(s.writes, 2, 'written again after another value replaced it');
  await state.update('nothing', null);
  assert.deepEqual([...state.keys()].sort(), ['nothing', 'tasks']);
  assert.deepEqual(state.get('missing', []), []);
  assert.equal(state.get('missing'), undefined);
  assert.equal(state.get('nothing', 'default'), null, 'a stored null is not replaced by the default (as Memento)');
});
