// Billing: trials (endpoints 8, 9) and report tasks (endpoints 10, 13).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { INT32_MAX, INT32_MIN, intIn, positiveId, rArray, rBool, rInt, rObject, rRequiredText, rText, requiredText, uuid, typeError } from './schemaKit';

export const trial = lazySchema(() => z.looseObject({
  id: rInt(),
  client_id: rInt(),
  client: rObject({ id: rInt(), company_name: rText() }),
  product: rObject({ id: rInt(), name: rText(), internal_name: rText() }),
  plan: rObject({ id: rInt(), name: rText() }),
  days_limit: rInt(),
  active_ranges: rArray(z.looseObject({ start: rText(), end: rText() })),
  created_at: rText(),
  options: rArray(
    z.looseObject({
      internal_name: rText(),
      name: rText(),
      description: rText(),
      unit: rObject({ id: rInt(), name: rText(), internal_name: rText() }),
      value: rInt(),
      used_value: rInt(),
      remaining_value: rInt(),
      is_limit: rBool(),
      feature: rObject({ id: rInt(), name: rText() }),
    }),
  ),
  /** Seconds until the trial ends; null when it has not started or has ended. */
  remaining_duration: rInt(),
  /** A string in the spec, although named like a boolean. */
  is_trial_skipped: rText(),
}));
export type Trial = z.output<typeof trial>;

export const startTrialDataQuery = lazySchema(() => z.strictObject({
  client_id: intIn(INT32_MIN, INT32_MAX),
  product_id: z.int(typeError('must be a whole number')),
}));

export const getTrialStartDataEndpoint = defineEndpoint({
  name: 'getTrialStartData',
  ...ROUTES.getTrialStartData,
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: startTrialDataQuery,
  body: undefined,
  response: trial,
});

export const getTrialEndpoint = defineEndpoint({
  name: 'getTrial',
  ...ROUTES.getTrial,
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ id: positiveId() })),
  query: undefined,
  body: undefined,
  response: trial,
});

export const REPORT_TASK_TYPES = ['ClosingPeriod', 'ImportData', 'Report', 'StopSubscriptions'] as const;
export const REPORT_STATUSES = ['Pending', 'InProgress', 'Completed', 'Failed', 'Cancelled'] as const;

export const reportTask = lazySchema(() => z.looseObject({
  uuid: rRequiredText(),
  created_at: rText(),
  updated_at: rText(),
  user_id: rInt(),
  client_id: rInt(),
  task_type: rText(),
  status: rText(),
  processing_notes: rObject({
    worker_group_id: rText(),
    celery_group_id: rText(),
    period: rText(),
    records_to_process: rInt(),
    errors: rArray(z.unknown()),
    warnings: rArray(z.unknown()),
  }),
  parameters: z.record(z.string(), z.unknown()).nullish().catch(undefined),
}));
export type ReportTask = z.output<typeof reportTask>;

export const getReportEndpoint = defineEndpoint({
  name: 'getReport',
  ...ROUTES.getReport,
  errorShape: 'billing',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ id: uuid() })),
  query: undefined,
  body: undefined,
  response: reportTask,
});

export const reportCreateRequest = lazySchema(() => z.strictObject({
  template_code: requiredText(),
  parameters: z.record(z.string(), z.unknown(), typeError('must be an object of parameters')).nullish(),
}));
export type ReportCreateRequest = z.input<typeof reportCreateRequest>;

export const createReportEndpoint = defineEndpoint({
  name: 'createReport',
  ...ROUTES.createReport,
  errorShape: 'billing',
  successStatus: 201,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: reportCreateRequest,
  response: reportTask,
});
