// An edge store's data (the platform's own FastEdge API, fastedge_api.yaml "Edge Storage"): a store
// read (`kv_store`), its keys listed by prefix (`search`) and paged by limit (1..10000) and offset,
// one key read (`store_entry`: a kv pair, a sorted set or a bloom filter, plus `count`) and the
// data changed by PUT /kv/{store_id}/data (`modify_store_data_entry[]`). Only kv pairs are written
// here; sorted sets and bloom filters are read and shown as what they are.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { pageQuery, usableItems } from './paging';
import { lenientInt, lenientNumber, lenientObject, lenientText, positiveId, textOf, typeError } from './schemaKit';

/** The published key: 1..256 characters (`store_entry.key`). */
export const EDGE_KV_KEY_MAX = 256;
/** The published `encoded_value.value` maxLength: 1 MiB of (encoded) text. */
export const EDGE_KV_VALUE_MAX = 1_048_576;
/** The data listing's largest page (`limit` maximum). */
export const EDGE_KV_PAGE_MAX = 10_000;
/** The published `search` (key prefix) limits. */
export const EDGE_KV_SEARCH_MAX = 1024;

export const EDGE_KV_DATATYPES = ['kv', 'sorted_set', 'bloom_filter'] as const;
export type EdgeKvDatatype = (typeof EDGE_KV_DATATYPES)[number];

/** RFC 3339 with a zone, as `store_kv_pair_value.expiry` is published ("2024-12-31T23:59:59Z"). */
export const RFC3339_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Standard base64 with its padding (what `encoding: base64` sends). */
export const isBase64 = (text: string) => BASE64_PATTERN.test(text);

export const edgeKvKey = () => textOf(1, EDGE_KV_KEY_MAX);

export const edgeKvExpiry = () =>
  z
    .string(typeError('must be text'))
    .regex(RFC3339_PATTERN, 'must be an RFC 3339 date and time with its zone, like 2026-12-31T23:59:59Z')
    .refine((text) => !Number.isNaN(Date.parse(text)), 'must be a real date and time');

/** A kv pair's value as sent: plain text, or base64 for binary bytes; never `sha256` (output only). */
export const edgeKvPairInput = lazySchema(() =>
  z
    .strictObject({
      value: textOf(0, EDGE_KV_VALUE_MAX),
      encoding: z.enum(['plain', 'base64'], 'must be plain or base64 (sha256 is only ever answered)').optional(),
      expiry: edgeKvExpiry().optional(),
    })
    .refine((p) => p.encoding !== 'base64' || isBase64(p.value), { message: 'must be base64 when encoding is base64', path: ['value'] }),
);

/** One change of PUT /kv/{store_id}/data: a kv pair added (or replaced) or a key deleted. */
export const edgeKvChange = lazySchema(() =>
  z
    .strictObject({
      key: edgeKvKey(),
      datatype: z.enum(EDGE_KV_DATATYPES, 'must be kv, sorted_set or bloom_filter'),
      op: z.enum(['add', 'del_key', 'del_entries'], 'must be add, del_key or del_entries'),
      payload: edgeKvPairInput.optional(),
    })
    .refine((c) => c.op !== 'add' || c.payload !== undefined, { message: 'is required to add a key', path: ['payload'] })
    .refine((c) => c.op === 'del_key' || c.datatype === 'kv', { message: 'only kv pairs are written here', path: ['datatype'] }),
);
export type EdgeKvChange = z.input<typeof edgeKvChange>;

const storeParams = lazySchema(() => z.strictObject({ store_id: positiveId() }));

// ---------- answers (lenient, as the other edge answers) ----------

/** `kv_store`: what GET /kv/{store_id} answers. */
export const edgeStore = lazySchema(() =>
  z.looseObject({
    name: lenientText(),
    comment: lenientText(),
    app_count: lenientInt(),
    size: lenientInt(),
    revision: lenientInt(),
    updated_at: lenientText(),
    byod: lenientObject({ url: lenientText(), prefix: lenientText() }),
  }),
);
export type EdgeStore = z.output<typeof edgeStore>;

/** `encoded_value` (with a kv pair's `expiry`, a sorted set item's `score`). */
export const edgeKvValue = lazySchema(() => z.looseObject({ value: lenientText(), encoding: lenientText(), expiry: lenientText(), score: lenientNumber() }));
export type EdgeKvValue = z.output<typeof edgeKvValue>;

/** `store_entry_short`: a key of the listing; its payload is a kv pair's value (absent for the other kinds). */
export const edgeKvEntryShort = lazySchema(() =>
  z.looseObject({
    key: z.string().min(1),
    datatype: lenientText(),
    payload: edgeKvValue.nullish().catch(undefined),
  }),
);
export type EdgeKvEntryShort = z.output<typeof edgeKvEntryShort>;

export const edgeKvEntryList = lazySchema(() => z.looseObject({ count: lenientInt(), entries: usableItems(edgeKvEntryShort) }));

/** `store_entry` plus `count`: a kv pair's value (an object) or a sorted set's or bloom filter's items (a list), paged. */
export const edgeKvEntry = lazySchema(() =>
  z.looseObject({
    key: lenientText(),
    datatype: lenientText(),
    count: lenientInt(),
    payload: z
      .union([z.array(edgeKvValue), edgeKvValue])
      .nullish()
      .catch(undefined),
  }),
);
export type EdgeKvEntry = z.output<typeof edgeKvEntry>;

/** What PUT /kv/{store_id}/data answers: the store's size and revision after it, and what it wrote and deleted. */
export const edgeKvWriteAnswer = lazySchema(() =>
  z.looseObject({ store_size: lenientInt(), revision: lenientInt(), write_count: lenientInt(), del_count: lenientInt(), write_size: lenientInt() }),
);

// ---------- endpoints ----------

export const getEdgeStoreEndpoint = defineEndpoint('getEdgeStore', {
  errorShape: 'edge',
  successStatus: 200,
  params: storeParams,
  query: undefined,
  body: undefined,
  response: edgeStore,
});

export const listEdgeStoreDataEndpoint = defineEndpoint('listEdgeStoreData', {
  errorShape: 'edge',
  successStatus: 200,
  params: storeParams,
  query: lazySchema(() => z.strictObject({ search: textOf(1, EDGE_KV_SEARCH_MAX).optional(), ...pageQuery(EDGE_KV_PAGE_MAX) })),
  body: undefined,
  response: edgeKvEntryList,
});

export const getEdgeStoreKeyEndpoint = defineEndpoint('getEdgeStoreKey', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ store_id: positiveId(), key: edgeKvKey() })),
  query: lazySchema(() => z.strictObject({ ...pageQuery(EDGE_KV_PAGE_MAX) })),
  body: undefined,
  response: edgeKvEntry,
});

export const putEdgeStoreDataEndpoint = defineEndpoint('putEdgeStoreData', {
  errorShape: 'edge',
  successStatus: 200,
  params: storeParams,
  // `force`: a key's data type may change (never sent here: only kv pairs are written).
  query: lazySchema(() => z.strictObject({ force: z.boolean(typeError('must be true or false')).optional() })),
  body: lazySchema(() => z.array(edgeKvChange, typeError('must be a list of changes')).min(1, 'must hold at least one change')),
  response: edgeKvWriteAnswer,
});
