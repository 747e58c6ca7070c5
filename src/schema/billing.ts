// Billing: trials (endpoints 8, 9) and report tasks (endpoints 10, 13).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import {
  INT32_MAX,
  INT32_MIN,
  intIn,
  positiveId,
  lenientArray,
  lenientBool,
  lenientInt,
  lenientObject,
  requiredNonEmptyText,
  lenientText,
  requiredText,
  uuid,
  typeError,
} from './schemaKit';

export const trial = lazySchema(() =>
  z.looseObject({
    id: lenientInt(),
    client_id: lenientInt(),
    client: lenientObject({ id: lenientInt(), company_name: lenientText() }),
    product: lenientObject({ id: lenientInt(), name: lenientText(), internal_name: lenientText() }),
    plan: lenientObject({ id: lenientInt(), name: lenientText() }),
    days_limit: lenientInt(),
    active_ranges: lenientArray(z.looseObject({ start: lenientText(), end: lenientText() })),
    created_at: lenientText(),
    options: lenientArray(
      z.looseObject({
        internal_name: lenientText(),
        name: lenientText(),
        description: lenientText(),
        unit: lenientObject({ id: lenientInt(), name: lenientText(), internal_name: lenientText() }),
        value: lenientInt(),
        used_value: lenientInt(),
        remaining_value: lenientInt(),
        is_limit: lenientBool(),
        feature: lenientObject({ id: lenientInt(), name: lenientText() }),
      }),
    ),
    /** Seconds until the trial ends; null when it has not started or has ended. */
    remaining_duration: lenientInt(),
    /** A string in the spec, although named like a boolean. */
    is_trial_skipped: lenientText(),
  }),
);
export type Trial = z.output<typeof trial>;

export const startTrialDataQuery = lazySchema(() =>
  z.strictObject({
    client_id: intIn(INT32_MIN, INT32_MAX),
    product_id: z.int(typeError('must be a whole number')),
  }),
);

export const getTrialStartDataEndpoint = defineEndpoint('getTrialStartData', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: startTrialDataQuery,
  body: undefined,
  response: trial,
});

export const getTrialEndpoint = defineEndpoint('getTrial', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ id: positiveId() })),
  query: undefined,
  body: undefined,
  response: trial,
});

export const REPORT_TASK_TYPES = ['ClosingPeriod', 'ImportData', 'Report', 'StopSubscriptions'] as const;
export const REPORT_STATUSES = ['Pending', 'InProgress', 'Completed', 'Failed', 'Cancelled'] as const;

export const reportTask = lazySchema(() =>
  z.looseObject({
    uuid: requiredNonEmptyText(),
    created_at: lenientText(),
    updated_at: lenientText(),
    user_id: lenientInt(),
    client_id: lenientInt(),
    task_type: lenientText(),
    status: lenientText(),
    processing_notes: lenientObject({
      worker_group_id: lenientText(),
      celery_group_id: lenientText(),
      period: lenientText(),
      records_to_process: lenientInt(),
      errors: lenientArray(z.unknown()),
      warnings: lenientArray(z.unknown()),
    }),
    parameters: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  }),
);
export type ReportTask = z.output<typeof reportTask>;

export const getReportEndpoint = defineEndpoint('getReport', {
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ id: uuid() })),
  query: undefined,
  body: undefined,
  response: reportTask,
});

export const reportCreateRequest = lazySchema(() =>
  z.strictObject({
    template_code: requiredText(),
    parameters: z.record(z.string(), z.unknown(), typeError('must be an object of parameters')).nullish(),
  }),
);
export type ReportCreateRequest = z.input<typeof reportCreateRequest>;

export const createReportEndpoint = defineEndpoint('createReport', {
  errorShape: 'billing',
  successStatus: 201,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: reportCreateRequest,
  response: reportTask,
});
