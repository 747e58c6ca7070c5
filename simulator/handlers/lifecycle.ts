// Lifecycle policy schedules (endpoint 2): schedules are appended with new ids.
import type { endpoints } from '../../src/schema/endpoints';
import type { ScheduleRequest } from '../../src/schema/cloud';
import { notFound, refused } from '../errors';
import type { LifecyclePolicy, ScheduleRecord } from '../state/types';
import type { Handler } from './types';

const DEFAULT_NAME_TEMPLATE = 'Snapshot of volume {volume_id} created by policy {lifecycle_policy_id}';
const DEFAULT_MAX_QUANTITY = 2;

/** `"0, 20"` -> `"0,20"`; days are stored lower-case (`MON,Wed` -> `mon,wed`). */
const compactList = (value: string): string =>
  value
    .split(',')
    .map((part) => part.trim())
    .join(',');

function scheduleRecord(schedule: ScheduleRequest, id: string, policy: LifecyclePolicy, userId: number): ScheduleRecord {
  const retention = schedule.retention_time ? { weeks: 0, days: 0, hours: 0, minutes: 0, ...schedule.retention_time } : null;
  const common = {
    id,
    owner: 'lifecycle_policy',
    owner_id: policy.id,
    user_id: userId,
    max_quantity: schedule.max_quantity ?? DEFAULT_MAX_QUANTITY,
    resource_name_template: schedule.resource_name_template ?? DEFAULT_NAME_TEMPLATE,
    retention_time: retention,
  };
  if (schedule.type === 'cron') {
    return {
      ...common,
      type: 'cron',
      timezone: schedule.timezone ?? 'UTC',
      day_of_week: compactList(schedule.day_of_week ?? '*').toLowerCase(),
      hour: compactList(schedule.hour ?? '0'),
      minute: compactList(schedule.minute ?? '0'),
    };
  }
  return {
    ...common,
    type: 'interval',
    weeks: schedule.weeks ?? 0,
    days: schedule.days ?? 0,
    hours: schedule.hours ?? 0,
    minutes: schedule.minutes ?? 0,
  };
}

type PolicyParams = { project_id: number; region_id: number; policy_id: number };

function policyAt(state: { policies: Map<number, LifecyclePolicy> }, params: PolicyParams): LifecyclePolicy {
  const policy = state.policies.get(params.policy_id);
  if (!policy || policy.project_id !== params.project_id || policy.region_id !== params.region_id) {
    throw notFound(`Lifecycle policy ${params.policy_id} could not be found in project ${params.project_id}, region ${params.region_id}`);
  }
  return policy;
}

export const addSchedules: Handler<typeof endpoints.addSchedules> = ({ params, body }, { state }) => {
  const policy = policyAt(state, params);
  for (const schedule of body.schedules) {
    policy.schedules.push(scheduleRecord(schedule, state.rng.uuid(), policy, state.account.userId));
  }
  return structuredClone(policy);
};

export const patchLifecyclePolicy: Handler<typeof endpoints.patchLifecyclePolicy> = ({ params, body }, { state }) => {
  const policy = policyAt(state, params);
  if (body.name !== undefined) policy.name = body.name;
  if (body.status !== undefined) policy.status = body.status;
  return structuredClone(policy);
};

export const deleteLifecyclePolicy: Handler<typeof endpoints.deleteLifecyclePolicy> = ({ params }, { state }) => {
  policyAt(state, params);
  state.policies.delete(params.policy_id);
  return undefined;
};

/** Every id must be one of the policy's schedules: an unknown one is refused and nothing is removed. */
export const removeSchedules: Handler<typeof endpoints.removeSchedules> = ({ params, body }, { state }) => {
  const policy = policyAt(state, params);
  const known = new Set(policy.schedules.map((s) => s.id));
  const unknown = body.schedule_ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw refused('body', 'schedule_ids', `Schedule ${unknown} is not a schedule of lifecycle policy ${policy.id}`);
  const gone = new Set(body.schedule_ids);
  policy.schedules = policy.schedules.filter((s) => !gone.has(s.id));
  return structuredClone(policy);
};
