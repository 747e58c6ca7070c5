import type { ApiTokenRecord } from '../apiTokens';
// The whole simulated platform, built from a seed: the same seed and reference time give the same data.
import { EDGE_BACKGROUND_SPAN_MS } from '../edgeBackground';
import { EDGE_CALLS_CAP, EdgeCallLog } from '../edgeCalls';
import { EdgeLogEvents } from '../edgeLogEvents';
import { seedCloudSecrets, type CloudSecret } from './seedCloudSecrets';
import { seedEdgeSecrets, type EdgeSecretRecord } from './seedEdgeSecrets';
import { seedEdgeStores, type EdgeStoreRecord } from './seedEdgeStores';
import { seedStorages, type StorageV4Record } from './seedStorages';
import { seedDdosEvents, type DdosEventRecord } from './seedDdosEvents';
import { FunctionLogStore } from '../logs';
import type { RuntimeOptions, SeedOptions } from '../options';
import { createRng, deriveSeed, type Rng } from '../rng';
import { seedProducts, seedReports, seedTrials } from './seedBilling';
import { SEEDED_FUNCTIONS, seedPolicies } from './seedCloud';
import { EDGE_ACCOUNT_CLIENT, seedEdgeApps, seedEdgeClients, seedEdgeTemplates } from './seedEdge';
import { seedEdgeBinaries } from './seedBinaries';
import { SEEDED_RESELLERS, seedFreeFeatures, seedNotificationSettings } from './seedIam';
import { PROFILE_TEMPLATES, seedProfiles } from './seedProfiles';
import { EXTRA_TEMPLATES } from './seedTemplates';
import type {
  Account,
  ActivatedFeature,
  EdgeApp,
  EdgeBinary,
  EdgeClient,
  EdgeTemplate,
  LifecyclePolicy,
  NotificationSetting,
  Product,
  ProfileTemplate,
  ProtectionProfile,
  ReportRecord,
  SecretTask,
  Storage,
  TrialRecord,
} from './types';

export interface SimState {
  referenceMs: number;
  /** Where the apps answer (`http://127.0.0.1:<port>`) once the simulator listens; undefined before. */
  appOrigin: string | undefined;
  /** Ids of what is created at run time: reproducible for the same seed and calls. */
  rng: Rng;
  account: Account;
  profiles: Map<number, ProtectionProfile>;
  profileTemplates: Map<number, ProfileTemplate>;
  policies: Map<number, LifecyclePolicy>;
  secretTasks: Map<string, SecretTask>;
  /** Secrets in the account besides those created through tasks, by id. */
  cloudSecrets: Map<string, CloudSecret>;
  /** FaaS functions switched off (`project/region/namespace/function`). */
  disabledFunctions: Set<string>;
  reports: Map<string, ReportRecord>;
  edgeApps: Map<number, EdgeApp>;
  /** Every binary an app or template uses, and those uploaded. */
  edgeBinaries: Map<number, EdgeBinary>;
  edgeTemplates: Map<number, EdgeTemplate>;
  edgeClients: Map<number, EdgeClient>;
  /** The account's FastEdge secrets (checksums and lengths, never values). */
  edgeSecrets: Map<number, EdgeSecretRecord>;
  /** The account's edge stores with their data (kv pairs, a sorted set, a bloom filter). */
  edgeStores: Map<number, EdgeStoreRecord>;
  /** The calls the apps' URLs received (bounded): what the FastEdge statistics are made from. */
  edgeCalls: EdgeCallLog;
  /** Live traffic (edgeTraffic.ts) has been made up to this instant. */
  edgeTrafficSinceMs: number;
  /** Log entries the apps' real calls wrote (bounded), read beside the seeded ones. */
  edgeLogEvents: EdgeLogEvents;
  products: Map<number, Product>;
  trials: Map<number, TrialRecord>;
  freeFeatures: Map<number, ActivatedFeature>;
  resellers: Set<number>;
  notificationSettings: Map<number, NotificationSetting>;
  storages: Map<number, Storage>;
  /** Object and SFTP storages (storage API v4), by id. */
  storagesV4: Map<number, StorageV4Record>;
  /** The account's DDoS events (attacks), by id. */
  ddosEvents: Map<string, DdosEventRecord>;
  /** The account's API tokens (IAM API v2), by id: none at the start. */
  apiTokens: Map<number, ApiTokenRecord>;
  logs: FunctionLogStore;
}

