// What each protection template's fields ask for (their validation_schema, a JSON Schema object),
// their descriptions and field types, the templates' descriptions and their policies. Template 7
// is not used by the seeded profiles: it carries a field of every kind the schemas allow, for
// the Create flow and its tests.
import type { ProfileTemplate } from './types';

export interface TemplateFieldDefinition {
  field_type: 'RULES' | 'POLICY' | 'DEFAULT';
  description: string;
  validation_schema: Record<string, unknown>;
}

const optional = (schema: Record<string, unknown>) => ({ ...schema, type: [schema.type, 'null'] });

/** By template field id (1..21 as seedProfiles uses them, 22..29 template 7's). */
export const FIELD_RULES: Record<number, TemplateFieldDefinition> = {
  1: {
    field_type: 'RULES',
    description: 'Maximum number of requests per second before triggering protection',
    validation_schema: { type: 'integer', minimum: 1, maximum: 100000, default: 1000 },
  },
  2: {
    field_type: 'DEFAULT',
    description: 'What the filter does with matching traffic',
    validation_schema: { type: 'string', enum: ['enabled', 'disabled', 'monitor'], default: 'enabled' },
  },
  3: {
    field_type: 'RULES',
    description: 'How long an offending source stays banned, in seconds',
    validation_schema: optional({ type: 'integer', minimum: 0, maximum: 86400, default: 300 }),
  },
  4: { field_type: 'DEFAULT', description: 'Keep a log of the attacks seen', validation_schema: optional({ type: 'boolean', default: true }) },
  5: {
    field_type: 'RULES',
    description: 'Requests allowed above the rate limit in a short burst',
    validation_schema: { type: 'integer', minimum: 1, maximum: 100000, default: 500 },
  },
  6: {
    field_type: 'POLICY',
    description: 'Block traffic from the countries listed',
    validation_schema: { type: 'string', enum: ['enabled', 'disabled'], default: 'disabled' },
  },
  7: {
    field_type: 'POLICY',
    description: 'Countries to block, as ISO 3166 alpha-2 codes',
    validation_schema: optional({ type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' }, maxItems: 50 }),
  },
  8: {
    field_type: 'DEFAULT',
    description: 'How hard clients are challenged',
    validation_schema: { type: 'string', enum: ['strict', 'balanced', 'permissive'], default: 'balanced' },
  },
  9: {
    field_type: 'RULES',
    description: 'Ports the protection applies to',
    validation_schema: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 65535 }, minItems: 1, default: [80, 443] },
  },
  10: { field_type: 'RULES', description: 'Game server port', validation_schema: { type: 'integer', minimum: 1, maximum: 65535 } },
  11: {
    field_type: 'DEFAULT',
    description: 'Protocols the game server uses',
    validation_schema: { type: 'string', enum: ['udp', 'tcp', 'both'], default: 'udp' },
  },
  12: {
    field_type: 'RULES',
    description: 'Packets per second before the flood filter starts',
    validation_schema: optional({ type: 'integer', minimum: 1000, maximum: 10000000 }),
  },
  13: {
    field_type: 'DEFAULT',
    description: 'What the firewall does with a matching request',
    validation_schema: { type: 'string', enum: ['block', 'log'], default: 'block' },
  },
  14: {
    field_type: 'POLICY',
    description: 'The rule set the firewall applies',
    validation_schema: { type: 'string', enum: ['OWASP-CRS-4', 'OWASP-CRS-3.3'], default: 'OWASP-CRS-4' },
  },
  15: { field_type: 'RULES', description: 'Anomaly score threshold', validation_schema: optional({ type: 'integer', minimum: 1, maximum: 1000 }) },
  16: {
    field_type: 'RULES',
    description: 'Paths only trusted clients may reach',
    validation_schema: optional({ type: 'array', items: { type: 'string', pattern: '^/' } }),
  },
  17: { field_type: 'RULES', description: 'Port the DNS servers listen on', validation_schema: { type: 'integer', minimum: 1, maximum: 65535, default: 53 } },
  18: {
    field_type: 'RULES',
    description: 'Largest DNS response allowed, in bytes',
    validation_schema: optional({ type: 'integer', minimum: 512, maximum: 4096, default: 1232 }),
  },
  19: {
    field_type: 'RULES',
    description: 'TCP ports to filter',
    validation_schema: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 65535 }, minItems: 1 },
  },
  20: {
    field_type: 'DEFAULT',
    description: 'How SYN floods are answered',
    validation_schema: { type: 'string', enum: ['syn-cookies', 'rate-limit'], default: 'syn-cookies' },
  },
  21: {
    field_type: 'RULES',
    description: 'Concurrent connections allowed per source',
    validation_schema: optional({ type: 'integer', minimum: 1, maximum: 1000000 }),
  },
  22: {
    field_type: 'DEFAULT',
    description: 'Names the service in reports: 3 to 32 lowercase letters, digits or dashes, starting with a letter',
    validation_schema: { type: 'string', minLength: 3, maxLength: 32, pattern: '^[a-z][a-z0-9-]*$' },
  },
  23: {
    field_type: 'RULES',
    description: 'Requests per second before the service is protected',
    validation_schema: { type: 'integer', minimum: 10, maximum: 1000000, default: 5000 },
  },
  24: {
    field_type: 'RULES',
    description: 'Share of suspicious traffic that triggers a challenge, 0 to 1',
    validation_schema: optional({ type: 'number', minimum: 0, maximum: 1, default: 0.8 }),
  },
  25: { field_type: 'POLICY', description: 'Challenge clients that look like bots', validation_schema: { type: 'boolean', default: false } },
  26: {
    field_type: 'DEFAULT',
    description: 'What happens to traffic over the threshold',
    validation_schema: { type: 'string', enum: ['block', 'challenge', 'log'], default: 'challenge' },
  },
  27: {
    field_type: 'POLICY',
    description: 'Addresses never filtered (IPv4), comma-separated',
    validation_schema: optional({ type: 'array', items: { type: 'string', format: 'ipv4' }, maxItems: 20 }),
  },
  28: {
    field_type: 'POLICY',
    description: 'Networks never filtered (IPv4 or IPv6 CIDR), comma-separated',
    validation_schema: optional({ type: 'array', items: { type: 'string', format: 'ipvanynetwork' } }),
  },
  29: {
    field_type: 'RULES',
    description: 'A note kept with the profile (at most 200 characters)',
    validation_schema: optional({ type: 'string', maxLength: 200 }),
  },
};

