// Billing: products with their base trials, client trials (started, not started, ended) and
// report tasks in every status.
import { DAY_MS, HOUR_MS } from '../timeFormat';
import type { Product, ReportRecord, TrialOption, TrialRecord } from './types';

const unit = (id: number, name: string, internal_name: string) => ({ id, name, internal_name });

function option(
  internal_name: string,
  name: string,
  description: string,
  u: TrialOption['unit'],
  value: number,
  used: number,
  isLimit: boolean,
  feature: TrialOption['feature'],
): TrialOption {
  return { internal_name, name, description, unit: u, value, used_value: used, remaining_value: Math.max(0, value - used), is_limit: isLimit, feature };
}

export function seedProducts(): Product[] {
  const gb = unit(1, 'Gigabyte', 'GB');
  const requests = unit(2, 'Million requests', 'MREQ');
  const count = unit(3, 'Piece', 'PCS');
  return [
    {
      id: 1,
      name: 'CDN',
      internal_name: 'CDN',
      plan: { id: 11, name: 'CDN Trial' },
      daysLimit: 14,
      options: [
        option('traffic', 'Traffic', 'Traffic delivered to end users', gb, 1000, 0, true, { id: 21, name: 'CDN traffic' }),
        option('resources', 'CDN resources', 'Number of CDN resources', count, 5, 0, true, { id: 22, name: 'CDN resource' }),
      ],
    },
    {
      id: 2,
      name: 'Object Storage',
      internal_name: 'STORAGE',
      plan: { id: 12, name: 'Storage Trial' },
      daysLimit: 30,
      options: [option('capacity', 'Capacity', 'Stored data', gb, 500, 0, true, { id: 23, name: 'S3 capacity' })],
    },
    {
      id: 3,
      name: 'FastEdge',
      internal_name: 'FASTEDGE',
      plan: { id: 13, name: 'FastEdge Trial' },
      daysLimit: 7,
      options: [
        option('calls', 'Calls', 'Application calls', requests, 10, 0, true, { id: 24, name: 'FastEdge calls' }),
        option('apps', 'Applications', 'Deployed applications', count, 3, 0, false, { id: 25, name: 'FastEdge apps' }),
      ],
    },
  ];
}

function withUsage(options: readonly TrialOption[], used: readonly number[]): TrialOption[] {
  return options.map((o, i) => {
    const usedValue = used[i] ?? 0;
    return { ...o, used_value: usedValue, remaining_value: Math.max(0, o.value - usedValue) };
  });
}

export function seedTrials(referenceMs: number, products: readonly Product[]): TrialRecord[] {
  const product = (id: number) => products.find((p) => p.id === id)!;
  return [
    {
      id: 401,
      clientId: 501,
      companyName: 'Northwind Traders',
      productId: 1,
      createdMs: referenceMs - 6 * DAY_MS,
      range: { startMs: referenceMs - 5 * DAY_MS, endMs: referenceMs + 9 * DAY_MS },
      skipped: false,
      options: withUsage(product(1).options, [312, 2]),
    },
    {
      id: 402,
      clientId: 502,
      companyName: 'Contoso Media',
      productId: 2,
      createdMs: referenceMs - 2 * DAY_MS,
      skipped: false,
      options: withUsage(product(2).options, []),
    },
    {
      id: 403,
      clientId: 503,
      companyName: 'Fabrikam Games',
      productId: 3,
      createdMs: referenceMs - 40 * DAY_MS,
      range: { startMs: referenceMs - 39 * DAY_MS, endMs: referenceMs - 32 * DAY_MS },
      skipped: true,
      options: withUsage(product(3).options, [10, 3]),
    },
    ...moreTrials(referenceMs, products),
  ];
}

const TRIAL_CLIENTS = [
  [504, 'Adatum Corporation'],
  [505, 'Tailspin Toys, Ltd.'],
  [506, 'Wide World Importers'],
  [507, 'Lucerne "Publishing"'],
  [508, 'Großhandel Weiß GmbH'],
  [509, 'Proseware, Inc.'],
  [510, 'Coho Winery'],
  [511, 'Alpine Ski House'],
  [512, 'Trey Research'],
] as const;

/** 27 more over nine clients and the three products, so the list pages: running, not started, ended, skipped. */
function moreTrials(referenceMs: number, products: readonly Product[]): TrialRecord[] {
  return Array.from({ length: 27 }, (_, i): TrialRecord => {
    const [clientId, companyName] = TRIAL_CLIENTS[i % TRIAL_CLIENTS.length]!;
    const product = products[Math.floor(i / TRIAL_CLIENTS.length) % products.length]!;
    const createdMs = referenceMs - (10 + i * 3) * DAY_MS;
    const kind = i % 4; // 0 running, 1 not started, 2 ended, 3 ended after being skipped
    const startMs = createdMs + DAY_MS;
    const range =
      kind === 1
        ? undefined
        : kind === 0
          ? { startMs: referenceMs - 2 * DAY_MS, endMs: referenceMs + (product.daysLimit - 2) * DAY_MS }
          : { startMs, endMs: startMs + product.daysLimit * DAY_MS };
    return {
      id: 404 + i,
      clientId,
      companyName,
      productId: product.id,
      createdMs,
      ...(range ? { range } : {}),
      skipped: kind === 3,
      options: withUsage(product.options, kind === 1 ? [] : product.options.map((o) => Math.floor((o.value * ((i * 37) % 100)) / 100))),
    };
  });
}

