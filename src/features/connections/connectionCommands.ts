// Sign In, Switch Connection, Change API Dialect, Set Console URL, Sign Out, Show Log.
import * as vscode from 'vscode';
import type { FeatureContext } from '../../ui/featureContext';
import type { FlowUi } from '../../ui/flowUi';
import { notifyError } from '../../ui/notify';
import { probeConnection } from '../../platform/probe';
import type { Log } from '../../ui/log';
import type { ConnectionManager } from '../../connections/connectionManager';
import { signInFlow } from './signInFlow';
import { setConsoleUrl } from './consoleUrlStep';
import { dialectPickItems, dialectPlaceholder } from './dialectPick';
import { DIALECT_DESCRIPTIONS, DIALECT_LABELS, dialectForBaseUrl, type Dialect } from '../../schema/dialect';

/** `register`: FeatureContext.registerUnboundCommand; these commands manage the connections themselves, none acts on one. */
export function registerConnectionCommands(
  connections: ConnectionManager,
  log: Log,
  ui: () => FlowUi,
  register: FeatureContext['registerUnboundCommand'],
): vscode.Disposable[] {
  const pickConnection = async (placeholder: string) => {
    const all = connections.list();
    const active = connections.active;
    return ui().pick({
      title: 'Platform Console',
      step: 1,
      totalSteps: 1,
      canGoBack: false,
      placeholder,
      items: all.map((c) => ({ label: c.name, description: c.id === active?.id ? `${c.baseUrl} (active)` : c.baseUrl, value: c.id })),
      activeValue: active?.id,
    });
  };

  return [
    register('platformConsole.signIn', async (prefill?: unknown) => {
      // Handed in by this extension's own Sign In again and the environment: the fields it knows.
      const connection = await signInFlow(connections, ui(), prefill as { name?: string; baseUrl?: string; dialect?: Dialect } | undefined);
      if (connection) void ui().notify('info', `Signed in to ${connection.name}.`);
    }),
    register('platformConsole.switchConnection', async () => {
      if (connections.list().length === 0) return vscode.commands.executeCommand('platformConsole.signIn');
      const id = await pickConnection('Switch to connection');
      if (typeof id === 'string') await connections.switchTo(id);
    }),
    register('platformConsole.changeDialect', async () => {
      if (connections.list().length === 0) return vscode.commands.executeCommand('platformConsole.signIn');
      const id = connections.list().length === 1 ? connections.list()[0]!.id : await pickConnection('Change the API dialect of connection');
      const target = connections.list().find((c) => c.id === id);
      if (!target) return;
      const fromUrl = dialectForBaseUrl(target.baseUrl);
      const dialect = await ui().pick<Dialect>({
        title: `Change API Dialect of ${target.name}`,
        step: 1,
        totalSteps: 1,
        canGoBack: false,
        placeholder: dialectPlaceholder(target.baseUrl, target.dialect, 'now'),
        items: dialectPickItems(fromUrl),
        activeValue: target.dialect,
      });
      if (typeof dialect !== 'string' || dialect === target.dialect) return;
      await connections.setDialect(target.id, dialect);
      void ui().notify('info', `${target.name} now speaks the ${DIALECT_LABELS[dialect]} dialect: ${DIALECT_DESCRIPTIONS[dialect]}.`);
    }),
    register('platformConsole.setConsoleUrl', async (row?: unknown) => {
      if (connections.list().length === 0) return vscode.commands.executeCommand('platformConsole.signIn');
      // From the Connections view the row names its connection; from the palette, one is picked.
      const fromRow = (row as { connectionId?: unknown } | undefined)?.connectionId;
      const id =
        typeof fromRow === 'string'
          ? fromRow
          : connections.list().length === 1
            ? connections.list()[0]!.id
            : await pickConnection('Set the web console of connection');
      const target = connections.list().find((c) => c.id === id);
      if (target) await setConsoleUrl(connections, ui(), target);
    }),
    register('platformConsole.signOut', async () => {
      if (connections.list().length === 0) return void ui().notify('info', 'Platform Console: no connection to sign out of.');
      const id = connections.list().length === 1 ? connections.list()[0]!.id : await pickConnection('Sign out of connection (its API key is deleted)');
      if (typeof id !== 'string') return;
      const name = connections.list().find((c) => c.id === id)?.name;
      await connections.signOut(id);
      void ui().notify('info', `Signed out of ${name}: its key is deleted and no longer used.`);
    }),
    register('platformConsole.showLog', () => log.show()),
    register('platformConsole.checkConnection', async () => {
      const active = connections.active;
      const api = await connections.api();
      if (!active || !api) return vscode.commands.executeCommand('platformConsole.signIn');
      try {
        const { ms } = await probeConnection(api.http);
        await ui().notify('info', `Connected to ${active.name}: the platform accepted the API key (${ms} ms).`);
      } catch (error) {
        await notifyError(`Could not check ${active.name}`, error, {
          log,
          ui: ui(),
          connectionName: active.name,
          signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: active.name, baseUrl: active.baseUrl }),
        });
      }
    }),
  ];
}
