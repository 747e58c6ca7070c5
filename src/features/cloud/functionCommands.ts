// Enable Function / Disable Function…: from a Cloud view function row or the palette (project,
// region, namespace and function picked). Disable is destructive (the function stops answering at
// its endpoint) and says so; each is one PATCH of `disabled`, then its task followed to the end.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { pollTasks } from '../../platform/taskPoller';
import type { FaasFunction } from '../../schema/cloudLists';
import { PlatformError } from '../../schema/errors';
import { cloudLocationSteps, type CloudLocation } from '../../ui/cloudLocation';
import { cloudTargetOf } from '../../ui/cloudTarget';
import { confirmWrite } from '../../ui/confirmWrite';
import type { FeatureContext } from '../../ui/featureContext';
import { pickFromList } from '../../ui/listPick';
import { notifyError } from '../../ui/notify';
import { taskTimeoutMs } from '../../ui/settings';
import { runWizard } from '../../ui/wizard';

type Deps = Pick<FeatureContext, 'log' | 'ui' | 'defaults' | 'registerBoundCommand'>;

interface FunctionAt extends CloudLocation {
  namespace?: string;
  name?: string;
}

export const FUNCTION_COMMANDS = { enable: 'platformConsole.enableFunction', disable: 'platformConsole.disableFunction' } as const;

export function registerFunctionCommands(deps: Deps, refresh: () => Promise<unknown>): vscode.Disposable[] {
  const { log } = deps;

  const place = async (bound: BoundConnection, arg: unknown, title: string): Promise<Required<FunctionAt> | undefined> => {
    const ui = deps.ui();
    const row = cloudTargetOf(arg, 'function');
    if (row) {
      if (row.connectionId !== bound.connection.id) {
        void ui.notify('warning', `Nothing was sent: that row was listed on another connection; the Cloud view now shows ${bound.connection.name}.`);
        return undefined;
      }
      return { projectId: row.projectId, regionId: row.regionId, namespace: row.namespace, name: row.name };
    }
    const defaults = deps.defaults.on(bound);
    const done = await runWizard<FunctionAt>({}, {
      title: `${title} on ${bound.connection.name}`,
      ui,
      steps: [
        ...cloudLocationSteps<FunctionAt>(defaults),
        {
          prompt: async (s, ctx) => {
            s.namespace = await pickFromList(ctx, {
              noun: 'namespace',
              load: (fresh) => bound.lists.namespaces(s.projectId!, s.regionId!, fresh),
              missing: () => bound.lists.isMissing('listNamespaces'),
              logError: (error) => log.error('Could not list the FaaS namespaces', error),
              item: (n) => ({ label: n.name, value: n.name }),
              enterLabel: 'Enter a namespace name…',
              typed: async () => (await ctx.input({ prompt: 'Name of the FaaS namespace', value: s.namespace ?? '', validate: (v) => (v.trim() ? undefined : 'Namespace: must not be empty') })).trim(),
            });
          },
        },
        {
          prompt: async (s, ctx) => {
            s.name = await pickFromList<FaasFunction, string>(ctx, {
              noun: 'function',
              load: (fresh) => bound.lists.functions(s.projectId!, s.regionId!, s.namespace!, fresh),
              missing: () => bound.lists.isMissing('listFunctions'),
              logError: (error) => log.error('Could not list the functions', error),
              item: (f) => ({ label: f.name, description: [f.status, f.runtime].filter(Boolean).join(' · '), value: f.name }),
              enterLabel: 'Enter a function name…',
              typed: async () => (await ctx.input({ prompt: 'Name of the function', value: s.name ?? '', validate: (v) => (v.trim() ? undefined : 'Function: must not be empty') })).trim(),
            });
          },
        },
      ],
    });
    if (done?.projectId === undefined || done.regionId === undefined || !done.namespace || !done.name) return undefined;
    await defaults.rememberMissing({ projectId: done.projectId, regionId: done.regionId });
    return { projectId: done.projectId, regionId: done.regionId, namespace: done.namespace, name: done.name };
  };

  const run = async (bound: BoundConnection, arg: unknown, disable: boolean): Promise<boolean> => {
    const ui = deps.ui();
    const { connection, api } = bound;
    const verb = disable ? 'Disable' : 'Enable';
    const at = await place(bound, arg, `${verb} Function`);
    if (!at) return false;
    const label = `function ${at.name} (namespace ${at.namespace})`;
    const facts: [string, string][] = [
      ['Function', at.name],
      ['Namespace', at.namespace],
      ['Project', String(at.projectId)],
      ['Region', String(at.regionId)],
      ['Change', disable ? 'it stops answering at its endpoint until enabled again' : 'it answers at its endpoint again'],
    ];
    const summary = { action: `${verb} ${label}`, connection, facts, button: verb, ...(disable ? { destructive: true, undo: 'Enable Function switches it on again.' } : {}) };
    if (!(await confirmWrite(ui, summary))) return false;
    const params = { project_id: at.projectId, region_id: at.regionId, namespace_name: at.namespace, function_name: at.name };
    let taskIds: string[];
    try {
      taskIds = (await ui.progress(`${disable ? 'Disabling' : 'Enabling'} ${label} on ${connection.name}…`, false, () => api.faas.patchFunction({ params, body: { disabled: disable } }))).tasks;
    } catch (error) {
      const gone = error instanceof PlatformError && error.kind === 'notFound';
      await notifyError(gone ? `The ${label} is gone on ${connection.name}; nothing changed` : `Could not ${verb.toLowerCase()} ${label} on ${connection.name}`, error, { log, ui, connectionName: connection.name });
      await refresh();
      return false;
    }
    log.info(`${verb} ${label} on ${connection.name}: task(s) ${taskIds.join(', ')}`);
    try {
      const outcomes = await ui.progress(`${disable ? 'Disabling' : 'Enabling'} ${label}`, true, (report, signal) =>
        pollTasks((id, s) => api.cloud.getTask({ params: { task_id: id } }, { signal: s }), taskIds, { signal, timeoutMs: taskTimeoutMs(), onChange: (task, state) => report(`task ${task.id.slice(0, 8)}: ${state ?? 'unknown'}`) }),
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
