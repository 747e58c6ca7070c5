// The simulator's world: data, options, faults and the request log, shared by the API and the
// control endpoints.
import { credentialOf, type Credential } from './apiTokens';
import { edgeAppUrl } from './edgeAppUrl';
import type { AppSeen } from './appServe';
import { catchUpTraffic } from './edgeTraffic';
import { FaultRegistry, faultSpec } from './faults';
import { DEFAULTS, runtimeFrom, servedDialects, type RuntimeOptions, type SeedOptions, type SimDialect, type SimulatorOptions } from './options';
import type { Dialect } from '../src/schema/dialect';
import { RequestLog, type AuthState } from './requestLog';
import { Router } from './router';
import { createState, type SimState } from './state/seed';
import { startOfUtcDay } from './timeFormat';

export class SimCore {
  readonly faults = new FaultRegistry();
  readonly requests = new RequestLog();
  /** Tests watching what an app's URL receives, headers included (in-process only, nothing kept). */
  readonly appWatchers = new Set<(seen: AppSeen) => void>();
  readonly now: () => number;
  readonly dialect: SimDialect;
  /** The dialects whose paths are served. */
  readonly dialects: readonly Dialect[];
  readonly router: Router;
  runtime: RuntimeOptions;
  seed: SeedOptions;
  state: SimState;
  readonly #expectedHeader: string;

  constructor(options: SimulatorOptions) {
    if (!options.apiKey) throw new Error('an API key is required');
    this.#expectedHeader = `apikey ${options.apiKey}`;
    this.now = options.now ?? Date.now;
    this.dialect = options.dialect ?? DEFAULTS.dialect;
    this.dialects = servedDialects(this.dialect);
    this.router = new Router(this.dialects);
    this.runtime = runtimeFrom(options);
    this.seed = {
      seed: options.seed ?? DEFAULTS.seed,
      profileCount: options.profileCount ?? DEFAULTS.profileCount,
      appCount: options.appCount ?? 0,
      secretCount: options.secretCount ?? 0,
      reportCount: options.reportCount ?? 0,
      attackCount: options.attackCount ?? 0,
      seedTimeMs: options.seedTimeMs ?? startOfUtcDay(this.now()),
      logRecordCap: options.logRecordCap ?? DEFAULTS.logRecordCap,
    };
    this.state = createState(this.seed, this.runtime, this.now());
    for (const fault of options.faults ?? []) this.faults.set(faultSpec.parse(fault));
  }

  checkAuth(header: string | undefined): AuthState {
    const credential = this.credentialOf(header);
    return credential.kind === 'none' ? credential.reason : 'ok';
  }

  /** Whose credential a request carries: the key, a live API token of the account, or none accepted. */
  credentialOf(header: string | undefined): Credential {
    return credentialOf(header, this.#expectedHeader, this.state.apiTokens, this.now());
  }

  /** Back to the seed's data, optionally with another seed or profile count. */
  reset(patch: Partial<Pick<SeedOptions, 'seed' | 'profileCount'>> = {}): void {
    this.seed = { ...this.seed, seed: patch.seed ?? this.seed.seed, profileCount: patch.profileCount ?? this.seed.profileCount };
    this.state = createState(this.seed, this.runtime, this.now(), this.state.appOrigin);
  }

  /**
   * Once the server listens: the apps answer below `origin`, and every app whose URL had the
   * platform's form takes the reachable one (a URL set by hand stays).
   */
  setAppOrigin(origin: string): void {
    for (const app of this.state.edgeApps.values()) {
      if (app.url === edgeAppUrl(undefined, app.name, app.client_id)) app.url = edgeAppUrl(origin, app.name, app.client_id);
    }
    this.state.appOrigin = origin;
  }

  /** Live traffic owed up to now, at the current rate (the timer, and a rate about to change). */
  catchUpTraffic(): void {
    catchUpTraffic(this.state, this.runtime.edgeTrafficPerMinute, this.now());
  }

  setRuntime(patch: Partial<RuntimeOptions>): void {
    // Lines owed at the old rate are made before the new rate applies.
    if (patch.logRatePerSecond !== undefined) this.state.logs.catchUpAll(this.now(), this.runtime.logRatePerSecond);
    if (patch.edgeTrafficPerMinute !== undefined) this.catchUpTraffic();
    this.runtime = { ...this.runtime, ...patch };
  }
}
