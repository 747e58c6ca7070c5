// Reading one pin from the platform, and what its answer (or error) becomes in the view.
import type { PlatformApi } from '../../platform/api';
import { PlatformError } from '../../schema/errors';
import type { EdgeKind } from './model/edgePins';
import type { EdgeData, LoadState } from './edgeNodes';

export async function fetchEdge(api: PlatformApi, kind: EdgeKind, id: number): Promise<EdgeData[EdgeKind]> {
  switch (kind) {
    case 'client':
      return api.edge.getEdgeClient({ params: { client_id: id } });
    case 'app':
      return api.edge.getEdgeApp({ params: { app_id: id } });
    case 'template':
      return api.edge.getEdgeTemplate({ params: { template_id: id } });
  }
}

export const isNotFound = (error: unknown) => error instanceof PlatformError && error.kind === 'notFound';

export function loadStateOf<T>(outcome: { data: T } | { error: unknown }): LoadState<T> {
  if ('data' in outcome) return { status: 'ok', data: outcome.data, loadedAt: new Date() };
  return isNotFound(outcome.error) ? { status: 'notFound', error: outcome.error } : { status: 'error', error: outcome.error };
}
