// A cloud secret read and deleted (a delete task: the secret says DELETING until it ends), one
// schedule of a snapshot policy changed (the fields sent; switching type drops the other type's
// fields), and a FaaS function switched off or on (an update task; its status follows at once).
import type { endpoints } from '../../src/schema/endpoints';
import { cloudSecretsIn } from '../cloudSecretState';
import { notFound, refused } from '../errors';
import type { ScheduleRecord } from '../state/types';
import type { Handler, SimContext } from './types';

const CRON_FIELDS = ['timezone', 'day_of_week', 'hour', 'minute', 'day', 'week', 'month'] as const;
const INTERVAL_FIELDS = ['weeks', 'days', 'hours', 'minutes'] as const;

function secretAt(ctx: SimContext, params: { project_id: number; region_id: number; secret_id: string }) {
  const secret = cloudSecretsIn(ctx.state, params.project_id, params.region_id, ctx.options, ctx.nowMs).find((s) => s.id === params.secret_id);
  if (!secret) throw notFound(`Secret ${params.secret_id} could not be found`);
  return secret;
}

function newTask(
  ctx: SimContext,
  params: { project_id: number; region_id: number },
  taskType: 'delete_secret' | 'update_faas_function',
  targetId: string,
  data: Record<string, unknown>,
): string {
  const id = ctx.state.rng.uuid();
  ctx.state.secretTasks.set(id, {
    id,
    createdMs: ctx.nowMs,
    projectId: params.project_id,
    regionId: params.region_id,
    requestId: ctx.requestId,
    data,
    secretId: targetId,
    taskType,
  });
  return id;
}

/** A TLS secret from PEM text: a create task as v1's; the PEM never goes into the task's data. */
export const createSecretV2: Handler<typeof endpoints.createSecretV2> = ({ params, body }, ctx) => {
  const id = ctx.state.rng.uuid();
  const { certificate, private_key: key } = body.payload;
  const failure = /fail/i.test(body.name)
    ? `Secret ${body.name} could not be stored: the key manager refused it`
    : !certificate.includes('-----BEGIN CERTIFICATE-----')
      ? 'Invalid certificate: not a PEM certificate'
      : !/-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(key)
        ? 'Invalid private key: not a PEM private key'
        : undefined;
  ctx.state.secretTasks.set(id, {
    id,
    createdMs: ctx.nowMs,
    projectId: params.project_id,
    regionId: params.region_id,
    requestId: ctx.requestId,
    data: { name: body.name, secret_type: 'certificate', expiration: body.expiration ?? null, project_id: params.project_id, region_id: params.region_id },
    secretId: ctx.state.rng.uuid(),
    failure,
  });
  return { tasks: [id] };
};

export const getSecret: Handler<typeof endpoints.getSecret> = ({ params }, ctx) => secretAt(ctx, params);

export const deleteSecret: Handler<typeof endpoints.deleteSecret> = ({ params }, ctx) => {
  const secret = secretAt(ctx, params);
  if (secret.status === 'DELETING') throw refused('path', 'secret_id', `Secret ${params.secret_id} is being deleted already`);
  return { tasks: [newTask(ctx, params, 'delete_secret', secret.id, { secret_id: secret.id, project_id: params.project_id, region_id: params.region_id })] };
};

export const patchSchedule: Handler<typeof endpoints.patchSchedule> = ({ params, body }, { state }) => {
  const policy = [...state.policies.values()].find(
    (p) => p.project_id === params.project_id && p.region_id === params.region_id && p.schedules.some((s) => s.id === params.schedule_id),
  );
  const schedule = policy?.schedules.find((s) => s.id === params.schedule_id);
  if (!policy || !schedule) throw notFound(`Schedule ${params.schedule_id} could not be found in project ${params.project_id}, region ${params.region_id}`);
  const type = body.type ?? schedule.type;
  const own = type === 'cron' ? CRON_FIELDS : INTERVAL_FIELDS;
  const other = type === 'cron' ? INTERVAL_FIELDS : CRON_FIELDS;
  const stray = other.find((f) => (body as Record<string, unknown>)[f] !== undefined);
  if (stray) throw refused('body', stray, `${stray} is not a field of a ${type} schedule`);
  const next: ScheduleRecord = { ...schedule, type };
  if (type !== schedule.type) {
    for (const f of other) delete next[f];
    for (const f of own) next[f] = type === 'cron' ? ({ timezone: 'UTC', day_of_week: '*', hour: '0', minute: '0' } as Record<string, unknown>)[f] : 0;
  }
  for (const [key, value] of Object.entries(body))
    if (value !== undefined && key !== 'type') next[key] = key === 'retention_time' ? { weeks: 0, days: 0, hours: 0, minutes: 0, ...(value as object) } : value;
  if (type === 'interval' && INTERVAL_FIELDS.every((f) => !next[f])) throw refused('body', 'weeks', 'an interval must be longer than 0');
  policy.schedules = policy.schedules.map((s) => (s.id === schedule.id ? next : s));
  return structuredClone(next);
};

export const patchFunction: Handler<typeof endpoints.patchFunction> = ({ params, body }, ctx) => {
  const known = ctx.state.logs
    .list()
    .some(
      (f) => f.projectId === params.project_id && f.regionId === params.region_id && f.namespace === params.namespace_name && f.name === params.function_name,
    );
  if (!known) throw notFound(`Function ${params.function_name} could not be found in namespace ${params.namespace_name}`);
  const key = `${params.project_id}/${params.region_id}/${params.namespace_name}/${params.function_name}`;
  if (body.disabled) ctx.state.disabledFunctions.add(key);
  else ctx.state.disabledFunctions.delete(key);
  return {
    tasks: [newTask(ctx, params, 'update_faas_function', key, { namespace: params.namespace_name, function: params.function_name, disabled: body.disabled })],
  };
};
