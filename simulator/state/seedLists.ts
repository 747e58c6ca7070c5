// What the platform's lists show beyond what the spec's endpoints hold: projects, regions and the
// report templates with their parameter definitions. Flavors come from the price tables, policies,
// functions, apps and reports from the same state the other endpoints read.

export const SEEDED_PROJECTS = [
  { id: 1, name: 'production', description: 'Customer-facing services', is_default: true },
  { id: 2, name: 'team-b', description: 'Team B: backups and webhooks', is_default: false },
  { id: 3, name: 'sandbox', description: 'Experiments; nothing here is kept', is_default: false },
  { id: 999, name: 'prices-hidden', description: 'A project whose price previews say "hide"', is_default: false },
] as const;

export const SEEDED_REGIONS = [
  { id: 1, display_name: 'Luxembourg-2', slug: 'luxembourg-2', country: 'LU', zone: 'EMEA' },
  { id: 2, display_name: 'Ashburn', slug: 'ashburn', country: 'US', zone: 'AMERICAS' },
  { id: 3, display_name: 'Frankfurt', slug: 'frankfurt', country: 'DE', zone: 'EMEA' },
  { id: 4, display_name: 'Singapore', slug: 'singapore', country: 'SG', zone: 'APAC' },
] as const;

const dates = [
  { name: 'date_from', required: true, type: 'string', format: 'date', description: 'First day of the period (YYYY-MM-DD).' },
  { name: 'date_to', required: true, type: 'string', format: 'date', description: 'Last day of the period (YYYY-MM-DD).' },
];
const clientId = { name: 'client_id', required: false, type: 'integer', description: 'Only this client (default: every client of the reseller).' };

export const REPORT_TEMPLATES = [
  {
    id: 1,
    code: 'ResellerExpenses',
    name_en: 'Reseller expenses',
    description: 'What each client spent in the period, by product.',
    parameters: { parameters: [...dates, clientId] },
  },
  {
    id: 2,
    code: 'ResellerPlans',
    name_en: 'Reseller plans',
    description: 'Plans of every client at the end of the period.',
    parameters: { parameters: [dates[1]!] },
  },
  {
    id: 3,
    code: 'ResellerCredits',
    name_en: 'Reseller credits',
    description: 'Credits granted and used in the period.',
    parameters: { parameters: [...dates] },
  },
  {
    id: 4,
    code: 'ResellerStatistics',
    name_en: 'Reseller statistics',
    description: 'Usage statistics per product in the period.',
    parameters: {
      parameters: [
        ...dates,
        { name: 'granularity', required: false, type: 'string', enum: ['day', 'month'], description: 'How the figures are grouped.' },
        clientId,
      ],
    },
  },
] as const;

/** `g1-standard-2-4` -> 2 vCPUs, 4 GB (4096 MB); shared flavors have half a GB. */
export function flavorSize(name: string): { vcpus: number; ramMb: number } {
  const m = /-(\d+)-(\d+(?:\.\d+)?)$/.exec(name);
  return m ? { vcpus: Number(m[1]), ramMb: Math.round(Number(m[2]) * 1024) } : { vcpus: 1, ramMb: 1024 };
}
