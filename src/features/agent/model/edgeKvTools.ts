// Edge stores (KV) for agents (#55 item 6): list_edge_stores, list_edge_store_keys (a prefix and
// paging, as the platform pages) and read_edge_store_value (text, or a hex dump for binary bytes),
// each answered as data from the platform; put_edge_kv_key and delete_edge_kv_key are the catalog
// operations' tool faces (src/operations/edgeKv.ts). Keys and values are the platform's text: escaped.
import * as z from 'zod';
import { deleteEdgeKvKey as deleteEdgeKvKeyOp, putEdgeKvKey as putEdgeKvKeyOp } from '../../../operations/edgeKv';
import { endpoints } from '../../../schema/endpoints';
import { intIn } from '../../../schema/schemaKit';
import { byteSize, showKvValue, kvValueWords } from '../../../ui/text/kvValue';
import { toolFromOperation } from './operationTool';
import { escapeText, quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool } from './toolKit';
import { LIST_MAX, listAnswer, nameOf, withData } from './toolAnswers';

const storeId = () => endpoints.getEdgeStore.params.shape.store_id.describe('The edge store id (list_edge_stores finds it)');

export const listEdgeStores = defineTool({
  name: 'list_edge_stores',
  referenceName: 'platformEdgeStores',
  displayName: 'List Edge Stores',
  userDescription: "The account's FastEdge KV stores: names, comments, sizes and how many apps use each",
  modelDescription:
    "Lists the account's FastEdge edge (KV) stores: id, name, comment, size in bytes and how many apps use each. " +
    `At most ${LIST_MAX} per answer with the total. list_edge_store_keys takes a store id from here.`,
  kind: 'read',
  input: () => z.strictObject({ ...connectionField }),
  run: async (b) => {
    const signal = b.signal;
    const list = await listed(
      b,
      'listEdgeStores',
      () => b.api.edge.listEdgeStores({ params: {}, query: { limit: LIST_MAX } }, { signal }),
      'Ask the person for the store id.',
    );
    if (typeof list === 'string') return list;
    return listAnswer({
      title: `Edge stores on ${nameOf(b.connectionName)}`,
      source: 'list_edge_stores',
      items: list.stores,
      total: list.count ?? list.stores.length,
      line: (s) =>
        `id ${s.id}: ${q(s.name ?? '')} · ${s.size !== undefined && s.size !== null ? byteSize(s.size) : 'size not stated'} · ` +
        `used by ${s.app_count ?? '?'} app(s)${s.comment ? ` · comment ${q(s.comment)}` : ''}`,
      narrow: 'ask the person which store.',
    });
  },
});

export const listEdgeStoreKeys = defineTool({
  name: 'list_edge_store_keys',
  referenceName: 'platformEdgeStoreKeys',
  displayName: 'List Edge Store Keys',
  userDescription: "An edge store's keys, by prefix, a page at a time, with each kind (kv, sorted set, bloom filter) and value size",
  modelDescription:
    `Lists the keys of one edge (KV) store in key order: each key, its kind (kv, sorted_set, bloom_filter) and, for a kv pair, ` +
    `its value's size and whether it is text or binary, and its expiry. prefix narrows to keys that start with it (the platform's filter). ` +
    `At most ${LIST_MAX} per call: offset pages on (the answer says the total). read_edge_store_value reads one key's value.`,
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      store_id: storeId(),
      prefix: endpoints.listEdgeStoreData.query.shape.search.describe('Only keys that start with this (1 to 1024 characters)'),
      offset: endpoints.listEdgeStoreData.query.shape.offset.describe('Keys to skip (paging; 0 first)'),
      limit: intIn(1, LIST_MAX).optional().describe(`Keys in this answer, 1 to ${LIST_MAX} (default ${LIST_MAX})`),
    }),
  run: async (b, { store_id, prefix, offset = 0, limit = LIST_MAX }) => {
    const query = { limit, offset, ...(prefix ? { search: prefix } : {}) };
    const page = await b.api.edge.listEdgeStoreData({ params: { store_id }, query }, { signal: b.signal });
    const total = page.count ?? undefined;
    const next = offset + page.entries.length;
    const more = total !== undefined && next < total ? ` Next page: offset ${next}.` : '';
    return listAnswer({
      title: `Keys of edge store ${store_id}${prefix ? ` starting with ${q(prefix)}` : ''} on ${nameOf(b.connectionName)} from offset ${offset}`,
      source: 'list_edge_store_keys',
      items: page.entries,
      total: total !== undefined ? Math.max(0, total - offset) : undefined,
      line: (e) => {
        const value = e.datatype === 'kv' && e.payload ? ` · ${kvValueWords(e.payload.value ?? '', e.payload.encoding)}` : '';
        const expiry = e.payload?.expiry ? ` · expires ${q(e.payload.expiry)}` : '';
        return `${q(e.key)} · ${q(e.datatype ?? 'kv')}${value}${expiry}`;
      },
      narrow: `give a longer prefix, or page on with offset.${more}`,
    });
  },
});

