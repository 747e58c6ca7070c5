// The account's edge stores (the platform's own FastEdge API, GET /kv): the published answer is
// `{count, stores: kv_store_short[]}`, paged by `limit` (1..1000, default 50) and `offset`, and
// narrowed to one app's stores by `app_id`. An app refers to a store by id (`app.stores`).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { pageQuery, usableItems } from './paging';
import { lenientInt, lenientText, positiveId } from './schemaKit';

export const EDGE_STORE_PAGE_MAX = 1000;

export const edgeStoreShort = lazySchema(() =>
  z.looseObject({
    id: z.int('must be a whole number').positive('must be a positive whole number'),
    name: lenientText(),
    comment: lenientText(),
    app_count: lenientInt(),
    size: lenientInt(),
  }),
);
export type EdgeStoreShort = z.output<typeof edgeStoreShort>;

export const edgeStoreList = lazySchema(() =>
  z.looseObject({
    count: lenientInt(),
    stores: usableItems(edgeStoreShort),
  }),
);

export const listEdgeStoresEndpoint = defineEndpoint('listEdgeStores', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ app_id: positiveId().optional(), ...pageQuery(EDGE_STORE_PAGE_MAX) })),
  body: undefined,
  response: edgeStoreList,
});
