// The environment's names for a connection, in one place for the editor's environment sign-in
// (src/connections) and the MCP server (src/mcp.ts): the product's PLATFORM_CONSOLE_* and, beside
// them, the names Gcore's CLI, SDKs and MCP servers read (GCORE_API_KEY, GCORE_API_URL,
// GCORE_CLOUD_PROJECT_ID, GCORE_CLOUD_REGION_ID). The product's name wins when both are set; what
// was used is said in words (never the key).
import { DEFAULT_BASE_URL, ENV_API_KEY, ENV_API_KEY_FILE, ENV_BASE_URL } from './connectionRules';

/** A process's environment (process.env), typed without Node's types: src/schema is shared with the webviews. */
export type Environment = Readonly<Record<string, string | undefined>>;

export const GCORE_API_KEY = 'GCORE_API_KEY';
export const GCORE_API_URL = 'GCORE_API_URL';
export const GCORE_CLOUD_PROJECT_ID = 'GCORE_CLOUD_PROJECT_ID';
export const GCORE_CLOUD_REGION_ID = 'GCORE_CLOUD_REGION_ID';

/** Every variable that may hold a key or name its file: taken out of the extension host's environment as it starts. */
export const KEY_VARIABLES = [ENV_API_KEY_FILE, ENV_API_KEY, GCORE_API_KEY] as const;

/** The key the environment hands over: itself or its file, with the variable it came from and the ones set but not used. */
export interface KeyFromEnvironment {
  readonly key?: string;
  readonly file?: string;
  /** The variable used. */
  readonly from: string;
  /** Variables that were set too and lost to it (the product's name wins; the file wins over the variable). */
  readonly ignored: readonly string[];
}

const value = (env: Environment, name: string) => env[name]?.trim() || undefined;

/**
 * The key in order: PLATFORM_CONSOLE_API_KEY_FILE (the demo's one-shot file; where files are read),
 * PLATFORM_CONSOLE_API_KEY, then GCORE_API_KEY. Reads `env`, changes nothing.
 */
export function keyFromEnvironment(env: Environment, options: { files?: boolean } = {}): KeyFromEnvironment | undefined {
  const order = options.files === false ? KEY_VARIABLES.filter((n) => n !== ENV_API_KEY_FILE) : KEY_VARIABLES;
  const set = order.filter((name) => value(env, name) !== undefined);
  const from = set[0];
  if (from === undefined) return undefined;
  const given = value(env, from)!;
  return { ...(from === ENV_API_KEY_FILE ? { file: given } : { key: given }), from, ignored: set.slice(1) };
}

/** Where the environment's connection points: the URL, the variable it came from, and the words the log says about it. */
export interface UrlFromEnvironment {
  readonly url: string;
  readonly from: string;
  readonly note: string;
}

/**
 * The base URL, from the same family of names as the key: a key is never sent where its own
 * family's names do not point (a GCORE_API_KEY set for Gcore's tools must not follow a
 * PLATFORM_CONSOLE_BASE_URL set for the simulator, nor the product's key a GCORE_API_URL).
 * - the product's key (or no key yet): PLATFORM_CONSOLE_BASE_URL;
 * - GCORE_API_KEY: GCORE_API_URL, else https://api.gcore.com (what Gcore's SDKs default to).
 * Undefined when nothing of the key's family says where.
 */
export function urlFromEnvironment(env: Environment, keyFrom: string | undefined): UrlFromEnvironment | undefined {
  const product = value(env, ENV_BASE_URL);
  const gcore = value(env, GCORE_API_URL);
  if (keyFrom === GCORE_API_KEY) {
    const passed = product ? ` (${ENV_BASE_URL} is set too: not used for a key from ${GCORE_API_KEY})` : '';
    if (gcore) return { url: gcore, from: GCORE_API_URL, note: `base URL from ${GCORE_API_URL}${passed}` };
    return {
      url: DEFAULT_BASE_URL,
      from: GCORE_API_URL,
      note: `base URL ${DEFAULT_BASE_URL} (${GCORE_API_URL} unset: the default of Gcore's SDKs, Platform dialect)${passed}`,
    };
  }
  if (product) return { url: product, from: ENV_BASE_URL, note: `base URL from ${ENV_BASE_URL}${gcore ? ` (${GCORE_API_URL} is set too: not used)` : ''}` };
  return undefined;
}

/** The log's line about the key: which variable, which lost to it (never the key). */
export function keyNote(key: Pick<KeyFromEnvironment, 'from' | 'ignored'>): string {
  return `key from ${key.from}${key.ignored.length ? ` (${key.ignored.join(', ')} ${key.ignored.length === 1 ? 'is' : 'are'} set too: not used)` : ''}`;
}

/** The cloud project and region the environment names, as defaults where the product would ask or pick the first. */
export interface LocationFromEnvironment {
  readonly projectId?: number;
  readonly regionId?: number;
  /** A value that is not a positive whole number: named, and ignored. */
  readonly problems: readonly string[];
}

export function locationFromEnvironment(env: Environment): LocationFromEnvironment {
  const problems: string[] = [];
  const id = (name: string): number | undefined => {
    const raw = value(env, name);
    if (raw === undefined) return undefined;
    const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isSafeInteger(n) && n > 0) return n;
    problems.push(`${name}: "${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}" must be a positive whole number; ignored`);
    return undefined;
  };
  const projectId = id(GCORE_CLOUD_PROJECT_ID);
  const regionId = id(GCORE_CLOUD_REGION_ID);
  return { ...(projectId ? { projectId } : {}), ...(regionId ? { regionId } : {}), problems };
}

/**
 * The MCP server's connection from its environment (it reads no key file): the key and the URL by
 * the order above, and the lines its stderr says about them; or what to set.
 */
export function connectionFromEnvironment(env: Environment): { key: string; url: string; notes: string[] } | { problem: string } {
  const key = keyFromEnvironment(env, { files: false });
  const url = urlFromEnvironment(env, key?.from);
  if (!key?.key || !url)
    return {
      problem:
        `set ${ENV_BASE_URL} and ${ENV_API_KEY}, or ${GCORE_API_KEY} (and ${GCORE_API_URL}, default ${DEFAULT_BASE_URL}); ` +
        "a key goes only where its own family's URL points",
    };
  return { key: key.key, url: url.url, notes: [`from the environment: ${keyNote(key)}, ${url.note}`] };
}