export const readEdgeStoreValue = defineTool({
  name: 'read_edge_store_value',
  referenceName: 'platformEdgeStoreValue',
  displayName: 'Read Edge Store Value',
  userDescription: "One key's value in an edge store: text, or a hex dump of binary bytes; a sorted set's or bloom filter's items",
  modelDescription:
    "Reads one key of an edge (KV) store. A kv pair's value is answered as text when it is UTF-8 without control characters, " +
    `else as a hex dump; a sorted set's items with their scores, a bloom filter's items (at most ${LIST_MAX}). Long values are cut, saying so. ` +
    'list_edge_store_keys finds the keys.',
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, store_id: storeId(), key: endpoints.getEdgeStoreKey.params.shape.key.describe('The key') }),
  run: async (b, { store_id, key }) => {
    const entry = await b.api.edge.getEdgeStoreKey({ params: { store_id, key }, query: { limit: LIST_MAX } }, { signal: b.signal });
    const where = `Key ${q(key)} of edge store ${store_id} on ${nameOf(b.connectionName)}`;
    const payload = entry.payload;
    if (Array.isArray(payload)) {
      const kind = entry.datatype === 'sorted_set' ? 'a sorted set' : 'a bloom filter';
      const count = entry.count ?? payload.length;
      return withData({
        head: `${where} is ${kind} of ${count} item(s)${count > payload.length ? `; the first ${payload.length} shown` : ''}:`,
        source: 'read_edge_store_value',
        data: payload.map((item) => {
          const shown = showKvValue(item.value ?? '', item.encoding, 4096);
          const score = item.score !== undefined && item.score !== null ? ` · score ${item.score}` : '';
          return `- ${shown.kind === 'text' ? q(shown.text) : `(${shown.kind}) ${escapeText(shown.text)}`}${score}`;
        }),
      });
    }
    if (!payload) return `${where} holds no value the platform returned.`;
    const shown = showKvValue(payload.value ?? '', payload.encoding);
    // The expiry is the platform's text: the first line of the data, never in our words.
    const expiry = payload.expiry ? [`expires at ${q(payload.expiry)}`] : [];
    const source = 'read_edge_store_value';
    if (shown.kind === 'hash') return withData({ head: `${where}: the platform gave only its SHA-256.`, source, data: [...expiry, escapeText(shown.text)] });
    const head = `${where}: ${byteSize(shown.bytes)}, ${shown.kind === 'text' ? 'text' : 'binary (a hex dump)'}.`;
    // Text is one escaped line (its newlines shown as \n); a hex dump is our own lines, each escaped too.
    return withData({ head, source, data: [...expiry, ...(shown.kind === 'text' ? [escapeText(shown.text)] : shown.text.split('\n').map(escapeText))] });
  },
});

export const putEdgeKvKey = toolFromOperation(putEdgeKvKeyOp, {
  name: 'put_edge_kv_key',
  referenceName: 'platformPutEdgeKvKey',
  userDescription: "Put a key's value in an edge store (replaces the value of a key that exists)",
  purpose:
    'Adds a kv pair to an edge (KV) store, or replaces the value of a key that exists (the old value is not kept: said before anything is sent). ' +
    'The value is text, or base64 of binary bytes with encoding base64; expiry (RFC 3339) makes the platform delete the key then.',
  usage: 'Use only when the person asked to store that value; list_edge_stores finds the store id, list_edge_store_keys the keys.',
  answer: (_sent, _b, _input, done) => `${done}; apps read the new value from their next request.`,
});

export const deleteEdgeKvKey = toolFromOperation(deleteEdgeKvKeyOp, {
  name: 'delete_edge_kv_key',
  referenceName: 'platformDeleteEdgeKvKey',
  userDescription: 'Delete a key from an edge store (cannot be undone)',
  purpose: 'Deletes one key and what it holds from an edge (KV) store, for good.',
  usage: 'Use only when the person asked to delete that key; list_edge_store_keys finds it.',
  answer: (_sent, _b, _input, done) => `${done}; apps that read it find nothing from their next request.`,
});
