// Named connections to the platform. Names and base URLs live in globalState; each API key lives
// only in SecretStorage, under the connection's id, and in this process's memory once read (here
// and in the connection's client). Nothing else ever holds a key.
import { ACTIVE_KEY, CONNECTIONS_KEY, secretKey } from './storedConnections';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import {
  ENV_API_KEY,
  ENV_API_KEY_FILE,
  ENV_BASE_URL,
  ENV_CONNECTION_NAME,
  ENV_DIALECT,
  areaBaseUrlsFor,
  connectionNameFromUrl,
  normalizeBaseUrl,
  plainHttpRisk,
  withDialect,
  type ConnectionInfo,
  type StoredConnection,
} from '../schema/connectionRules';
import { DIALECT_LABELS, dialectForBaseUrl, parseDialect, type Dialect } from '../schema/dialect';
import { normalizeConsoleUrl } from '../schema/consoleBase';
import { affectsClients, requestTimeoutMs, userAreaBaseUrls } from './connectionSettings';
import { PlatformLists } from '../platform/platformLists';
import { createPlatformApi, type PlatformApi } from '../platform/api';
import { HttpClient } from '../platform/http';
import type { ConnectionLog } from './connectionLog';
import { durableMemento } from './durableState';
import { takeEnvironmentKey, type EnvironmentKey } from './environmentKey';
import { readKeyFile } from './keyFile';
import { environmentUrl, logEnvironment } from './environmentSignIn';
import { locationFromEnvironment, urlFromEnvironment } from '../schema/environmentNames';
import { WillSignOut } from './willSignOut';

export type Connection = ConnectionInfo;

/**
 * What an action runs on, from its first request to its last (its Retry included): captured
 * once, when the person starts it, and never looked up again. Its API refuses to send anything
 * once the connection is signed out (or its key replaced), and `signal` aborts at that moment.
 */
export interface BoundConnection {
  readonly connection: Connection;
  readonly api: PlatformApi;
  readonly signal: AbortSignal;
  /** The platform's lists on this connection, kept for a short time (pickers and trees share them). */
  readonly lists: PlatformLists;
}

/** Base URLs the person signed out of: the environment sign-in does not sign them in again. */
const ENV_DECLINED_KEY = 'platformConsole.environmentSignInDeclined';

export { ENV_API_KEY, ENV_BASE_URL, ENV_CONNECTION_NAME, ENV_DIALECT };

