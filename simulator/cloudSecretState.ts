// The cloud secrets of one project and region as the platform would list them: the seeded ones and
// those whose create task finished, less those whose delete task finished; one being deleted says
// DELETING until then.
import { secretTaskView } from './secretTasks';
import type { RuntimeOptions } from './options';
import type { SimState } from './state/seed';
import { isoSeconds } from './timeFormat';
import { valueText } from '../src/schema/valueText';

export interface CloudSecretView {
  id: string;
  name: string;
  secret_type: string;
  status: string;
  created: string | null;
  expiration: string | null;
  algorithm: string | null;
  bit_length: number | null;
  mode: string | null;
  [key: string]: unknown;
}

export function cloudSecretsIn(state: SimState, projectId: number, regionId: number, options: RuntimeOptions, nowMs: number): CloudSecretView[] {
  const stateOf = (taskId: string) => secretTaskView(state.secretTasks.get(taskId)!, state.account, options.taskDurationMs, nowMs).state;
  const tasks = [...state.secretTasks.values()].filter((t) => t.projectId === projectId && t.regionId === regionId);
  const deletions = new Map<string, string>();
  for (const t of tasks) if (t.taskType === 'delete_secret') deletions.set(t.secretId, stateOf(t.id) as string);
  const seeded = [...state.cloudSecrets.values()]
    .filter((s) => s.projectId === projectId && s.regionId === regionId)
    .map(({ projectId: _p, regionId: _r, ...secret }) => secret as CloudSecretView);
  const created = tasks
    .filter((t) => (t.taskType ?? 'create_secret') === 'create_secret' && stateOf(t.id) === 'FINISHED')
    .map(
      (t): CloudSecretView => ({
        id: t.secretId,
        name: valueText(t.data.name ?? ''),
        secret_type: valueText(t.data.secret_type ?? ''),
        status: 'ACTIVE',
        created: isoSeconds(t.createdMs),
        expiration: (t.data.expiration as string | undefined) ?? null,
        algorithm: (t.data.algorithm as string | undefined) ?? null,
        bit_length: (t.data.bit_length as number | undefined) ?? null,
        mode: (t.data.mode as string | undefined) ?? null,
      }),
    );
  return [...seeded, ...created]
    .filter((s) => deletions.get(s.id) !== 'FINISHED')
    .map((s) => (deletions.has(s.id) && deletions.get(s.id) !== 'ERROR' ? { ...s, status: 'DELETING' } : s));
}
