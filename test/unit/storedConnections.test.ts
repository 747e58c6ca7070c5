// What the start-up bundle reads before it loads the extension (src/connections/storedConnections.ts): the
// connection in use, and whether its key is here, started early so it travels meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACTIVE_KEY, CONNECTIONS_KEY, secretKey, startEarlyReads, storedActiveId } from '../../src/connections/storedConnections';

const state = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T | undefined });

test('the connection in use: the active one, else the first; none when nothing usable is stored', () => {
  const list = [{ id: 'a', name: 'one' }, { id: 'b', name: 'two' }];
  assert.equal(storedActiveId(state({ [CONNECTIONS_KEY]: list, [ACTIVE_KEY]: 'b' })), 'b');
  assert.equal(storedActiveId(state({ [CONNECTIONS_KEY]: list, [ACTIVE_KEY]: 'gone' })), 'a');
  assert.equal(storedActiveId(state({ [CONNECTIONS_KEY]: list })), 'a');
  assert.equal(storedActiveId(state({})), undefined);
  assert.equal(storedActiveId(state({ [CONNECTIONS_KEY]: 'not a list', [ACTIVE_KEY]: 'a' })), undefined);
  assert.equal(storedActiveId(state({ [CONNECTIONS_KEY]: [null, { id: 7 }, { id: 'c' }] })), 'c');
});

test('the early read asks for the key of the connection in use', async () => {
  const asked: string[] = [];
  const secrets = (held: Record<string, string>) => ({
    get: (key: string) => {
      asked.push(key);
      return Promise.resolve(held[key]);
    },
  });
  const stored = state({ [CONNECTIONS_KEY]: [{ id: 'a' }, { id: 'b' }], [ACTIVE_KEY]: 'b' });
  const found = startEarlyReads(stored, secrets({ [secretKey('b')]: 'the-key' }));
  assert.equal(found.key?.id, 'b');
  assert.equal(await found.key?.value, 'the-key');
  assert.equal(await startEarlyReads(stored, secrets({})).key?.value, undefined);
  assert.deepEqual(asked, [secretKey('b'), secretKey('b')]);
  assert.deepEqual(startEarlyReads(state({}), secrets({})), {}, 'no connection: nothing is read');
  assert.equal(asked.length, 2);
});
