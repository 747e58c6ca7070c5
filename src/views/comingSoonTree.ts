// A view whose content arrives in a later release: while signed in it says what it will hold;
// signed out it is empty, so the view's welcome content (with "Sign In") shows.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connectionManager';

export class ComingSoonTree implements vscode.TreeDataProvider<string>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<string>;
  private readonly subscription: vscode.Disposable;

  constructor(
    viewId: string,
    private readonly connections: ConnectionManager,
    private readonly lines: readonly string[],
  ) {
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this });
    this.subscription = connections.onDidChange(() => this.refresh());
    this.refresh();
  }

  refresh(): void {
    this.view.description = this.connections.active?.name;
    this.changed.fire();
  }

  getTreeItem(line: string): vscode.TreeItem {
    const item = new vscode.TreeItem(line);
    item.iconPath = new vscode.ThemeIcon('info');
    return item;
  }

  getChildren(): string[] {
    return this.connections.signedIn ? [...this.lines] : [];
  }

  dispose(): void {
    this.subscription.dispose();
    this.view.dispose();
    this.changed.dispose();
  }
}
