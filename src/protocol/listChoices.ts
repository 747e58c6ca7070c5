// A list a panel offers to pick from (projects, regions, flavors), as the extension sends it to a
// webview: already labelled, or why there is nothing to pick (the field is then typed).

export interface ListOption {
  /** What the field holds when this option is picked (an id, a flavor name). */
  value: string;
  /** What the option says: name, then what tells it apart ("g1-standard-2-4 · 2 vCPUs · 4 GiB · €26.28/month"). */
  label: string;
  /** Shown under the list for the option in focus. */
  description?: string;
}

export type ListChoices =
  /** Typed: the server has no such list, nobody is signed in, or the list needs another field first (`hint` says which). */
  { state: 'typed'; hint?: string } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'listed'; options: ListOption[] };

/** The option value that switches a picker to its typed field ("Enter an ID…"). */
export const ENTER_TYPED = '\u0000typed';