const byId = <T extends { id: number }>(items: readonly T[]): Map<number, T> => new Map(items.map((item) => [item.id, item]));

export const ACCOUNT: Account = { userId: 4585, clientId: 1 };

/** `appOrigin`: where a running simulator serves the apps (their `url`); undefined gives the platform's form. */
export function createState(seed: SeedOptions, runtime: RuntimeOptions, nowMs: number, appOrigin?: string): SimState {
  const referenceMs = seed.seedTimeMs;
  const edgeClients = seedEdgeClients();
  const edgeTemplates = seedEdgeTemplates();
  const products = seedProducts();
  const logs = new FunctionLogStore(seed.seed, nowMs, seed.logRecordCap);
  for (const fn of SEEDED_FUNCTIONS) logs.add(fn, nowMs, runtime.logRatePerSecond);
  const edgeApps = seedEdgeApps(referenceMs, edgeTemplates, edgeClients, seed.appCount, appOrigin);
  return {
    referenceMs,
    appOrigin,
    rng: createRng(deriveSeed(seed.seed, 'runtime')),
    account: ACCOUNT,
    profiles: byId(seedProfiles(seed.seed, seed.profileCount, referenceMs)),
    profileTemplates: byId([...PROFILE_TEMPLATES, ...EXTRA_TEMPLATES]),
    policies: byId(seedPolicies(ACCOUNT.userId)),
    secretTasks: new Map(),
    cloudSecrets: new Map(seedCloudSecrets(referenceMs, seed.secretCount).map((s) => [s.id, s])),
    disabledFunctions: new Set(),
    reports: new Map(seedReports(referenceMs, ACCOUNT.userId, ACCOUNT.clientId, seed.reportCount).map((r) => [r.uuid, r])),
    edgeApps: byId(edgeApps),
    edgeBinaries: byId(seedEdgeBinaries(edgeApps, edgeTemplates)),
    edgeTemplates: byId(edgeTemplates),
    edgeClients: byId(edgeClients),
    edgeSecrets: byId(seedEdgeSecrets()),
    edgeStores: byId(seedEdgeStores(referenceMs)),
    edgeCalls: new EdgeCallLog(EDGE_CALLS_CAP, {
      // Named seeded apps only (not the --app-count ones): a bounded cost for a read of every app.
      appIds: edgeApps.filter((a) => a.client_id === EDGE_ACCOUNT_CLIENT && a.status === 1 && a.id < 10_000).map((a) => a.id),
      fromMs: nowMs - EDGE_BACKGROUND_SPAN_MS,
      toMs: nowMs,
    }),
    edgeLogEvents: new EdgeLogEvents(),
    edgeTrafficSinceMs: nowMs,
    products: byId(products),
    trials: byId(seedTrials(referenceMs, products)),
    freeFeatures: byId(seedFreeFeatures(referenceMs)),
    resellers: new Set(SEEDED_RESELLERS),
    notificationSettings: byId(seedNotificationSettings()),
    storages: byId([1001, 1002, 1003, 1004, 1005].map((id, i) => ({ id, name: `storage-${['eu', 'us', 'asia', 'backup', 'media'][i]}` }))),
    storagesV4: byId(seedStorages(referenceMs)),
    ddosEvents: new Map(seedDdosEvents(referenceMs, ACCOUNT.clientId, seed.attackCount).map((e) => [e.id, e])),
    apiTokens: new Map(),
    logs,
  };
}
