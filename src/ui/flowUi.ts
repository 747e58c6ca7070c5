// Every prompt of every flow goes through a FlowUi, so integration tests can script the answers
// (Back and Escape included) while the product uses VS Code's own input boxes and quick picks.
// Symbol.for: the tests' bundle and the extension's bundle must share these two values.

export const BACK: unique symbol = Symbol.for('platformConsole.flow.back') as never;
export const CANCEL: unique symbol = Symbol.for('platformConsole.flow.cancel') as never;
export type Back = typeof BACK;
export type Cancel = typeof CANCEL;

/**
 * A validation result: a message refuses the value; a warning lets it through but is shown; an
 * info is shown as plain help (e.g. a live example of what the value produces).
 */
export type Validation = string | { warning: string } | { info: string } | undefined;

export interface PromptFrame {
  /** Flow title, e.g. "Sign In". */
  title: string;
  /** 1-based; with totalSteps shown as "Step k of n". */
  step: number;
  totalSteps: number;
  /** Show a Back button (every step after the first). */
  canGoBack: boolean;
}

export interface InputPrompt extends PromptFrame {
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  /** Runs as the person types; only the newest result is applied. */
  validate?: (value: string) => Validation | Promise<Validation>;
  /** Slower check when the person presses Enter, with the box busy; a message keeps the box open. */
  validateOnAccept?: (value: string) => Promise<string | undefined>;
  /** Adds a "Browse…" button that fills the box with a file chosen in the open dialog. */
  browse?: { title: string; filters?: Record<string, string[]> };
}

export interface PickItem<T> {
  label: string;
  description?: string;
  detail?: string;
  value: T;
  picked?: boolean;
  /**
   * Chosen at once when it arrives in `itemsLater` (the pick closes without the person choosing):
   * a list the server turned out not to have, so the step moves on to the typed input.
   */
  autoAccept?: boolean;
}

export interface PickPrompt<T> extends PromptFrame {
  placeholder: string;
  items: readonly PickItem<T>[];
  canPickMany?: boolean;
  /** Value of the item to highlight first (single pick). */
  activeValue?: T;
  /**
   * Items still loading: the pick opens at once, busy, with `items` (often none) and shows these
   * when they arrive (the platform's lists). Never rejects: a failed load is an item of its own.
   */
  itemsLater?: Promise<readonly PickItem<T>[]>;
}

/** What a search pick shows at one moment: the items found so far and a line on the reading. */
export interface SearchFound<T> {
  items: readonly PickItem<T>[];
  /** "2,000 of 10,000 read": shown while `busy`, and as the title's end after. */
  message?: string;
  /** The read stopped on this (`message` says so): the caller logs it. */
  error?: unknown;
}

/**
 * Go to…: a pick over a list too long to hold in the view, filled as it is found. `find` runs for
 * what is typed (each keystroke's run aborted by the next; `server` true) or once for the whole list
 * (`server` false: VS Code filters what it yields), and yields what is found so far, newest last.
 */
export interface SearchPrompt<T> {
  title: string;
  placeholder: string;
  server: boolean;
  find: (text: string, signal: AbortSignal) => AsyncIterable<SearchFound<T>>;
  /** Told of a read that failed (SearchFound.error): the log, with the connection named. */
  failed?: (error: unknown) => void;
}

export interface FlowUi {
  input(prompt: InputPrompt): Promise<string | Back | Cancel>;
  pick<T>(prompt: PickPrompt<T> & { canPickMany?: false }): Promise<T | Back | Cancel>;
  pickMany<T>(prompt: PickPrompt<T>): Promise<T[] | Back | Cancel>;
  /** A Go to… pick (SearchPrompt): the item chosen, or Cancel; every read it started is aborted when it closes. */
  search<T>(prompt: SearchPrompt<T>): Promise<T | Cancel>;
  /** A modal question; resolves with the chosen button or undefined when dismissed. */
  confirm(message: string, detail: string, buttons: readonly string[]): Promise<string | undefined>;
  /**
   * Runs `work` under a progress notification. `report` updates its message; `signal` aborts
   * when the person cancels (when `cancellable`).
   */
  progress<T>(title: string, cancellable: boolean, work: (report: (message: string) => void, signal: AbortSignal) => Promise<T>): Promise<T>;
  /** A notification; resolves with the action chosen, if any. */
  notify(severity: NotifySeverity, message: string, actions?: readonly string[]): Promise<string | undefined>;
}

export type NotifySeverity = 'info' | 'warning' | 'error';

export function validationMessage(result: Validation): string | undefined {
  return typeof result === 'string' ? result : undefined;
}
