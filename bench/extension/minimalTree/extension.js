// The baseline of bench/tree.memory.bench.mjs: one group "Secrets" whose children are plain
// TreeItems (a label, nothing else), ROWS of them paged by PAGE with a last "Load more (n more)"
// row that reads the next page, as the Cloud view pages a region's secrets. The items are created
// once and kept (the least an extension can hold). Opens the host's inspector as the bench build
// does (bench/extension/inspectHost.ts), so the bench can take heap snapshots of this host.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- VS Code loads an extension's main as CommonJS
const vscode = require('vscode');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const inspector = require('node:inspector');

const ROWS = Number(process.env.PLATFORM_CONSOLE_BENCH_MINIMAL_ROWS) || 10_000;
const PAGE = Number(process.env.PLATFORM_CONSOLE_BENCH_MINIMAL_PAGE) || 100;

exports.activate = (context) => {
  const port = Number(process.env.PLATFORM_CONSOLE_BENCH_INSPECT_PORT);
  if (port && !inspector.url()) inspector.open(port, '127.0.0.1');

  const group = new vscode.TreeItem('Secrets', vscode.TreeItemCollapsibleState.Collapsed);
  const rows = [];
  const more = new vscode.TreeItem('Load more');
  more.command = { command: 'minimalTree.loadMore', title: 'Load more' };
  const changed = new vscode.EventEmitter();
  const loadPage = () => {
    for (let i = rows.length, end = Math.min(ROWS, rows.length + PAGE); i < end; i++)
      rows.push(new vscode.TreeItem(`minimal-row-${String(i).padStart(5, '0')}`));
    more.label = `Load more (${ROWS - rows.length} more)`;
  };
  loadPage();
  const provider = {
    onDidChangeTreeData: changed.event,
    getTreeItem: (element) => element,
    getChildren: (element) => (element === undefined ? [group] : element === group ? (rows.length < ROWS ? [...rows, more] : [...rows]) : []),
  };
  context.subscriptions.push(
    changed,
    vscode.window.createTreeView('minimalTree.rows', { treeDataProvider: provider }),
    vscode.commands.registerCommand('minimalTree.loadMore', () => {
      loadPage();
      changed.fire(group);
    }),
  );
};
