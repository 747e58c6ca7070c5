// The baseline of the tree benches (bench/tree.memory, bench/trees.paging): plain TreeItems paged
// with Load more, as an extension does without ranges. One view; a collapsed group per list, its
// rows flat under it, a page at a time, with a last "Load more (n more)" row ("x of y shown", en-US
// numbers, as the product's) that reads the next page and refreshes the group once. The items are
// created once and kept (the least an extension can hold). Opens the host's inspector as the bench
// build does (bench/extension/inspectHost.ts), so a bench can force GCs and take heap snapshots.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- VS Code loads an extension's main as CommonJS
const vscode = require('vscode');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const inspector = require('node:inspector');

/**
 * The lists: PLATFORM_CONSOLE_BENCH_MINIMAL_LISTS, JSON [{ name, rows, page }]; else one "Secrets"
 * list of PLATFORM_CONSOLE_BENCH_MINIMAL_ROWS (10,000) rows, PLATFORM_CONSOLE_BENCH_MINIMAL_PAGE (100) a page.
 */
function listsWanted() {
  const lists = process.env.PLATFORM_CONSOLE_BENCH_MINIMAL_LISTS;
  if (lists) return JSON.parse(lists);
  const rows = Number(process.env.PLATFORM_CONSOLE_BENCH_MINIMAL_ROWS) || 10_000;
  return [{ name: 'Secrets', rows, page: Number(process.env.PLATFORM_CONSOLE_BENCH_MINIMAL_PAGE) || 100 }];
}

const count = (n) => n.toLocaleString('en-US');

exports.activate = (context) => {
  const port = Number(process.env.PLATFORM_CONSOLE_BENCH_INSPECT_PORT);
  if (port && !inspector.url()) inspector.open(port, '127.0.0.1');

  const changed = new vscode.EventEmitter();
  const lists = listsWanted().map(({ name, rows, page }) => {
    const group = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Collapsed);
    group.id = `minimal:${name}`;
    const more = new vscode.TreeItem('Load more');
    more.id = `minimal:${name}:more`;
    more.command = { command: 'minimalTree.loadMore', title: 'Load more', arguments: [name] };
    const list = { name, total: rows, page, group, more, rows: [] };
    list.loadPage = () => {
      for (let i = list.rows.length, end = Math.min(rows, list.rows.length + page); i < end; i++)
        list.rows.push(new vscode.TreeItem(`minimal-${name.toLowerCase()}-${String(i).padStart(5, '0')}`));
      more.label = `Load more (${count(rows - list.rows.length)} more)`;
      more.description = `${count(list.rows.length)} of ${count(rows)} shown`;
      more.tooltip = `The next ${page} rows`;
    };
    list.loadPage();
    return list;
  });
  const byGroup = new Map(lists.map((l) => [l.group, l]));
  const provider = {
    onDidChangeTreeData: changed.event,
    getTreeItem: (element) => element,
    getChildren: (element) => {
      if (element === undefined) return lists.map((l) => l.group);
      const list = byGroup.get(element);
      if (!list) return [];
      return list.rows.length < list.total ? [...list.rows, list.more] : [...list.rows];
    },
  };
  context.subscriptions.push(
    changed,
    vscode.window.createTreeView('minimalTree.rows', { treeDataProvider: provider }),
    vscode.commands.registerCommand('minimalTree.loadMore', (name) => {
      const list = lists.find((l) => l.name === name);
      if (!list) return;
      list.loadPage();
      changed.fire(list.group);
    }),
  );
};
