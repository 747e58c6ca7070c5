// Go to Edge App…: one of the account's apps, found by the platform's own name search (GET
// /fastedge/v1/apps?name=, any case, a part of the name), then selected in the Edge view. An app
// beyond the pages in hand is read up to (the list's largest page, one redraw at the end); one the
// view's filter hides is said so, with Clear Filters.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { PlatformError } from '../../schema/errors';
import type { EdgeAppItem } from '../../schema/edgeLists';
import type { FeatureContext } from '../../ui/featureContext';
import { CANCEL } from '../../ui/flowUi';
import { goToPrompt } from '../../ui/goTo';
import { notifyError } from '../../ui/notify';
import { edgeAppLabel } from './edgeAppPick';
import { EDGE_APPS_PAGE_MAX } from './edgeListing';
import { EDGE_VIEW_ID, type EdgeTree } from './edgeTree';
import { edgeAppStatus } from './model/edgeDisplay';

export const GO_TO_EDGE_APP = 'platformConsole.goToEdgeApp';

export interface EdgeGoToDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
}

const count = (n: number) => n.toLocaleString('en-US');

export function registerEdgeGoTo(deps: EdgeGoToDeps): vscode.Disposable[] {
  // On the view's connection: the app is shown there.
  return [deps.registerBoundCommand(GO_TO_EDGE_APP, (bound) => goToEdgeApp(deps, bound), { connection: () => deps.tree.activeConnectionId })];
}

async function goToEdgeApp(deps: EdgeGoToDeps, bound: BoundConnection): Promise<void> {
  const ui = deps.ui();
  const on = bound.connection.name;
  await deps.tree.listing.ensure();
  if (deps.tree.listing.available === false) return void ui.notify('info', `${on} does not list its edge apps: pin one by its ID (Pin Edge App by ID…)`);
  const prompt = goToPrompt<EdgeAppItem>({
    title: `Go to Edge App (${on})`,
    noun: 'edge apps',
    item: (app) => ({
      label: edgeAppLabel(app),
      description: [`ID ${app.id}`, edgeAppStatus(app.status).label, app.template_name || undefined].filter(Boolean).join(' · '),
      value: app,
    }),
    search: async (text, signal) => {
      const query = { limit: EDGE_APPS_PAGE_MAX, ordering: 'name', ...(text ? { name: text } : {}) };
      const page = await bound.api.edge.listEdgeApps({ params: {}, query }, { signal });
      const total = page.count ?? undefined;
      return { items: page.apps, total, more: total !== undefined && total > page.apps.length };
    },
  });
  const app = await ui.search({ ...prompt, failed: (error) => deps.log.error(`Could not search the edge apps on ${on}`, error) });
  if (app === CANCEL) return;
  await revealEdgeApp(deps, bound, app);
}

/** Selects `app`'s row in the Edge view: read up to where it is not in hand yet; said so when the view's filter hides it. */
export async function revealEdgeApp(deps: EdgeGoToDeps, bound: BoundConnection, app: EdgeAppItem): Promise<void> {
  const { tree, log } = deps;
  const ui = deps.ui();
  const name = edgeAppLabel(app);
  const on = bound.connection.name;
  if (tree.listing.hides(app)) {
    const hidden = `${name} is not shown: the view's filter (${tree.listing.filterText()}) hides it`;
    if ((await ui.notify('info', hidden, ['Clear Filters'])) !== 'Clear Filters') return;
    await tree.listing.setFilter({});
  }
  const apps = tree.listing.appsNode(tree);
  const before = apps.chunks.options.source.rowCount;
  let index: number | undefined;
  let stopped = false;
  try {
    index = tree.listing.appPages()?.items.findIndex((a) => a.id === app.id);
    if (index === undefined || index < 0)
      index = await ui.progress(`Reading the edge apps up to ${name} (${on})`, true, async (report, signal) => {
        const said = (read: number, total: number | undefined) =>
          report(total !== undefined ? `${count(read)} of ${count(total)} read` : `${count(read)} read`);
        const found = await tree.listing.readUntil(app.id, signal, said);
        stopped = signal.aborted;
        return found;
      });
  } catch (error) {
    if (!(error instanceof PlatformError && error.kind === 'cancelled'))
      await notifyError(`Could not read the edge apps up to ${name} on ${on}`, error, { log, ui, connectionName: on });
    return;
  } finally {
    // What was read is shown, with one redraw (rowChunks.ts: the range it fills, or the Apps row).
    if (apps.chunks.options.source.rowCount !== before) apps.chunks.grown(before);
  }
  if (stopped) return;
  const node = index === undefined ? undefined : apps.chunks.rowAt(index);
  if (!node) {
    if (tree.listing.appPages()) void ui.notify('info', `${name} is not in the Edge view's list of apps on ${on} (deleted since?)`);
    else void ui.notify('warning', `The Edge view could not list its apps on ${on}: Retry on its Apps row`);
    return;
  }
  try {
    await vscode.commands.executeCommand(`${EDGE_VIEW_ID}.focus`);
    await tree.revealRow(node);
  } catch (error) {
    log.error(`Could not show edge app ${name} in the Edge view`, error);
  }
}
