// Which apps refer to a FastEdge secret: the platform answers only a count (`app_count`), and an
// app's list row carries no references, so the apps are listed and each read (a few at a time,
// stopping once the count is found). Used wherever a delete names the apps that lose the secret.
import type { PlatformApi } from './api';

export interface AppRef {
  id: number;
  name: string;
}

/** At most this many apps are read for one answer; more are counted, not named. */
export const SECRET_USERS_SCAN_LIMIT = 500;

/** The apps using `secretId` (sorted by id); `complete` when as many were found as `expected`. */
export async function readSecretUsers(
  api: PlatformApi,
  secretId: number,
  expected: number,
  signal?: AbortSignal,
): Promise<{ users: AppRef[]; complete: boolean }> {
  if (expected <= 0) return { users: [], complete: true };
  const apps: AppRef[] = [];
  const page = 100;
  for (let offset = 0; apps.length < SECRET_USERS_SCAN_LIMIT; ) {
    const answer = await api.edge.listEdgeApps({ params: {}, query: { limit: page, offset, ordering: 'name' } }, { signal });
    apps.push(...answer.apps.flatMap((a) => (a.id ? [{ id: a.id, name: a.name ?? '' }] : [])));
    offset += answer.apps.length;
    if (answer.apps.length < page || (typeof answer.count === 'number' && offset >= answer.count)) break;
  }
  const found = await findSecretUsers(
    apps.slice(0, SECRET_USERS_SCAN_LIMIT),
    secretId,
    async (id) => (await api.edge.getOwnEdgeApp({ params: { app_id: id } }, { signal })).secrets,
    { expected },
  );
  return { users: found.users, complete: found.users.length >= expected };
}

/**
 * The apps whose references include `secretId`, reading each app's references at most
 * `concurrency` at a time; stops once `expected` are found (the secret's `app_count`).
 */
export async function findSecretUsers(
  apps: readonly AppRef[],
  secretId: number,
  readRefs: (appId: number) => Promise<Record<string, unknown> | null | undefined>,
  options: { expected?: number; concurrency?: number } = {},
): Promise<{ users: AppRef[]; read: number; failed: number }> {
  const users: AppRef[] = [];
  let next = 0;
  let read = 0;
  let failed = 0;
  const done = () => options.expected !== undefined && users.length >= options.expected;
  const worker = async () => {
    while (next < apps.length && !done()) {
      const app = apps[next++]!;
      try {
        const refs = await readRefs(app.id);
        read++;
        if (Object.values(refs ?? {}).some((ref) => refIdOf(ref) === secretId)) users.push(app);
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  users.sort((a, b) => a.id - b.id);
  return { users, read, failed };
}

/** An app's reference `{ id }` (the published `app_secret_short`); anything else is no reference. */
export function refIdOf(ref: unknown): number | undefined {
  return typeof ref === 'object' && ref !== null && typeof (ref as { id?: unknown }).id === 'number' ? (ref as { id: number }).id : undefined;
}
