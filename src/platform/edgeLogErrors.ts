// The error lines of an edge app's log in a window, counted by the platform: one read of its log
// with `search=error` (the platform matches message text in any case) and `limit=1`, whose `count`
// is every line that matches; the one line read is the newest (platform text, shown as data). The watch after a deploy and its agent tool count them the same way.
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import type { PlatformApi } from './api';
import type { LogErrors } from './edgeWatchVerdict';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function readLogErrors(api: PlatformApi, appId: number, fromMs: number, toMs: number, signal?: AbortSignal): Promise<LogErrors> {
  const from = iso(fromMs);
  const to = iso(toMs);
  const query = { from, to, search: 'error', sort: 'desc', limit: 1 } as const;
  const answer = await api.edge.listEdgeAppLogs({ params: { app_id: appId }, query }, signal ? { signal } : undefined);
  const count = answer.count ?? answer.total_count ?? answer.logs?.length ?? 0;
  // The path as sent, in the connection's dialect.
  const path = fillPath(pathIn(endpoints.listEdgeAppLogs, api.http.dialect), { app_id: appId });
  const latest = answer.logs?.[0]?.log ?? undefined;
  return { count, from, to, ...(latest ? { latest } : {}), source: `GET ${path}?from=${from}&to=${to}&search=error&sort=desc&limit=1` };
}
