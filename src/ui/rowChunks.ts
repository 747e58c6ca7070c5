// A long list in a tree: its first ROW_CHUNK rows directly under the parent, each further chunk
// under a range row ("1,001–2,000"), as VS Code's debugger shows a long array. VS Code builds every
// row of what is redrawn again and keeps a little of each for the view's life (docs/performance.md,
// "Where the memory of a long tree goes"): a flat list paged to 10,000 costs the square of its pages;
// here a page redraws the range it fills, and the parent only when a range is added. Then the
// ranges paged past fold (a new id, collapsed): VS Code would read every open range's rows again.
import * as vscode from 'vscode';
import { RUN_NODE_ACTION, TreeNode, type Runnable } from './treeNodes';

export const ROW_CHUNK = 1000;

const count = (n: number) => n.toLocaleString('en-US');

export interface RowSource {
  /** Rows in hand. */
  readonly rowCount: number;
  /** The row at `index`, kept by the owner: a redraw makes no new node (VS Code keeps the row's state). */
  row(index: number): TreeNode;
  /** What follows the last row: a Load more, an error; [] when the list is whole. */
  tail(): TreeNode[];
}

export interface ChunkedRowsOptions {
  /** The view's id: Load more shows its progress there. */
  viewId: string;
  /** Prefix of the range rows' tree ids, unique in the view ("cloud:<place>:secrets"). */
  id: string;
  /** The rows' plural noun for a range's description and its spoken label ("secrets"). */
  noun: string;
  source: RowSource;
  /** Redraws a node, or the view's roots (NodeTree.refresh). */
  redraw: (node?: TreeNode) => void;
  /** The list's parent row; undefined when the rows are the view's roots. */
  parent?: () => TreeNode | undefined;
  chunk?: number;
}

export class ChunkedRows {
  private readonly ranges: RowRange[] = [];

  constructor(readonly options: ChunkedRowsOptions) {}

  get chunk(): number {
    return this.options.chunk ?? ROW_CHUNK;
  }

  /** The parent's children: the first chunk's rows, then a range row per further chunk; the tail after the last row. */
  children(): TreeNode[] {
    const { source } = this.options;
    const parent = this.options.parent?.();
    const ranges = this.rangeCount(source.rowCount);
    this.ranges.length = Math.min(this.ranges.length, ranges);
    for (let k = this.ranges.length; k < ranges; k++) this.ranges.push(new RowRange(this, k + 1, false));
    // The last range is open (it holds the tail); the others folded, each once: a new object, a new id.
    this.ranges.forEach((range, i) => {
      const folded = i < ranges - 1;
      if (range.folded !== folded) this.ranges[i] = new RowRange(this, range.index, folded);
    });
    const head = this.rowsOf(0, Math.min(source.rowCount, this.chunk), parent);
    for (const range of this.ranges) range.parent = parent;
    return ranges === 0 ? [...head, ...this.tailOf(parent)] : [...head, ...this.ranges];
  }

  /** The rows of range `k` (1-based), and the tail in the last. */
  rangeChildren(range: RowRange): TreeNode[] {
    const { rowCount } = this.options.source;
    const from = range.index * this.chunk;
    const rows = this.rowsOf(from, Math.min(rowCount, from + this.chunk), range);
    return range.index === this.ranges.length ? [...rows, ...this.tailOf(range)] : rows;
  }

  /** First and last row numbers (1-based) of range `k`, as rows are now. */
  bounds(range: RowRange): { from: number; to: number } {
    const from = range.index * this.chunk + 1;
    return { from, to: Math.min(this.options.source.rowCount, from + this.chunk - 1) };
  }

  /**
   * Redraws what changed after rows were added at the end (`before`: rows in hand before): the last
   * range alone while the rows stay in it, else the parent (a range added, or the first chunk grew).
   */
  grown(before: number): void {
    const after = this.options.source.rowCount;
    const last = this.ranges.at(-1);
    if (last && this.rangeCount(before) === this.rangeCount(after) && before >= this.chunk) this.options.redraw(last);
    else this.redrawParent();
  }

  /**
   * Redraws the parent after a row was removed: the rows after it move up a place, across ranges
   * (each range's bounds with them), and the list's count on the parent changes.
   */
  shrunk(): void {
    this.redrawParent();
  }

