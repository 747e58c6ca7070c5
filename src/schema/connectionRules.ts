// Rules for connections: names, base URLs, keys. No VS Code here, so they test in plain Node.
import { throwValidation } from './validate';
import { PlatformError } from './errors';
import { PLATFORM_API_HOST, PRODUCT_AREAS, dialectForBaseUrl, isDialect, type Dialect, type ProductArea } from './dialect';

/** Where a new connection points unless the person says otherwise: the platform's own API. */
export const DEFAULT_BASE_URL = `https://${PLATFORM_API_HOST}`;

/** `https://host//` -> `https://host`; refuses what is not an http(s) URL. */
export function normalizeBaseUrl(raw: string): string {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return throwValidation([{ path: 'baseUrl', message: 'must be an http:// or https:// URL' }]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return throwValidation([{ path: 'baseUrl', message: 'must be an http:// or https:// URL' }]);
  }
  if (url.search || url.hash) return throwValidation([{ path: 'baseUrl', message: 'must not have a query or fragment' }]);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Why a key cannot be sent in a header; undefined when it can. */
export function apiKeyProblem(key: string): string | undefined {
  if (!key) return 'must not be empty';
  if (/\s/.test(key)) return 'must not contain spaces, tabs or line breaks';
  // Header values are visible ASCII; anything else makes fetch throw (with the key in its message).
  if ([...key].some((c) => c.charCodeAt(0) < 0x21 || c.charCodeAt(0) > 0x7e)) return 'must contain only printable ASCII characters';
  return undefined;
}

export const CONNECTION_NAME_MAX = 50;

export interface ConnectionInfo {
  id: string;
  name: string;
  baseUrl: string;
  /** Whose paths this connection sends: the spec's or the real platform's. */
  dialect: Dialect;
  /** The simulator this window runs (*Try the Simulator*): said in the status bar and every write's confirmation. */
  simulator?: true;
  /** The web console its rows open in, when set (a white-label reseller's); absent: its dialect's default (consoleBase.ts). */
  consoleUrl?: string;
}

/** A connection as stored before dialects existed: it has none. */
export type StoredConnection = Omit<ConnectionInfo, 'dialect'> & { dialect?: unknown };

/**
 * A stored connection with its dialect: the one it was given, or for a connection stored before
 * dialects existed, the one its base URL implies (the platform's host -> `platform`).
 */
export function withDialect(stored: StoredConnection): ConnectionInfo {
  return { ...stored, dialect: isDialect(stored.dialect) ? stored.dialect : dialectForBaseUrl(stored.baseUrl) };
}

/**
 * One base URL's per-area base URLs (`{ "edge": "https://…" }`): unknown areas and invalid URLs
 * are left out and reported, so a typo never sends a request somewhere unexpected.
 */
export function areaBaseUrlsFrom(raw: unknown): { urls: Partial<Record<ProductArea, string>>; problems: string[] } {
  const urls: Partial<Record<ProductArea, string>> = {};
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { urls, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { urls, problems: ['must be an object of area -> base URL'] };
  for (const [area, value] of Object.entries(raw)) {
    if (!isProductArea(area)) {
      problems.push(`"${area}" is not a product area (${PRODUCT_AREAS.join(', ')})`);
      continue;
    }
    if (value === undefined || value === null || value === '') continue;
    const problem = typeof value === 'string' ? baseUrlProblem(value) : 'Base URL: must be text';
    if (problem) problems.push(`${area}: ${problem}`);
    else urls[area] = normalizeBaseUrl(value as string);
  }
  return { urls, problems };
}

function isProductArea(name: string): name is ProductArea {
  return (PRODUCT_AREAS as readonly string[]).includes(name);
}

export interface ConnectionAreaBaseUrls {
  /** The areas this connection sends to a host of their own. */
  urls: Partial<Record<ProductArea, string>>;
  /** What is wrong in the setting (left out, never used). */
  problems: string[];
  /** What the log should say about how the setting was read for this connection. */
  notes: string[];
}

/**
 * `platformConsole.areaBaseUrls` for one connection. Each set of area URLs names the
 * base URL it is for, `{ "https://api.gcore.com": { "edge": "https://…" } }`, and applies to
 * connections to that base URL only: the key of a connection to another URL never goes to a host
 * set for someone else's platform. The older flat shape, `{ "edge": "https://…" }`, was written
 * for the platform's own API: it applies to connections to https://api.gcore.com in the Platform
 * dialect only (a named entry for that URL wins area by area).
 */
export function areaBaseUrlsFor(raw: unknown, connection: Pick<ConnectionInfo, 'baseUrl' | 'dialect'>): ConnectionAreaBaseUrls {
  const result: ConnectionAreaBaseUrls = { urls: {}, problems: [], notes: [] };
  if (raw === undefined || raw === null) return result;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    result.problems.push('must be an object of base URL -> { area: base URL }');
    return result;
  }
  const flat: Record<string, unknown> = {};
  let named: Partial<Record<ProductArea, string>> | undefined;
  const others: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (isProductArea(key)) {
      flat[key] = value;
      continue;
    }
    if (baseUrlProblem(key)) {
      result.problems.push(`"${key}" is neither a base URL (https://…) nor a product area (${PRODUCT_AREAS.join(', ')})`);
      continue;
    }
    const { urls, problems } = areaBaseUrlsFrom(value);
    result.problems.push(...problems.map((p) => `${key}: ${p}`));
    if (normalizeBaseUrl(key) === connection.baseUrl) named = { ...named, ...urls };
    else if (Object.keys(urls).length > 0) others.push(normalizeBaseUrl(key));
  }
  if (Object.keys(flat).length > 0) {
    const { urls, problems } = areaBaseUrlsFrom(flat);
    result.problems.push(...problems);
    const applies = connection.baseUrl === DEFAULT_BASE_URL && connection.dialect === 'platform';
    result.notes.push(
      `the areas set without a base URL (${Object.keys(flat).join(', ')}) apply to ${DEFAULT_BASE_URL} in the Platform dialect only` +
        `${applies ? '' : ', not to this connection'}; name the base URL they are for: { "${DEFAULT_BASE_URL}": { "${Object.keys(flat)[0]}": "…" } }`,
    );
    if (applies) result.urls = { ...urls };
  }
  result.urls = { ...result.urls, ...named };
  if (others.length > 0 && named === undefined)
    result.notes.push(`area base URLs are set for ${others.join(', ')}, not for ${connection.baseUrl}: its requests all go to ${connection.baseUrl}`);
  return result;
}

