// A FaaS function switched off (destructive: it stops answering at its endpoint) or on, described
// once. The function is read first from its namespace's list, so every face shows its status and
// endpoint; a function not there asks nothing. The platform applies it through a task.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { FaasFunction } from '../schema/cloudLists';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { NOT_STATED, checkedRequest, defineOperation, type OperationTarget } from './operation';

export type FunctionThing = Pick<FaasFunction, 'name'> & Partial<FaasFunction>;

const patch = () => endpoints.patchFunction;
const fields = () =>
  z.strictObject({
    project_id: patch().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
    region_id: patch().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
    namespace_name: patch().params.shape.namespace_name.describe('The FaaS namespace').meta({ title: 'Namespace name' }),
    function_name: patch().params.shape.function_name.describe('The function').meta({ title: 'Function name' }),
  });
type At = z.output<ReturnType<typeof fields>>;

/** The function from its namespace's list (searched by name); a notFound when it is not there. */
export async function readFunction(api: PlatformApi, at: At, signal?: AbortSignal): Promise<FunctionThing> {
  const { project_id, region_id, namespace_name, function_name } = at;
  const list = await api.faas.listFunctions({ params: { project_id, region_id, namespace_name }, query: { search: function_name } }, signal ? { signal } : {});
  const found = list.results.find((f) => f.name === function_name);
  if (found) return found;
  throw new PlatformError({
    kind: 'notFound',
    message: `No function ${function_name} in namespace ${namespace_name} (project ${project_id}, region ${region_id}).`,
    method: 'GET',
    path: fillPath(pathIn(patch(), api.http.dialect), { ...at }),
  });
}

const label = (at: At) => `function ${at.function_name} (namespace ${at.namespace_name})`;
function functionTarget(at: At, f: FunctionThing | undefined, rest: Omit<OperationTarget, 'noun' | 'facts'>): Omit<OperationTarget, 'noun'> {
  return {
    facts: [
      ['Function', at.function_name],
      ['Namespace', at.namespace_name],
      ['Project / region', `${at.project_id} / ${at.region_id}`],
      ['Status now', f?.status || NOT_STATED],
      ['Endpoint', f?.endpoint || NOT_STATED],
    ],
    ...rest,
  };
}

export const disableFunction = defineOperation({
  name: 'disableFunction',
  title: 'Disable Function',
  noun: 'The function',
  kind: 'destructive',
  button: 'Disable',
  done: ({ function_name }) => `Disabling function ${JSON.stringify(function_name)}`,
  undoable: true,
  fields,
  request: ({ project_id, region_id, namespace_name, function_name }) =>
    checkedRequest(patch(), { params: { project_id, region_id, namespace_name, function_name }, body: { disabled: true } }),
  action: (at, _f?: FunctionThing) => `Disable ${label(at)}`,
  read: (api, at, signal) => readFunction(api, at, signal),
  target: (at, f) =>
    functionTarget(at, f, {
      consequence: 'The function stops answering at its endpoint until it is enabled again.',
      undo: 'Enable Function switches it on again (enable_function for an agent).',
    }),
});

export const enableFunction = defineOperation({
  name: 'enableFunction',
  title: 'Enable Function',
  noun: 'The function',
  kind: 'write',
  button: 'Enable',
  done: ({ function_name }) => `Enabling function ${JSON.stringify(function_name)}`,
  fields,
  request: ({ project_id, region_id, namespace_name, function_name }) =>
    checkedRequest(patch(), { params: { project_id, region_id, namespace_name, function_name }, body: { disabled: false } }),
  action: (at, _f?: FunctionThing) => `Enable ${label(at)}`,
  read: (api, at, signal) => readFunction(api, at, signal),
  target: (at, f) => functionTarget(at, f, { consequence: 'The function answers at its endpoint again.' }),
});
