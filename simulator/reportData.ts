// A report's result as rows made on demand: columns that fit the template, values drawn from the
// task (uuid, template, parameters) so the same task always gives the same bytes, one row at a time
// so a result of millions of rows is never held whole.
import type { ReportRecord } from './state/types';

export type ResultCell = string | number | null;

export interface ResultTable {
  headers: readonly string[];
  /** Which columns hold numbers (right-aligned, totalled by the product). */
  numeric: readonly boolean[];
  rowCount: number;
  /** Row `i` (0-based); the same `i` always gives the same cells. */
  row(i: number): ResultCell[];
}

/** The most rows a task's `rows` parameter may ask for (a 200 MB CSV needs about 2.9 million). */
export const MAX_RESULT_ROWS = 10_000_000;

/** Names that exercise escaping: commas, quotes, apostrophes, non-ASCII letters and scripts, a formula. */
const COMPANIES = [
  'Northwind Traders',
  'Contoso Media, Inc.',
  'Fabrikam "Games" GmbH',
  'Müller & Söhne KG',
  'Société Générale de Café',
  'Østergaard Logistik A/S',
  '東京データ株式会社',
  "O'Brien; Partners",
  'Zażółć Gęślą Sp. z o.o.',
  'Acme <Cloud> Ltd.',
  // What a spreadsheet would run as a formula (CSV injection): the save says so, Copy Rows neutralises it.
  '=HYPERLINK("https://evil.example","Claim refund")',
] as const;
const PRODUCTS = [
  { name: 'CDN', plans: ['CDN Start', 'CDN Pro', 'CDN Enterprise'] },
  { name: 'Object Storage', plans: ['Storage Basic', 'Storage Plus'] },
  { name: 'FastEdge', plans: ['FastEdge Trial', 'FastEdge Standard'] },
  { name: 'Cloud', plans: ['Pay as you go', 'Cloud Commit 1k'] },
  { name: 'DNS', plans: ['DNS Free', 'DNS Premium'] },
] as const;
const CURRENCIES = ['EUR', 'USD'] as const;
const CREDIT_TYPES = ['Promo', 'Compensation', 'Prepaid', 'Referral bonus'] as const;
const METRICS = [
  { product: 'CDN', metric: 'Traffic', unit: 'GB' },
  { product: 'CDN', metric: 'Requests', unit: 'Million requests' },
  { product: 'Object Storage', metric: 'Capacity', unit: 'GB-month' },
  { product: 'FastEdge', metric: 'Calls', unit: 'Million requests' },
  { product: 'Cloud', metric: 'vCPU hours', unit: 'h' },
] as const;
const PLAN_STATUSES = ['Active', 'Suspended', 'Cancelled'] as const;

