// Drift of a build: a workspace .wasm's MD5 against the checksum of the binary its linked app runs
// (the app read, then its binary). Three answers, each with why: the app runs this build, another
// build, or it cannot be told (no binary, binary gone, a read failed, the file missing). Words for
// the Explorer badge and tooltip, the Edge view's row and the Problems entry are made here.
import type { PlatformApi } from '../../../platform/api';
import { PlatformError } from '../../../schema/errors';

/** What the file gave: its MD5, or why it could not be read. */
export type FileSide = { md5: string; bytes: number } | { problem: string };
/** What the platform gave: the app's binary id and that binary's checksum, or why not. */
export type AppSide = { appName: string; binary: number | null | undefined; checksum?: string | null } | { problem: string };

export type BuildDrift =
  | { kind: 'same'; fileMd5: string; binaryMd5: string; binary: number }
  | { kind: 'other'; fileMd5: string; binaryMd5: string; binary: number }
  | { kind: 'unknown'; why: string };

const MD5 = /^[0-9a-f]{32}$/;
const normal = (md5: string | null | undefined) => (md5 ?? '').trim().toLowerCase();

/** Compares the two sides: an MD5 is compared only when both are whole (32 hex digits). */
export function compareBuild(file: FileSide, app: AppSide): BuildDrift {
  if ('problem' in file) return { kind: 'unknown', why: `the file cannot be read: ${file.problem}` };
  if ('problem' in app) return { kind: 'unknown', why: app.problem };
  if (app.binary === null || app.binary === undefined || app.binary <= 0)
    return { kind: 'unknown', why: 'the app runs no binary (made from a template, or not deployed yet)' };
  const binaryMd5 = normal(app.checksum);
  if (!MD5.test(binaryMd5)) return { kind: 'unknown', why: `the platform gave no MD5 checksum for binary ${app.binary}` };
  const fileMd5 = normal(file.md5);
  return { kind: fileMd5 === binaryMd5 ? 'same' : 'other', fileMd5, binaryMd5, binary: app.binary };
}

/** The first 8 hex digits: enough to tell two builds apart in a line. */
export const shortMd5 = (md5: string): string => md5.slice(0, 8);

/** The state in two or three words, as the Edge view's row says it. */
export function driftWords(drift: BuildDrift): string {
  return drift.kind === 'same' ? 'runs this build' : drift.kind === 'other' ? 'runs another build' : 'build unknown';
}

/** The Explorer badge (at most two characters). */
export function driftBadge(drift: BuildDrift): string {
  return drift.kind === 'same' ? '✓' : drift.kind === 'other' ? '≠' : '?';
}

/** Where: "<app> (<connection>)". */
const where = (appName: string, connectionName: string) => `${appName} (${connectionName})`;

/** The Explorer tooltip: "runs this build on <app> (<connection>)", with why when it cannot be told. */
export function driftTooltip(drift: BuildDrift, appName: string, connectionName: string): string {
  const on = where(appName, connectionName);
  if (drift.kind === 'same') return `Edge app ${on} runs this build (binary ${drift.binary}, MD5 ${shortMd5(drift.fileMd5)})`;
  if (drift.kind === 'other')
    return `Edge app ${on} runs another build: binary ${drift.binary} is MD5 ${shortMd5(drift.binaryMd5)}, this file ${shortMd5(drift.fileMd5)}`;
  return `Cannot tell which build edge app ${on} runs: ${drift.why}`;
}

/** The Problems entry of a file whose app runs another build: the app, the connection and both checksums. */
export function driftProblem(drift: Extract<BuildDrift, { kind: 'other' }>, appName: string, appId: number, connectionName: string): string {
  return (
    `Edge app ${appName} (id ${appId}) on ${connectionName} runs another build: its binary ${drift.binary} has MD5 ${shortMd5(drift.binaryMd5)}, ` +
    `this file ${shortMd5(drift.fileMd5)}. Deploy to Edge App sends this build.`
  );
}

/** The key a file's hash is kept under: the same path, size and modification time are the same bytes for drift's purpose. */
export const hashKey = (path: string, bytes: number, mtimeMs: number): string => `${path}\n${bytes}\n${mtimeMs}`;

/**
 * Hashes a file once per change: a hash is kept by path, size and modification time (the caller
 * stats the file first), and one hash of the same key in flight is shared. One entry per path.
 */
export class HashCache {
  private readonly byPath = new Map<string, { key: string; md5: Promise<string> }>();
  /** How many times a file was actually hashed (the tests and the log). */
  hashed = 0;

  constructor(private readonly hash: (path: string) => Promise<string>) {}

  md5(path: string, bytes: number, mtimeMs: number): Promise<string> {
    const key = hashKey(path, bytes, mtimeMs);
    const kept = this.byPath.get(path);
    if (kept?.key === key) return kept.md5;
    this.hashed++;
    const md5 = this.hash(path);
    this.byPath.set(path, { key, md5 });
    // A failed hash is not kept: the next check tries again.
    md5.catch(() => this.byPath.get(path)?.md5 === md5 && this.byPath.delete(path));
    return md5;
  }

  forget(path: string): void {
    this.byPath.delete(path);
  }
}

/** Why a read failed, in a few words (a 404 said as gone). */
function readProblem(what: string, error: unknown): string {
  if (error instanceof PlatformError) return error.kind === 'notFound' ? `${what} is gone (404)` : `${what} could not be read: ${error.message}`;
  return `${what} could not be read: ${error instanceof Error ? error.message : String(error)}`;
}

/** The platform's side: the app read (its `binary`), then that binary (its `checksum`). A failure is a reason, never thrown. */
export async function readAppSide(api: PlatformApi, appId: number, signal?: AbortSignal): Promise<AppSide> {
  const options = signal ? { signal } : {};
  let app: { name?: string | null; binary?: number | null };
  try {
    app = await api.edge.getOwnEdgeApp({ params: { app_id: appId } }, options);
  } catch (error) {
    return { problem: readProblem(`edge app ${appId}`, error) };
  }
  const appName = app.name || `app ${appId}`;
  if (!app.binary || app.binary <= 0) return { appName, binary: null };
  try {
    const binary = await api.edge.getEdgeBinary({ params: { binary_id: app.binary } }, options);
    return { appName, binary: app.binary, checksum: binary.checksum ?? null };
  } catch (error) {
    return { problem: readProblem(`binary ${app.binary} of edge app ${appName}`, error) };
  }
}
