// Billing's lists (paths.md §2): the account's report tasks, the report templates with their
// parameter definitions, and the trials. Answers `{count, next, previous, results}`; at most 100 a page.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { REPORT_STATUSES, reportTask, trial } from './billing';
import { defineEndpoint } from './endpoint';
import { filterText, pageQuery, pagedList } from './paging';
import { INT32_MAX, INT32_MIN, intIn, lenientArray, lenientBool, requiredLenientInt, requiredNonEmptyText, lenientText, typeError } from './schemaKit';

const PAGE_MAX = 100;

/** One parameter of a report template, as its definition (OpenAPI v2 parameter objects) says. */
export const reportParameterDefinition = lazySchema(() =>
  z.looseObject({
    name: requiredNonEmptyText(),
    required: lenientBool(),
    type: lenientText(),
    format: lenientText(),
    description: lenientText(),
    enum: lenientArray(z.string()),
  }),
);
export type ReportParameterDefinition = z.output<typeof reportParameterDefinition>;

export const reportTemplate = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    code: requiredNonEmptyText(),
    name_en: lenientText(),
    description: lenientText(),
    parameters: z
      .looseObject({ parameters: lenientArray(real(reportParameterDefinition)) })
      .nullish()
      .catch(undefined),
  }),
);
export type ReportTemplate = z.output<typeof reportTemplate>;

export const REPORT_ORDERINGS = ['created_at', '-created_at'] as const;

export const listReportsEndpoint = defineEndpoint('listReports', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() =>
    z.strictObject({
      status: z.enum(REPORT_STATUSES, `must be one of ${REPORT_STATUSES.join(', ')}`).optional(),
      template: filterText(),
      ordering: z.enum(REPORT_ORDERINGS, `must be one of ${REPORT_ORDERINGS.join(', ')}`).optional(),
      ...pageQuery(PAGE_MAX),
    }),
  ),
  body: undefined,
  response: lazySchema(() => pagedList(real(reportTask))),
});

export const listReportTemplatesEndpoint = defineEndpoint('listReportTemplates', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ code__icontains: filterText(), name_en__icontains: filterText(), ordering: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => pagedList(real(reportTemplate))),
});

/** A trial as the list gives it: one without an id cannot be opened, so it is left out. */
export const trialItem = lazySchema(() => real(trial).extend({ id: requiredLenientInt() }));
export type TrialItem = z.output<typeof trialItem>;

export const TRIAL_ORDERINGS = [
  '-created_at',
  'created_at',
  'client_id',
  '-client_id',
  'id',
  '-id',
  'product_id',
  '-product_id',
  'product_name',
  '-product_name',
  'plan_id',
  '-plan_id',
  'plan_name',
  '-plan_name',
  '-started_at',
  'started_at',
  '-ended_at',
  'ended_at',
] as const;

/** An instant with its zone (RFC 3339: `2026-05-01T00:00:00Z`), as the list's date filters take it. */
const instant = () => z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, like 2026-05-01T00:00:00Z' }).optional();
/** A query list: the key repeated (`client_id=1&client_id=2`), at most 100 values. */
const idList = () => z.array(intIn(INT32_MIN, INT32_MAX)).min(1, 'must list at least one id').max(100, 'must list at most 100 ids').optional();

export const listTrialsEndpoint = defineEndpoint('listTrials', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  // The published filters of GET /billing/org/v1/trials (billing reseller API).
  query: lazySchema(() =>
    z.strictObject({
      id: intIn(INT32_MIN, INT32_MAX).optional(),
      client_id: idList(),
      product_id: idList(),
      plan_id: idList(),
      product_internal_name: z.array(z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters')).min(1).max(100).optional(),
      company_name: filterText(),
      product_name: filterText(),
      plan_name: filterText(),
      started_at__isnull: z.boolean(typeError('must be true or false')).optional(),
      active_at: instant(),
      not_active_at: instant(),
      active_after: instant(),
      active_before: instant(),
      created_after: instant(),
      created_before: instant(),
      created_on: z.iso.date({ error: 'must be a date, like 2026-05-01' }).optional(),
      ordering: z.enum(TRIAL_ORDERINGS, `must be one of ${TRIAL_ORDERINGS.join(', ')}`).optional(),
      ...pageQuery(PAGE_MAX),
    }),
  ),
  body: undefined,
  response: lazySchema(() => pagedList(real(trialItem))),
});
