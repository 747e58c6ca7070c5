// Drift of a build in words: the comparison itself (operations/edgeBuildCheck.ts, shared with the
// agent tool) gives this build / another build / cannot tell with why; here are the Explorer badge
// and tooltip, the Edge view's row, the Problems entry, and the cache that hashes a file once per change.
import type { BuildDrift } from '../../../operations/edgeBuildCheck';

export { compareBuild, readAppSide, type AppSide, type BuildDrift, type FileSide } from '../../../operations/edgeBuildCheck';

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
  if (drift.kind === 'same') return `runs this build on ${on}: binary ${drift.binary}, MD5 ${shortMd5(drift.fileMd5)}`;
  if (drift.kind === 'other')
    return `runs another build on ${on}: binary ${drift.binary} is MD5 ${shortMd5(drift.binaryMd5)}, this file ${shortMd5(drift.fileMd5)}`;
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
