// The account's edge stores, listed as published (`{count, stores}`): paged by limit and offset,
// narrowed to one app's by app_id (404 for an app not the account's); app_count from the apps
// that refer to each store.
import type { endpoints } from '../../src/schema/endpoints';
import { notFound } from '../errors';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import type { EdgeStoreRecord } from '../state/seedEdgeStores';
import type { Handler, SimContext } from './types';

type State = SimContext['state'];

const appsUsing = (state: State, id: number) =>
  [...state.edgeApps.values()].filter((a) => a.client_id === EDGE_ACCOUNT_CLIENT && Object.values(a.stores ?? {}).some((ref) => ref.id === id)).length;

/** The published `kv_store_short`. */
export function shortStore(state: State, s: EdgeStoreRecord) {
  return { id: s.id, name: s.name, comment: s.comment, app_count: appsUsing(state, s.id), size: s.size };
}

export const listEdgeStores: Handler<typeof endpoints.listEdgeStores> = ({ query }, { state }) => {
  let stores = [...state.edgeStores.values()].sort((a, b) => a.id - b.id);
  if (query?.app_id !== undefined) {
    const app = state.edgeApps.get(query.app_id);
    if (!app || app.client_id !== EDGE_ACCOUNT_CLIENT) throw notFound(`app ${query.app_id} not found`);
    const ids = new Set(Object.values(app.stores ?? {}).map((ref) => ref.id));
    stores = stores.filter((s) => ids.has(s.id));
  }
  const offset = query?.offset ?? 0;
  const limit = query?.limit ?? 50;
  return { count: stores.length, stores: stores.slice(offset, offset + limit).map((s) => shortStore(state, s)) };
};
