// An edge store's data as published: the store (`kv_store`), its keys by prefix and page
// (`{count, entries: store_entry_short[]}`, a value over 1024 bytes listed as its sha256), one key
// (`store_entry` plus `count`, a set's items paged) and PUT /data (`add` and `del_key`, answered
// with the store's size and revision). An entry past its expiry is gone, as the platform drops it.
import { createHash } from 'node:crypto';
import type { endpoints } from '../../src/schema/endpoints';
import { notFound, refused, SimError } from '../errors';
import type { EdgeKvRecord, EdgeStoreRecord } from '../state/seedEdgeStores';
import { shortStore } from './edgeStores';
import type { Handler, SimContext } from './types';

/** The published threshold past which a listed value is its SHA-256 (`encoding: sha256`). */
const LISTED_VALUE_MAX = 1024;

function storeOf(ctx: SimContext, id: number): EdgeStoreRecord {
  const store = ctx.state.edgeStores.get(id);
  if (!store) throw notFound(`store ${id} not found`);
  return store;
}

const expired = (entry: EdgeKvRecord, nowMs: number) => entry.datatype === 'kv' && entry.expiry !== undefined && Date.parse(entry.expiry) <= nowMs;

/** The store's keys still alive, in key order (expired ones dropped for good). */
function liveKeys(store: EdgeStoreRecord, nowMs: number): [string, EdgeKvRecord][] {
  for (const [key, entry] of store.entries) if (expired(entry, nowMs)) store.entries.delete(key);
  return [...store.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const bytesOf = (value: string, encoding: string) => (encoding === 'base64' ? Buffer.from(value, 'base64').length : Buffer.byteLength(value, 'utf8'));
const entryBytes = (entry: EdgeKvRecord | undefined) =>
  !entry ? 0 : entry.datatype === 'kv' ? bytesOf(entry.value, entry.encoding) : entry.items.reduce((n, i) => n + bytesOf(i.value, i.encoding), 0);

function kvPayload(entry: Extract<EdgeKvRecord, { datatype: 'kv' }>, listed: boolean) {
  const big = listed && entry.value.length > LISTED_VALUE_MAX;
  const value = big
    ? createHash('sha256')
        .update(Buffer.from(entry.value, entry.encoding === 'base64' ? 'base64' : 'utf8'))
        .digest('hex')
    : entry.value;
  return { value, encoding: big ? 'sha256' : entry.encoding, ...(entry.expiry ? { expiry: entry.expiry } : {}) };
}

export const getEdgeStore: Handler<typeof endpoints.getEdgeStore> = ({ params }, ctx) => {
  const store = storeOf(ctx, params.store_id);
  const { name, comment, app_count, size } = shortStore(ctx.state, store);
  return { name, comment, app_count, size, revision: store.revision, updated_at: store.updatedAt };
};

export const listEdgeStoreData: Handler<typeof endpoints.listEdgeStoreData> = ({ params, query }, ctx) => {
  const store = storeOf(ctx, params.store_id);
  const search = query?.search;
  const keys = liveKeys(store, ctx.nowMs).filter(([key]) => search === undefined || key.startsWith(search));
  const offset = query?.offset ?? 0;
  const limit = query?.limit ?? 50;
  return {
    count: keys.length,
    entries: keys.slice(offset, offset + limit).map(([key, entry]) => ({
      key,
      datatype: entry.datatype,
      ...(entry.datatype === 'kv' ? { payload: kvPayload(entry, true) } : {}),
    })),
  };
};

export const getEdgeStoreKey: Handler<typeof endpoints.getEdgeStoreKey> = ({ params, query }, ctx) => {
  const store = storeOf(ctx, params.store_id);
  const entry = liveKeys(store, ctx.nowMs).find(([key]) => key === params.key)?.[1];
  if (!entry) throw notFound(`key not found in store ${store.id}`);
  if (entry.datatype === 'kv') return { key: params.key, datatype: 'kv', payload: kvPayload(entry, false), count: 1 };
  const offset = query?.offset ?? 0;
  const limit = query?.limit ?? 50;
  const items = [...entry.items].sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  return { key: params.key, datatype: entry.datatype, payload: items.slice(offset, offset + limit), count: items.length };
};

export const putEdgeStoreData: Handler<typeof endpoints.putEdgeStoreData> = ({ params, query, body }, ctx) => {
  const store = storeOf(ctx, params.store_id);
  liveKeys(store, ctx.nowMs);
  let writeCount = 0;
  let delCount = 0;
  let writeSize = 0;
  // Checked whole before anything changes: a refused list changes nothing.
  body.forEach((change, i) => {
    const held = store.entries.get(change.key);
    if (change.op === 'add' && held && held.datatype !== change.datatype && !query?.force)
      throw refused('body', `[${i}].datatype`, `key ${JSON.stringify(change.key)} holds a ${held.datatype}: its type changes only with force`);
    if (change.op === 'del_entries' && held?.datatype === 'kv') throw refused('body', `[${i}].op`, 'del_entries applies to sorted sets and bloom filters');
  });
  for (const change of body) {
    const held = store.entries.get(change.key);
    if (change.op === 'del_key') {
      if (held) {
        store.entries.delete(change.key);
        store.size = Math.max(0, store.size - entryBytes(held));
        delCount++;
      }
    } else if (change.op === 'add' && change.payload) {
      const { value, encoding = 'plain', expiry } = change.payload;
      const next: EdgeKvRecord = { datatype: 'kv', value, encoding, ...(expiry ? { expiry } : {}) };
      store.entries.set(change.key, next);
      store.size = Math.max(0, store.size - entryBytes(held) + entryBytes(next));
      writeCount++;
      writeSize += entryBytes(next);
    } else throw new SimError({ kind: 'status', status: 400, message: 'only add and del_key are simulated' });
  }
  store.revision++;
  store.updatedAt = new Date(ctx.nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { store_size: store.size, revision: store.revision, write_count: writeCount, del_count: delCount, write_size: writeSize };
};
