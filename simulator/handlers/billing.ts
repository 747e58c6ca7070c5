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
const isDate = (value: string): boolean =>
  DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

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
  const clientId =
    typeof parameters.client_id === 'number' && Number.isInteger(parameters.client_id) && parameters.client_id > 0
      ? parameters.client_id
      : state.account.clientId;
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
  const among = <T>(value: T, list: readonly T[] | undefined) => list === undefined || list.includes(value);
  const at = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));
  // A trial is active at t when one of its ranges holds t (a range ends where it ends: [start, end)).
  const activeAt = (trial: TrialRecord, t: number) => trial.range !== undefined && trial.range.startMs <= t && t < trial.range.endMs;
  const q = query ?? {};
  const activeAtMs = at(q.active_at);
  const notActiveAtMs = at(q.not_active_at);
  const activeAfterMs = at(q.active_after);
  const activeBeforeMs = at(q.active_before);
  const createdAfterMs = at(q.created_after);
  const createdBeforeMs = at(q.created_before);
  const views = [...state.trials.values()].flatMap((trial) => {
    const product = state.products.get(trial.productId);
    if (!product) return [];
    const range = trial.range;
    const kept =
      (q.id === undefined || trial.id === q.id) &&
      among(trial.clientId, q.client_id) &&
      among(product.id, q.product_id) &&
      among(product.plan.id, q.plan_id) &&
      among(product.internal_name, q.product_internal_name) &&
      has(trial.companyName, q.company_name) &&
      has(product.name, q.product_name) &&
      has(product.plan.name, q.plan_name) &&
      (q.started_at__isnull === undefined || (range === undefined) === q.started_at__isnull) &&
      (activeAtMs === undefined || activeAt(trial, activeAtMs)) &&
      (notActiveAtMs === undefined || !activeAt(trial, notActiveAtMs)) &&
      (activeAfterMs === undefined || (range !== undefined && range.endMs > activeAfterMs)) &&
      (activeBeforeMs === undefined || (range !== undefined && range.startMs < activeBeforeMs)) &&
      (createdAfterMs === undefined || trial.createdMs > createdAfterMs) &&
      (createdBeforeMs === undefined || trial.createdMs < createdBeforeMs) &&
      (q.created_on === undefined || new Date(trial.createdMs).toISOString().slice(0, 10) === q.created_on);
    return kept ? [{ trial, product, view: trialView(trial, product, nowMs) }] : [];
  });
  const ordering = q.ordering ?? '-created_at';
  const key = ordering.replace(/^-/, '');
  const sign = ordering.startsWith('-') ? -1 : 1;
  const value = (v: (typeof views)[number]): number | string => {
    switch (key) {
      case 'client_id':
        return v.trial.clientId;
      case 'id':
        return v.trial.id;
      case 'product_id':
        return v.product.id;
      case 'product_name':
        return v.product.name;
      case 'plan_id':
        return v.product.plan.id;
      case 'plan_name':
        return v.product.plan.name;
      case 'started_at':
        return v.trial.range?.startMs ?? 0;
      case 'ended_at':
        return v.trial.range?.endMs ?? 0;
      default:
        return v.trial.createdMs;
    }
  };
  views.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return sign * (x < y ? -1 : x > y ? 1 : a.trial.id - b.trial.id);
  });
  return paged(
    '/billing/org/v1/trials',
    views.map((v) => v.view),
    query,
    50,
  );
};

export const deleteReport: Handler<typeof endpoints.deleteReport> = ({ params }, { state }) => {
  const uuid = params.id.toLowerCase();
  if (!state.reports.has(uuid)) throw notFound(`report ${params.id}`);
  state.reports.delete(uuid);
  return undefined;
};
