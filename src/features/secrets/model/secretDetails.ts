// A cloud secret's details as a readable document: what the platform says of it (never a payload:
// the platform's read has none), where it lives and on which connection. Platform text escaped.
import type { SecretItem } from '../../../schema/cloudLists';
import { escapeMarkdown } from '../../../ui/text/markdownText';
import { expiryInDays, timeOf } from '../../../ui/text/timeText';

/** "expired 3 days ago", "expires in 12 days", "no expiration", or the text as it came: as the Cloud view says it. */
export function expiryWords(expiration: string | null | undefined, now: number): string {
  if (!expiration) return 'no expiration';
  const at = timeOf(expiration);
  return at === undefined ? expiration : expiryInDays(at, now);
}

export function secretMarkdown(secret: SecretItem, where: { projectId: number; regionId: number }, connectionName: string, now: number): string {
  const cell = (v: string | number | null | undefined) => (v === undefined || v === null || v === '' ? '—' : escapeMarkdown(v));
  const rows: [string, string | number | null | undefined][] = [
    ['Name', secret.name],
    ['ID', secret.id],
    ['Type', secret.secret_type],
    ['Status', secret.status],
    ['Created', secret.created],
    ['Expiration', secret.expiration ? `${secret.expiration} (${expiryWords(secret.expiration, now)})` : expiryWords(undefined, now)],
    ['Algorithm', secret.algorithm],
    ['Bit length', secret.bit_length],
    ['Mode', secret.mode],
    ['Project / region', `${where.projectId} / ${where.regionId}`],
    ['Connection', connectionName],
  ];
  return [
    `# Secret ${cell(secret.name || secret.id)}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`),
    '',
    "The platform never returns a secret's payload; none is shown here.",
    '',
  ].join('\n');
}
