// A pinned id in the Edge view: its object when loaded, "not found (404)", or the error with Retry.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import { PlatformError } from '../../schema/errors';
import type { EdgeApp, EdgeClient } from '../../schema/edge';
import { ErrorNode, RUN_NODE_ACTION, TreeNode, spokenRow, type Runnable } from '../../ui/treeNodes';
import { EDGE_KIND_NAMES, type EdgeKind } from './model/edgePins';
import { appChildren, appItem, clientChildren, clientItem, templateChildren, templateItem } from './edgeDetailNodes';
import { CONTEXT, esc, md, type EdgeData, type EdgeNodeHost, type LoadState } from './edgeNodes';
import type { ListedOn } from '../../ui/listedOn';

/** What a pin asks of the tree beyond what every edge node does: to be loaded again. */
export interface PinHost extends EdgeNodeHost {
  retry(pin: PinNode): unknown;
}

/** One pinned id: its object when loaded, "not found (404)", or the error with Retry. */
export class PinNode extends TreeNode implements Runnable, ListedOn {
  state: LoadState<EdgeData[EdgeKind]> = { status: 'idle' };
  /** Bumped per load: an answer to an older load is dropped. */
  generation = 0;

  /** The connection the pin was shown on: the view may show another one by the time a command runs on it. */
  readonly listedOn: string | undefined;

  constructor(
    readonly kind: EdgeKind,
    readonly id: number,
    private readonly host: PinHost,
  ) {
    super();
    this.listedOn = host.activeConnectionId;
  }

  /** Open in Console reads it: an app or a template pin (a client has no page in the console). */
  get consoleResource(): ConsoleResource | undefined {
    if (this.kind === 'app') return { kind: 'edgeApp', id: this.id };
    if (this.kind === 'template') return { kind: 'edgeTemplate', id: this.id };
    return undefined;
  }

  get title(): string {
    return `${EDGE_KIND_NAMES[this.kind].title} ${this.id}`;
  }

  /** Retry (error state): loads again. */
  run(): unknown {
    return this.host.retry(this);
  }

  getTreeItem(): vscode.TreeItem {
    const state = this.state;
    const noun = `edge ${EDGE_KIND_NAMES[this.kind].noun} ${this.id}`;
    if (state.status === 'idle' || state.status === 'loading') {
      const item = new vscode.TreeItem(this.title);
      item.description = 'loading…';
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      item.tooltip = `Loading ${noun}…`;
      item.contextValue = CONTEXT.pin(this.kind, 'loading');
      item.accessibilityInformation = spokenRow(this.title, undefined, 'loading');
      return item;
    }
    if (state.status === 'notFound') {
      const item = new vscode.TreeItem(this.title);
      item.description = 'not found (404)';
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = md(
        `**${esc(this.title)}**: not found (404)\n\nThe platform has no ${esc(noun)} for this connection's ` +
          'key: it was deleted, or belongs to another account. Remove the pin from the context menu.',
      );
      item.contextValue = CONTEXT.pin(this.kind, 'notFound');
      item.accessibilityInformation = spokenRow(this.title, 'not found (404) · remove the pin from the context menu', 'warning');
      return item;
    }
    if (state.status === 'error') {
      const item = new ErrorNode(this.title, state.error, () => this.run()).getTreeItem();
      const reason = state.error instanceof Error ? state.error.message : String(state.error);
      const kind = state.error instanceof PlatformError ? ` (${state.error.kind}${state.error.status ? `, HTTP ${state.error.status}` : ''})` : '';
      item.tooltip = md(`**Could not load ${esc(noun)}**${esc(kind)}\n\n${esc(reason)}\n\nClick to retry; Show Log has the details.`);
      item.contextValue = CONTEXT.pin(this.kind, 'error');
      item.accessibilityInformation = spokenRow(this.title, `${reason} · press Enter to retry`, 'error');
      item.command = { command: RUN_NODE_ACTION, title: 'Retry', arguments: [this] };
      return item;
    }
    switch (this.kind) {
      case 'client':
        return clientItem(this.id, state.data as EdgeClient);
      case 'app':
        return appItem(this.id, state.data as EdgeApp, this.host.now(), this.host.appBuild?.(this.id));
      case 'template':
        return templateItem(this.id, state.data);
    }
  }

  override getChildren(): TreeNode[] {
    if (this.state.status !== 'ok') return [];
    switch (this.kind) {
      case 'client':
        return clientChildren(this.state.data as EdgeClient, this.host.now());
      case 'app':
        return appChildren(this.id, this.state.data as EdgeApp, this.host);
      case 'template':
        return templateChildren(this.id, this.state.data, this.host, { withName: false });
    }
  }
}
