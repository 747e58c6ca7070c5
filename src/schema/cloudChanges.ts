// Changes to cloud things beyond the spec's (the published cloud API): a TLS secret created from
// PEM text (v2, tasks), a secret read and deleted (the delete answers tasks), one schedule of a snapshot policy changed (only the fields sent), and
// a FaaS function switched off or on (`disabled`, answers tasks).
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { commaListOf, dayOfWeek, retentionTime, scheduleResponse, secretCreateResponse } from './cloud';
import { secretItem } from './cloudLists';
import { functionName, intIn, nonNegativeInt, positiveId, textOf, typeError } from './schemaKit';

const PEM_MAX = 64 * 1024;
const pemText = (what: string) => textOf(1, PEM_MAX).refine((v) => v.includes('-----BEGIN '), `must be PEM text (${what})`);

/** POST /cloud/v2/secrets: the published CreateSecretSerializerV2 (the chain may be empty). */
export const secretCreateV2 = lazySchema(() =>
  z.strictObject({
    name: textOf(1, 255),
    payload: z.strictObject({
      certificate: pemText('-----BEGIN CERTIFICATE-----'),
      private_key: pemText('-----BEGIN … PRIVATE KEY-----'),
      certificate_chain: textOf(0, PEM_MAX),
    }),
    expiration: textOf(1).nullish(),
  }),
);
export type SecretCreateV2 = z.input<typeof secretCreateV2>;

export const createSecretV2Endpoint = defineEndpoint('createSecretV2', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId() })),
  query: undefined,
  body: secretCreateV2,
  response: secretCreateResponse,
});

const secretParams = lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId(), secret_id: textOf(1, 128) }));

export const getSecretEndpoint = defineEndpoint('getSecret', {
  errorShape: 'cloud',
  successStatus: 200,
  params: secretParams,
  query: undefined,
  body: undefined,
  response: lazySchema(() => real(secretItem)),
});

/** Answers the tasks that delete it (the published TaskIDsSerializer). */
export const deleteSecretEndpoint = defineEndpoint('deleteSecret', {
  errorShape: 'cloud',
  successStatus: 200,
  params: secretParams,
  query: undefined,
  body: undefined,
  response: secretCreateResponse,
});

/** The published PatchScheduleSerializer: every field optional; only those sent change. */
export const schedulePatch = lazySchema(() =>
  z
    .strictObject({
      type: z.enum(['cron', 'interval'], 'must be "cron" or "interval"').optional(),
      day_of_week: dayOfWeek.optional(),
      hour: commaListOf(0, 23, 'hours').optional(),
      minute: commaListOf(0, 59, 'minutes').optional(),
      day: textOf(1).optional(),
      week: textOf(1).optional(),
      month: textOf(1).optional(),
      timezone: textOf(1).optional(),
      weeks: nonNegativeInt().optional(),
      days: nonNegativeInt().optional(),
      hours: nonNegativeInt().optional(),
      minutes: nonNegativeInt().optional(),
      max_quantity: intIn(1, 10_000).optional(),
      retention_time: retentionTime.optional(),
      resource_name_template: textOf(1).optional(),
    })
    .refine((b) => Object.keys(b).length > 0, { message: 'must change at least one field', path: ['type'] }),
);
export type SchedulePatch = z.input<typeof schedulePatch>;

export const patchScheduleEndpoint = defineEndpoint('patchSchedule', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId(), schedule_id: textOf(1, 128) })),
  query: undefined,
  body: schedulePatch,
  response: scheduleResponse,
});

/** Only `disabled` is sent from here (the published body has more: code, envs, flavor…). */
export const patchFunctionEndpoint = defineEndpoint('patchFunction', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() =>
    z.strictObject({ project_id: positiveId(), region_id: positiveId(), namespace_name: functionName(), function_name: functionName() }),
  ),
  query: undefined,
  body: lazySchema(() => z.strictObject({ disabled: z.boolean(typeError('must be true or false')) })),
  response: secretCreateResponse,
});
