// Go to Report Task…: a pick over every report task of the account (the list has no search by
// name: every page at the largest billing serves, 100), then the task's row revealed and selected
// in the view, its pages read up to it first when it is not in hand. The view's status filter
// applies: a task it hides is not revealed, and the person is told so, with Clear Filters.
import type { BoundConnection } from '../../connections/connectionManager';
import { nextOffset } from '../../schema/paging';
import type { ReportTask } from '../../schema/billing';
import type { FeatureContext } from '../../ui/featureContext';
import { CANCEL } from '../../ui/flowUi';
import { goToPrompt } from '../../ui/goTo';
import { formatUtc } from '../../ui/text/timeText';
import { reportLabel, reportStatus, shortUuid, statusText, type TrackedReport } from './model/reportTasks';
import { REPORTS_PAGE } from './reportListing';
import type { ReportTaskStore } from './reportTaskStore';
import type { ReportTasksTree } from './reportTasksTree';

type Deps = Pick<FeatureContext, 'ui' | 'log'> & { tree: () => ReportTasksTree | undefined; store: ReportTaskStore };

const CLEAR_FILTERS = 'Clear Filters';

/** The pick's item of a task: "ResellerExpenses · Completed", "<uuid> · 2026-11-26 01:00 UTC". */
export function reportPickItem(task: TrackedReport): { label: string; description: string } {
  const created = formatUtc(task.snapshot?.created_at) ?? 'created time not reported';
  return { label: `${reportLabel(task)} · ${statusText(task)}`, description: `${task.uuid} · ${created}` };
}

export async function goToReportTask(deps: Deps, bound: BoundConnection): Promise<string | undefined> {
  const tracked = (t: ReportTask): TrackedReport => {
    const uuid = t.uuid.toLowerCase();
    const followed = deps.store.get(bound.connection.id, uuid);
    return { uuid, addedAt: 0, snapshot: t, templateCode: followed?.templateCode };
  };
  const prompt = goToPrompt<TrackedReport>({
    title: 'Go to Report Task',
    noun: 'report tasks',
    item: (task) => ({ ...reportPickItem(task), value: task }),
    page: async (offset, signal) => {
      const page = await bound.api.billing.listReports({ params: {}, query: { ordering: '-created_at', limit: REPORTS_PAGE, offset } }, { signal });
      const total = page.count ?? undefined;
      return { items: page.results.map(tracked), total, more: nextOffset(offset, page.results.length, total, REPORTS_PAGE) !== undefined };
    },
  });
  const failed = (error: unknown) => deps.log.error(`Go to Report Task: could not read the report tasks of ${bound.connection.name}`, error);
  const chosen = await deps.ui().search({ ...prompt, failed });
  if (chosen === CANCEL) return undefined;
  await revealReportTask(deps, chosen);
  return chosen.uuid;
}

/** Reveals and selects the task's row; reads the view's pages up to it first; says so when the filter hides it. */
export async function revealReportTask(deps: Deps, task: TrackedReport): Promise<boolean> {
  const tree = deps.tree();
  if (!tree) return false;
  const ui = deps.ui();
  const name = `${reportLabel(task)} (${shortUuid(task.uuid)})`;
  const filter = tree.listing.status;
  if (filter && reportStatus(task.snapshot) !== filter) {
    const choice = await ui.notify('info', `${name} is not shown: the view's filter status: ${filter} hides it`, [CLEAR_FILTERS]);
    if (choice !== CLEAR_FILTERS) return false;
    await tree.listing.setStatus(undefined);
  }
  await tree.listing.ensure();
  let index = tree.indexOf(task.uuid);
  if (index < 0 && tree.listing.next !== undefined)
    index = await ui.progress(`Reading the report tasks up to ${name}`, true, (report, signal) => tree.readUntil(task.uuid, signal, report));
  const node = index < 0 ? undefined : tree.nodeAt(index);
  if (!node) {
    void ui.notify('info', `${name} is not in the view's list: Refresh reads it again`);
    return false;
  }
  await tree.revealRow(node);
  return true;
}