  /** Redraws the tail alone (its row where it is), after it changed without rows added (Loading…, an error). */
  tailChanged(): void {
    const last = this.ranges.at(-1);
    if (last) this.options.redraw(last);
    else this.redrawParent();
  }

  /** The row shown for `index`, with its parent set: what reveal() needs for a row in a range. */
  rowAt(index: number): TreeNode | undefined {
    const { source } = this.options;
    if (index < 0 || index >= source.rowCount) return undefined;
    this.children();
    const k = Math.floor(index / this.chunk);
    const node = source.row(index);
    node.parent = k === 0 ? this.options.parent?.() : this.ranges[k - 1];
    return node;
  }

  private redrawParent(): void {
    this.options.redraw(this.options.parent?.());
  }

  private rangeCount(rows: number): number {
    return Math.max(0, Math.ceil(rows / this.chunk) - 1);
  }

  private rowsOf(from: number, to: number, parent: TreeNode | undefined): TreeNode[] {
    const rows: TreeNode[] = [];
    for (let i = from; i < to; i++) {
      const node = this.options.source.row(i);
      node.parent = parent;
      rows.push(node);
    }
    return rows;
  }

  private tailOf(parent: TreeNode | undefined): TreeNode[] {
    const tail = this.options.source.tail();
    for (const node of tail) node.parent = parent;
    return tail;
  }
}

/** "1,001–2,000": a chunk of a long list, open while it is the last, folded once paged past. */
export class RowRange extends TreeNode {
  constructor(
    private readonly rows: ChunkedRows,
    /** 1-based: range 1 holds rows chunk+1 to 2·chunk. */
    readonly index: number,
    readonly folded: boolean,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const { from, to } = this.rows.bounds(this);
    const { id, noun } = this.rows.options;
    const state = this.folded ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded;
    const item = new vscode.TreeItem(`${count(from)}–${count(to)}`, state);
    item.id = `${id}:rows:${this.index}${this.folded ? ':folded' : ''}`;
    item.description = noun;
    item.iconPath = new vscode.ThemeIcon('list-flat');
    item.contextValue = 'platformConsole.rowRange';
    item.accessibilityInformation = { label: `${noun} ${count(from)} to ${count(to)}` };
    return item;
  }
  override getChildren(): TreeNode[] {
    return this.rows.rangeChildren(this);
  }
}

/** A page read longer than this says Loading… on its row (before it, the view's progress bar alone). */
export const LOADING_LABEL_AFTER_MS = 1000;

/**
 * "Load more": one node per list. `load` reads the next page into the owner's rows (or notes its
 * error for the tail); then what changed is redrawn once (ChunkedRows.grown). While it reads, the
 * view shows its progress bar, and the row says Loading… only past a second: VS Code holds back a
 * redraw that follows another within 200 ms, so an early Loading… would delay a quick page.
 */
export class LoadMoreNode extends TreeNode implements Runnable {
  label = 'Load more';
  description: string | undefined;
  tooltip: string | undefined;
  private running: Promise<void> | undefined;
  private saysLoading = false;

  constructor(
    private readonly id: string,
    private readonly rows: () => ChunkedRows,
    private readonly load: () => Promise<void>,
  ) {
    super();
  }

  get loading(): boolean {
    return this.running !== undefined;
  }

  run(): Promise<void> {
    if (this.running) return this.running;
    const chunks = this.rows();
    const before = chunks.options.source.rowCount;
    const slow = setTimeout(() => {
      this.saysLoading = true;
      chunks.options.redraw(this);
    }, LOADING_LABEL_AFTER_MS);
    const running = (this.running = (async () => {
      try {
        await this.load();
      } finally {
        clearTimeout(slow);
        this.running = undefined;
        this.saysLoading = false;
        chunks.grown(before);
      }
    })());
    void vscode.window.withProgress({ location: { viewId: chunks.options.viewId } }, () => running);
    return running;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.saysLoading ? 'Loading…' : this.label);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.saysLoading ? 'loading~spin' : 'more');
    item.description = this.description;
    item.tooltip = this.tooltip ?? this.label;
    item.contextValue = 'platformConsole.loadMore';
    item.command = { command: RUN_NODE_ACTION, title: this.label, arguments: [this] };
    return item;
  }
}
