// A TreeDataProvider over TreeNode classes, with its TreeView: refresh, description (active
// filters, connection), and a welcome view while signed out (the roots are then empty).
import * as vscode from 'vscode';
import type { TreeNode } from './treeNodes';

export abstract class NodeTree implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TreeNode>;
  protected readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(viewId: string, options: { showCollapseAll?: boolean; canSelectMany?: boolean } = {}) {
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this, ...options });
    this.disposables.push(this.view);
  }

  /** The top-level nodes; [] shows the view's welcome content. */
  protected abstract roots(): TreeNode[] | Promise<TreeNode[]>;

  /** Redraws `node` (and below), or the whole view. */
  refresh(node?: TreeNode): void {
    this.changed.fire(node);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return node.getTreeItem();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const children = node ? await node.getChildren() : await this.roots();
    for (const child of children) child.parent ??= node;
    return children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }
}
