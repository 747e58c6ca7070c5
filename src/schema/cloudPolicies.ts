// A snapshot policy changed as a whole (the published cloud API): renamed, paused or resumed
// (PATCH, answers the policy), some of its schedules removed (answers the policy), or deleted (204).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { lifecyclePolicyResponse } from './cloud';
import { positiveId, textOf } from './schemaKit';

/** The published name rule: 3..63 characters, letters, digits, spaces, ".", "_" and "-", not starting with a space or sign. */
export const POLICY_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z 0-9._-]{1,61}[a-zA-Z0-9._]$/;
export const policyName = () =>
  z
    .string('must be text')
    .regex(
      POLICY_NAME_PATTERN,
      'must be 3 to 63 characters: letters, digits, spaces, ".", "_" and "-", starting with a letter or digit and not ending with a space or "-"',
    );

export const POLICY_STATUSES = ['active', 'paused'] as const;

const policyParams = lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId(), policy_id: positiveId() }));

export const patchLifecyclePolicyEndpoint = defineEndpoint('patchLifecyclePolicy', {
  errorShape: 'cloud',
  successStatus: 200,
  params: policyParams,
  query: undefined,
  body: lazySchema(() =>
    z
      .strictObject({ name: policyName().optional(), status: z.enum(POLICY_STATUSES, 'must be "active" or "paused"').optional() })
      .refine((b) => b.name !== undefined || b.status !== undefined, { message: 'must change the name or the status', path: ['name'] }),
  ),
  response: lifecyclePolicyResponse,
});

export const deleteLifecyclePolicyEndpoint = defineEndpoint('deleteLifecyclePolicy', {
  errorShape: 'cloud',
  successStatus: 204,
  params: policyParams,
  query: undefined,
  body: undefined,
  response: undefined,
});

export const removeSchedulesEndpoint = defineEndpoint('removeSchedules', {
  errorShape: 'cloud',
  successStatus: 200,
  params: policyParams,
  query: undefined,
  body: lazySchema(() => z.strictObject({ schedule_ids: z.array(textOf(1, 128)).min(1, 'must name at least one schedule') })),
  response: lifecyclePolicyResponse,
});
