// A build checked against what an edge app runs: a file's MD5 (the caller hashes it, streamed)
// against the checksum of the binary the app runs (the app read, then its binary: GET
// /binaries/{binary_id}). Three answers, each with why: this build, another build, or it cannot be
// told (no binary, binary gone, a read failed, the file missing). A read, shared by the editor's
// drift (features/edge) and the agent tool (check_edge_build), so it lives beside the deploy it checks.
import type { PlatformApi } from '../platform/api';
import { PlatformError } from '../schema/errors';

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
