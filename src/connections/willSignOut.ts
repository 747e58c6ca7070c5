// The moment before a Sign Out takes the key away (#56): what was made with the key and must be
// undone with it (agent tokens, deleted on the platform) is given a bounded time to do it. After
// the bound, Sign Out goes on: its `signal` aborts what is still in flight, so nothing is sent
// with the key once the key is gone.
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../schema/connectionRules';
import type { BoundConnection } from './connectionManager';

/** At most this long in all for every waitUntil of one Sign Out. */
export const WILL_SIGN_OUT_LIMIT_MS = 10_000;

export interface WillSignOutEvent {
  readonly connection: ConnectionInfo;
  /**
   * The one binding of the key left while Sign Out waits: every other use of it has stopped (binds
   * are refused). Aborted when the wait ends. Undefined when the key was already gone.
   */
  readonly bound: BoundConnection | undefined;
  /** Aborted when the bound has passed: the work stops and says what it could not do. */
  readonly signal: AbortSignal;
  /** Sign Out waits for `work` (bounded): it must not reject, and says its own failures. */
  waitUntil(work: Promise<unknown>): void;
}

export class WillSignOut implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<WillSignOutEvent>();
  readonly event = this.emitter.event;
  /** The bound in ms (tests shorten it). */
  limitMs = WILL_SIGN_OUT_LIMIT_MS;

  /**
   * Tells every listener, synchronously. Undefined when none asked to wait: Sign Out then goes on
   * at once, with no await before it revokes (a bind racing it must not slip in). Otherwise waits
   * for their work, at most `limitMs`: true when the bound cut it short.
   */
  fire(connection: ConnectionInfo, bound?: BoundConnection): Promise<boolean> | undefined {
    const waits: Promise<unknown>[] = [];
    const controller = new AbortController();
    this.emitter.fire({ connection, bound, signal: controller.signal, waitUntil: (work) => waits.push(work.catch(() => undefined)) });
    return waits.length === 0 ? undefined : this.bounded(connection, waits, controller);
  }

  private async bounded(connection: ConnectionInfo, waits: Promise<unknown>[], controller: AbortController): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<'bound'>((resolve) => (timer = setTimeout(() => resolve('bound'), this.limitMs)));
    const ended = await Promise.race([Promise.all(waits).then(() => 'done' as const), bound]);
    clearTimeout(timer);
    if (ended === 'done') return false;
    controller.abort(new Error(`Sign Out of ${connection.name} did not wait longer than ${this.limitMs / 1000} s`));
    // What was cut short says so as it stops (its own log lines): a moment for those words, never for the platform.
    await Promise.race([Promise.all(waits), new Promise((resolve) => setTimeout(resolve, 1000))]);
    return true;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
