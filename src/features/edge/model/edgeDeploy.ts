// What Deploy to Edge App says: the confirmation of the upload and of Roll Back, the log line,
// and sizes in bytes a person reads. Vscode-free.
import type { WriteSummary } from '../../../ui/text/writeConfirmation';
import { appFacts, type AppNamed } from './edgeAppActions';

export function bytesText(bytes: number): string {
  const grouped = bytes.toLocaleString('en-US');
  if (bytes < 1024) return `${grouped} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]} (${grouped} bytes)`;
}

const appName = (app: AppNamed) => app.name || `app ${app.id}`;

export interface DeployFile {
  name: string;
  bytes: number;
  sha256: string;
}

export function deploySummary(
  app: AppNamed & { binary?: number | null },
  statusLabel: string,
  file: DeployFile,
  connection: { name: string; baseUrl: string },
): WriteSummary {
  return {
    action: `Deploy ${file.name} to edge app ${appName(app)}`,
    connection,
    facts: [
      ...appFacts(app, statusLabel),
      ['Binary', `${app.binary ?? '(none)'} -> new (assigned on upload)`],
      ['File', file.name],
      ['Size', bytesText(file.bytes)],
      ['SHA-256', file.sha256],
    ],
    undo: app.binary ? `Roll Back points the app at binary ${app.binary} again.` : undefined,
    button: 'Deploy',
  };
}

export function rollbackSummary(app: AppNamed, from: number, to: number, connection: { name: string; baseUrl: string }): WriteSummary {
  return {
    action: `Roll back edge app ${appName(app)} to binary ${to}`,
    connection,
    facts: [
      ['App', appName(app)],
      ['ID', String(app.id)],
      ['URL', app.url || '(no URL given)'],
      ['Binary', `${from} -> ${to}`],
    ],
    button: 'Roll Back',
  };
}

/**
 * Why Roll Back sends nothing: the app (read just now) no longer runs the binary the deploy gave it.
 * The platform's app carries no "changed by" or "updated at": only what it runs now can be said.
 */
export function rollbackRefusal(now: AppNamed & { binary?: number | null }, deployed: number, connectionName: string): string | undefined {
  if (now.binary === deployed) return undefined;
  const runs = now.binary === null || now.binary === undefined ? 'no binary' : `binary ${now.binary}`;
  return `Not rolled back: edge app ${appName(now)} (${now.id}) on ${connectionName} now runs ${runs}, not binary ${deployed} that was deployed; it was changed since the deploy (the platform does not say by whom). Nothing was sent.`;
}

/** The one log line of a deploy (no key, no content): what went where, how big, how long. */
export function deployedLine(fileName: string, bytes: number, ms: number, app: AppNamed, binary: number, connection: string): string {
  return `Deployed ${fileName} (${bytes} bytes in ${Math.round(ms)} ms) to app ${appName(app)} (${app.id}) on ${connection}: binary ${binary}`;
}
