// The command's work: the row's resource and the connection's console make one URL, opened in the
// browser; a connection without a console, or a row without a resource, is told so and nothing opens.
import * as vscode from 'vscode';
import type { Connection } from '../../connections/connectionManager';
import { consoleBaseOf } from '../../schema/consoleBase';
import { consoleLink, consoleResourceOf } from '../../schema/consoleLinks';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { SIMULATOR_WORDS } from '../../ui/text/writeConfirmation';

export type Opener = (uri: vscode.Uri) => Thenable<boolean>;

/** True when the browser was asked to open the page. */
export async function openInConsole(connection: Connection, row: unknown, deps: { ui: FlowUi; log: Log; open: Opener }): Promise<boolean> {
  const resource = consoleResourceOf(row);
  if (!resource) {
    void deps.ui.notify('info', 'Open in Console opens a row of a Platform Console view: run it from the row’s context menu.');
    return false;
  }
  const base = consoleBaseOf(connection);
  if (!base) {
    const why = connection.simulator ? `it is ${SIMULATOR_WORDS}` : 'its API dialect is Spec';
    const choice = await deps.ui.notify('info', `${connection.name} has no web console (${why}): set one with Set Console URL… to open its rows there.`, [
      'Set Console URL…',
    ]);
    if (choice) await vscode.commands.executeCommand('platformConsole.setConsoleUrl', { connectionId: connection.id });
    return false;
  }
  const link = consoleLink(base, resource);
  deps.log.info(`[${connection.name}] Open in Console: ${link.url}${link.exact ? '' : ` (then ${link.where})`}`);
  const opened = await deps.open(vscode.Uri.parse(link.url, true));
  if (opened && !link.exact) void deps.ui.notify('info', `The console has no page of its own for this row: in the page opened, go to ${link.where}.`);
  return opened;
}
