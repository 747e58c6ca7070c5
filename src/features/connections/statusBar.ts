import * as vscode from 'vscode';
import { escapeMarkdown } from '../../ui/text/markdownText';
import type { ConnectionManager } from '../../connections/connectionManager';
import { DIALECT_LABELS } from '../../schema/dialect';
import { SIMULATOR_WORDS } from '../../ui/text/writeConfirmation';

/** Shows the active connection; a click switches (or signs in when there is none). */
export function createConnectionStatusBar(connections: ConnectionManager): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('platformConsole.connection', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Platform Console Connection';
  const render = () => {
    const active = connections.active;
    if (active && connections.signedIn) {
      // The simulator is said so: a change made there reaches no platform.
      item.text = `${active.simulator ? '$(beaker)' : '$(cloud)'} ${active.name}`;
      const what = active.simulator ? SIMULATOR_WORDS : `${DIALECT_LABELS[active.dialect]} dialect`;
      item.tooltip = new vscode.MarkdownString(
        `**Platform Console**: connected to ${escapeMarkdown(active.name)} (${escapeMarkdown(active.baseUrl)}, ${what})\n\nClick to switch connection.`,
      );
      item.command = 'platformConsole.switchConnection';
    } else {
      item.text = '$(cloud) Sign in';
      item.tooltip = 'Platform Console: sign in to a platform';
      item.command = 'platformConsole.signIn';
    }
    item.show();
  };
  render();
  const sub = connections.onDidChange(render);
  return vscode.Disposable.from(item, sub);
}