/** Template 7's fields: names by id (1..21 are named in seedProfiles). */
export const EXTRA_FIELD_NAMES: Record<number, string> = {
  22: 'Service label',
  23: 'Request threshold',
  24: 'Suspicion ratio',
  25: 'Challenge bots',
  26: 'Action',
  27: 'Allowed addresses',
  28: 'Allowed networks',
  29: 'Note',
};

export const EXTRA_TEMPLATES: readonly ProfileTemplate[] = [{ id: 7, name: 'Service Shield', fieldIds: [22, 23, 24, 25, 26, 27, 28, 29] }];

export const TEMPLATE_DESCRIPTIONS: Record<number, string> = {
  1: 'Rate limiting and bans for most services',
  2: 'Rate limits, geo blocking and challenges for busy web services',
  3: 'UDP and TCP flood filtering for game servers',
  4: 'Request filtering with the OWASP core rule set',
  5: 'Filters DNS amplification and oversized answers',
  6: 'SYN flood and connection limits for TCP services',
  7: 'Per-service thresholds, challenges and allow lists',
};

export interface PolicyDefinition {
  id: string;
  name: string;
  description: string;
}

const POLICY = {
  rate: { id: 'rate-limit', name: 'Rate limit', description: 'Drops requests above the rate limit' },
  ban: { id: 'temp-ban', name: 'Temporary ban', description: 'Bans a source for the ban time after repeated offences' },
  geo: { id: 'geo-block', name: 'Geo blocking', description: 'Drops traffic from the blocked countries' },
  challenge: { id: 'js-challenge', name: 'JavaScript challenge', description: 'Asks suspicious clients to run a script' },
  udp: { id: 'udp-flood', name: 'UDP flood filter', description: 'Drops UDP floods above the threshold' },
  waf: { id: 'waf-crs', name: 'Core rule set', description: 'Blocks requests that match the rule set' },
  dns: { id: 'dns-amp', name: 'DNS amplification filter', description: 'Drops oversized and spoofed DNS answers' },
  syn: { id: 'syn-flood', name: 'SYN flood protection', description: 'Answers SYN floods with cookies or limits' },
  allow: { id: 'allow-list', name: 'Allow list', description: 'Never filters the listed addresses and networks' },
} satisfies Record<string, PolicyDefinition>;

export const TEMPLATE_POLICIES: Record<number, readonly PolicyDefinition[]> = {
  1: [POLICY.rate, POLICY.ban],
  2: [POLICY.rate, POLICY.geo, POLICY.challenge],
  3: [POLICY.udp],
  4: [POLICY.waf, POLICY.rate],
  5: [POLICY.dns],
  6: [POLICY.syn],
  7: [POLICY.rate, POLICY.challenge, POLICY.allow],
};
