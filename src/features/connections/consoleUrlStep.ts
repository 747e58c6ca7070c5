// Set Console URL… (#58 item 4): the web console a connection's rows open in, for a white-label
// reseller's portal. Checked as typed (https, or http to this machine); empty goes back to the default.
import type { ConnectionManager, Connection } from '../../connections/connectionManager';
import type { FlowUi } from '../../ui/flowUi';
import { consoleBaseOf, consoleUrlProblem } from '../../schema/consoleBase';
import { DIALECT_LABELS } from '../../schema/dialect';

export async function setConsoleUrl(connections: ConnectionManager, ui: FlowUi, target: Connection): Promise<void> {
  const fallback = consoleBaseOf({ dialect: target.dialect, simulator: target.simulator });
  const typed = await ui.input({
    title: `Set Console URL of ${target.name}`,
    step: 1,
    totalSteps: 1,
    canGoBack: false,
    prompt: `The web console its rows open in (Open in Console). Leave empty for the default: ${
      fallback ?? `none (${target.simulator ? 'the simulator has' : `the ${DIALECT_LABELS[target.dialect]} dialect has`} no console)`
    }.`,
    placeholder: fallback ?? 'https://portal.example.com',
    value: target.consoleUrl ?? '',
    validate: consoleUrlProblem,
  });
  if (typeof typed !== 'string') return;
  const changed = await connections.setConsoleUrl(target.id, typed.trim() ? typed : undefined);
  const now = changed && consoleBaseOf(changed);
  void ui.notify('info', `${target.name} opens its rows in ${now ?? 'no web console'}${changed?.consoleUrl ? '' : ' (the default)'}.`);
}
