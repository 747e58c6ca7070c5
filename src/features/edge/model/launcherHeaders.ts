// Request headers the FastEdge Launcher runs the app with locally, offered as picks for a test
// request: `fastedge-config.test.json`'s `request.headers` (its debugger's test config), then the
// dotenv files' (`FASTEDGE_VAR_REQ_HEADER_` lines in `.env`, `.env.req_headers` with bare names),
// a later file winning for the same name, as the Launcher's own order has it (DOTENV.md). Read
// leniently: a file that cannot be parsed offers nothing; a header our rules refuse is left out.
import { headerProblem, type TestHeader } from '../../../schema/edgeTestRequest';
import { parseDotenv } from './edgeEnvImport';

export const REQ_HEADER_PREFIX = 'FASTEDGE_VAR_REQ_HEADER_';
export const TEST_CONFIG_FILE = 'fastedge-config.test.json';
/** The most headers offered (the step's list stays short enough to read). */
export const MAX_OFFERS = 50;

export interface HeaderOffer extends TestHeader {
  /** The file it came from, as the pick's description says. */
  from: string;
}

/** The Launcher's files as read (absent: undefined). */
export interface LauncherHeaderFiles {
  testConfig?: string | undefined;
  env?: string | undefined;
  reqHeaders?: string | undefined;
}

function fromTestConfig(text: string): TestHeader[] {
  try {
    const json = JSON.parse(text) as { request?: { headers?: unknown } } | null;
    const headers = json?.request?.headers;
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return [];
    return Object.entries(headers as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** Every header the files give, one per name (case-insensitive; the later file wins), checked by the request rules. */
export function headerOffers(files: LauncherHeaderFiles): HeaderOffer[] {
  const byName = new Map<string, HeaderOffer>();
  const add = (from: string, headers: readonly TestHeader[]) => {
    for (const h of headers) if (!headerProblem(h)) byName.set(h.name.toLowerCase(), { ...h, from });
  };
  if (files.testConfig !== undefined) add(TEST_CONFIG_FILE, fromTestConfig(files.testConfig));
  if (files.env !== undefined) {
    const lines = parseDotenv(files.env).filter((l) => l.key.startsWith(REQ_HEADER_PREFIX));
    add(
      '.env',
      lines.map((l) => ({ name: l.key.slice(REQ_HEADER_PREFIX.length), value: l.value })),
    );
  }
  if (files.reqHeaders !== undefined) {
    add(
      '.env.req_headers',
      parseDotenv(files.reqHeaders).map((l) => ({ name: l.key, value: l.value })),
    );
  }
  return [...byName.values()].slice(0, MAX_OFFERS);
}
