// Recent test requests, remembered per app on one connection (workspaceState), so a request is
// offered again to the same app only. Bounded: 10 per app, 20 apps, 8 KB a request (a larger
// body is not kept). A header whose name says it carries a credential (Authorization, Cookie,
// a name with key, token, secret, password, session or auth in it) is kept by name only: its
// value is never stored, and the request offered again asks for it.
import { testRequestProblems, TEST_METHODS, type TestHeader, type TestRequest } from '../../../schema/edgeTestRequest';

export const RECENT_TESTS_KEY = 'platformConsole.edge.recentTests';
export const RECENT_PER_APP = 10;
export const RECENT_APPS = 20;
export const RECENT_BYTES = 8 * 1024;

const CREDENTIAL = /^(authorization|proxy-authorization|cookie|set-cookie)$|key|token|secret|passw|session|auth|credential|signature/i;

/** True when a header's name says its value is a credential (never stored). */
export const isCredentialHeader = (name: string): boolean => CREDENTIAL.test(name);

/** A remembered request: the headers whose value was not kept are named in `withheld`. */
export interface RecentTest extends TestRequest {
  withheld: string[];
  at: number;
}

interface AppRecents {
  app: string;
  tests: RecentTest[];
}

export const recentKey = (connectionId: string, appId: number): string => `${connectionId}/${appId}`;

/** The stored lists read leniently: an entry that is not a whole, valid request is dropped. */
export function readRecents(raw: unknown): AppRecents[] {
  if (!Array.isArray(raw)) return [];
  const out: AppRecents[] = [];
  for (const item of raw as unknown[]) {
    const { app, tests } = (item ?? {}) as { app?: unknown; tests?: unknown };
    if (typeof app !== 'string' || !Array.isArray(tests)) continue;
    const kept = (tests as unknown[]).map(readTest).filter((t): t is RecentTest => t !== undefined);
    out.push({ app, tests: kept.slice(0, RECENT_PER_APP) });
  }
  return out.slice(0, RECENT_APPS);
}

function readTest(raw: unknown): RecentTest | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { method, path, headers, body, withheld, at } = raw as Record<string, unknown>;
  if (typeof method !== 'string' || !(TEST_METHODS as readonly string[]).includes(method) || typeof path !== 'string') return undefined;
  const hs = Array.isArray(headers)
    ? (headers as unknown[]).filter((h): h is TestHeader => typeof (h as TestHeader)?.name === 'string' && typeof (h as TestHeader)?.value === 'string')
    : [];
  const test: RecentTest = {
    method: method as RecentTest['method'],
    path,
    headers: hs.map(({ name, value }) => ({ name, value })),
    body: typeof body === 'string' ? body : '',
    withheld: Array.isArray(withheld) ? (withheld as unknown[]).filter((w): w is string => typeof w === 'string') : [],
    at: typeof at === 'number' ? at : 0,
  };
  return testRequestProblems(test).length === 0 && !test.headers.some((h) => isCredentialHeader(h.name)) ? test : undefined;
}

/** The request as it is remembered: credential values out, a body that would pass the bound left out. */
export function rememberable(request: TestRequest, at: number): RecentTest {
  const kept = request.headers.filter((h) => !isCredentialHeader(h.name));
  const withheld = request.headers.filter((h) => isCredentialHeader(h.name)).map((h) => h.name);
  const test: RecentTest = { method: request.method, path: request.path, headers: kept, body: request.body, withheld, at };
  return JSON.stringify(test).length > RECENT_BYTES ? { ...test, body: '' } : test;
}

/** The lists with `request` first for `app` (the same request moved up, not repeated), each bound kept. */
export function withRecent(all: readonly AppRecents[], app: string, request: TestRequest, at: number): AppRecents[] {
  const test = rememberable(request, at);
  if (JSON.stringify(test).length > RECENT_BYTES) return [...all];
  const same = (t: RecentTest) =>
    t.method === test.method && t.path === test.path && JSON.stringify(t.headers) === JSON.stringify(test.headers) && t.body === test.body;
  const mine = all.find((a) => a.app === app)?.tests.filter((t) => !same(t)) ?? [];
  return [{ app, tests: [test, ...mine].slice(0, RECENT_PER_APP) }, ...all.filter((a) => a.app !== app)].slice(0, RECENT_APPS);
}

/** The app's recent requests, newest first. */
export function recentsOf(all: readonly AppRecents[], app: string): RecentTest[] {
  return all.find((a) => a.app === app)?.tests ?? [];
}

/** Only the apps of connections that still exist: a signed-out connection's recent requests go with it. */
export function recentsOfLive(all: readonly AppRecents[], liveConnectionIds: readonly string[]): AppRecents[] {
  const live = new Set(liveConnectionIds);
  return all.filter((a) => live.has(a.app.slice(0, a.app.lastIndexOf('/'))));
}
