// Billing: trials (8, 9 and the list) and report tasks (10, 13, their removal); the result's download is reportDownload.ts.
import type { endpoints } from '../../src/schema/endpoints';
import { SimError, notFound, type LocatedIssue } from '../errors';
import { reportFailure, reportView } from '../reportTasks';
import type { Product, TrialRecord } from '../state/types';
import { isoMillis } from '../timeFormat';
import { paged } from './lists';
import type { Handler } from './types';

function trialView(trial: TrialRecord, product: Product, nowMs: number): Record<string, unknown> {
  const running = trial.range && trial.range.startMs <= nowMs && nowMs < trial.range.endMs;
  return {
    id: trial.id,
    client_id: trial.clientId,
    client: { id: trial.clientId, company_name: trial.companyName },
    product: { id: product.id, name: product.name, internal_name: product.internal_name },
    plan: { ...product.plan },
    days_limit: product.daysLimit,
    active_ranges: trial.range ? [{ start: isoMillis(trial.range.startMs), end: isoMillis(trial.range.endMs) }] : [],
    created_at: isoMillis(trial.createdMs),
    options: structuredClone(trial.options),
    remaining_duration: running && trial.range ? Math.floor((trial.range.endMs - nowMs) / 1000) : null,
    is_trial_skipped: String(trial.skipped),
  };
}

export const getTrial: Handler<typeof endpoints.getTrial> = ({ params }, { state, nowMs }) => {
  const trial = state.trials.get(params.id);
  const product = trial && state.products.get(trial.productId);
  if (!trial || !product) throw notFound(`trial ${params.id}`);
  return trialView(trial, product, nowMs);
};

/** A client without a trial of the product gets the product's base trial data (id 0), as the platform documents. */
export const getTrialStartData: Handler<typeof endpoints.getTrialStartData> = ({ query }, { state, nowMs }) => {
  const product = state.products.get(query.product_id);
  if (!product) throw notFound(`product ${query.product_id}`);
  const trial = [...state.trials.values()].find((t) => t.clientId === query.client_id && t.productId === query.product_id);
  const base: TrialRecord = {
    id: 0,
    clientId: query.client_id,
    companyName: '',
    productId: product.id,
    createdMs: state.referenceMs,
    skipped: false,
    options: product.options,
  };
  return trialView(trial ?? base, product, nowMs);
};

export const getReport: Handler<typeof endpoints.getReport> = ({ params }, { state, options, nowMs }) => {
  const report = state.reports.get(params.id.toLowerCase());
  if (!report) throw notFound(`report ${params.id}`);
  return reportView(report, options.reportDurationMs, nowMs);
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string): boolean => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The server-side rules a client's own checks let through: dates that are not dates, or out of order. */
function checkReportParameters(parameters: Record<string, unknown>): void {
  const issues: LocatedIssue[] = [];
  for (const key of ['date_from', 'date_to'] as const) {
    const value = parameters[key];
    if (value !== undefined && value !== null && (typeof value !== 'string' || !isDate(value))) {
      issues.push({ location: 'body', path: `parameters.${key}`, message: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.' });
    }
  }
  const { date_from: from, date_to: to } = parameters;
  if (issues.length === 0 && typeof from === 'string' && typeof to === 'string' && from > to) {
    issues.push({ location: 'body', path: 'parameters.date_to', message: 'Must not be before date_from.' });
  }
  if (issues.length > 0) throw new SimError({ kind: 'validation', issues });
}

export const createReport: Handler<typeof endpoints.createReport> = ({ body }, { state, options, nowMs }) => {
  const parameters = body.parameters ?? {};
  checkReportParameters(parameters);
  const clientId = typeof parameters.client_id === 'number' && Number.isInteger(parameters.client_id) && parameters.client_id > 0 ? parameters.client_id : state.account.clientId;
  const uuid = state.rng.uuid();
  const report = {
    uuid,
    createdMs: nowMs,
    userId: state.account.userId,
    clientId,
    taskType: 'Report' as const,
    templateCode: body.template_code,
    parameters: structuredClone(parameters),
    failure: reportFailure(body.template_code),
    recordsToProcess: 500 + state.rng.int(0, 5000),
    workerGroupId: `wg-${uuid.slice(0, 8)}`,
  };
  state.reports.set(uuid, report);
  return reportView(report, options.reportDurationMs, nowMs);
};

/** The account's trials, newest first unless asked otherwise, filtered as the published list filters. */
export const listTrials: Handler<typeof endpoints.listTrials> = ({ query }, { state, nowMs }) => {
  const has = (text: string, part: string | undefined) => !part || text.toLowerCase().includes(part.toLowerCase());
  const views = [...state.trials.values()].flatMap((trial) => {
    const product = state.products.get(trial.productId);
    if (!product) return [];
    if (query?.client_id !== undefined && trial.clientId !== query.client_id) return [];
    if (!has(trial.companyName, query?.company_name) || !has(product.name, query?.product_name) || !has(product.plan.name, query?.plan_name)) return [];
    return [{ trial, product, view: trialView(trial, product, nowMs) }];
  });
  const ordering = query?.ordering ?? '-created_at';
  const key = ordering.replace(/^-/, '');
  const sign = ordering.startsWith('-') ? -1 : 1;
  const value = (v: (typeof views)[number]): number | string =>
    key === 'client_id' ? v.trial.clientId : key === 'product_name' ? v.product.name : key === 'started_at' ? (v.trial.range?.startMs ?? 0) : v.trial.createdMs;
  views.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return sign * (x < y ? -1 : x > y ? 1 : a.trial.id - b.trial.id);
  });
  return paged('/billing/org/v1/trials', views.map((v) => v.view), query, 50);
};

export const deleteReport: Handler<typeof endpoints.deleteReport> = ({ params }, { state }) => {
  const uuid = params.id.toLowerCase();
  if (!state.reports.has(uuid)) throw notFound(`report ${params.id}`);
  state.reports.delete(uuid);
  return undefined;
};
