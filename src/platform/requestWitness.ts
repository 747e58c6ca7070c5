// Which requests one piece of work sent, with their statuses: the audit trail says a write
// succeeded "with HTTP 201". An AsyncLocalStorage follows the work through every await; it sits on
// a global symbol because the agent tools' lazy bundle has its own copy of this module while the
// editor's HttpClient comes from the main bundle: both copies must share one store.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestLogEntry } from './httpOptions';

const KEY = Symbol.for('platformConsole.requestWitness');
type Store = AsyncLocalStorage<(entry: RequestLogEntry) => void>;

function store(): Store {
  const holder = globalThis as { [KEY]?: Store };
  return (holder[KEY] ??= new AsyncLocalStorage());
}

/** Runs `work`, telling `seen` of every request it sends (one entry per request, as the log gets it). */
export function witnessRequests<T>(seen: (entry: RequestLogEntry) => void, work: () => Promise<T>): Promise<T> {
  return store().run(seen, work);
}

/** Called by the HttpClient once per request, as it finishes: the work that sent it, if any is watching, is told. */
export function tellWitness(entry: RequestLogEntry): void {
  store().getStore()?.(entry);
}
