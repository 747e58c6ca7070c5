// The Protection Profiles view's rows: the first thousand profiles as roots, each further thousand
// under a range row (src/ui/rowChunks.ts), then one kept Load more. A Load more redraws its range,
// or the roots when it adds a range; a row removed or put first shifts the rows after it.
import { ChunkedRows, LoadMoreNode } from '../../ui/rowChunks';
import { PROFILES_VIEW } from './profilesTree';
import type { TreeNode } from '../../ui/treeNodes';
import { loadMoreLabel, shownText } from './model/profileQuery';
import { ProfileNode, type ProfileNodeOwner } from './profileNodes';
import { hasMore, type LoadedList } from './profilePages';

export interface ProfileRowsOwner extends ProfileNodeOwner {
  /** The list in hand, if loaded. */
  list(): LoadedList | undefined;
  readonly pageSize: number;
  /** One more page into the list (no redraw: the Load more row redraws once after it). */
  loadMore(): Promise<void>;
}

export class ProfileRows {
  readonly chunks: ChunkedRows;
  readonly more: LoadMoreNode;

  constructor(private readonly owner: ProfileRowsOwner) {
    const rowCount = () => owner.list()?.shown ?? 0;
    this.more = new LoadMoreNode(
      `${owner.idPrefix}/profiles/more`,
      () => this.chunks,
      () => owner.loadMore(),
    );
    this.chunks = new ChunkedRows({
      viewId: PROFILES_VIEW,
      id: `${owner.idPrefix}/profiles`,
      noun: 'protection profiles',
      redraw: (node) => owner.refresh(node),
      source: {
        get rowCount() {
          return rowCount();
        },
        row: (i) => this.node(i),
        tail: () => this.tail(),
      },
    });
  }

  /** The roots' profile rows: the first thousand, then a range per further thousand, Load more last. */
  children(): TreeNode[] {
    return this.chunks.children();
  }

  /** The row of profile `index`, its parent set (a range past the first thousand): what reveal() needs. */
  rowAt(index: number): ProfileNode | undefined {
    return this.chunks.rowAt(index) as ProfileNode | undefined;
  }

  /**
   * Redraws after the row at `index` left or came in (`shownBefore`: rows shown before): only the
   * last range when the change is inside it and no range came or went, else the roots.
   */
  shifted(index: number, shownBefore: number): void {
    const shown = this.owner.list()?.shown ?? 0;
    const { chunk } = this.chunks;
    const ranges = (n: number) => Math.max(0, Math.ceil(n / chunk) - 1);
    const lastRange = ranges(shown);
    if (lastRange > 0 && ranges(shownBefore) === lastRange && Math.floor(index / chunk) === lastRange) {
      const range = this.chunks.rowAt(shown - 1)?.parent;
      if (range) return this.owner.refresh(range);
    }
    this.owner.refresh();
  }

  private node(index: number): ProfileNode {
    const list = this.owner.list()!;
    return (list.nodes[index] ??= new ProfileNode(this.owner, list.profiles[index]!));
  }

  private tail(): TreeNode[] {
    const list = this.owner.list();
    if (!list || !hasMore(list)) return [];
    const { more } = this;
    more.label = loadMoreLabel(list.total, list.shown);
    more.description = shownText(list.total, list.shown);
    more.tooltip = `The next ${this.owner.pageSize.toLocaleString('en-US')} protection profiles`;
    return [more];
  }
}
