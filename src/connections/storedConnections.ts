// Where connections are kept, as the start-up bundle and the extension both read it: the list and
// the active one in globalState, each key in SecretStorage under the connection's id. No VS Code
// import (the start-up bundle reads these before the extension is loaded).

import type { EnvironmentKey } from './environmentKey';

export const CONNECTIONS_KEY = 'platformConsole.connections';
export const ACTIVE_KEY = 'platformConsole.activeConnection';
export const secretKey = (id: string): string => `platformConsole.apiKey.${id}`;

/** What reading globalState needs (a Memento, or a map in the tests). */
export interface StateReader {
  get<T>(key: string): T | undefined;
}

interface SecretReader {
  get(key: string): Thenable<string | undefined>;
}

/** The id of the connection in use: the active one, else the first (as ConnectionManager.active). */
export function storedActiveId(state: StateReader): string | undefined {
  const stored = state.get<unknown>(CONNECTIONS_KEY);
  const ids = Array.isArray(stored) ? stored.map((c: { id?: unknown } | null) => c?.id).filter((id): id is string => typeof id === 'string') : [];
  const active = state.get<unknown>(ACTIVE_KEY);
  return ids.find((id) => id === active) ?? ids[0];
}

/** What the start-up bundle began to read before it loaded the extension (read meanwhile). */
export interface EarlyReads {
  /** The key of the connection in use, as SecretStorage answers (handed to ConnectionManager, nowhere else). */
  readonly key?: { readonly id: string; readonly value: Promise<string | undefined> };
  /** The key the environment handed over, taken out of it as the window started (environmentKey.ts). */
  readonly environmentKey?: EnvironmentKey;
}

/**
 * Starts the round trips the extension's activation waits for, so that they travel while its
 * bundle is evaluated (tens of ms): the active connection's key (whether it is here decides the
 * signed-in state; the first request needs it too).
 */
export function startEarlyReads(state: StateReader, secrets: SecretReader): EarlyReads {
  const id = storedActiveId(state);
  if (id === undefined) return {};
  return { key: { id, value: Promise.resolve(secrets.get(secretKey(id))) } };
}
