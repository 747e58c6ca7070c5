// A function namespace's row (its functions read on open) and a function's row (its state by icon).
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { FaasFunction, FaasNamespace } from '../../schema/cloudLists';
import type { CloudPlace, CloudTarget } from '../../ui/cloudTarget';
import { formatUtc } from '../../ui/text/timeText';
import { TreeNode, spokenRow } from '../../ui/treeNodes';
import { CloudRow, adopt, listRows, placeKey, tooltip } from './cloudRows';
import type { CloudSource } from './cloudSource';
import { functionDescription, functionState, type FunctionState } from './model/cloudDisplay';

export class NamespaceNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    private readonly source: CloudSource,
    readonly place: CloudPlace,
    readonly namespace: FaasNamespace,
  ) {
    super();
    this.cloudTarget = { kind: 'namespace', ...place, name: namespace.name };
  }
  getTreeItem(): vscode.TreeItem {
    const { namespace } = this;
    const item = new vscode.TreeItem(namespace.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:namespace:${namespace.name}`;
    item.description = namespace.status ?? undefined;
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.tooltip = tooltip(`Namespace ${namespace.name}`, [
      ['Status', namespace.status],
      ['Description', namespace.description],
      ['Created', formatUtc(namespace.created_at)],
    ]);
    item.contextValue = 'platformConsole.cloud.namespace';
    item.accessibilityInformation = spokenRow(`Namespace ${namespace.name}`, item.description);
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const bound = await this.source.bind(this.place.connectionId);
    if (!bound) return [];
    const loaded = await bound.lists.functions(this.place.projectId, this.place.regionId, this.namespace.name);
    return adopt(
      this,
      listRows(
        loaded,
        'functions',
        `in namespace ${this.namespace.name}`,
        (items) => items.map((f) => new FunctionNode(this.place, this.namespace.name, f)),
        () => this.source.reloadAll(),
      ),
    );
  }
}

const FUNCTION_ICONS: Record<FunctionState, [string, string | undefined]> = {
  active: ['pass', 'testing.iconPassed'],
  disabled: ['circle-slash', 'disabledForeground'],
  deploying: ['sync~spin', 'charts.blue'],
  failed: ['error', 'errorForeground'],
  unknown: ['symbol-method', undefined],
};

export class FunctionNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  // What Open Function Logs reads from its argument: run from this row, it asks nothing.
  readonly projectId: number;
  readonly regionId: number;
  readonly functionName: string;
  constructor(
    readonly place: CloudPlace,
    readonly namespace: string,
    readonly fn: FaasFunction,
  ) {
    super();
    this.cloudTarget = { kind: 'function', ...place, namespace, name: fn.name };
    this.projectId = place.projectId;
    this.regionId = place.regionId;
    this.functionName = fn.name;
  }
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'cloudFunction', projectId: this.place.projectId, regionId: this.place.regionId, name: this.fn.name };
  }
  getTreeItem(): vscode.TreeItem {
    const { fn } = this;
    const item = new vscode.TreeItem(fn.name);
    item.id = `cloud:${placeKey(this.place)}:namespace:${this.namespace}:function:${fn.name}`;
    item.description = functionDescription(fn) || undefined;
    const state = functionState(fn);
    const [icon, color] = FUNCTION_ICONS[state];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.tooltip = tooltip(`Function ${fn.name}`, [
      ['Namespace', this.namespace],
      ['Status', fn.status],
      ['Runtime', fn.runtime],
      ['Flavor', fn.flavor],
      ['Endpoint', fn.endpoint],
      ['Description', fn.description],
    ]);
    item.contextValue = `platformConsole.cloud.function.${state}`;
    item.accessibilityInformation = spokenRow(`Function ${fn.name}`, item.description);
    return item;
  }
}
