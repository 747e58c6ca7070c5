// Enable Function / Disable Function…: from a Cloud view function row or the palette (project,
// region, then the operation's namespace and function inputs, picked from the lists). The function
// is read first; the confirmation and the request are the catalog operations'
// (src/operations/cloudFunctions.ts); each is one PATCH of `disabled`, then its task followed to the end.
import * as vscode from 'vscode';
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import { disableFunction, enableFunction, type FunctionThing } from '../../operations/cloudFunctions';
import { sendOperation, type OperationRequest } from '../../operations/operation';
import { endpoints } from '../../schema/endpoints';
import { pollTasks } from '../../platform/taskPoller';
import type { FaasFunction } from '../../schema/cloudLists';
import { PlatformError } from '../../schema/errors';
import { cloudLocationSteps, type CloudLocation } from '../../ui/cloudLocation';
import { cloudTargetOf } from '../../ui/cloudTarget';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { fieldStep } from '../../ui/operationSteps';
import { taskTimeoutMs } from '../../ui/settings';
import { runWizard } from '../../ui/wizard';

type Deps = Pick<FeatureContext, 'log' | 'ui' | 'defaults' | 'registerBoundCommand'>;

/** The location asked by the cloud steps; the namespace and the function are the operation's own inputs. */
interface FunctionAt extends CloudLocation {
  namespace_name?: string;
  function_name?: string;
}

export const FUNCTION_COMMANDS = { enable: 'platformConsole.enableFunction', disable: 'platformConsole.disableFunction' } as const;

