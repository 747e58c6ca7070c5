// The rows of a region's Secrets group: the list as paged (Load more), or, while Filter Secrets…
// holds for the region, the matches of its whole list. Both through ChunkedRows; the row nodes are
// kept per list read, so a redraw makes no new node (rowChunks.ts).
import type { SecretItem } from '../../schema/cloudLists';
import type { CloudPlace } from '../../ui/cloudTarget';
import { ChunkedRows, LoadMoreNode } from '../../ui/rowChunks';
import { CLOUD_VIEW } from './cloudTree';
import { ActionNode, ErrorNode, MessageNode, type TreeNode } from '../../ui/treeNodes';
import { placeKey } from './cloudRows';
import { SecretNode } from './cloudSecretNode';
import type { CloudSource } from './cloudSource';
import { filterWords, filteredDescription } from './model/secretFilter';
import type { FilteredSecrets } from './secretFilterRead';
import { SECRETS_PAGE, type SecretPages } from './secretPages';

const count = (n: number) => n.toLocaleString('en-US');

export const CLEAR_SECRET_FILTER = 'platformConsole.clearSecretFilter';

export class SecretRows {
  /** The paged list's rows, kept per first page read (pages.generation). */
  private nodes: SecretNode[] = [];
  private nodesOf = -1;
  private chunks: ChunkedRows | undefined;
  private loadMoreNode: LoadMoreNode | undefined;
  /** The filtered list's rows, kept per filter read. */
  private filteredChunks: { of: FilteredSecrets; rows: ChunkedRows } | undefined;

  constructor(
    private readonly source: CloudSource,
    private readonly place: CloudPlace,
    private readonly group: TreeNode,
  ) {}

  /** The group row's description: the total, or the filter with how many match. */
  description(): string | undefined {
    const filtered = this.source.secretFilter(this.place);
    if (filtered) return filteredDescription(filtered.filter, filtered.items.length, filtered.total);
    // The total alone: a page read redraws its rows, not this row (rowChunks.ts); "100 of 230 shown" is on Load more.
    const { total } = this.source.secretPages(this.place);
    return total !== undefined ? count(total) : undefined;
  }

  get filtered(): boolean {
    return this.source.secretFilter(this.place) !== undefined;
  }

  async children(where: string): Promise<TreeNode[]> {
    const filtered = this.source.secretFilter(this.place);
    if (filtered) {
      if (filtered.items.length > 0) return this.filteredRows(filtered).children();
      const clear = new ActionNode('Clear Filter', 'clear-all', () => this.source.clearSecretFilter(this.place), {
        tooltip: `Show every secret ${where}`,
      });
      return [new MessageNode(`No secrets match ${filterWords(filtered.filter)}`, 'search-stop'), clear];
    }
    const pages = this.source.secretPages(this.place);
    await pages.ensure();
    if (pages.unavailable) return [new MessageNode('This server does not list secrets', 'info')];
    if (pages.items.length === 0 && pages.error === undefined) return [new MessageNode(`No secrets ${where}`, 'info')];
    return this.paged(pages).children();
  }

  /** The rows shown now (the filter's, or the pages'), for a row's index and Go to… (rowAt: its parent chain set). */
  shown(): { items: readonly SecretItem[]; rows: ChunkedRows } {
    const filtered = this.source.secretFilter(this.place);
    if (filtered) return { items: filtered.items, rows: this.filteredRows(filtered) };
    const pages = this.source.secretPages(this.place);
    return { items: pages.items, rows: this.paged(pages) };
  }

  private filteredRows(filtered: FilteredSecrets): ChunkedRows {
    if (this.filteredChunks?.of === filtered) return this.filteredChunks.rows;
    const nodes: SecretNode[] = [];
    const now = this.source.now();
    const rows = new ChunkedRows({
      viewId: CLOUD_VIEW,
      id: `cloud:${placeKey(this.place)}:secrets:filtered`,
      noun: 'secrets',
      parent: () => this.group,
      redraw: (node) => this.source.redraw(node),
      source: {
        rowCount: filtered.items.length,
        row: (i) => (nodes[i] ??= new SecretNode(this.place, filtered.items[i]!, now)),
        tail: () => [],
      },
    });
    this.filteredChunks = { of: filtered, rows };
    return rows;
  }

  private paged(pages: SecretPages): ChunkedRows {
    if (this.nodesOf !== pages.generation) {
      this.nodes = [];
      this.nodesOf = pages.generation;
    }
    const more = (this.loadMoreNode ??= new LoadMoreNode(
      `cloud:${placeKey(this.place)}:secrets:more`,
      () => this.chunks!,
      () => pages.loadMore(),
    ));
    return (this.chunks ??= new ChunkedRows({
      viewId: CLOUD_VIEW,
      id: `cloud:${placeKey(this.place)}:secrets`,
      noun: 'secrets',
      parent: () => this.group,
      redraw: (node) => this.source.redraw(node),
      source: {
        get rowCount() {
          return pages.items.length;
        },
        row: (i) => (this.nodes[i] ??= new SecretNode(this.place, pages.items[i]!, this.source.now())),
        tail: () => {
          if (pages.error !== undefined)
            return [new ErrorNode('Could not load the secrets', pages.error, () => void pages.reload().then(() => this.source.redraw(this.group)))];
          if (pages.moreError !== undefined) return [new ErrorNode('Could not load more secrets', pages.moreError, () => more.run())];
          if (pages.next === undefined) return [];
          const left = pages.total !== undefined ? ` (${count(pages.total - pages.items.length)} more)` : '';
          more.label = `Load more${left}`;
          more.description = pages.total !== undefined ? `${count(pages.items.length)} of ${count(pages.total)} shown` : `${count(pages.items.length)} shown`;
          more.tooltip = `The next ${SECRETS_PAGE} secrets`;
          return [more];
        },
      },
    }));
  }
}
