// Cloud: secrets (endpoint 1), the task endpoint, lifecycle policy schedules (endpoint 2).
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import {
  intIn,
  localDateTime,
  nonNegativeInt,
  positiveId,
  lenientArray,
  lenientInt,
  lenientObject,
  requiredLenientInt,
  requiredNonEmptyText,
  lenientText,
  requiredText,
  textOf,
  typeError,
} from './schemaKit';

export const projectRegionParams = lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId() }));

// ---------- secrets ----------

export const SECRET_TYPES = ['symmetric', 'public', 'private', 'passphrase', 'certificate', 'opaque'] as const;
export type SecretType = (typeof SECRET_TYPES)[number];

/** Base64 (standard alphabet, padded). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const TEXT_PLAIN_REFUSAL = 'text/plain is incompatible with base64 encoding (the only encoding the API takes); use e.g. application/octet-stream';

/** `text/plain`, with or without parameters, in any case. */
export function isTextPlain(contentType: string): boolean {
  const type = contentType.trim().toLowerCase();
  return type === 'text/plain' || type.startsWith('text/plain;');
}

export const secretCreateRequest = lazySchema(() =>
  z
    .strictObject({
      name: requiredText(),
      payload: requiredText().regex(BASE64, 'must be base64-encoded (A-Z, a-z, 0-9, +, / and = padding)'),
      payload_content_encoding: z.literal('base64', typeError('must be "base64" (the only supported encoding)')),
      payload_content_type: requiredText(),
      secret_type: z.enum(SECRET_TYPES, typeError(`must be one of ${SECRET_TYPES.join(', ')}`)),
      algorithm: z.string(typeError('must be text')).nullish(),
      bit_length: z.int(typeError('must be a whole number greater than 0')).min(1, 'must be greater than 0').nullish(),
      expiration: localDateTime().nullish(),
      mode: z.string(typeError('must be text')).nullish(),
    })
    .check((ctx) => {
      if (isTextPlain(ctx.value.payload_content_type)) {
        ctx.issues.push({
          code: 'custom',
          path: ['payload_content_type'],
          message: TEXT_PLAIN_REFUSAL,
          input: ctx.value.payload_content_type,
        });
      }
    }),
);
export type SecretCreateRequest = z.input<typeof secretCreateRequest>;

export const secretCreateResponse = lazySchema(() => z.looseObject({ tasks: z.array(requiredNonEmptyText()) }));

export const createSecretEndpoint = defineEndpoint('createSecret', {
  errorShape: 'cloud',
  successStatus: 200,
  params: projectRegionParams,
  query: undefined,
  body: secretCreateRequest,
  response: secretCreateResponse,
});

// ---------- tasks ----------

export const TERMINAL_TASK_STATES = ['FINISHED', 'ERROR'] as const;

export const taskResponse = lazySchema(() =>
  z.looseObject({
    id: requiredNonEmptyText(),
    /** The platform's field. */
    state: lenientText(),
    /** The spec's name for the same thing. */
    status: lenientText(),
    task_type: lenientText(),
    created_on: lenientText(),
    updated_on: lenientText(),
    finished_on: lenientText(),
    error: lenientText(),
    created_resources: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  }),
);
export type Task = z.output<typeof taskResponse>;

/** The task's state, whichever field carries it, upper-cased. */
export function taskState(task: Task): string | undefined {
  const value = task.state ?? task.status;
  return value ? value.toUpperCase() : undefined;
}

export const getTaskEndpoint = defineEndpoint('getTask', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ task_id: requiredText().max(128, 'must be at most 128 characters') })),
  query: undefined,
  body: undefined,
  response: taskResponse,
});

// ---------- lifecycle policy schedules ----------

/**
 * The spec does not give the schedule fields' bounds. Ours, from cron itself: day names
 * mon..sun (or `*`), hours 0..23, minutes 0..59, max_quantity >= 1, durations >= 0.
 */
export const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export function commaListOf(min: number, max: number, what: string) {
  return z
    .string(typeError('must be text'))
    .refine((value) => {
      const parts = value.split(',').map((p) => p.trim());
      return parts.length > 0 && parts.every((p) => /^\d{1,2}$/.test(p) && Number(p) >= min && Number(p) <= max);
    }, `must be a comma-separated list of ${what} from ${min} to ${max}`)
    .transform((value) => value.replace(/\s+/g, ''));
}

