// Where connections are kept: the list and the active one in globalState, each key in
// SecretStorage under the connection's id. No VS Code import.

export const CONNECTIONS_KEY = 'platformConsole.connections';
export const ACTIVE_KEY = 'platformConsole.activeConnection';
export const secretKey = (id: string): string => `platformConsole.apiKey.${id}`;

/** What reading globalState needs (a Memento, or a map in the tests). */
export interface StateReader {
  get<T>(key: string): T | undefined;
}
