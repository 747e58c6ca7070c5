// The one shape a row handed to a command says which connection its list was read on, and the one
// check made of it before any command runs (#54): a row listed before a switch of connection may
// name, by the same id, another thing on the connection bound now. No vscode: unit-tested in Node.

/** A tree row (or pin) a command can be run on: the connection its list was read on. */
export interface ListedOn {
  /** Undefined: listed while the view showed no connection; it matches none. */
  readonly listedOn: string | undefined;
}

function isListedOn(value: unknown): value is ListedOn {
  if (typeof value !== 'object' || value === null || !('listedOn' in value)) return false;
  const { listedOn } = value;
  return listedOn === undefined || typeof listedOn === 'string';
}

/** The connection a handed-in row was listed on; undefined for anything else (the palette, a row of no connection). */
export function listedOnOf(value: unknown): string | undefined {
  return isListedOn(value) ? value.listedOn : undefined;
}

/**
 * The first row among a command's arguments listed on another connection than `connectionId`
 * (a tree passes the row clicked, then the rows selected); undefined when every row is its own.
 */
export function rowListedElsewhere(args: readonly unknown[], connectionId: string): ListedOn | undefined {
  for (const arg of args) {
    for (const row of Array.isArray(arg) ? (arg as unknown[]) : [arg]) {
      if (isListedOn(row) && row.listedOn !== connectionId) return row;
    }
  }
  return undefined;
}

/** The one wording of the refusal: nothing sent, where the row came from (when still known), what the view shows now. */
export function listedElsewhereText(shownName: string, listedName?: string): string {
  const from = listedName ? ` (${listedName})` : '';
  return `Nothing was sent: that row was listed on another connection${from}; the view now shows ${shownName}.`;
}
