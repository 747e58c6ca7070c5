// Named connections to the platform. Names and base URLs live in globalState; each API key lives
// only in SecretStorage, under the connection's id. Nothing else ever holds a key.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { areaBaseUrlsFrom, connectionNameFromUrl, withDialect, type ConnectionInfo, type StoredConnection } from '../core/connectionRules';
import { DIALECT_LABELS, dialectForBaseUrl, parseDialect, type Dialect } from '../platform/dialect';
import { userAreaBaseUrls } from '../settings';
import { createPlatformApi, type PlatformApi } from '../platform/api';
import { HttpClient, normalizeBaseUrl } from '../platform/http';
import type { Log } from '../log';

export type Connection = ConnectionInfo;

const CONNECTIONS_KEY = 'platformConsole.connections';
const ACTIVE_KEY = 'platformConsole.activeConnection';
const secretKey = (id: string) => `platformConsole.apiKey.${id}`;

export const ENV_BASE_URL = 'PLATFORM_CONSOLE_BASE_URL';
export const ENV_API_KEY = 'PLATFORM_CONSOLE_API_KEY';
/** Optional: the name of the connection made from the two above (default: the URL's host). */
export const ENV_CONNECTION_NAME = 'PLATFORM_CONSOLE_CONNECTION_NAME';
/** Optional: `spec` or `platform` (default: from the URL, the platform's host -> `platform`). */
export const ENV_DIALECT = 'PLATFORM_CONSOLE_DIALECT';