export function registerFunctionCommands(deps: Deps, refresh: () => Promise<unknown>): vscode.Disposable[] {
  const { log } = deps;

  const place = async (bound: BoundConnection, arg: unknown, op: typeof disableFunction): Promise<Required<FunctionAt> | undefined> => {
    const ui = deps.ui();
    // A row listed on another connection never gets here: ctx.registerBoundCommand refuses it.
    const row = cloudTargetOf(arg, 'function');
    if (row) {
      return { projectId: row.projectId, regionId: row.regionId, namespace_name: row.namespace, function_name: row.name };
    }
    const defaults = deps.defaults.on(bound);
    const done = await runWizard<FunctionAt>(
      {},
      {
        title: `${op.title} on ${bound.connection.name}`,
        ui,
        steps: [
          ...cloudLocationSteps<FunctionAt>(defaults),
          fieldStep(op, 'namespace_name', {
            list: (s) => ({
              noun: 'namespace',
              load: (fresh) => bound.lists.namespaces(s.projectId!, s.regionId!, fresh),
              missing: () => bound.lists.isMissing('listNamespaces'),
              logError: (error) => log.error('Could not list the FaaS namespaces', error),
              item: (n: { name: string }) => ({ label: n.name, value: n.name }),
              enterLabel: 'Enter a namespace name…',
            }),
          }),
          fieldStep(op, 'function_name', {
            list: (s) => ({
              noun: 'function',
              load: (fresh) => bound.lists.functions(s.projectId!, s.regionId!, s.namespace_name!, fresh),
              missing: () => bound.lists.isMissing('listFunctions'),
              logError: (error) => log.error('Could not list the functions', error),
              item: (f: FaasFunction) => ({ label: f.name, description: [f.status, f.runtime].filter(Boolean).join(' · '), value: f.name }),
              enterLabel: 'Enter a function name…',
            }),
          }),
        ],
      },
    );
    if (done?.projectId === undefined || done.regionId === undefined || !done.namespace_name || !done.function_name) return undefined;
    await defaults.rememberMissing({ projectId: done.projectId, regionId: done.regionId });
    return { projectId: done.projectId, regionId: done.regionId, namespace_name: done.namespace_name, function_name: done.function_name };
  };

  const run = async (bound: BoundConnection, arg: unknown, disable: boolean): Promise<boolean> => {
    const ui = deps.ui();
    const { connection, api } = bound;
    const verb = disable ? 'Disable' : 'Enable';
    const op = disable ? disableFunction : enableFunction;
    const at = await place(bound, arg, op);
    if (!at) return false;
    const label = `function ${at.function_name} (namespace ${at.namespace_name})`;
    const input = { project_id: at.projectId, region_id: at.regionId, namespace_name: at.namespace_name, function_name: at.function_name };
    // A typed name the platform's rules refuse is said with the field and the rule, before any read.
    let request: OperationRequest;
    try {
      request = op.request(input);
    } catch (error) {
      await notifyError(`Nothing was sent for ${label}`, error, { log, ui, connectionName: connection.name });
      return false;
    }
    // Read first, so the confirmation shows its status and endpoint; a failed read asks nothing.
    let thing: FunctionThing;
    try {
      thing = await ui.progress(`Reading ${label} from ${connection.name}…`, false, () => op.read(api, input));
    } catch (error) {
      const gone = error instanceof PlatformError && error.kind === 'notFound';
      await notifyError(
        gone ? `The ${label} is gone on ${connection.name}; nothing was sent` : `Could not read ${label} on ${connection.name}; nothing was sent`,
        error,
        { log, ui, connectionName: connection.name },
      );
      if (gone) await refresh();
      return false;
    }
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    if (!(await confirmOperation(ui, op, input, thing, connection))) return false;
    let taskIds: string[];
    try {
      const sent = await ui.progress(`${disable ? 'Disabling' : 'Enabling'} ${label} on ${connection.name}…`, false, () => sendOperation(api, request));
      taskIds = (sent as z.output<typeof endpoints.patchFunction.response>).tasks;
    } catch (error) {
      const gone = error instanceof PlatformError && error.kind === 'notFound';
      await notifyError(
        gone ? `The ${label} is gone on ${connection.name}; nothing changed` : `Could not ${verb.toLowerCase()} ${label} on ${connection.name}`,
        error,
        { log, ui, connectionName: connection.name },
      );
      await refresh();
      return false;
    }
    log.info(`${verb} ${label} on ${connection.name}: task(s) ${taskIds.join(', ')}`);
    try {
      const outcomes = await ui.progress(`${disable ? 'Disabling' : 'Enabling'} ${label}`, true, (report, signal) =>
        pollTasks((id, s) => api.cloud.getTask({ params: { task_id: id } }, { signal: s }), taskIds, {
          signal,
          timeoutMs: taskTimeoutMs(),
          onChange: (task, state) => report(`task ${task.id.slice(0, 8)}: ${state ?? 'unknown'}`),
        }),
      );
      const failed = outcomes.filter((o) => o.state === 'ERROR');
      if (failed.length) {
        const reasons = failed.map((o) => o.error ?? 'the task ended in ERROR without a reason').join('; ');
        log.error(`${verb} ${label} failed`, reasons);
        if ((await ui.notify('error', log.scrub(`Could not ${verb.toLowerCase()} ${label}: ${reasons}`), ['Show Log'])) === 'Show Log') log.show();
        await refresh();
        return false;
      }
    } catch (error) {
      // Stopped watching (or the watch failed): the platform goes on; the view shows its state.
      await notifyError(`Stopped following the change of ${label} on ${connection.name}`, error, { log, ui, connectionName: connection.name });
      await refresh();
      return false;
    }
    const line = `${disable ? 'Disabled' : 'Enabled'} ${label} on ${connection.name}${disable ? ': it no longer answers at its endpoint' : ''}.`;
    log.info(line);
    void ui.notify('info', line);
    await refresh();
    return true;
  };

  return [
    deps.registerBoundCommand(FUNCTION_COMMANDS.disable, (bound, arg) => run(bound, arg, true)),
    deps.registerBoundCommand(FUNCTION_COMMANDS.enable, (bound, arg) => run(bound, arg, false)),
  ];
}
