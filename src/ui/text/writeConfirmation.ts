// What a person is told before a change is sent, in one shape for every feature: what it does, to
// which thing, on which connection, then the facts and any warning. Pure text for a modal dialog
// (plain text: the dialog shows no Markdown), so every confirmation reads alike.
import { showHidden } from './hiddenCharacters';

/** A connection as a confirmation names it; `simulator`: the simulator this window runs (*Try the Simulator*). */
export interface ConfirmedOn {
  name: string;
  baseUrl: string;
  simulator?: true;
}

/** What the simulator's connection is, wherever it is named (status bar, confirmations, Open in Console). */
export const SIMULATOR_WORDS = 'the simulator running in this window';
/** Beside the connection in a confirmation: a change made there reaches no platform. */
export const SIMULATOR_NOT_A_PLATFORM = `${SIMULATOR_WORDS}, not a platform`;
/** After the connection's name in a confirmation's title. */
export const SIMULATOR_TITLE = ' (the simulator)';

/** "name (base URL)", and for the simulator that it is one: no change reaches a platform. */
export function connectionWords(c: ConfirmedOn): string {
  return `${showHidden(c.name)} (${showHidden(c.baseUrl)}${c.simulator ? `: ${SIMULATOR_NOT_A_PLATFORM}` : ''})`;
}

export interface WriteSummary {
  /** What the change does, as a verb phrase: "Add 3 schedules to a lifecycle policy". */
  action: string;
  /** The connection it is sent on (its own words come from the person: shown, never interpreted). */
  connection: ConfirmedOn;
  /** The thing it changes, one line each: [label, value]. */
  facts: readonly (readonly [string, string])[];
  /** Said before the facts: why this change needs a closer look (a file from elsewhere, say). */
  warning?: string;
  /** A deletion, a disabling, a removal: said plainly, the button says so. */
  destructive?: boolean;
  /** How a destructive change that can be undone is undone: said instead of "This cannot be undone." */
  undo?: string;
  /** The button that sends it: "Submit", "Delete". */
  button: string;
}

/** The modal's message (one line) and detail (the facts, one a line), and its button. */
export function writeConfirmationText(summary: WriteSummary): { message: string; detail: string; button: string } {
  const on = connectionWords(summary.connection);
  const lines = [
    ...(summary.warning ? [showHidden(summary.warning), ''] : []),
    `Connection: ${on}`,
    ...summary.facts.map(([label, value]) => `${label}: ${showHidden(value)}`),
    '',
    summary.destructive
      ? `${summary.undo ? showHidden(summary.undo) : 'This cannot be undone.'} Sent once; never retried automatically.`
      : 'Sent once when you choose ' + summary.button + '; never retried automatically.',
  ];
  const name = `${showHidden(summary.connection.name)}${summary.connection.simulator ? SIMULATOR_TITLE : ''}`;
  return { message: `${showHidden(summary.action)} on ${name}?`, detail: lines.join('\n'), button: summary.button };
}
