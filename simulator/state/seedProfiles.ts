// Protection profiles over several clients and templates; a few are common (client_id null).
import { createRng, deriveSeed, type Rng } from '../rng';
import { DAY_MS, isoSeconds } from '../timeFormat';
import { EXTRA_FIELD_NAMES } from './seedTemplates';
import type { ProfileField, ProfileTemplate, ProtectionProfile } from './types';

/** Field ids per template, and how a value of each looks. */
const TEMPLATE_FIELDS: Record<number, { id: number; values: readonly string[] }[]> = {
  1: [
    { id: 1, values: ['1000', '5000', '20000', '100000'] },
    { id: 2, values: ['enabled', 'disabled', 'monitor'] },
    { id: 3, values: ['60', '300', '900'] },
    { id: 4, values: ['true', 'false'] },
  ],
  2: [
    { id: 5, values: ['100', '500', '2500'] },
    { id: 6, values: ['enabled', 'disabled'] },
    { id: 7, values: ['CN,RU', 'KP', ''] },
    { id: 8, values: ['strict', 'balanced', 'permissive'] },
    { id: 9, values: ['80,443', '443', '8080,8443'] },
  ],
  3: [
    { id: 10, values: ['27015', '25565', '7777'] },
    { id: 11, values: ['udp', 'tcp', 'both'] },
    { id: 12, values: ['50000', '250000'] },
  ],
  4: [
    { id: 13, values: ['block', 'log'] },
    { id: 14, values: ['OWASP-CRS-4', 'OWASP-CRS-3.3'] },
    { id: 15, values: ['10', '50', '200'] },
    { id: 16, values: ['/admin,/wp-login.php', '/login', ''] },
  ],
  5: [
    { id: 17, values: ['53'] },
    { id: 18, values: ['512', '1232', '4096'] },
  ],
  6: [
    { id: 19, values: ['22,3389', '5432', '6379'] },
    { id: 20, values: ['syn-cookies', 'rate-limit'] },
    { id: 21, values: ['1000', '10000'] },
  ],
};

/** What each template field is called (ids 1..21, as TEMPLATE_FIELDS uses them). */
const FIELD_NAMES = [
  'Rate limit (requests/s)',
  'Mode',
  'Ban time (s)',
  'Log attacks',
  'Burst limit',
  'Geo blocking',
  'Blocked countries',
  'Challenge level',
  'Ports',
  'Player slots',
  'UDP flood threshold',
  'Query rate',
  'Allowed protocols',
  'WAF rule set',
  'Paranoia level',
  'Blocked user agents',
  'DNS port',
  'Response size limit',
  'Protected ports',
  'SYN protection',
  'Connection limit',
];

export const TEMPLATE_FIELD_DEFINITIONS: Record<number, { name: string; name_in_config: string }> = Object.fromEntries(
  [...FIELD_NAMES.map((name, i) => [i + 1, name] as const), ...Object.entries(EXTRA_FIELD_NAMES).map(([id, name]) => [Number(id), name] as const)].map(
    ([id, name]) => [
      id,
      {
        name,
        name_in_config: name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_|_$/g, ''),
      },
    ],
  ),
);

export const PROFILE_TEMPLATES: readonly ProfileTemplate[] = [
  { id: 1, name: 'DDoS Protection Standard', fieldIds: [] },
  { id: 2, name: 'DDoS Protection Advanced', fieldIds: [] },
  { id: 3, name: 'Game Server Shield', fieldIds: [] },
  { id: 4, name: 'Web Application Firewall', fieldIds: [] },
  { id: 5, name: 'DNS Amplification Guard', fieldIds: [] },
  { id: 6, name: 'Custom TCP Filter', fieldIds: [] },
].map((t) => ({ ...t, fieldIds: (TEMPLATE_FIELDS[t.id] ?? []).map((f) => f.id) }));

/** Owners are clients 1..12; profile 2 and about 8% of the others are common (no client). */
const PROFILE_CLIENTS = 12;

const PURPOSES = [
  'Web Server',
  'API Gateway',
  'Game Lobby',
  'Mail Relay',
  'VPN Endpoint',
  'DNS Resolver',
  'Shop Frontend',
  'Media Origin',
  'Database Edge',
  'Login Service',
];
const QUALIFIERS = ['Protection', 'Shield', 'Filter', 'Guard', 'Policy'];
const SITES = ['Amsterdam', 'Frankfurt', 'Luxembourg', 'Singapore', 'Ashburn', 'Warsaw', 'Paris', 'Tokyo'];

function ipv4Network(rng: Rng): string {
  const prefix = rng.pick([16, 20, 22, 24, 24, 24, 28, 32]);
  const octets = [rng.pick([10, 45, 62, 92, 185, 193, 212]), rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];
  const mask = prefix === 32 ? 0xffffffff : ~((1 << (32 - prefix)) - 1) >>> 0;
  const value = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) & mask;
  return `${[value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.')}/${prefix}`;
}

function ipv6Network(rng: Rng): string {
  return `2a03:90c0:${rng.int(0, 0xffff).toString(16)}:${rng.int(0, 0xffff).toString(16)}::/${rng.pick([48, 56, 64])}`;
}

function fieldsFor(rng: Rng, templateId: number): ProfileField[] {
  return (TEMPLATE_FIELDS[templateId] ?? []).filter(() => rng.chance(0.7)).map((f) => ({ template_field_id: f.id, value: rng.pick(f.values) }));
}

export function seedProfiles(seed: number, count: number, referenceMs: number): ProtectionProfile[] {
  const rng = createRng(deriveSeed(seed, 'profiles'));
  const profiles: ProtectionProfile[] = [];
  for (let id = 1; id <= count; id++) {
    const template = rng.pick(PROFILE_TEMPLATES);
    // Profile 1 belongs to client 1 and profile 2 is common, so tests can rely on both.
    const clientId = id === 1 ? 1 : id === 2 ? null : rng.chance(0.08) ? null : rng.int(1, PROFILE_CLIENTS);
    const createdMs = referenceMs - rng.int(1, 365 * DAY_MS);
    const modifiedMs = rng.chance(0.6) ? createdMs + rng.int(0, referenceMs - createdMs) : undefined;
    const networkCount = rng.pick([0, 1, 1, 2, 2, 3, 4]);
    profiles.push({
      id,
      client_id: clientId,
      name: `${rng.pick(PURPOSES)} ${rng.pick(QUALIFIERS)} ${rng.pick(SITES)}${rng.chance(0.3) ? ` ${rng.int(2, 9)}` : ''}`,
      template: { id: template.id, name: template.name },
      fields: fieldsFor(rng, template.id),
      created_at: isoSeconds(createdMs),
      modified_at: modifiedMs === undefined ? null : isoSeconds(modifiedMs),
      networks: Array.from({ length: networkCount }, () => (rng.chance(0.75) ? ipv4Network(rng) : ipv6Network(rng))),
    });
  }
  return profiles;
}
