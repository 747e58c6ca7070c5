// What the Edge view's account lists share (edgeListing.ts, edgeAppRows.ts): a list's state, its
// rows while it loads or after it failed, the apps' pages, and the rows' context values.
import type { EdgeAppItem } from '../../schema/edgeLists';
import { ErrorNode, MessageNode, type TreeNode } from '../../ui/treeNodes';

export const LISTED_CONTEXT = {
  app: 'platformConsole.edgeListed.app',
  template: 'platformConsole.edgeListed.template',
  apps: 'platformConsole.edgeListed.apps',
} as const;

export type Part<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; error: unknown };

/** The apps read so far: a first page read makes a new one; later pages are added to it (its rows are kept while it lasts). */
export interface AppPages {
  items: EdgeAppItem[];
  total?: number;
  next?: number;
  /** A later page's failure (the first page's is the Part's error): the Load more row becomes its Retry. */
  moreError?: unknown;
}

export function partChildren<T>(part: Part<T>, what: string, retry: () => unknown, ok: (data: T) => TreeNode[]): TreeNode[] {
  if (part.status === 'idle' || part.status === 'loading') return [new MessageNode(`Loading ${what}…`, 'loading~spin')];
  if (part.status === 'ok') return ok(part.data);
  return [new ErrorNode(`Could not load ${what}`, part.error, retry)];
}
