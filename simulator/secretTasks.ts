// A secret task's life, computed from elapsed time: NEW for the first third of the duration,
// RUNNING until it ends, then FINISHED, or ERROR for a payload the simulator rejects.
import { localSeconds } from './timeFormat';
import type { Account, SecretTask } from './state/types';

/**
 * Why creating this secret fails, if it does: a name containing "fail", or a PKCS12 payload
 * that is not DER (a DER file starts with byte 0x30, a SEQUENCE).
 */
export function secretFailure(name: string, contentType: string, payloadBase64: string): string | undefined {
  if (/fail/i.test(name)) return `Secret ${name} could not be stored: the key manager refused it`;
  if (contentType.trim().toLowerCase() === 'application/x-pkcs12') {
    const bytes = Buffer.from(payloadBase64, 'base64');
    if (bytes[0] !== 0x30) return 'Invalid PKCS12 payload: the decoded content is not a DER-encoded PKCS12 file';
  }
  return undefined;
}

type TaskState = 'NEW' | 'RUNNING' | 'FINISHED' | 'ERROR';

function secretTaskState(task: SecretTask, durationMs: number, nowMs: number): TaskState {
  const elapsed = nowMs - task.createdMs;
  if (elapsed >= durationMs) return task.failure ? 'ERROR' : 'FINISHED';
  return elapsed < durationMs / 3 ? 'NEW' : 'RUNNING';
}

export function secretTaskView(task: SecretTask, account: Account, durationMs: number, nowMs: number): Record<string, unknown> {
  const state = secretTaskState(task, durationMs, nowMs);
  const done = state === 'FINISHED' || state === 'ERROR';
  const runningSince = task.createdMs + durationMs / 3;
  return {
    id: task.id,
    state,
    task_type: task.taskType ?? 'create_secret',
    created_on: localSeconds(task.createdMs),
    updated_on: state === 'NEW' ? null : localSeconds(done ? task.createdMs + durationMs : runningSince),
    finished_on: done ? localSeconds(task.createdMs + durationMs) : null,
    error: state === 'ERROR' ? (task.failure ?? null) : null,
    created_resources: state === 'FINISHED' && (task.taskType ?? 'create_secret') === 'create_secret' ? { secrets: [task.secretId] } : null,
    project_id: task.projectId,
    region_id: task.regionId,
    client_id: account.clientId,
    user_client_id: account.clientId,
    user_id: account.userId,
    request_id: task.requestId,
    data: task.data,
    acknowledged_at: null,
    acknowledged_by: null,
  };
}
