// An edge store's kv pairs, described once (#55 item 5): Put Key (a kv pair added, or its value
// replaced: destructive exactly when the key exists, the old value is not kept) and Delete Key
// (destructive, a modal). Both read the store and the key first, so the confirmation names the
// store, says whether the key exists and what it holds. Only kv pairs are written: a sorted set or
// a bloom filter is read and shown, never changed here.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import { endpoints } from '../schema/endpoints';
import { EDGE_KV_KEY_MAX, edgeKvPairInput, isBase64, type EdgeKvEntry, type EdgeStore } from '../schema/edgeKv';
import { PlatformError } from '../schema/errors';
import { validateRequest } from '../schema/validate';
import { byteSize, kvValueBytes, kvValueWords } from '../ui/text/kvValue';
import { checkedRequest, defineOperation } from './operation';

/** The store as read (its id as asked) and the key as it is now (undefined: not in the store). */
export interface EdgeKvThing {
  readonly store: EdgeStore & { id: number };
  readonly entry: EdgeKvEntry | undefined;
}

const put = () => endpoints.putEdgeStoreData;
const storeIdField = () => endpoints.getEdgeStore.params.shape.store_id.describe('The edge store id (list_edge_stores finds it)').meta({ title: 'Store ID' });
const keyField = () => endpoints.getEdgeStoreKey.params.shape.key.describe(`The key, 1 to ${EDGE_KV_KEY_MAX} characters`).meta({ title: 'Key' });

/** The store and the key as the platform has them now (a store not there: notFound; a key not there: no entry). */
export async function readEdgeKv(api: PlatformApi, store_id: number, key: string, signal?: AbortSignal): Promise<EdgeKvThing> {
  const options = signal ? { signal } : {};
  const store = await api.edge.getEdgeStore({ params: { store_id } }, options);
  let entry: EdgeKvEntry | undefined;
  try {
    entry = await api.edge.getEdgeStoreKey({ params: { store_id, key }, query: { limit: 1 } }, options);
  } catch (error) {
    if (!(error instanceof PlatformError && error.kind === 'notFound')) throw error;
  }
  return { store: { ...store, id: store_id }, entry };
}

const storeFact = (store_id: number, thing?: EdgeKvThing) =>
  ['Store', thing ? `${thing.store.name || '(no name)'} (ID ${store_id})` : `ID ${store_id}`] as const;

/** What a key holds now, in words: a kv pair's size and kind, a set's item count. */
export function heldWords(entry: EdgeKvEntry): string {
  const payload = entry.payload;
  if (entry.datatype === 'kv' && payload && !Array.isArray(payload)) {
    const words = kvValueWords(payload.value ?? '', payload.encoding);
    return `a value, ${words}${payload.expiry ? `, expires ${payload.expiry}` : ''}`;
  }
  const kind = entry.datatype === 'sorted_set' ? 'a sorted set' : entry.datatype === 'bloom_filter' ? 'a bloom filter' : `a ${entry.datatype ?? 'value'}`;
  return entry.count !== undefined && entry.count !== null ? `${kind} of ${entry.count} item${entry.count === 1 ? '' : 's'}` : kind;
}

const pair = () => edgeKvPairInput.shape;
const putFields = () =>
  z
    .strictObject({
      store_id: storeIdField(),
      key: keyField(),
      value: pair().value.describe('The value: text, or base64 of binary bytes when encoding is base64 (at most 1 MiB as sent)').meta({ title: 'Value' }),
      encoding: pair().encoding.describe('plain (the default) for text; base64 when the value is base64 of binary bytes').meta({ title: 'Encoding' }),
      expiry: pair()
        .expiry.describe('When the platform deletes the key: RFC 3339 with its zone, like 2026-12-31T23:59:59Z; none: it stays')
        .meta({ title: 'Expires at' }),
    })
    .refine((p) => p.encoding !== 'base64' || isBase64(p.value), { message: 'must be base64 when encoding is base64', path: ['value'] });

/** The bytes a value sends, in words. */
const sizeWords = (value: string, encoding?: string) => {
  const bytes = kvValueBytes(value, encoding);
  return bytes ? `${byteSize(bytes.length)}${encoding === 'base64' ? ' (binary, sent in base64)' : ' of text'}` : 'not stated';
};

export const putEdgeKvKey = defineOperation({
  name: 'putEdgeKvKey',
  title: 'Put Edge KV Key',
  noun: 'The edge store key',
  kind: 'write',
  destructiveWhen: 'the key exists: its value is overwritten and the old one is not kept',
  button: 'Put',
  done: ({ store_id, key }) => `Put key ${JSON.stringify(key)} in edge store ${store_id}`,
  fields: putFields,
  request: (input) => {
    const { store_id, key, value, encoding, expiry } = validateRequest(putFields(), input);
    const payload = { value, ...(encoding ? { encoding } : {}), ...(expiry ? { expiry } : {}) };
    return checkedRequest(put(), { params: { store_id }, body: [{ key, datatype: 'kv', op: 'add', payload }] });
  },
  action: ({ store_id, key }, thing?: EdgeKvThing) => `Put key ${JSON.stringify(key)} in edge store ${thing?.store.name || store_id}`,
  read: (api, { store_id, key }, signal) => readEdgeKv(api, store_id, key, signal),
  target: ({ store_id, key, value, encoding, expiry }, thing) => {
    const held = thing?.entry;
    return {
      facts: [
        storeFact(store_id, thing),
        ['Key', key],
        ['Value', sizeWords(value, encoding)],
        ['Expires', expiry ?? 'never'],
        ['The key now', !thing ? 'not read' : held ? `exists: ${heldWords(held)}` : 'not in the store (a new key)'],
      ],
      consequence: held ? 'The value it holds now is replaced.' : 'Apps that read this key get the new value from their next request.',
      ...(held ? { destructive: `it overwrites key ${JSON.stringify(key)}: the value it holds now is not kept` } : {}),
    };
  },
});

const delFields = () => z.strictObject({ store_id: storeIdField(), key: keyField() });

export const deleteEdgeKvKey = defineOperation({
  name: 'deleteEdgeKvKey',
  title: 'Delete Edge KV Key',
  noun: 'The edge store key',
  kind: 'destructive',
  button: 'Delete',
  done: ({ store_id, key }) => `Deleted key ${JSON.stringify(key)} from edge store ${store_id}`,
  fields: delFields,
  request: (input) => {
    const { store_id, key } = validateRequest(delFields(), input);
    return checkedRequest(put(), { params: { store_id }, body: [{ key, datatype: 'kv', op: 'del_key' }] });
  },
  action: ({ store_id, key }, thing?: EdgeKvThing) => `Delete key ${JSON.stringify(key)} from edge store ${thing?.store.name || store_id}`,
  read: async (api, { store_id, key }, signal) => {
    const thing = await readEdgeKv(api, store_id, key, signal);
    // A key not there: nothing to delete, nothing asked.
    if (!thing.entry) throw new PlatformError({ kind: 'notFound', message: `Key ${JSON.stringify(key)} is not in edge store ${store_id}.` });
    return thing;
  },
  target: ({ store_id, key }, thing) => ({
    facts: [storeFact(store_id, thing), ['Key', key], ['It holds', thing?.entry ? heldWords(thing.entry) : 'not read']],
    consequence: 'The key and what it holds are deleted from the store; apps that read it find nothing from their next request.',
  }),
});
