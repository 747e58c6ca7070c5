// What a person is told before a change is sent, in one shape for every feature: what it does, to
// which thing, on which connection, then the facts and any warning. Pure text for a modal dialog
// (plain text: the dialog shows no Markdown), so every confirmation reads alike.

export interface WriteSummary {
  /** What the change does, as a verb phrase: "Add 3 schedules to a lifecycle policy". */
  action: string;
  /** The connection it is sent on (its own words come from the person: shown, never interpreted). */
  connection: { name: string; baseUrl: string };
  /** The thing it changes, one line each: [label, value]. */
  facts: readonly (readonly [string, string])[];
  /** Said before the facts: why this change needs a closer look (a file from elsewhere, say). */
  warning?: string;
  /** A deletion, a disabling, a removal: said plainly, the button says so. */
  destructive?: boolean;
  /** The button that sends it: "Submit", "Delete". */
  button: string;
}

/** Control characters and line breaks made visible: a value cannot add lines of its own. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** The modal's message (one line) and detail (the facts, one a line), and its button. */
export function writeConfirmationText(summary: WriteSummary): { message: string; detail: string; button: string } {
  const on = `${oneLine(summary.connection.name)} (${oneLine(summary.connection.baseUrl)})`;
  const lines = [
    ...(summary.warning ? [oneLine(summary.warning), ''] : []),
    `Connection: ${on}`,
    ...summary.facts.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    summary.destructive ? 'This cannot be undone. Sent once; never retried automatically.' : 'Sent once when you choose ' + summary.button + '; never retried automatically.',
  ];
  return { message: `${oneLine(summary.action)} on ${oneLine(summary.connection.name)}?`, detail: lines.join('\n'), button: summary.button };
}
