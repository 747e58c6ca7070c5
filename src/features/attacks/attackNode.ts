// A row of the DDoS Attacks view: one attack, kept while its list is (rowChunks.ts), so a redraw
// makes no new node; it remembers what it last drew, so a re-read redraws only the rows that moved.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { TreeNode, spokenRow } from '../../ui/treeNodes';
import { attackFacts, rowDescription, rowLabel, type AttackRow } from './model/attackRows';

export const ATTACK_CONTEXT = 'platformConsole.attack';

export class AttackNode extends TreeNode {
  /** Label and description as last drawn (undefined: not drawn yet). */
  private drawn: string | undefined;

  constructor(
    public row: AttackRow,
    private readonly now: () => number,
    private readonly timeZone?: string,
  ) {
    super();
  }

  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'ddosAttack', id: this.row.id };
  }

  /** What the row says now (its event and, for an ongoing attack, how long it has lasted). */
  text(): string {
    return `${rowLabel(this.row)}\n${this.description()}`;
  }

  private description(): string {
    return rowDescription(this.row, this.now(), this.timeZone);
  }

  /** The row would say something else than it last drew. */
  get moved(): boolean {
    return this.drawn !== undefined && this.drawn !== this.text();
  }

  getTreeItem(): vscode.TreeItem {
    const { row } = this;
    const label = rowLabel(row);
    const description = this.description();
    this.drawn = `${label}\n${description}`;
    const ongoing = row.end.kind === 'ongoing';
    const item = new vscode.TreeItem(label);
    item.id = `attack.${row.id}`;
    item.description = description;
    item.iconPath = ongoing
      ? new vscode.ThemeIcon('flame', new vscode.ThemeColor('errorForeground'))
      : new vscode.ThemeIcon(row.alertType === 'rtbh_alert' ? 'circle-slash' : 'shield');
    item.contextValue = ATTACK_CONTEXT;
    item.accessibilityInformation = spokenRow(label, description, ongoing ? 'ongoing attack' : undefined);
    return item;
  }

  /** Built when hovered: a long list sends no tooltip text as it is drawn. */
  override resolveTooltip(): vscode.MarkdownString {
    const { row } = this;
    const facts = attackFacts(row, this.now(), this.timeZone);
    return new vscode.MarkdownString(
      [
        `**${row.end.kind === 'ongoing' ? 'Ongoing DDoS attack' : 'DDoS attack'}** on ${escapeMarkdown(rowLabel(row))}`,
        '',
        ...facts.slice(1).map(([label, value]) => `${label}: ${escapeMarkdown(value)}  `),
      ].join('\n'),
    );
  }
}
