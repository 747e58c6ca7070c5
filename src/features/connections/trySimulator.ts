// *Try the Simulator*: the platform simulator started inside the extension (loopback, a random
// port, key and control token) and signed in to as a connection marked simulator. Sign Out of it
// and the window's end stop it; a simulator connection left by a window that ended is removed.
import { connect } from 'node:net';
import * as vscode from 'vscode';
import type { Connection, ConnectionManager } from '../../connections/connectionManager';
import { Disposable } from '../../ui/disposable';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import { SIMULATOR_CONNECTION_DIALECT, simulatorConnectionName, trialOptions, type RunningSimulator, type SimulatorBundle } from './model/simulatorTrial';

/**
 * The simulator's code and seed: dist/lazy/simulator.js (esbuild.mjs lazyEntries), read at the
 * first *Try the Simulator*, never at activation.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const simulatorBundle = (): SimulatorBundle => require('../../../simulator/embedded') as SimulatorBundle;

/** True when something accepts a TCP connection at the URL's host and port within `timeoutMs`. */
function answers(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export class SimulatorTrial extends Disposable {
  private running: { simulator: RunningSimulator; connectionId: string } | undefined;
  /** The start in progress: a second *Try the Simulator* meanwhile waits for it. */
  private starting: Promise<Connection | undefined> | undefined;

  constructor(
    private readonly connections: ConnectionManager,
    private readonly log: Log,
    private readonly ui: () => FlowUi,
    register: (id: string, handler: () => unknown) => vscode.Disposable,
  ) {
    super();
    this._register(register('platformConsole.trySimulator', () => this.run()));
    this._register(
      connections.onDidSignOut((gone) => {
        if (gone.id !== this.running?.connectionId) return;
        this.stop('its connection was signed out').catch((error: unknown) => log.error('Could not stop the simulator', error));
      }),
    );
  }

  /** The URL this window's simulator serves, while it runs (tests). */
  get url(): string | undefined {
    return this.running?.simulator.url;
  }

  /** Starts the simulator (or reuses the running one) and makes its connection the active one. */
  async run(): Promise<Connection | undefined> {
    const reuse = this.running && this.connections.list().find((c) => c.id === this.running?.connectionId);
    if (reuse && (await this.connections.hasApiKey(reuse.id))) {
      await this.connections.switchTo(reuse.id);
      void this.ui().notify('info', `${reuse.name} is running in this window (${reuse.baseUrl}): its connection is the active one.`);
      return reuse;
    }
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async start(): Promise<Connection | undefined> {
    await this.stop('a new one starts');
    const options = trialOptions();
    this.log.addSecret(options.apiKey);
    this.log.addSecret(options.controlToken);
    let simulator: RunningSimulator | undefined;
    try {
      simulator = await simulatorBundle().startSimulator(options);
      const name = simulatorConnectionName(this.connections.list());
      const connection = await this.connections.signIn(name, simulator.url, options.apiKey, SIMULATOR_CONNECTION_DIALECT, { simulator: true });
      this.running = { simulator, connectionId: connection.id };
      this.log.info(`Started the simulator at ${simulator.url} (this window only; it stops at Sign Out of ${name} or when the window closes)`);
      void this.ui().notify('info', `Signed in to ${name}: a platform simulated in this window, with sample data. Nothing reaches a real platform.`);
      return connection;
    } catch (error) {
      await simulator?.close().catch(() => undefined);
      await notifyError('Could not start the simulator', error, { log: this.log, ui: this.ui() });
      return undefined;
    }
  }

  /** Closes the server and every socket it has open. */
  private async stop(why: string): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    await running.simulator.close();
    this.log.info(`Stopped the simulator at ${running.simulator.url}: ${why}`);
  }

  /**
   * Simulator connections no window serves any more (the window that ran one ended): removed, so
   * none is left signed in to a closed port. One another window still runs answers, and stays.
   */
  async forgetEnded(): Promise<void> {
    for (const c of this.connections.list()) {
      if (!c.simulator || c.id === this.running?.connectionId || (await answers(c.baseUrl))) continue;
      await this.connections.signOut(c.id, { explicit: false });
      this.log.info(`Removed ${c.name} (${c.baseUrl}): the simulator it was signed in to stopped with its window`);
    }
  }

  /**
   * What the window's end does (dispose): the server closes at once (its sockets with it), and its
   * connection is removed, here if the window leaves time for it, else at the next activation.
   */
  async end(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (!running) return;
    const closed = running.simulator.close();
    await this.connections.signOut(running.connectionId, { explicit: false }).catch(() => undefined);
    await closed;
  }

  override dispose(): void {
    super.dispose();
    void this.end().catch(() => undefined);
  }
}

/** Registers the command; a leftover simulator connection is looked at in the background. */
export function registerTrySimulator(
  connections: ConnectionManager,
  log: Log,
  ui: () => FlowUi,
  register: (id: string, handler: () => unknown) => vscode.Disposable,
): SimulatorTrial {
  const trial = new SimulatorTrial(connections, log, ui, register);
  if (connections.list().some((c) => c.simulator))
    void trial.forgetEnded().catch((error: unknown) => log.error('Could not remove a stopped simulator connection', error));
  return trial;
}