export class ConnectionManager implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Connection | undefined>();
  /** Fires when the active connection changes, signs in or out. */
  readonly onDidChange = this.changed.event;
  private readonly clients = new Map<string, { api: PlatformApi; lists: PlatformLists }>();
  /** One per connection with a usable key: aborted at Sign Out (or when the key is replaced). */
  private readonly revocations = new Map<string, AbortController>();
  private readonly signedOutEmitter = new vscode.EventEmitter<Connection>();
  /** Fires after a connection was signed out and everything stored for it was cleared. */
  readonly onDidSignOut = this.signedOutEmitter.event;
  /** Its bound (`limitMs`) is shortened by the tests. */
  readonly willSignOut = new WillSignOut();
  /** Fires before a Sign Out deletes the key and stops its requests: `waitUntil` work done with the key (bounded, willSignOut.ts). */
  readonly onWillSignOut = this.willSignOut.event;
  /** globalState, every write made to hold (durableState.ts). */
  private readonly state: vscode.Memento;
  /** What the extension's requests say they come from (the MCP server says `platform-console-mcp/…`). */
  readonly userAgent: string;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: ConnectionLog,
    /** First backoff step of the automatic GET retries for clients made from now on; undefined: the client's default. */
    private readonly retryBaseMs: () => number | undefined = () => undefined,
  ) {
    this.state = durableMemento(context.globalState);
    const version: unknown = (context.extension.packageJSON as { version?: unknown }).version;
    this.userAgent = `platform-console/${typeof version === 'string' ? version : '0'}`;
    this.listeners = [
      context.secrets.onDidChange((e) => {
        if (!e.key.startsWith(secretKey(''))) return;
        // Another window signed out (or in): a key deleted there is revoked here too.
        const id = e.key.slice(secretKey('').length);
        this.keys.delete(id);
        void this.hasApiKey(id)
          .then((has) => {
            if (!has) this.revoke(id, `${this.list().find((c) => c.id === id)?.name ?? 'The connection'} was signed out`);
            this.clients.delete(id);
            return this.updateContext().then(() => this.changed.fire(this.active));
          })
          .catch((error: unknown) => this.log.error('Could not follow a sign-in or sign-out made in another window', error));
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // New clients from now on; actions already started keep theirs (same key, same account).
        if (affectsClients(e)) this.clients.clear();
      }),
    ];
  }
  private readonly listeners: vscode.Disposable[];

  dispose(): void {
    vscode.Disposable.from(...this.listeners, this.signedOutEmitter, this.changed, this.willSignOut).dispose();
  }

  list(): Connection[] {
    return this.state.get<StoredConnection[]>(CONNECTIONS_KEY, []).map(withDialect);
  }

  /**
   * Connections stored before dialects existed get theirs, once, from their base URL: the
   * platform's host -> `platform` (its paths), anything else -> `spec` (as before).
   */
  async migrateDialects(): Promise<void> {
    const stored = this.state.get<StoredConnection[]>(CONNECTIONS_KEY, []);
    if (stored.every((c) => c.dialect !== undefined)) return;
    const next = stored.map(withDialect);
    await this.state.update(CONNECTIONS_KEY, next);
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
    await this.state.update(
      CONNECTIONS_KEY,
      all.map((c) => (c.id === id ? changed : c)),
    );
    this.clients.delete(id);
    this.log.info(`Connection ${changed.name} now speaks the ${DIALECT_LABELS[dialect]} dialect`);
    this.changed.fire(this.active);
    return changed;
  }

  /** Sets the web console its rows open in (a reseller's portal); undefined: its dialect's default (schema/consoleBase.ts). */
  async setConsoleUrl(id: string, consoleUrl: string | undefined): Promise<Connection | undefined> {
    const all = this.list();
    const target = all.find((c) => c.id === id);
    if (!target) return undefined;
    const { consoleUrl: _old, ...rest } = target;
    const changed: Connection = consoleUrl === undefined ? rest : { ...rest, consoleUrl: normalizeConsoleUrl(consoleUrl) };
    await this.state.update(
      CONNECTIONS_KEY,
      all.map((c) => (c.id === id ? changed : c)),
    );
    this.log.info(`Connection ${changed.name} opens rows in ${changed.consoleUrl ?? 'its default console'}`);
    this.changed.fire(this.active);
    return changed;
  }

  get active(): Connection | undefined {
    const id = this.state.get<string>(ACTIVE_KEY);
    const all = this.list();
    return all.find((c) => c.id === id) ?? all[0];
  }

  /** Signed in: there is an active connection and this window's secret storage has its key. */
  get signedIn(): boolean {
    return this.signedInNow;
  }
  private signedInNow = false;

  /**
   * Works out whether the active connection has its key here, and tells the menus. One at a time,
   * each for the connection active when it runs: a call started before a sign-in or a switch (a
   * key deleted in another window, a sign-out) cannot finish late and leave a stale answer.
   * `untilKnown`: resolves once `signedIn` is known, while the menus are still being told
   * (activation need not wait for the workbench); a failure to tell them is logged.
   */
  updateContext(options: { untilKnown?: boolean } = {}): Promise<void> {
    let known!: () => void;
    const signedInKnown = new Promise<void>((resolve) => (known = resolve));
    const next = this.contextUpdate.then(() => this.writeContext(known));
    this.contextUpdate = next.catch(() => undefined);
    if (!options.untilKnown) return next;
    next.catch((error: unknown) =>
      this.log.warn(`Could not tell the menus whether you are signed in: ${error instanceof Error ? error.message : String(error)}`),
    );
    return Promise.race([signedInKnown, next]);
  }
  private contextUpdate: Promise<void> = Promise.resolve();

  private async writeContext(known: () => void = () => {}): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const active = this.active;
      const signedIn = active !== undefined && (await this.hasApiKey(active.id));
      this.signedInNow = signedIn;
      // Another connection became active while the key was read: read again for that one.
      if (this.active?.id === active?.id) break;
    }
    known();
    // `signedOut` is the palette's key: unset before the extension first runs, so its commands are
    // offered (and activate it) in a window that has not used it yet; a signed-out command offers Sign In.
    await Promise.all([
      vscode.commands.executeCommand('setContext', 'platformConsole.signedIn', this.signedInNow),
      vscode.commands.executeCommand('setContext', 'platformConsole.signedOut', !this.signedInNow),
    ]);
  }

  /**
   * Adds a connection (or replaces the key of the one with that name) and makes it active. The
   * same name at another base URL is another platform: the old connection is signed out (its
   * pins, tasks and the rest cleared) and a new one made.
   */
  async signIn(
    name: string,
    baseUrl: string,
    apiKey: string,
    dialect: Dialect = dialectForBaseUrl(baseUrl),
    mark: Pick<Connection, 'simulator'> = {},
  ): Promise<Connection> {
    const url = normalizeBaseUrl(baseUrl);
    let existing = this.list().find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
    if (existing && existing.baseUrl !== url) {
      this.log.info(`Connection ${existing.name} moves from ${existing.baseUrl} to ${url}: a new connection; the old one is signed out`);
      await this.signOut(existing.id, { explicit: false });
      existing = undefined;
    }
    const all = this.list();
    const connection: Connection = {
      id: existing?.id ?? randomUUID(),
      name: name.trim(),
      baseUrl: url,
      dialect,
      ...(mark.simulator ? { simulator: true } : {}),
    };
    // A key replaced on the same platform keeps the console set for it.
    if (existing?.consoleUrl) connection.consoleUrl = existing.consoleUrl;
    // A replaced key: whatever still holds the old one stops now.
    if (existing) this.revoke(existing.id, `The API key of ${existing.name} was replaced`);
    await this.writingKey(connection.id, () => this.context.secrets.store(secretKey(connection.id), apiKey.trim()));
    this.log.addSecret(apiKey.trim());
    const next = existing ? all.map((c) => (c.id === connection.id ? connection : c)) : [...all, connection];
    await this.state.update(CONNECTIONS_KEY, next);
    await this.state.update(ACTIVE_KEY, connection.id);
    const declined = this.state.get<string[]>(ENV_DECLINED_KEY, []);
    if (declined.includes(url))
      await this.state.update(
        ENV_DECLINED_KEY,
        declined.filter((u) => u !== url),
      );
    this.log.info(`Signed in to ${connection.name} (${connection.baseUrl}, ${DIALECT_LABELS[connection.dialect]} dialect)`);
    await this.updateContext();
    this.changed.fire(connection);
    return connection;
  }

  /**
   * Removes the connection, deletes its key and stops every use of it at once: requests in
   * flight are aborted, later ones refused, pollers and panels bound to it stop. Everything
   * stored for it (every globalState key holding its id: pins, filters, report tasks, recent
   * functions, notification settings…) is cleared. An explicit Sign Out is remembered, so the
   * environment sign-in does not undo it on the next start.
   */
  async signOut(id: string, options: { explicit?: boolean } = {}): Promise<void> {
    const all = this.list();
    const gone = all.find((c) => c.id === id);
    if (!gone) return;
    // Every use of the key stops now; only what must be undone with it (agent tokens) gets a binding of its own, for a bounded time.
    this.signingOut.add(id);
    this.revoke(id, `${gone.name} was signed out; nothing more is sent with its key`);
    const key = await this.keyOf(id);
    const lastRites = key === undefined ? undefined : new AbortController();
    const waiting = this.willSignOut.fire(gone, lastRites && this.client(gone, key!, lastRites.signal));
    if (waiting && (await waiting)) this.log.warn(`Sign Out of ${gone.name} went on after ${this.willSignOut.limitMs / 1000} s`);
    lastRites?.abort(new Error(`${gone.name} was signed out; nothing more is sent with its key`));
    try {
      await this.writingKey(id, () => this.context.secrets.delete(secretKey(id)));
      await this.state.update(
        CONNECTIONS_KEY,
        this.list().filter((c) => c.id !== id),
      );
    } finally {
      this.signingOut.delete(id);
    }
    if (this.state.get<string>(ACTIVE_KEY) === id) await this.state.update(ACTIVE_KEY, undefined);
    for (const key of this.state.keys()) {
      if (key.includes(id)) await this.state.update(key, undefined);
    }
    if (options.explicit !== false && gone.baseUrl === this.environmentBaseUrl()) {
      const declined = this.state.get<string[]>(ENV_DECLINED_KEY, []);
      await this.state.update(ENV_DECLINED_KEY, [...new Set([...declined, gone.baseUrl])]);
    }
    this.log.info(`Signed out of ${gone.name}: its key deleted, its requests stopped, what was stored for it cleared`);
    await this.updateContext();
    this.signedOutEmitter.fire(gone);
    this.changed.fire(this.active);
  }

  /** Stops every client of this connection: in-flight requests abort, later ones are refused. */
  private revoke(id: string, reason: string): void {
    this.revokedCount.set(id, (this.revokedCount.get(id) ?? 0) + 1);
    this.revocations.get(id)?.abort(new Error(reason));
    this.revocations.delete(id);
    this.clients.delete(id);
  }

  private environmentBaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
    return environmentUrl(env, this.environmentKeyFrom);
  }

  /** The cloud project and region the environment names (GCORE_CLOUD_*), for the connection to the environment's base URL only. */
  environmentLocation(connection: Pick<Connection, 'baseUrl'>): { projectId?: number; regionId?: number } {
    if (connection.baseUrl !== this.environmentBaseUrl()) return {};
    const { projectId, regionId } = locationFromEnvironment(process.env);
    return { ...(projectId ? { projectId } : {}), ...(regionId ? { regionId } : {}) };
  }

  async switchTo(id: string): Promise<void> {
    if (!this.list().some((c) => c.id === id)) return;
    await this.state.update(ACTIVE_KEY, id);
    await this.updateContext();
    this.changed.fire(this.active);
  }

  /** The API of the active connection, or undefined when signed out or its key is gone. */
  async api(): Promise<PlatformApi | undefined> {
    return (await this.bind())?.api;
  }

  /**
   * Binds an action to a connection (the active one unless named): its API and the signal that
   * aborts when that connection is signed out. Undefined when it has no key here.
   */
  async bind(id: string | undefined = this.active?.id): Promise<BoundConnection | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const connection = this.list().find((c) => c.id === id);
      if (!connection) return undefined;
      const generation = this.revokedCount.get(connection.id) ?? 0;
      const key = await this.keyOf(connection.id);
      if (this.signingOut.has(connection.id)) return undefined;
      // Its key replaced while it was read: read again, the old key must not be used.
      if ((this.revokedCount.get(connection.id) ?? 0) !== generation) continue;
      if (!key) return undefined;
      return this.bound(connection, key);
    }
    return undefined;
  }
  /** How many times each connection's use was revoked: a bind that spans one starts again. */
  private readonly revokedCount = new Map<string, number>();
  /** Connections being signed out: from the first moment, nothing binds to them. */
  private readonly signingOut = new Set<string>();
  /** The variable the environment's key came from at activation (the key itself leaves the environment then). */
  private environmentKeyFrom: string | undefined;

  private bound(connection: Connection, key: string): BoundConnection {
    let revocation = this.revocations.get(connection.id);
    if (!revocation) this.revocations.set(connection.id, (revocation = new AbortController()));
    let client: { api: PlatformApi; lists: PlatformLists } | undefined = this.clients.get(connection.id);
    if (!client) this.clients.set(connection.id, (client = this.client(connection, key, revocation.signal)));
    return { connection, api: client.api, lists: client.lists, signal: revocation.signal };
  }

  /** A client of this connection's key, stopped by `revoked`. */
  private client(connection: Connection, key: string, revoked: AbortSignal): BoundConnection {
    this.log.addSecret(key);
    const http = new HttpClient({
      baseUrl: connection.baseUrl,
      apiKey: key,
      dialect: connection.dialect,
      areaBaseUrls: this.areaBaseUrls(connection),
      timeoutMs: requestTimeoutMs(),
      retryBaseMs: this.retryBaseMs(),
      revoked,
      onRequest: (entry) => this.log.request(connection.name, entry),
      userAgent: this.userAgent,
    });
    const api = createPlatformApi(http);
    return { connection, api, lists: new PlatformLists(api), signal: revoked };
  }

  /**
   * Product areas served from a host of their own (`platformConsole.areaBaseUrls`, user settings
   * only), for this connection's base URL only: each set names the base URL it is for, so the key
   * of a connection elsewhere never goes to those hosts (areaBaseUrlsFor says how the flat,
   * older shape is read).
   */
  private areaBaseUrls(connection: Connection) {
    const { urls, problems, notes } = areaBaseUrlsFor(userAreaBaseUrls(), connection);
    for (const problem of problems) this.log.warn(`Setting platformConsole.areaBaseUrls: ${problem} (ignored)`);
    for (const note of notes) this.log.info(`[${connection.name}] Setting platformConsole.areaBaseUrls: ${note}`);
    for (const [area, url] of Object.entries(urls)) {
      this.log.info(`[${connection.name}] ${area} requests go to ${url}`);
      const risk = plainHttpRisk(url);
      if (risk) this.log.warn(`Setting platformConsole.areaBaseUrls, ${area} of ${connection.baseUrl}: ${risk}`);
    }
    return urls;
  }

  /** Whether SecretStorage holds a key for this connection (the key itself never leaves here). */
  async hasApiKey(id: string): Promise<boolean> {
    return (await this.keyOf(id)) !== undefined;
  }

  /**
   * The connection's key as SecretStorage holds it. Read once and kept until it is written or
   * deleted, here or in another window (SecretStorage's change event): each read is a round trip
   * to the workbench, which every action would wait for before its first request. Actions already
   * started keep the key they were bound with.
   */
  private keyOf(id: string): Promise<string | undefined> {
    return this.keys.get(id) ?? this.rememberKey(id, Promise.resolve(this.context.secrets.get(secretKey(id))));
  }
  private rememberKey(id: string, key: Promise<string | undefined>): Promise<string | undefined> {
    this.keys.set(id, key);
    // A failed read is not kept.
    key.catch(() => this.keys.get(id) === key && this.keys.delete(id));
    return key;
  }
  private readonly keys = new Map<string, Promise<string | undefined>>();

  /** Stores or deletes a key: a read started before or during the write is not kept. */
  private async writingKey(id: string, write: () => Thenable<void>): Promise<void> {
    this.keys.delete(id);
    await write();
    this.keys.delete(id);
  }

  /**
   * For the demo, CI and hosted setups: with no connection yet, a base URL and a key handed over
   * (environmentKey.ts: the variable, or the one-shot file), create one named from the URL, key
   * straight to SecretStorage. Connections travel in globalState but keys stay in each machine's
   * (or browser's) secret storage: a connection to that URL without a key here gets the key too.
   * The key leaves `env` whatever happens, and its file is deleted once this is done.
   */
  async bootstrapFromEnvironment(
    env: NodeJS.ProcessEnv = process.env,
    handed: EnvironmentKey | undefined = takeEnvironmentKey(env),
  ): Promise<Connection | undefined> {
    const fromFile = handed?.file === undefined ? undefined : readKeyFile(handed.file);
    this.environmentKeyFrom = handed?.from;
    logEnvironment(this.log, env, handed);
    try {
      if (fromFile?.problem) this.log.warn(`${fromFile.problem}: not signed in from the environment`);
      if (fromFile?.alreadyRead)
        this.log.info(
          `${ENV_API_KEY_FILE} (${handed?.file}) was read already (a key file is read once): the key stored then is in this browser's secret storage`,
        );
      return await this.signInFromEnvironment(env, fromFile ? fromFile.key : handed?.key);
    } finally {
      const failed = fromFile?.done();
      if (failed) this.log.warn(failed);
    }
  }

  private async signInFromEnvironment(env: NodeJS.ProcessEnv, key: string | undefined): Promise<Connection | undefined> {
    const { url: baseUrl, from } = urlFromEnvironment(env, this.environmentKeyFrom) ?? {};
    if (!baseUrl || !from || !key) return undefined;
    try {
      if (this.state.get<string[]>(ENV_DECLINED_KEY, []).includes(normalizeBaseUrl(baseUrl))) {
        this.log.info(`Not signing in from ${from}: you signed out of ${normalizeBaseUrl(baseUrl)}; Sign In to use it again`);
        return undefined;
      }
      const dialect = parseDialect(env[ENV_DIALECT], ENV_DIALECT) ?? dialectForBaseUrl(baseUrl);
      const all = this.list();
      const sameUrl = all.find((c) => c.baseUrl === normalizeBaseUrl(baseUrl));
      if (all.length > 0 && !(sameUrl && !(await this.hasApiKey(sameUrl.id)))) return undefined;
      const name = sameUrl?.name ?? (env[ENV_CONNECTION_NAME]?.trim() || connectionNameFromUrl(baseUrl));
      const risk = plainHttpRisk(baseUrl);
      if (risk) this.log.warn(`${from}: ${risk}`);
      return await this.signIn(name, baseUrl, key, dialect);
    } catch (error) {
      this.log.error(`Could not create a connection from ${from}`, error);
      return undefined;
    }
  }
}
