// An app's last hour under its row: the figures in words (read when the row is expanded), which
// expand to the chart of calls per 5 minutes and the calls by status; an error is the view's error
// node with Retry, an app the statistics do not cover (404) a plain line.
import * as vscode from 'vscode';
import { ErrorNode, MessageNode, RUN_NODE_ACTION, TreeNode, type Runnable } from '../../ui/treeNodes';
import { callChart, chartMarkdown } from './model/edgeCallChart';
import { lastHourWords } from './model/edgeLastHour';
import { formatCount } from './model/edgeDisplay';
import { EdgeLineNode, md, type EdgeNodeHost } from './edgeNodes';

export const LAST_HOUR_CONTEXT = 'platformConsole.edgeLastHour';

export class LastHourNode extends TreeNode implements Runnable {
  constructor(
    readonly appId: number,
    private readonly host: EdgeNodeHost,
  ) {
    super();
  }

  /** Retry after an error: read again now, and redraw when the answer comes. */
  run(): void {
    this.host.appStats.forget(this.appId);
    this.host.appStats.state(this.appId, () => this.host.refresh(this));
    this.host.refresh(this);
  }

  getTreeItem(): vscode.TreeItem {
    const state = this.host.appStats.state(this.appId, () => this.host.refresh(this));
    if (state.status === 'loading') {
      const item = new vscode.TreeItem('Last hour');
      item.description = 'reading calls…';
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      item.tooltip = "Reading the app's calls of the last hour from the platform's statistics…";
      item.contextValue = LAST_HOUR_CONTEXT;
      return item;
    }
    if (state.status === 'error') {
      const item = new ErrorNode("Could not read the last hour's calls", state.error, () => this.run()).getTreeItem();
      item.command = { command: RUN_NODE_ACTION, title: 'Retry', arguments: [this] };
      return item;
    }
    if (state.status === 'notFound') {
      return new MessageNode('No call statistics for this app', 'info', {
        description: 'not found (404)',
        tooltip:
          "The platform's statistics answered 404 for this app: they cover the apps of the account the key belongs to " +
          '(a server without statistics answers 404 for every app).',
        contextValue: LAST_HOUR_CONTEXT,
      }).getTreeItem();
    }
    const { window } = state.series;
    const words = lastHourWords(window, state.readAt);
    const item = new vscode.TreeItem(words.label, window.calls > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = words.description;
    item.iconPath = new vscode.ThemeIcon(window.calls > 0 ? 'pulse' : 'circle-outline');
    item.tooltip = md(words.tooltip);
    item.accessibilityInformation = { label: words.spoken };
    item.contextValue = LAST_HOUR_CONTEXT;
    return item;
  }

  override getChildren(): TreeNode[] {
    const state = this.host.appStats.peek(this.appId);
    if (state?.status !== 'ok' || state.series.window.calls === 0) return [];
    const { window, slots } = state.series;
    const chart = callChart(window.from, window.to, window.step, slots);
    const c = window.byClass;
    const classes = (['2xx', '3xx', '4xx', '5xx'] as const).map((k) => `${k} ${formatCount(c[k])}`);
    const others = c['1xx'] + c.other;
    return [
      new ChartNode(chart.line, chart.sentence, chartMarkdown(chart)),
      new EdgeLineNode('By status', [...classes, ...(others > 0 ? [`other ${formatCount(others)}`] : [])].join(' · '), 'list-unordered', {
        tooltip: `Calls of the last hour by the class of their HTTP status (${window.from} to ${window.to}, UTC).`,
      }),
    ];
  }
}

/** The chart as a row: the bars as its description, the sentence for a screen reader, the chart and its table on hover. */
class ChartNode extends TreeNode {
  constructor(
    private readonly line: string,
    private readonly sentence: string,
    private readonly markdown: string,
  ) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Calls per 5 minutes');
    item.description = this.line;
    item.iconPath = new vscode.ThemeIcon('graph');
    item.accessibilityInformation = { label: this.sentence };
    item.contextValue = LAST_HOUR_CONTEXT;
    return item;
  }
  override resolveTooltip(): vscode.MarkdownString {
    return md(this.markdown);
  }
}
