// FastEdge call statistics (the platform's own API): made from the calls the apps' URLs received
// (simulator/edgeCalls.ts), live traffic made up to now first. A slot is `step` seconds from
// `from`; nothing is counted after now.
import type { endpoints } from '../../src/schema/endpoints';
import type { EdgeStatsQuery } from '../../src/schema/edgeStats';
import { catchUpTraffic } from '../edgeTraffic';
import { notFound } from '../errors';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import type { SimState } from '../state/seed';
import type { Handler } from './types';

function window(query: EdgeStatsQuery, state: SimState) {
  if (query.id !== undefined) {
    const app = state.edgeApps.get(query.id);
    if (!app || app.client_id !== EDGE_ACCOUNT_CLIENT) throw notFound(`app ${query.id} not found`);
  }
  return { appId: query.id, fromMs: Date.parse(query.from), toMs: Date.parse(query.to), stepMs: query.step * 1000 };
}

export const getEdgeCallStats: Handler<typeof endpoints.getEdgeCallStats> = ({ query }, { state, options, nowMs }) => {
  const w = window(query, state);
  catchUpTraffic(state, options.edgeTrafficPerMinute, nowMs);
  return { stats: state.edgeCalls.callStats(w.appId, w.fromMs, w.toMs, w.stepMs) };
};

export const getEdgeDurationStats: Handler<typeof endpoints.getEdgeDurationStats> = ({ query }, { state, options, nowMs }) => {
  const w = window(query, state);
  catchUpTraffic(state, options.edgeTrafficPerMinute, nowMs);
  return { stats: state.edgeCalls.durationStats(w.appId, w.fromMs, w.toMs, w.stepMs) };
};
