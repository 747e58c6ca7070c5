// Which task a per-task command acts on, and on which connection: a row of the view, a
// `{uuid, connectionId}` handed in (the table panel, another command), or, from the palette, one
// picked from the tasks the view lists on the active connection, with the typed UUID as fallback.
import type { ConnectionManager } from '../../connections/connectionManager';
import type { FlowUi } from '../../ui/flowUi';
import { pickFromList } from '../../ui/listPick';
import { askField } from '../../ui/operationSteps';
import { formatUtc } from '../../ui/text/timeText';
import type { WizardStep } from '../../ui/wizard';
import { reportLabel, reportStatus, shortUuid, statusText, type TrackedReport } from './model/reportTasks';
import type { ReportTaskStore } from './reportTaskStore';
import { ReportTaskNode, type ReportTasksTree } from './reportTasksTree';
import { deleteReportTask } from '../../operations/removals';

/** A task and the connection it belongs to. */
export interface TaskTarget {
  connectionId: string;
  task: TrackedReport;
}

/** A task's UUID as deleteReportTask's `id` input takes it (the rule every per-task command shares). */
const isTaskUuid = (value: string) => deleteReportTask.fields().shape.id.safeParse(value.trim()).success;

/** The typed UUID box's example. */
export const UUID_EXAMPLE = { placeholder: 'e.g. 6b1f0c9e-0003-4a6e-9c1d-000000000003' };

/**
 * The task an argument names: a tree row, or `{uuid, connectionId?}` (the active connection when
 * none is named). What is known of it comes from the followed tasks, then the view's listing.
 */
export function taskFromArgument(
  arg: unknown,
  deps: { connections: ConnectionManager; store: ReportTaskStore; tree: () => ReportTasksTree | undefined },
): TaskTarget | undefined {
  if (arg instanceof ReportTaskNode) return { connectionId: arg.connectionId, task: arg.task };
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { uuid, connectionId } = arg as { uuid?: unknown; connectionId?: unknown };
  if (typeof uuid !== 'string' || !isTaskUuid(uuid)) return undefined;
  const id = typeof connectionId === 'string' ? connectionId : deps.connections.active?.id;
  if (!id) return undefined;
  const lower = uuid.trim().toLowerCase();
  const known = deps.store.get(id, lower) ?? listedTasks(deps.tree, id).find((t) => t.uuid === lower);
  return { connectionId: id, task: known ?? { uuid: lower, addedAt: Date.now() } };
}

/**
 * The connection a per-task command binds (its registration's `connection` option): the task's
 * own, named by its row or argument, whichever is active; else the active one.
 */
export function taskConnection(deps: {
  connections: ConnectionManager;
  store: ReportTaskStore;
  tree: () => ReportTasksTree | undefined;
}): (arg?: unknown) => string | undefined {
  return (arg) => taskFromArgument(arg, deps)?.connectionId ?? deps.connections.active?.id;
}

function listedTasks(tree: () => ReportTasksTree | undefined, connectionId: string): TrackedReport[] {
  const view = tree();
  if (!view) return [];
  const nodes = view.listing.available === true ? view.listedNodes() : view.taskNodes();
  return nodes.filter((n) => n.connectionId === connectionId).map((n) => n.task);
}

export interface TaskPickOptions {
  /** "completed report task", "report task": the picker's noun. */
  noun: string;
  /** Which of the view's tasks are offered. */
  offer: (task: TrackedReport) => boolean;
  tree: () => ReportTasksTree | undefined;
  logError: (error: unknown) => void;
}

/** A wizard step that picks a task of the active connection into `state.task`. */
export function taskPickStep<S extends { task?: TrackedReport }>(options: TaskPickOptions): WizardStep<S> {
  return {
    id: 'task',
    shouldPrompt: (s) => s.task === undefined,
    prompt: async (s, ctx) => {
      s.task = await pickFromList<TrackedReport, TrackedReport>(ctx, {
        noun: options.noun,
        load: async () => {
          try {
            await options.tree()?.listing.ensure();
            const view = options.tree();
            const nodes = view ? (view.listing.available === true ? view.listedNodes() : view.taskNodes()) : [];
            return { items: nodes.map((n) => n.task).filter(options.offer) };
          } catch (error) {
            return { error };
          }
        },
        missing: () => false,
        logError: options.logError,
        item: (task) => ({
          label: `${reportLabel(task)} ${shortUuid(task.uuid)}`,
          description: [statusText(task), task.snapshot?.processing_notes?.period].filter(Boolean).join(' · '),
          detail: `Created ${formatUtc(task.snapshot?.created_at) ?? 'at an unknown time'}`,
          value: task,
        }),
        enterLabel: 'Enter a UUID…',
        emptyDetail: `No ${options.noun}s in the Report Tasks view`,
        // The typed box is deleteReportTask's `id` input (its title and rule); the pick fills the task known here too.
        typed: async () => ({ uuid: (await askField(ctx, deleteReportTask, 'id', undefined, UUID_EXAMPLE)).toLowerCase(), addedAt: Date.now() }),
      });
    },
  };
}

export const isCompleted = (task: TrackedReport): boolean => reportStatus(task.snapshot) === 'Completed';

/** The ui in use, its connection manager and the bits a picker reads: what both commands share. */
export interface TaskCommandDeps {
  connections: ConnectionManager;
  store: ReportTaskStore;
  tree: () => ReportTasksTree | undefined;
  ui: () => FlowUi;
}
