// A TreeDataProvider over TreeNode classes, with its TreeView: refresh, description (active
// filters, connection), and a welcome view while signed out (the roots are then empty).
import * as vscode from 'vscode';
import { Disposable } from './disposable';
import type { TreeNode } from './treeNodes';

export abstract class NodeTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<TreeNode | undefined | void>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TreeNode>;

  constructor(
    readonly viewId: string,
    options: { showCollapseAll?: boolean; canSelectMany?: boolean } = {},
  ) {
    super();
    this.view = this._register(vscode.window.createTreeView(viewId, { treeDataProvider: this, ...options }));
  }

  /** The top-level nodes; [] shows the view's welcome content. */
  protected abstract roots(): TreeNode[] | Promise<TreeNode[]>;

  /** Redraws `node` (and below), or the whole view. */
  refresh(node?: TreeNode): void {
    this.changed.fire(node);
  }

  /**
   * Go to…'s last step: the row revealed and selected. A hidden view is shown and drawn afresh
   * first: the workbench's reveal looks for the row among what the view last drew, and a hidden
   * view keeps its old rows (its redraws wait until it is seen), so it would select nothing.
   */
  async revealRow(node: TreeNode): Promise<void> {
    if (!this.view.visible) {
      await vscode.commands.executeCommand(`${this.viewId}.focus`);
      this.refresh();
    }
    await this.view.reveal(node, { select: true, focus: true });
  }

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return node.getTreeItem();
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (node.resolveTooltip) item.tooltip = node.resolveTooltip();
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const children = node ? await node.getChildren() : await this.roots();
    for (const child of children) child.parent ??= node;
    return children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }
}