export class ConnectionManager implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Connection | undefined>();
  /** Fires when the active connection changes, signs in or out. */
  readonly onDidChange = this.changed.event;
  private cached: { id: string; api: PlatformApi } | undefined;
  /** First backoff step of the automatic GET retries; undefined: the client's default (500 ms). */
  private retryBaseMs: number | undefined;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: Log,
  ) {
    this.disposables.push(
      context.secrets.onDidChange((e) => {
        if (!e.key.startsWith(secretKey(''))) return;
        this.cached = undefined;
        void this.updateContext().then(() => this.changed.fire(this.active));
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('platformConsole.requestTimeoutSeconds') || e.affectsConfiguration('platformConsole.areaBaseUrls')) {
          this.cached = undefined;
        }
      }),
    );
  }

  list(): Connection[] {
    return this.context.globalState.get<StoredConnection[]>(CONNECTIONS_KEY, []).map(withDialect);
  }

  /**
   * Connections stored before dialects existed get theirs, once, from their base URL: the
   * platform's host -> `platform` (its paths), anything else -> `spec` (as before).
   */
  async migrateDialects(): Promise<void> {
    const stored = this.context.globalState.get<StoredConnection[]>(CONNECTIONS_KEY, []);
    if (stored.every((c) => c.dialect !== undefined)) return;
    const next = stored.map(withDialect);
    await this.context.globalState.update(CONNECTIONS_KEY, next);
    for (const c of next.filter((_, i) => stored[i]!.dialect === undefined)) {
      this.log.info(`Connection ${c.name} (${c.baseUrl}) speaks the ${DIALECT_LABELS[c.dialect]} dialect (chosen from its base URL)`);
    }
  }

  /** Changes which paths a connection sends; its key and everything else stay. */
  async setDialect(id: string, dialect: Dialect): Promise<Connection | undefined> {
    const all = this.list();
    const target = all.find((c) => c.id === id);
    if (!target) return undefined;
    const changed: Connection = { ...target, dialect };
    await this.context.globalState.update(CONNECTIONS_KEY, all.map((c) => (c.id === id ? changed : c)));
    this.cached = undefined;
    this.log.info(`Connection ${changed.name} now speaks the ${DIALECT_LABELS[dialect]} dialect`);
    this.changed.fire(this.active);
    return changed;
  }

  get active(): Connection | undefined {
    const id = this.context.globalState.get<string>(ACTIVE_KEY);
    const all = this.list();
    return all.find((c) => c.id === id) ?? all[0];
  }

  /** Signed in: there is an active connection and this window's secret storage has its key. */
  get signedIn(): boolean {
    return this.signedInNow;
  }
  private signedInNow = false;

  async updateContext(): Promise<void> {
    const active = this.active;
    this.signedInNow = active !== undefined && (await this.hasApiKey(active.id));
    await vscode.commands.executeCommand('setContext', 'platformConsole.signedIn', this.signedInNow);
  }

  /** Adds a connection (or replaces the key of the one with that name) and makes it active. */
  async signIn(name: string, baseUrl: string, apiKey: string, dialect: Dialect = dialectForBaseUrl(baseUrl)): Promise<Connection> {
    const all = this.list();
    const existing = all.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
    const connection: Connection = { id: existing?.id ?? randomUUID(), name: name.trim(), baseUrl: normalizeBaseUrl(baseUrl), dialect };
    await this.context.secrets.store(secretKey(connection.id), apiKey.trim());
    this.log.addSecret(apiKey.trim());
    const next = existing ? all.map((c) => (c.id === connection.id ? connection : c)) : [...all, connection];
    await this.context.globalState.update(CONNECTIONS_KEY, next);
    await this.context.globalState.update(ACTIVE_KEY, connection.id);
    this.cached = undefined;
    this.log.info(`Signed in to ${connection.name} (${connection.baseUrl}, ${DIALECT_LABELS[connection.dialect]} dialect)`);
    await this.updateContext();
    this.changed.fire(connection);
    return connection;
  }

  /** Removes the connection and deletes its key. */
  async signOut(id: string): Promise<void> {
    const all = this.list();
    const gone = all.find((c) => c.id === id);
    if (!gone) return;
    await this.context.secrets.delete(secretKey(id));
    await this.context.globalState.update(CONNECTIONS_KEY, all.filter((c) => c.id !== id));
    if (this.context.globalState.get<string>(ACTIVE_KEY) === id) await this.context.globalState.update(ACTIVE_KEY, undefined);
    this.cached = undefined;
    this.log.info(`Signed out of ${gone.name}`);
    await this.updateContext();
    this.changed.fire(this.active);
  }

  async switchTo(id: string): Promise<void> {
    if (!this.list().some((c) => c.id === id)) return;
    await this.context.globalState.update(ACTIVE_KEY, id);
    this.cached = undefined;
    await this.updateContext();
    this.changed.fire(this.active);
  }

  /** The API of the active connection, or undefined when signed out or its key is gone. */
  async api(): Promise<PlatformApi | undefined> {
    const connection = this.active;
    if (!connection) return undefined;
    if (this.cached?.id === connection.id) return this.cached.api;
    const key = await this.context.secrets.get(secretKey(connection.id));
    if (!key) return undefined;
    this.log.addSecret(key);
    const timeoutSeconds = vscode.workspace.getConfiguration('platformConsole').get<number>('requestTimeoutSeconds', 30);
    const http = new HttpClient({
      baseUrl: connection.baseUrl,
      apiKey: key,
      dialect: connection.dialect,
      areaBaseUrls: this.areaBaseUrls(connection),
      timeoutMs: Math.max(1, timeoutSeconds) * 1000,
      retryBaseMs: this.retryBaseMs,
      onRequest: (entry) => this.log.request(connection.name, entry),
    });
    const api = createPlatformApi(http);
    this.cached = { id: connection.id, api };
    return api;
  }

  /**
   * Product areas served from a host of their own (`platformConsole.areaBaseUrls`, user settings
   * only): they apply to connections in the platform dialect, the account the setting describes;
   * a spec-dialect connection (the simulator, a staging server) sends everything to its own URL.
   */
  private areaBaseUrls(connection: Connection) {
    if (connection.dialect !== 'platform') return {};
    const { urls, problems } = areaBaseUrlsFrom(userAreaBaseUrls());
    for (const problem of problems) this.log.warn(`Setting platformConsole.areaBaseUrls: ${problem} (ignored)`);
    for (const [area, url] of Object.entries(urls)) this.log.info(`[${connection.name}] ${area} requests go to ${url}`);
    return urls;
  }

  /**
   * Shortens the backoff between automatic GET retries (the fault matrix runs hundreds of them);
   * the same code path, only the first step changes. Undefined restores the default.
   */
  setRetryBaseMs(ms: number | undefined): void {
    this.retryBaseMs = ms;
    this.cached = undefined;
  }

  /** Whether SecretStorage holds a key for this connection (the key itself never leaves here). */
  async hasApiKey(id: string): Promise<boolean> {
    return (await this.context.secrets.get(secretKey(id))) !== undefined;
  }

  /**
   * For the demo, CI and hosted setups: with no connection yet and both variables set, create
   * one named from the URL, key straight to SecretStorage. Connections travel in globalState but
   * keys stay in each machine's (or browser's) secret storage: a connection to that URL without
   * a key here gets the key too.
   */
  async bootstrapFromEnvironment(env: NodeJS.ProcessEnv = process.env): Promise<Connection | undefined> {
    const baseUrl = env[ENV_BASE_URL]?.trim();
    const key = env[ENV_API_KEY]?.trim();
    if (!baseUrl || !key) return undefined;
    try {
      const dialect = parseDialect(env[ENV_DIALECT], ENV_DIALECT) ?? dialectForBaseUrl(baseUrl);
      const all = this.list();
      const sameUrl = all.find((c) => c.baseUrl === normalizeBaseUrl(baseUrl));
      if (all.length > 0 && !(sameUrl && !(await this.hasApiKey(sameUrl.id)))) return undefined;
      const name = sameUrl?.name ?? (env[ENV_CONNECTION_NAME]?.trim() || connectionNameFromUrl(baseUrl));
      return await this.signIn(name, baseUrl, key, dialect);
    } catch (error) {
      this.log.error(`Could not create a connection from ${ENV_BASE_URL}`, error);
      return undefined;
    }
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }
}
