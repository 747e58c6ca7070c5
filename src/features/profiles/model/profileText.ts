// How a protection profile reads in the tree: label, description, tooltip (Markdown text),
// local times, network families. Pure text; the nodes wrap it in VS Code's types.
import { escapeMarkdown } from '../../../ui/text/markdownText';
import type { ProtectionProfile } from '../../../schema/security';
import { fieldValueText, type ProfileField } from './profileEdits';

export type NetworkFamily = 'IPv4' | 'IPv6' | 'unknown';

const IPV4_CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(\/\d{1,2})?$/;

/** IPv4 for dotted quads, IPv6 for anything with a colon; whatever else the platform sends is unknown. */
export function networkFamily(cidr: string): NetworkFamily {
  const text = cidr.trim();
  if (text.includes(':')) return 'IPv6';
  const m = IPV4_CIDR.exec(text);
  if (m && m.slice(1, 5).every((o) => Number(o) <= 255)) return 'IPv4';
  return 'unknown';
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * `2025-06-15 12:30:00 (UTC+02:00)` in the machine's time zone. A time without a zone is read as
 * UTC (the platform writes UTC); text that is not a date comes back as it is.
 */
export function formatLocalTime(text: string | null | undefined): string {
  if (!text) return '—';
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text.trim());
  const date = new Date(hasZone ? text.trim() : `${text.trim()}Z`);
  if (Number.isNaN(date.getTime())) return text;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} (${zone})`
  );
}

/** "client 3", or "common" for a profile no client owns (the platform refuses to edit those). */
export function ownerText(clientId: number | null | undefined): string {
  if (clientId === null) return 'common';
  if (clientId === undefined) return 'client unknown';
  return `client ${clientId}`;
}

export function templateName(profile: ProtectionProfile): string {
  return profile.template?.name ?? (profile.template?.id != null ? `template ${profile.template.id}` : 'no template');
}

/** The label: the name, or "Profile 12" when the platform sent none. */
export function profileLabel(profile: ProtectionProfile): string {
  return profile.name?.trim() ? profile.name : `Profile ${profile.id}`;
}

/** The description beside the label: "DDoS Protection Standard · client 3". */
export function profileDescription(profile: ProtectionProfile): string {
  return `${templateName(profile)} · ${ownerText(profile.client_id)}`;
}

/** "5 = 100". */
export function fieldLabel(field: ProfileField): string {
  return `${field.template_field_id ?? '?'} = ${fieldValueText(field.value)}`;
}

/** Markdown's special characters escaped, so a name shows as typed. */

const TOOLTIP_NETWORKS = 10;

/** The tooltip: id, client, template, created/modified (local time), networks. */
export function profileTooltip(profile: ProtectionProfile): string {
  const networks = profile.networks ?? [];
  const shown = networks.slice(0, TOOLTIP_NETWORKS).map((n) => `\`${n.replace(/`/g, '')}\` ${networkFamily(n)}`);
  if (networks.length > TOOLTIP_NETWORKS) shown.push(`and ${networks.length - TOOLTIP_NETWORKS} more`);
  const template =
    profile.template?.id != null ? `${escapeMarkdown(templateName(profile))} (id ${profile.template.id})` : escapeMarkdown(templateName(profile));
  const rows: [string, string][] = [
    ['ID', String(profile.id)],
    ['Client', profile.client_id === null ? 'common (no client; cannot be edited)' : profile.client_id === undefined ? 'not given' : String(profile.client_id)],
    ['Template', template],
    ['Created', formatLocalTime(profile.created_at)],
    ['Modified', profile.modified_at ? formatLocalTime(profile.modified_at) : 'never'],
    ['Networks', shown.length ? shown.join(', ') : 'none'],
  ];
  return [`**${escapeMarkdown(profileLabel(profile))}**`, '', '| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}

/** "Copy as JSON": the profile as the platform sent it (unknown fields kept), indented. */
export function profileJson(profile: ProtectionProfile): string {
  return JSON.stringify(profile, null, 2);
}
