// What Deploy to Edge App logs (its confirmation and Roll Back's are the catalog operations':
// src/operations/edgeDeploy.ts). Vscode-free.
import { appName } from '../../../operations/edgeDeploy';

/** The one log line of a deploy (no key, no content): what went where, how big, how long. */
export function deployedLine(
  fileName: string,
  bytes: number,
  ms: number,
  app: { id: number; name?: string | null },
  binary: number,
  connection: string,
): string {
  return `Deployed ${fileName} (${bytes} bytes in ${Math.round(ms)} ms) to app ${appName(app)} (${app.id}) on ${connection}: binary ${binary}`;
}
