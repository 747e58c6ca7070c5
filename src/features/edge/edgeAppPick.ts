// The account's edge apps picked in the palette (Load more, Enter an ID…) for commands given no app row.
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import { ListPages } from '../../platform/listPages';
import type { EdgeAppItem } from '../../schema/edgeLists';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { fieldStep } from '../../ui/operationSteps';
import type { TreeNode } from '../../ui/treeNodes';
import { runWizard } from '../../ui/wizard';
import { ListedAppNode } from './edgeListing';
import { PinNode } from './edgePinNode';
import type { EdgeTree } from './edgeTree';
import { edgeAppStatus } from './model/edgeDisplay';

const PICK_PAGE = 100;

/** An app's name as a pick shows it (an app with none: its id). */
export const edgeAppLabel = (app: EdgeAppItem): string => app.name || `App ${app.id}`;

/** Picked instead of an app: *Create a new app…* (deploy). */
export const CREATE_NEW_APP = 0;

/** An operation on one edge app: its `app_id` input is what the pick fills, by that input's title and rule. */
interface OnEdgeApp {
  readonly name: string;
  readonly fields: () => z.ZodObject<{ app_id: z.ZodNumber }>;
}

/**
 * The picked app's id for `op`'s `app_id` (CREATE_NEW_APP when offered and chosen), or undefined
 * when the person cancels; `showBinary` adds each app's binary id and offers *Create a new app…* (deploy).
 */
export async function pickEdgeApp(
  deps: { ui: () => FlowUi; log: Log },
  bound: BoundConnection,
  op: OnEdgeApp,
  title: string,
  showBinary = false,
): Promise<number | undefined> {
  const { log } = deps;
  const pages = new ListPages<EdgeAppItem>({
    lists: bound.lists,
    endpoint: 'listEdgeApps',
    read: async (offset) => {
      const page = await bound.api.edge.listEdgeApps({ params: {}, query: { limit: PICK_PAGE, offset, ordering: 'name' } });
      return { results: page.apps, count: page.count, next: page.apps.length === PICK_PAGE ? 'more' : null };
    },
  });
  const done = await runWizard<{ app_id?: number }>(
    {},
    {
      title: `${title} (${bound.connection.name})`,
      ui: deps.ui(),
      steps: [
        fieldStep(op, 'app_id', {
          list: () => ({
            noun: 'edge app',
            load: () => pages.first(),
            missing: () => bound.lists.isMissing('listEdgeApps'),
            more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => `${pages.shown()}; the next ${PICK_PAGE}` },
            item: (app: EdgeAppItem) => ({
              label: edgeAppLabel(app),
              description: `${edgeAppStatus(app.status).label} · id ${app.id}${showBinary ? ` · binary ${app.binary ?? '-'}` : ''}`,
              detail: app.url ?? undefined,
              value: app.id,
            }),
            ...(showBinary
              ? {
                  lead: [
                    { label: '$(add) Create a new app…', detail: 'From a template or a stored binary; the file is deployed to it', value: CREATE_NEW_APP },
                  ],
                }
              : {}),
            logError: (error) => log.error('Could not list the edge apps', error),
          }),
        }),
      ],
    },
  );
  return done?.app_id;
}

/** The app a command was run on: a listed or pinned app's row, or an id; undefined when it was given none. */
export function edgeAppIdOf(arg: unknown): number | undefined {
  return arg instanceof ListedAppNode ? arg.app.id : arg instanceof PinNode && arg.kind === 'app' ? arg.id : typeof arg === 'number' ? arg : undefined;
}

/**
 * After an app changed: its listed row read again and updated in place (the pages in hand stay: a
 * person paged to 5,000 apps keeps them), and its pin read again when it has one.
 */
export async function reloadEdgeApp(tree: EdgeTree, id: number): Promise<void> {
  const pin = tree.pinNode('app', id);
  await Promise.all([tree.listing.appsNode(tree).readAgain(id), pin ? tree.refreshPins(pin) : Promise.resolve()]);
}

/** Selects the row `match` finds under the root group `groupId` (a new app or secret, once its list was read again); quiet when it is not shown. */
export async function revealInGroup(tree: EdgeTree, groupId: string, match: (node: TreeNode) => boolean, what: string, log: Log): Promise<boolean> {
  try {
    for (const root of await tree.getChildren()) {
      if ((await tree.getTreeItem(root)).id !== groupId) continue;
      const node = (await tree.getChildren(root)).find(match);
      if (!node) return false;
      await tree.view.reveal(node, { select: true, focus: false, expand: false });
      return true;
    }
  } catch (error) {
    log.error(`Could not show ${what} in the Edge view`, error);
  }
  return false;
}

/** Selects a listed app's row (a new app, once the list was read again); quiet when it is not on the pages in hand. */
export async function revealListedApp(tree: EdgeTree, id: number, log: Log): Promise<boolean> {
  const node = tree.listing.appsNode(tree).rowOf(id);
  if (!node) return false;
  try {
    await tree.view.reveal(node, { select: true, focus: false, expand: false });
    return true;
  } catch (error) {
    log.error(`Could not show edge app ${id} in the Edge view`, error);
    return false;
  }
}