export const dayOfWeek = lazySchema(() =>
  z
    .string('must be text')
    .refine(
      (value) => value.trim() === '*' || value.split(',').every((d) => (DAY_NAMES as readonly string[]).includes(d.trim().toLowerCase())),
      'must be "*" or a comma-separated list of mon, tue, wed, thu, fri, sat, sun',
    )
    // The wire form is lowercase three-letter names without spaces: `mon,wed` or `*`.
    .transform((value) => value.replace(/\s+/g, '').toLowerCase()),
);

export const retentionTime = lazySchema(() =>
  z.strictObject({
    weeks: nonNegativeInt().optional(),
    days: nonNegativeInt().optional(),
    hours: nonNegativeInt().optional(),
    minutes: nonNegativeInt().optional(),
  }),
);

/** Fields several schemas share: made with them (lazily), not at load. */
const scheduleCommon = () => ({
  max_quantity: intIn(1, Number.MAX_SAFE_INTEGER).optional(),
  resource_name_template: textOf(1).optional(),
  retention_time: retentionTime.nullish(),
});

export const cronScheduleRequest = lazySchema(() =>
  z.strictObject({
    type: z.literal('cron'),
    day_of_week: dayOfWeek.optional(),
    hour: commaListOf(0, 23, 'hours').optional(),
    minute: commaListOf(0, 59, 'minutes').optional(),
    timezone: textOf(1).optional(),
    ...scheduleCommon(),
  }),
);

export const intervalScheduleRequest = lazySchema(() =>
  z
    .strictObject({
      type: z.literal('interval'),
      weeks: nonNegativeInt().optional(),
      days: nonNegativeInt().optional(),
      hours: nonNegativeInt().optional(),
      minutes: nonNegativeInt().optional(),
      ...scheduleCommon(),
    })
    .refine((s) => (s.weeks ?? 0) + (s.days ?? 0) + (s.hours ?? 0) + (s.minutes ?? 0) > 0, {
      message: 'an interval must be longer than 0: set weeks, days, hours or minutes',
      path: ['weeks'],
    }),
);

export const scheduleRequest = lazySchema(() =>
  z.discriminatedUnion('type', [real(cronScheduleRequest), real(intervalScheduleRequest)], {
    error: 'type must be "cron" or "interval"',
  }),
);
export type ScheduleRequest = z.input<typeof scheduleRequest>;

export const addSchedulesRequest = lazySchema(() =>
  z.strictObject({
    schedules: z.array(real(scheduleRequest)).min(1, 'must hold at least one schedule'),
  }),
);

export const scheduleResponse = lazySchema(() =>
  z.looseObject({
    id: lenientText(),
    type: lenientText(),
    owner: lenientText(),
    owner_id: lenientInt(),
    user_id: lenientInt(),
    max_quantity: lenientInt(),
    resource_name_template: lenientText(),
    retention_time: lenientObject({ weeks: lenientInt(), days: lenientInt(), hours: lenientInt(), minutes: lenientInt() }),
    timezone: lenientText(),
    month: lenientText(),
    week: lenientText(),
    day: lenientText(),
    day_of_week: lenientText(),
    hour: lenientText(),
    minute: lenientText(),
    weeks: lenientInt(),
    days: lenientInt(),
    hours: lenientInt(),
    minutes: lenientInt(),
  }),
);

export const lifecyclePolicyResponse = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    action: lenientText(),
    project_id: lenientInt(),
    region_id: lenientInt(),
    status: lenientText(),
    user_id: lenientInt(),
    schedules: lenientArray(real(scheduleResponse)),
    volumes: lenientArray(z.looseObject({ volume_id: lenientText(), volume_name: lenientText() })),
  }),
);
export type LifecyclePolicy = z.output<typeof lifecyclePolicyResponse>;

export const addSchedulesEndpoint = defineEndpoint('addSchedules', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId(), policy_id: positiveId() })),
  query: undefined,
  body: addSchedulesRequest,
  response: lifecyclePolicyResponse,
});
