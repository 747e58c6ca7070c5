// The one-shot hand-over file (#56) from the editor to the MCP server it registers: the connection
// and an agent token, never the person's key. The editor writes it (mode 600, in its global storage)
// just before VS Code starts the server and names it in PLATFORM_CONSOLE_AGENT_FILE; the server
// reads it once and deletes it, so a second start from the same file finds it gone. Plain Node:
// both sides use it, and it is unit-tested as is.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ENV_API_KEY, ENV_API_KEY_FILE, apiKeyProblem, areaBaseUrlsFrom, baseUrlProblem, normalizeBaseUrl } from '../../../schema/connectionRules';
import { consoleUrlProblem } from '../../../schema/consoleBase';
import { DIALECTS, isDialect, type Dialect, type ProductArea } from '../../../schema/dialect';

/** The variable that names the hand-over file. */
export const AGENT_FILE_ENV = 'PLATFORM_CONSOLE_AGENT_FILE';
/** Variables that could hand the server a key: ignored and deleted once it runs on an agent token. */
export const KEY_VARIABLES = [ENV_API_KEY, ENV_API_KEY_FILE, 'GCORE_API_KEY'] as const;
/** The folder of the hand-over files, under the extension's global storage. */
export const HANDOFF_FOLDER = 'mcp-handoff';
/** A hand-over file older than this was never read (the server did not start): deleted. */
export const HANDOFF_MAX_AGE_MS = 5 * 60_000;
/** A hand-over file holds one small JSON object: anything larger is not one. */
const MAX_HANDOFF_BYTES = 16_384;

export interface McpHandoff {
  readonly baseUrl: string;
  readonly dialect: Dialect;
  readonly connectionName: string;
  /** The agent token itself (`Authorization: apikey <token>`). */
  readonly token: string;
  readonly tokenName: string;
  readonly tokenId: number;
  /** RFC 3339 UTC. */
  readonly expiresAt: string;
  /** Product areas served from a host of their own, for this connection only. */
  readonly areaBaseUrls?: Partial<Record<ProductArea, string>>;
  /** The web console its answers link to (#58: the connection's own, or its dialect's); absent: none. */
  readonly consoleUrl?: string;
}

const FIELDS = ['baseUrl', 'dialect', 'connectionName', 'token', 'tokenName', 'tokenId', 'expiresAt', 'areaBaseUrls', 'consoleUrl'];

/** Why `value` is not a hand-over (the field and its rule), or undefined. */
export function handoffProblem(value: unknown, nowMs: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must hold one JSON object';
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => !FIELDS.includes(k));
  if (unknown.length) return `${unknown[0]}: is not a field of a hand-over file`;
  const text = (field: string) => (typeof v[field] === 'string' && v[field].trim() !== '' ? undefined : `${field}: must be text`);
  for (const field of ['baseUrl', 'connectionName', 'token', 'tokenName', 'expiresAt']) if (text(field)) return text(field);
  const url = baseUrlProblem(v.baseUrl as string);
  if (url) return `baseUrl: ${url}`;
  if (!isDialect(v.dialect)) return `dialect: must be one of ${DIALECTS.join(', ')}`;
  const token = apiKeyProblem(v.token as string);
  if (token) return `token: ${token}`;
  if (!Number.isSafeInteger(v.tokenId) || (v.tokenId as number) < 1) return 'tokenId: must be a positive whole number';
  const expires = Date.parse(v.expiresAt as string);
  if (Number.isNaN(expires)) return 'expiresAt: must be a date and time (RFC 3339)';
  if (expires <= nowMs) return `expiresAt: the agent token expired at ${v.expiresAt as string}`;
  if (v.areaBaseUrls !== undefined) {
    const { problems } = areaBaseUrlsFrom(v.areaBaseUrls);
    if (problems.length) return `areaBaseUrls: ${problems[0]}`;
  }
  if (v.consoleUrl !== undefined) {
    if (typeof v.consoleUrl !== 'string') return 'consoleUrl: must be text';
    const consoleUrl = consoleUrlProblem(v.consoleUrl);
    if (consoleUrl) return `consoleUrl: ${consoleUrl}`;
  }
  return undefined;
}

/** What the server does when its hand-over cannot be used: start again from VS Code. */
const RESTART = 'Restart the server from VS Code (MCP: List Servers, Platform Console, Restart): it writes a new one, and mints an agent token if needed.';

/**
 * Takes the hand-over named by `env`: undefined when the variable is not set. The file is read once
 * and deleted whatever it held; the variable and every key variable leave `env` (the server runs
 * on the token alone). A file already gone, or one others could read, is refused.
 */
export function takeHandoff(env: NodeJS.ProcessEnv, nowMs = Date.now()): { handoff: McpHandoff; ignored: string[] } | { problem: string } | undefined {
  const file = env[AGENT_FILE_ENV]?.trim();
  if (file === undefined) return undefined;
  const ignored = KEY_VARIABLES.filter((name) => env[name] !== undefined);
  for (const name of [AGENT_FILE_ENV, ...KEY_VARIABLES]) delete env[name];
  const refused = (rule: string) => ({ problem: `${AGENT_FILE_ENV}: ${file || '(empty)'} ${rule}` });
  if (!file) return refused('names no file');
  const read = readOnce(file);
  if ('problem' in read) return refused(read.problem);
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch {
    return refused('is not JSON');
  }
  const problem = handoffProblem(json, nowMs);
  if (problem) return refused(`cannot be used: ${problem}. ${RESTART}`);
  const handoff = json as McpHandoff;
  return { handoff: { ...handoff, baseUrl: normalizeBaseUrl(handoff.baseUrl) }, ignored };
}

/** The file's text, read without following a link; the file is deleted once opened. */
function readOnce(file: string): { text: string } | { problem: string } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { problem: `is gone: a hand-over file is read once, by the server started with it. ${RESTART}` };
    return { problem: code === 'ELOOP' ? 'must be a file, not a link' : `cannot be read (${code ?? String(error)})` };
  }
  try {
    rmSync(file, { force: true });
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: 'must be a file' };
    if (process.platform !== 'win32') {
      if ((stat.mode & 0o077) !== 0) return { problem: `must be readable by its owner only (mode 600), it is ${(stat.mode & 0o777).toString(8)}` };
      if (process.getuid && stat.uid !== process.getuid()) return { problem: 'must belong to the user the server runs as' };
    }
    if (stat.size > MAX_HANDOFF_BYTES) return { problem: `must be at most ${MAX_HANDOFF_BYTES} bytes, it has ${stat.size}` };
    return { text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

/** Writes a new hand-over file in `folder` (made if needed), mode 600 from its creation; returns its path. */
export function writeHandoff(folder: string, handoff: McpHandoff): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, `${randomBytes(16).toString('hex')}.json`);
  // `wx`: a new file only, never one put there before.
  writeFileSync(file, JSON.stringify(handoff), { mode: 0o600, flag: 'wx' });
  return file;
}

/** Deletes the hand-over files in `folder` older than HANDOFF_MAX_AGE_MS (never read: their server did not start); returns how many. */
export function deleteStaleHandoffs(folder: string, nowMs = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  let deleted = 0;
  for (const name of names.filter((n) => /^[0-9a-f]{32}\.json$/.test(n))) {
    const file = path.join(folder, name);
    try {
      if (nowMs - statSync(file).mtimeMs <= HANDOFF_MAX_AGE_MS) continue;
      rmSync(file, { force: true });
      deleted++;
    } catch {
      // Read and deleted by its server meanwhile.
    }
  }
  return deleted;
}
