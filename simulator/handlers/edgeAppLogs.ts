// An edge app's logs (the platform's own FastEdge API): the published filters, sort and offset
// paging over entries made from the app and the time range (simulator/edgeAppLogs.ts).
import type { endpoints } from '../../src/schema/endpoints';
import { EDGE_LOG_DEFAULT_RANGE_MS, EDGE_LOG_SIM_PAGE_MAX, edgeAppLogs } from '../edgeAppLogs';
import { catchUpTraffic } from '../edgeTraffic';
import { notFound } from '../errors';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import type { Handler } from './types';

export const listEdgeAppLogs: Handler<typeof endpoints.listEdgeAppLogs> = ({ params, query }, { state, options, nowMs }) => {
  const app = state.edgeApps.get(params.app_id);
  if (!app || app.client_id !== EDGE_ACCOUNT_CLIENT) throw notFound(`app ${params.app_id} not found`);
  // Live traffic's error lines are written before the read.
  catchUpTraffic(state, options.edgeTrafficPerMinute, nowMs);
  // Nothing is written after now: a later `to` reads up to now.
  const toMs = Math.min(nowMs, query?.to !== undefined ? Date.parse(query.to) : nowMs);
  const fromMs = query?.from !== undefined ? Date.parse(query.from) : nowMs - EDGE_LOG_DEFAULT_RANGE_MS;
  const offset = query?.offset ?? 0;
  const { count, logs } = edgeAppLogs(
    { id: app.id, name: app.name },
    {
      fromMs,
      toMs,
      edge: query?.edge,
      search: query?.search,
      clientIp: query?.client_ip,
      requestId: query?.request_id,
      sort: query?.sort ?? 'desc',
      limit: Math.min(query?.limit ?? EDGE_LOG_SIM_PAGE_MAX, EDGE_LOG_SIM_PAGE_MAX),
      offset,
    },
    state.edgeLogEvents.of(app.id, fromMs, toMs),
  );
  return { count, logs, offset };
};