export function connectionNameProblem(name: string, existing: readonly Pick<ConnectionInfo, 'id' | 'name'>[], ownId?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Connection name: must not be empty';
  if (trimmed.length > CONNECTION_NAME_MAX) return `Connection name: must be at most ${CONNECTION_NAME_MAX} characters`;
  const clash = existing.find((c) => c.id !== ownId && c.name.toLowerCase() === trimmed.toLowerCase());
  if (clash) return `Connection name: "${clash.name}" is already used (sign out of it first, or choose another name)`;
  return undefined;
}

export function baseUrlProblem(url: string): string | undefined {
  try {
    normalizeBaseUrl(url);
    return undefined;
  } catch (error) {
    return error instanceof PlatformError ? `Base URL: ${error.issues[0]?.message ?? error.message}` : 'Base URL: invalid';
  }
}

export function apiKeyInputProblem(key: string): string | undefined {
  const problem = apiKeyProblem(key.trim());
  return problem ? `API key: ${problem}` : undefined;
}

/** `http://127.0.0.1:4010/` -> `127.0.0.1:4010`; used when a connection comes from the environment. */
export function connectionNameFromUrl(url: string): string {
  try {
    const parsed = new URL(normalizeBaseUrl(url));
    return parsed.host || url;
  } catch {
    return url;
  }
}

/** Hosts a request to which never leaves this machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Why sending the key to this URL is risky, if it is: plain HTTP to a host other than this
 * machine carries the key across the network unencrypted.
 */
export function plainHttpRisk(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || isLoopback(parsed.hostname)) return undefined;
  return `${parsed.host} is reached over plain HTTP: the API key would cross the network unencrypted, readable by anyone on the way`;
}

// The environment sign-in: the extension (ConnectionManager.bootstrapFromEnvironment) and the MCP
// server (src/mcp.ts) read the same variables; Gcore's names beside them, and the order, in environmentNames.ts.
/** The platform's base URL. */
export const ENV_BASE_URL = 'PLATFORM_CONSOLE_BASE_URL';
/** The API key (to SecretStorage in the editor; held in memory only by the MCP server). */
export const ENV_API_KEY = 'PLATFORM_CONSOLE_API_KEY';
/**
 * Or, in the editor: a file holding the key, readable by its owner only, deleted once read (the
 * demo and the test harness hand the key over this way, not in the editor server's environment).
 */
export const ENV_API_KEY_FILE = 'PLATFORM_CONSOLE_API_KEY_FILE';
/** Optional: the name of the connection made from the two above (default: the URL's host). */
export const ENV_CONNECTION_NAME = 'PLATFORM_CONSOLE_CONNECTION_NAME';
/** Optional: `spec` or `platform` (default: from the URL, the platform's host -> `platform`). */
export const ENV_DIALECT = 'PLATFORM_CONSOLE_DIALECT';
