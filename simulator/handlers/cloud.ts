// Secrets (endpoint 1) and the tasks they start.
import type { endpoints } from '../../src/schema/endpoints';
import { notFound } from '../errors';
import { secretTaskView, secretFailure } from '../secretTasks';
import type { Handler } from './types';

export const createSecret: Handler<typeof endpoints.createSecret> = ({ params, body }, { state, nowMs, requestId }) => {
  const id = state.rng.uuid();
  const { payload, ...data } = body;
  state.secretTasks.set(id, {
    id,
    createdMs: nowMs,
    projectId: params.project_id,
    regionId: params.region_id,
    requestId,
    // The payload is secret: the task's data never repeats it.
    data: { ...data, project_id: params.project_id, region_id: params.region_id },
    secretId: state.rng.uuid(),
    failure: secretFailure(body.name, body.payload_content_type, payload),
  });
  return { tasks: [id] };
};

export const getTask: Handler<typeof endpoints.getTask> = ({ params }, { state, options, nowMs }) => {
  const task = state.secretTasks.get(params.task_id);
  if (!task) throw notFound(`Task ${params.task_id} could not be found`);
  return secretTaskView(task, state.account, options.taskDurationMs, nowMs);
};
