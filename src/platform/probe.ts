// Is this key accepted at this base URL? The API has no "who am I" call, so ask for a task that
// cannot exist: 404 (or 403, or 200) means the key was accepted; 401 means it was not.
import { PlatformError } from '../schema/errors';
import type { HttpClient } from './http';
import { getTaskEndpoint } from '../schema/cloud';

export const PROBE_TASK_ID = '00000000-0000-0000-0000-000000000000';

export async function probeConnection(http: HttpClient, signal?: AbortSignal): Promise<{ ms: number }> {
  const started = Date.now();
  try {
    await http.call(getTaskEndpoint, { params: { task_id: PROBE_TASK_ID } }, { signal });
  } catch (error) {
    const accepted = error instanceof PlatformError && (error.kind === 'notFound' || error.kind === 'forbidden');
    if (!accepted) throw error;
  }
  return { ms: Date.now() - started };
}
