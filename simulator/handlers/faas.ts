// Function logs (endpoint 11).
import type { endpoints } from '../../src/schema/endpoints';
import { LOG_LIMIT_DEFAULT } from '../../src/schema/faas';
import { notFound } from '../errors';
import type { Handler } from './types';

export const getFunctionLogs: Handler<typeof endpoints.getFunctionLogs> = ({ params, query }, { state, options, nowMs }) => {
  const ref = { projectId: params.project_id, regionId: params.region_id, namespace: params.namespace_name, name: params.function_name };
  const logs = state.logs.batch(ref, query?.limit ?? LOG_LIMIT_DEFAULT, options.logOrder, nowMs, options.logRatePerSecond);
  if (!logs) throw notFound(`Function ${params.function_name} in namespace ${params.namespace_name} could not be found`);
  return { logs };
};
