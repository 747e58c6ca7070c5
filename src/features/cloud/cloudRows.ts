// What every row of the Cloud view shares: the row under a region (listed on its place's
// connection), its tree id, its tooltip table, and a list's answer as rows.
import * as vscode from 'vscode';
import type { Loaded } from '../../platform/platformLists';
import type { CloudPlace } from '../../ui/cloudTarget';
import type { ListedOn } from '../../ui/listedOn';
import { valueText } from '../../schema/valueText';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { ErrorNode, MessageNode, TreeNode } from '../../ui/treeNodes';

export const placeKey = (p: CloudPlace) => `${p.connectionId}/${p.projectId}/${p.regionId}`;

export function adopt(parent: TreeNode, children: TreeNode[]): TreeNode[] {
  for (const child of children) child.parent = parent;
  return children;
}

export function tooltip(title: string, rows: [string, unknown][]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(`**${escapeMarkdown(title)}**\n\n| | |\n|---|---|\n`);
  for (const [k, v] of rows)
    if (v !== undefined && v !== null && v !== '') md.appendMarkdown(`| ${escapeMarkdown(k)} | ${escapeMarkdown(valueText(v)).replace(/\|/g, '\\|')} |\n`);
  return md;
}

/** A list's answer as rows: its items, or why there are none. */
export function listRows<T>(loaded: Loaded<T>, what: string, where: string, rows: (items: T[]) => TreeNode[], retry: () => unknown): TreeNode[] {
  if ('error' in loaded) return [new ErrorNode(`Could not load the ${what}`, loaded.error, retry)];
  if ('unavailable' in loaded)
    return [
      new MessageNode(`This server does not list ${what}`, 'info', {
        tooltip: `The platform answered that it has no list of ${what} here (a server of the original design).`,
      }),
    ];
  if (loaded.items.length === 0) return [new MessageNode(`No ${what} ${where}`, 'info')];
  return rows(loaded.items);
}

/** A row under a region: its list was read on its place's connection (ListedOn, #54). */
export abstract class CloudRow extends TreeNode implements ListedOn {
  abstract readonly place: CloudPlace;
  get listedOn(): string {
    return this.place.connectionId;
  }
}
