// Billing's lists (paths.md §2): the account's report tasks, the report templates with their
// parameter definitions, and the trials. Answers `{count, next, previous, results}`; at most 100 a page.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { REPORT_STATUSES, reportTask, trial } from './billing';
import { defineEndpoint } from './endpoint';
import { filterText, pageQuery, pagedList } from './paging';
import { INT32_MAX, INT32_MIN, intIn, lenientArray, lenientBool, requiredLenientInt, requiredNonEmptyText, lenientText } from './schemaKit';

const PAGE_MAX = 100;

/** One parameter of a report template, as its definition (OpenAPI v2 parameter objects) says. */
export const reportParameterDefinition = lazySchema(() => z.looseObject({
  name: requiredNonEmptyText(),
  required: lenientBool(),
  type: lenientText(),
  format: lenientText(),
  description: lenientText(),
  enum: lenientArray(z.string()),
}));
export type ReportParameterDefinition = z.output<typeof reportParameterDefinition>;

export const reportTemplate = lazySchema(() => z.looseObject({
  id: requiredLenientInt(),
  code: requiredNonEmptyText(),
  name_en: lenientText(),
  description: lenientText(),
  parameters: z.looseObject({ parameters: lenientArray(real(reportParameterDefinition)) }).nullish().catch(undefined),
}));
export type ReportTemplate = z.output<typeof reportTemplate>;

export const REPORT_ORDERINGS = ['created_at', '-created_at'] as const;

export const listReportsEndpoint = defineEndpoint('listReports', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({
    status: z.enum(REPORT_STATUSES, `must be one of ${REPORT_STATUSES.join(', ')}`).optional(),
    template: filterText(),
    ordering: z.enum(REPORT_ORDERINGS, `must be one of ${REPORT_ORDERINGS.join(', ')}`).optional(),
    ...pageQuery(PAGE_MAX),
  })),
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

export const TRIAL_ORDERINGS = ['-created_at', 'created_at', 'client_id', '-client_id', 'product_name', '-product_name', '-started_at', 'started_at'] as const;

export const listTrialsEndpoint = defineEndpoint('listTrials', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({
    client_id: intIn(INT32_MIN, INT32_MAX).optional(),
    company_name: filterText(),
    product_name: filterText(),
    plan_name: filterText(),
    ordering: z.enum(TRIAL_ORDERINGS, `must be one of ${TRIAL_ORDERINGS.join(', ')}`).optional(),
    ...pageQuery(PAGE_MAX),
  })),
  body: undefined,
  response: lazySchema(() => pagedList(real(trialItem))),
});