/** Fixed ids, so tests and the demo can open each status. */
export const SEEDED_REPORTS = {
  Pending: '6b1f0c9e-0001-4a6e-9c1d-000000000001',
  InProgress: '6b1f0c9e-0002-4a6e-9c1d-000000000002',
  Completed: '6b1f0c9e-0003-4a6e-9c1d-000000000003',
  Failed: '6b1f0c9e-0004-4a6e-9c1d-000000000004',
  Cancelled: '6b1f0c9e-0005-4a6e-9c1d-000000000005',
} as const;

/**
 * Completed tasks whose result is the point: 500,000 rows (the table's bench), about 200 MB as CSV
 * (the save's bench), and one whose render fails (400 in every format).
 */
export const SEEDED_RESULT_REPORTS = {
  rows500k: '6b1f0c9e-0006-4a6e-9c1d-000000000006',
  csv200MB: '6b1f0c9e-0007-4a6e-9c1d-000000000007',
  renderFails: '6b1f0c9e-0008-4a6e-9c1d-000000000008',
} as const;

/** Rows of the ResellerExpenses result that make about 200 MB of CSV (about 69 bytes a row). */
export const CSV_200MB_ROWS = 2_900_000;

function resultReports(referenceMs: number, userId: number, clientId: number): ReportRecord[] {
  const base = (uuid: string, hoursAgo: number, rows: number): ReportRecord => ({
    uuid,
    createdMs: referenceMs - hoursAgo * HOUR_MS,
    userId,
    clientId,
    taskType: 'Report',
    templateCode: 'ResellerExpenses',
    parameters: { type: 'ResellerExpenses', date_from: '2026-01-01', date_to: '2026-06-30', rows },
    fixedStatus: 'Completed',
    recordsToProcess: rows,
    workerGroupId: `wg-${uuid.slice(0, 8)}`,
  });
  return [
    base(SEEDED_RESULT_REPORTS.rows500k, 20, 500_000),
    base(SEEDED_RESULT_REPORTS.csv200MB, 21, CSV_200MB_ROWS),
    {
      ...base(SEEDED_RESULT_REPORTS.renderFails, 22, 1200),
      templateCode: 'ResellerCredits',
      parameters: { type: 'ResellerCredits', date_from: '2026-03-01', date_to: '2026-03-31' },
      renderFailure: 'template ResellerCredits references the column "credit_note", which the data source does not have',
    },
  ];
}

export function seedReports(referenceMs: number, userId: number, clientId: number, extra = 0): ReportRecord[] {
  return [
    ...statusReports(referenceMs, userId, clientId),
    ...resultReports(referenceMs, userId, clientId),
    ...moreReports(referenceMs, userId, clientId, extra),
  ];
}

/** `extra` Completed tasks older than the named ones, a minute apart (a big account's list). */
function moreReports(referenceMs: number, userId: number, clientId: number, extra: number): ReportRecord[] {
  return Array.from({ length: extra }, (_, i) => ({
    uuid: `6b1f0c9e-9000-4a6e-9c1d-${String(i + 1).padStart(12, '0')}`,
    createdMs: referenceMs - 2 * DAY_MS - i * 60_000,
    userId,
    clientId,
    taskType: 'Report' as const,
    templateCode: 'ResellerExpenses',
    parameters: { type: 'ResellerExpenses', date_from: '2026-04-01', date_to: '2026-04-30', client_id: clientId },
    fixedStatus: 'Completed' as const,
    recordsToProcess: 100 + (i % 900),
    workerGroupId: `wg-more-${i + 1}`,
  }));
}

function statusReports(referenceMs: number, userId: number, clientId: number): ReportRecord[] {
  const statuses = Object.entries(SEEDED_REPORTS) as [NonNullable<ReportRecord['fixedStatus']>, string][];
  return statuses.map(([status, uuid], i) => ({
    uuid,
    createdMs: referenceMs - (i + 1) * 3 * HOUR_MS,
    userId,
    clientId,
    taskType: 'Report',
    templateCode: ['ResellerExpenses', 'ResellerPlans', 'ResellerCredits', 'ResellerStatisticsFail', 'ResellerStatistics'][i] ?? 'ResellerExpenses',
    parameters: { type: 'ResellerExpenses', date_from: '2026-04-01', date_to: '2026-04-30', client_id: clientId },
    fixedStatus: status,
    failure: status === 'Failed' ? 'Template ResellerStatisticsFail could not be rendered: missing data for 2026-04' : undefined,
    recordsToProcess: 1200 + i * 350,
    workerGroupId: `wg-${uuid.slice(0, 8)}`,
  }));
}
