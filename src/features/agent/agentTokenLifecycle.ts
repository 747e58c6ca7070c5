// When agent tokens end (#56): deleted on the platform with the connection's key, then forgotten.
// At Sign Out of their connection (before the key is gone, bounded: connections/willSignOut.ts), and
// at expiry: one timer for the soonest expiry, and at activation for those already past it. The
// platform is never polled: the timer only wakes for a token the store holds.
import type { BoundConnection } from '../../connections/connectionManager';
import type { ConnectionInfo } from '../../schema/connectionRules';
import { PlatformError } from '../../schema/errors';
import { revokeAgentToken } from '../../operations/agentTokens';
import { sendWrite } from '../../operations/operation';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { realClock, type ScheduleClock } from '../../ui/refreshSchedule';
import { formatUtc } from '../../ui/text/timeText';
import type { AgentTokenStore } from './agentTokenStore';
import { isExpired, type AgentTokenRecord } from './model/agentTokens';
import { soonestExpiry } from './model/agentTokenRules';

/** setTimeout's longest delay: a later expiry wakes the timer early, and it is set again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a DELETE of the token on the platform came to. */
export type RevokeOutcome = 'deleted' | 'alreadyGone';

/** Deletes the token on the platform through its catalog operation, once; 404: the platform had already dropped it. */
export async function deleteOnPlatform(bound: BoundConnection, record: AgentTokenRecord, signal?: AbortSignal): Promise<RevokeOutcome> {
  try {
    await sendWrite(bound.api, revokeAgentToken, { clientId: record.clientId, tokenId: record.tokenId }, record, signal ? { signal } : {});
    return 'deleted';
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'notFound') return 'alreadyGone';
    throw error;
  }
}

const tokenWords = (r: AgentTokenRecord) => `Agent token "${r.name}" (ID ${r.tokenId}) of ${r.connectionName}`;

export class AgentTokenLifecycle extends Disposable {
  private timer: unknown;
  private clock: ScheduleClock = realClock;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly store: AgentTokenStore,
    private readonly ctx: Pick<FeatureContext, 'connections' | 'log' | 'bindNamed'>,
  ) {
    super();
    this._register(store.onDidChange(() => this.schedule()));
    // Asks Sign Out to wait only when the connection has tokens: otherwise it goes on at once.
    this._register(
      ctx.connections.onWillSignOut((e) => {
        const records = store.all().filter((r) => r.connectionId === e.connection.id);
        if (records.length) e.waitUntil(this.revokeAll(e.connection, e.bound, records, e.signal));
      }),
    );
    this._register({ dispose: () => this.clear() });
    // Tokens already past expiry when the editor starts are handled at once.
    void this.sweep();
  }

  /** The clock the timer runs on (tests move time by hand); undefined: the real one. */
  useClock(clock: ScheduleClock | undefined): void {
    this.clear();
    this.clock = clock ?? realClock;
    this.schedule();
  }

  /** Deletes (on the platform) and forgets every token past its expiry; then sets the timer for the next one. */
  sweep(): Promise<void> {
    // One sweep at a time: a timer firing during one waits for it rather than sending twice.
    this.sweeping = (this.sweeping ?? Promise.resolve()).then(() => this.sweepOnce());
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    const now = this.clock.now();
    for (const record of this.store.all().filter((r) => isExpired(r, now))) await this.expire(record);
    this.schedule();
  }

  private async expire(record: AgentTokenRecord): Promise<void> {
    const { log } = this.ctx;
    const bound = await this.ctx.bindNamed(record.connectionId);
    if (!bound) {
      log.info(`${tokenWords(record)} expired; its connection is signed out (its key is gone), so it is forgotten here`);
    } else {
      try {
        const outcome = await deleteOnPlatform(bound, record);
        log.info(`${tokenWords(record)} expired: ${outcome === 'deleted' ? 'deleted on the platform' : 'already gone on the platform'}, and forgotten`);
      } catch (error) {
        // Past its expiry the platform refuses it anyway ("when an API token expires it will be automatically deleted").
        log.error(`${tokenWords(record)} expired and could not be deleted on the platform (it no longer works there); forgotten`, error);
      }
    }
    await this.store.remove(record);
  }

  /** At Sign Out, with the key still here: every token of the connection deleted on the platform, then forgotten. */
  private async revokeAll(
    connection: ConnectionInfo,
    bound: BoundConnection | undefined,
    records: readonly AgentTokenRecord[],
    signal: AbortSignal,
  ): Promise<void> {
    const { log } = this.ctx;
    const missed: AgentTokenRecord[] = [];
    for (const record of records) {
      try {
        if (!bound || signal.aborted) throw signal.reason ?? new Error('no key');
        const outcome = await deleteOnPlatform(bound, record, signal);
        log.info(`${tokenWords(record)} revoked at Sign Out: ${outcome === 'deleted' ? 'deleted on the platform' : 'already gone on the platform'}`);
      } catch (error) {
        missed.push(record);
        log.error(`${tokenWords(record)} could not be deleted on the platform at Sign Out`, error);
      }
      await this.store.remove(record);
    }
    if (missed.length)
      log.warn(
        `Sign Out of ${connection.name}: ${missed.length} agent token(s) could not be deleted on the platform and stay live there until they expire: ` +
          missed.map((r) => `"${r.name}" (ID ${r.tokenId}) at ${formatUtc(r.expiresAt) ?? r.expiresAt}`).join(', '),
      );
  }

  private schedule(): void {
    this.clear();
    const soonest = soonestExpiry(this.store.all());
    if (soonest === undefined) return;
    this.timer = this.clock.setTimer(() => void this.sweep(), Math.min(MAX_TIMER_MS, Math.max(0, soonest - this.clock.now())));
  }

  private clear(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