/** A 32-bit mix of (seed, row, column): random access, so row `i` needs no rows before it. */
function mix(seed: number, row: number, column: number): number {
  let h = Math.imul(seed ^ Math.imul(row, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(column + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;
const cents = (n: number, max: number): number => Math.round((n % (max * 100)) + 1) / 100;

/** `YYYY-MM` months from date_from to date_to (one month when absent or out of order). */
function monthsOf(parameters: Record<string, unknown>): string[] {
  const from = typeof parameters.date_from === 'string' ? parameters.date_from.slice(0, 7) : undefined;
  const to = typeof parameters.date_to === 'string' ? parameters.date_to.slice(0, 7) : from;
  const first = from ?? to ?? '2026-01';
  const months = [first];
  let [year, month] = first.split('-').map(Number) as [number, number];
  while (to && months.length < 120 && months[months.length - 1]! < to) {
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
    months.push(`${year}-${String(month).padStart(2, '0')}`);
  }
  return months;
}

/** `YYYY-MM-DD` days of the period, for the daily statistics (at most a year). */
function daysOf(parameters: Record<string, unknown>): string[] {
  const start = Date.parse(`${typeof parameters.date_from === 'string' ? parameters.date_from : '2026-01-01'}T00:00:00Z`);
  const end = Date.parse(`${typeof parameters.date_to === 'string' ? parameters.date_to : '2026-01-31'}T00:00:00Z`);
  const days: string[] = [];
  for (let t = start; Number.isFinite(t) && t <= end && days.length < 366; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days.length > 0 ? days : ['2026-01-01'];
}

/** Rows asked by the task's `rows` parameter, else the task's records to process. */
export function resultRowCount(report: ReportRecord): number {
  const asked = report.parameters.rows;
  if (typeof asked === 'number' && Number.isInteger(asked) && asked >= 0) return Math.min(asked, MAX_RESULT_ROWS);
  return report.recordsToProcess;
}

type Columns = readonly (readonly [string, 'text' | 'number'])[];

function table(columns: Columns, rowCount: number, row: (i: number) => ResultCell[]): ResultTable {
  return { headers: columns.map((c) => c[0]), numeric: columns.map((c) => c[1] === 'number'), rowCount, row };
}

/** The result of a report task: the template's columns, the task's rows. */
export function reportTable(report: ReportRecord): ResultTable {
  const seed = hashText(`${report.uuid}|${report.templateCode}|${JSON.stringify(report.parameters)}`);
  const rowCount = resultRowCount(report);
  const fixedClient = typeof report.parameters.client_id === 'number' ? report.parameters.client_id : undefined;
  const client = (i: number) => {
    const n = mix(seed, i, 0);
    return { id: fixedClient ?? 500 + (n % 40), company: pick(COMPANIES, fixedClient ?? n % 40) };
  };
  const months = monthsOf(report.parameters);
  const code = report.templateCode;

  if (code.startsWith('ResellerPlans')) {
    const columns: Columns = [
      ['client_id', 'number'],
      ['company_name', 'text'],
      ['product', 'text'],
      ['plan', 'text'],
      ['status', 'text'],
      ['started_at', 'text'],
      ['monthly_fee', 'number'],
      ['currency', 'text'],
    ];
    return table(columns, rowCount, (i) => {
      const c = client(i);
      const product = pick(PRODUCTS, mix(seed, i, 1));
      const month = pick(months, mix(seed, i, 4));
      return [
        c.id,
        c.company,
        product.name,
        pick(product.plans, mix(seed, i, 2)),
        pick(PLAN_STATUSES, mix(seed, i, 3) % 7 === 0 ? 1 : 0),
        `${month}-${String(1 + (mix(seed, i, 5) % 28)).padStart(2, '0')}`,
        cents(mix(seed, i, 6), 2000),
        pick(CURRENCIES, mix(seed, i, 7)),
      ];
    });
  }
  if (code.startsWith('ResellerCredits')) {
    const columns: Columns = [
      ['client_id', 'number'],
      ['company_name', 'text'],
      ['credit_type', 'text'],
      ['granted', 'number'],
      ['used', 'number'],
      ['remaining', 'number'],
      ['currency', 'text'],
      ['comment', 'text'],
    ];
    return table(columns, rowCount, (i) => {
      const c = client(i);
      const granted = cents(mix(seed, i, 1), 5000);
      const used = Math.round(granted * ((mix(seed, i, 2) % 101) / 100) * 100) / 100;
      const type = pick(CREDIT_TYPES, mix(seed, i, 3));
      return [
        c.id,
        c.company,
        type,
        granted,
        used,
        Math.round((granted - used) * 100) / 100,
        pick(CURRENCIES, mix(seed, i, 4)),
        `${type} for ${pick(months, mix(seed, i, 5))}, "as agreed"`,
      ];
    });
  }
  if (code.startsWith('ResellerStatistics')) {
    const periods = report.parameters.granularity === 'day' ? daysOf(report.parameters) : months;
    const columns: Columns = [
      ['client_id', 'number'],
      ['product', 'text'],
      ['metric', 'text'],
      ['unit', 'text'],
      ['period', 'text'],
      ['value', 'number'],
    ];
    return table(columns, rowCount, (i) => {
      const metric = pick(METRICS, mix(seed, i, 1));
      return [client(i).id, metric.product, metric.metric, metric.unit, pick(periods, mix(seed, i, 2)), Math.round(mix(seed, i, 3) % 10_000_000) / 1000];
    });
  }
  // ResellerExpenses, and any template the simulator does not know.
  const columns: Columns = [
    ['client_id', 'number'],
    ['company_name', 'text'],
    ['product', 'text'],
    ['plan', 'text'],
    ['period', 'text'],
    ['amount', 'number'],
    ['currency', 'text'],
  ];
  return table(columns, rowCount, (i) => {
    const c = client(i);
    const product = pick(PRODUCTS, mix(seed, i, 1));
    return [
      c.id,
      c.company,
      product.name,
      pick(product.plans, mix(seed, i, 2)),
      pick(months, mix(seed, i, 3)),
      cents(mix(seed, i, 4), 1500),
      pick(CURRENCIES, mix(seed, i, 5)),
    ];
  });
}
