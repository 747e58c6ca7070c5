// A workspace .wasm linked to the edge app it is deployed to (Link to Edge App…, or a deploy):
// what drift compares, kept per workspace (workspaceState) as ids and paths only, never a value
// the platform returned beyond the app's name for the label.

/** One link: the file, the connection and app it runs on, and the folder whose dotenv files configure it. */
export interface EdgeLink {
  /** The .wasm file's URI (`vscode.Uri.toString()`): the key. */
  wasm: string;
  connectionId: string;
  appId: number;
  /** The app's name when linked (labels only; the app is read again before anything is compared). */
  appName: string;
  /** The folder of the FastEdge Launcher's files for this app (`.env*`, `fastedge-config.test.json`), as a URI string. */
  folder: string;
  /** When the link was made or last confirmed by a deploy (ms since the epoch). */
  linkedAt: number;
}

export const EDGE_LINKS_KEY = 'platformConsole.edge.links';

/** Files that mark the FastEdge Launcher's configuration root (its own markers, nearest wins). */
export const LAUNCHER_ROOT_MARKERS = ['.fastedge-debug', 'fastedge-config.test.json', '.env', '.env.variables', '.env.secrets'] as const;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 4096;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Stored links read leniently: an entry that is not a whole link is dropped; the last one per file wins. */
export function readLinks(raw: unknown): EdgeLink[] {
  if (!Array.isArray(raw)) return [];
  const byWasm = new Map<string, EdgeLink>();
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { wasm, connectionId, appId, appName, folder, linkedAt } = item as Record<string, unknown>;
    if (!isText(wasm) || !isText(connectionId) || !isId(appId) || !isText(folder)) continue;
    const name = typeof appName === 'string' ? appName.slice(0, 256) : '';
    const at = typeof linkedAt === 'number' && Number.isFinite(linkedAt) ? linkedAt : 0;
    byWasm.set(wasm, { wasm, connectionId, appId, appName: name, folder, linkedAt: at });
  }
  return [...byWasm.values()];
}

/** The links with `link` set (replacing the same file's). */
export function withLink(links: readonly EdgeLink[], link: EdgeLink): EdgeLink[] {
  return [...links.filter((l) => l.wasm !== link.wasm), link];
}

/** The links without the file's. */
export function withoutLink(links: readonly EdgeLink[], wasm: string): EdgeLink[] {
  return links.filter((l) => l.wasm !== wasm);
}

/**
 * The Launcher's configuration root for a file: the nearest folder from the file's own up to
 * `top` (the workspace folder) holding one of the markers; the file's own folder when none does.
 * Paths are POSIX-style URI paths; `has(dir, name)` says whether `dir/name` exists.
 */
export async function launcherFolderOf(wasmPath: string, top: string, has: (dir: string, name: string) => Promise<boolean>): Promise<string> {
  const own = wasmPath.slice(0, Math.max(0, wasmPath.lastIndexOf('/'))) || '/';
  const stop = top.replace(/\/+$/, '') || '/';
  for (let dir = own; ; ) {
    for (const marker of LAUNCHER_ROOT_MARKERS) if (await has(dir, marker)) return dir;
    if (dir === stop || !dir.startsWith(stop) || dir === '/') return own;
    dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/'))) || '/';
  }
}
