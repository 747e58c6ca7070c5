// A cloud secret's details as a readable document: what the platform says of it (never a payload:
// the platform's read has none), where it lives and on which connection. Platform text escaped.
import type { SecretItem } from '../../../schema/cloudLists';
import { escapeMarkdown } from '../../../ui/text/markdownText';

const DAY_MS = 86_400_000;

/** "expired 3 days ago", "expires in 12 days", "no expiration", or the text as it came. */
export function expiryWords(expiration: string | null | undefined, now: number): string {
  if (!expiration) return 'no expiration';
  const at = Date.parse(expiration);
  if (Number.isNaN(at)) return expiration;
  const days = Math.round(Math.abs(at - now) / DAY_MS);
  const span = days === 1 ? '1 day' : `${days} days`;
  if (at <= now) return days === 0 ? 'expired today' : `expired ${span} ago`;
  return days === 0 ? 'expires today' : `expires in ${span}`;
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
    'The platform never returns a secret\'s payload; none is shown here.',
    '',
  ].join('\n');
}
