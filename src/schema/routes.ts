// The one table of the API's routes: every endpoint once, by name, with its group in the typed
// API, its method, the spec's number and its path in each dialect. The endpoint descriptors take
// their name and route from here, the client its groups, the simulator serves these paths, and
// the README's table of differences is generated from it (`npm run docs:dialects`; a unit test
// fails when the two drift).
import type { Dialect } from './dialect';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  /** The group the typed API offers it under (`api.cloud.createSecret`): the table is the only list of groups. */
  group: string;
  /** The spec's endpoint number, 1..18; 0 for the task endpoint the spec only mentions and the platform's own. */
  number: number;
  method: HttpMethod;
  /** Path template in each dialect. */
  paths: Readonly<Record<Dialect, string>>;
  /**
   * Not in the spec: the platform's own endpoint, used where the platform offers it. Its spec
   * path is where a spec server would put it (the spec's product prefix); a server that lacks it
   * answers 404, and the extension then does without.
   */
  platformOnly?: true;
}

type RouteOf<G extends string> = Route & { readonly group: G };
const same = <G extends string>(group: G, number: number, method: HttpMethod, path: string): RouteOf<G> => ({
  group,
  number,
  method,
  paths: { spec: path, platform: path },
});
const differ = <G extends string>(group: G, number: number, method: HttpMethod, spec: string, platform: string): RouteOf<G> => ({
  group,
  number,
  method,
  paths: { spec, platform },
});
const platformOwn = <G extends string>(group: G, method: HttpMethod, spec: string, platform: string): RouteOf<G> => ({
  group,
  number: 0,
  method,
  paths: { spec, platform },
  platformOnly: true,
});

/**
 * The spec says "poll GET /v1/tasks/{task_id}" inside the cloud API; the platform serves it as
 * `/cloud/v1/tasks/{task_id}`. Our assumption, kept in this one constant.
 */
export const TASK_PATH = '/cloud/v1/tasks/{task_id}';

export const ROUTES = {
  createSecret: same('cloud', 1, 'POST', '/cloud/v1/secrets/{project_id}/{region_id}'),
  addSchedules: same('cloud', 2, 'POST', '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}/add_schedules'),
  updateProtectionProfile: differ(
    'security',
    3,
    'PATCH',
    '/security/guard/v3/profiles/{protection_profile_id}',
    '/security/sifter/v3/profiles/{protection_profile_id}',
  ),
  previewInstancePrice: same('pricing', 4, 'POST', '/cloud/v2/pricing/{project_id}/{region_id}/instances'),
  previewLoadBalancerPrice: same('pricing', 5, 'POST', '/cloud/v2/pricing/{project_id}/{region_id}/loadbalancers'),
  getEdgeApp: differ('edge', 6, 'GET', '/edge/v1/admin/apps/{app_id}', '/fastedge/v1/admin/apps/{app_id}'),
  deleteStorage: same('storage', 7, 'DELETE', '/storage/provisioning/v1/storage/{storage_id}'),
  getTrialStartData: same('billing', 8, 'GET', '/billing/org/v1/trials/start-trial-data'),
  getTrial: same('billing', 9, 'GET', '/billing/org/v1/trials/{id}'),
  getReport: same('billing', 10, 'GET', '/billing/org/v1/reports/{id}'),
  getFunctionLogs: same('faas', 11, 'GET', '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions/{function_name}/logs'),
  getEdgeTemplate: differ('edge', 12, 'GET', '/edge/v1/admin/template/{template_id}', '/fastedge/v1/admin/template/{template_id}'),
  createReport: same('billing', 13, 'POST', '/billing/org/v1/reports'),
  listProtectionProfiles: differ('security', 14, 'GET', '/security/guard/v3/profiles/all', '/security/sifter/v3/profiles/all'),
  getEdgeClient: differ('edge', 15, 'GET', '/edge/v1/admin/clients/{client_id}', '/fastedge/v1/admin/clients/{client_id}'),
  getActivatedFreeFeature: same('iam', 16, 'GET', '/iam/admin/free_features/{activatedFeatureId}'),
  updateNotificationSetting: same('iam', 17, 'PATCH', '/iam/reselling/resellers/{resellerId}/notification_settings/{notificationSettingsId}'),
  createNotificationSetting: same('iam', 18, 'POST', '/iam/reselling/resellers/{resellerId}/notification_settings'),
  getTask: same('cloud', 0, 'GET', TASK_PATH),
  // The platform's profile list carries no field values; its single profile does.
  getProtectionProfile: platformOwn(
    'security',
    'GET',
    '/security/guard/v3/profiles/{protection_profile_id}',
    '/security/sifter/v3/profiles/{protection_profile_id}',
  ),
  // The platform's lists (paths.md §2), for the trees and the pickers.
  listEdgeApps: platformOwn('edge', 'GET', '/edge/v1/apps', '/fastedge/v1/apps'),
  getOwnEdgeApp: platformOwn('edge', 'GET', '/edge/v1/apps/{app_id}', '/fastedge/v1/apps/{app_id}'),
  listEdgeTemplates: platformOwn('edge', 'GET', '/edge/v1/template', '/fastedge/v1/template'),
  getEdgeAccount: platformOwn('edge', 'GET', '/edge/v1/me', '/fastedge/v1/me'),
  // An app's lifecycle: its writable fields changed (status, debug window…), or the app deleted.
  patchEdgeApp: platformOwn('edge', 'PATCH', '/edge/v1/apps/{app_id}', '/fastedge/v1/apps/{app_id}'),
  deleteEdgeApp: platformOwn('edge', 'DELETE', '/edge/v1/apps/{app_id}', '/fastedge/v1/apps/{app_id}'),
  // A compiled .wasm stored as a binary (the raw bytes as the body), and a binary deleted.
  storeEdgeBinary: platformOwn('edge', 'POST', '/edge/v1/binaries/raw', '/fastedge/v1/binaries/raw'),
  deleteEdgeBinary: platformOwn('edge', 'DELETE', '/edge/v1/binaries/{binary_id}', '/fastedge/v1/binaries/{binary_id}'),
  // One binary (its MD5 `checksum`): what drift compares a workspace .wasm with.
  getEdgeBinary: platformOwn('edge', 'GET', '/edge/v1/binaries/{binary_id}', '/fastedge/v1/binaries/{binary_id}'),
  // A new app (from a binary or a template), and the account's binaries to make it from.
  createEdgeApp: platformOwn('edge', 'POST', '/edge/v1/apps', '/fastedge/v1/apps'),
  listEdgeBinaries: platformOwn('edge', 'GET', '/edge/v1/binaries', '/fastedge/v1/binaries'),
  // The account's FastEdge secrets: values are write-only, answers carry checksums only.
  listEdgeSecrets: platformOwn('edge', 'GET', '/edge/v1/secrets', '/fastedge/v1/secrets'),
  createEdgeSecret: platformOwn('edge', 'POST', '/edge/v1/secrets', '/fastedge/v1/secrets'),
  getEdgeSecret: platformOwn('edge', 'GET', '/edge/v1/secrets/{secret_id}', '/fastedge/v1/secrets/{secret_id}'),
  patchEdgeSecret: platformOwn('edge', 'PATCH', '/edge/v1/secrets/{secret_id}', '/fastedge/v1/secrets/{secret_id}'),
  deleteEdgeSecret: platformOwn('edge', 'DELETE', '/edge/v1/secrets/{secret_id}', '/fastedge/v1/secrets/{secret_id}'),
  // The account's edge stores (KV), for an app's store references.
  listEdgeStores: platformOwn('edge', 'GET', '/edge/v1/kv', '/fastedge/v1/kv'),
  // An edge store's data (#55 item 5): the store read, its keys listed (prefix, paging), one key read, kv pairs put and deleted (PUT).
  getEdgeStore: platformOwn('edge', 'GET', '/edge/v1/kv/{store_id}', '/fastedge/v1/kv/{store_id}'),
  listEdgeStoreData: platformOwn('edge', 'GET', '/edge/v1/kv/{store_id}/data', '/fastedge/v1/kv/{store_id}/data'),
  getEdgeStoreKey: platformOwn('edge', 'GET', '/edge/v1/kv/{store_id}/data/{key}', '/fastedge/v1/kv/{store_id}/data/{key}'),
  putEdgeStoreData: platformOwn('edge', 'PUT', '/edge/v1/kv/{store_id}/data', '/fastedge/v1/kv/{store_id}/data'),
  listReports: platformOwn('billing', 'GET', '/billing/org/v1/reports', '/billing/org/v1/reports'),
  listReportTemplates: platformOwn('billing', 'GET', '/billing/org/v1/reports/templates', '/billing/org/v1/reports/templates'),
  listProtectionProfilesPaged: platformOwn('security', 'GET', '/security/guard/v3/profiles', '/security/sifter/v3/profiles'),
  listProfileTemplates: platformOwn('security', 'GET', '/security/guard/v3/templates', '/security/sifter/v3/templates'),
  // A profile created from a template and deleted; one template with its fields' rules, and its policies.
  createProtectionProfile: platformOwn('security', 'POST', '/security/guard/v3/profiles', '/security/sifter/v3/profiles'),
  deleteProtectionProfile: platformOwn(
    'security',
    'DELETE',
    '/security/guard/v3/profiles/{protection_profile_id}',
    '/security/sifter/v3/profiles/{protection_profile_id}',
  ),
  getProfileTemplate: platformOwn(
    'security',
    'GET',
    '/security/guard/v3/templates/{protection_template_id}',
    '/security/sifter/v3/templates/{protection_template_id}',
  ),
  listProfileTemplatePolicies: platformOwn(
    'security',
    'GET',
    '/security/guard/v3/templates/{protection_template_id}/policies',
    '/security/sifter/v3/templates/{protection_template_id}/policies',
  ),
  listProjects: platformOwn('cloud', 'GET', '/cloud/v1/projects', '/cloud/v1/projects'),
  listRegions: platformOwn('cloud', 'GET', '/cloud/v1/regions', '/cloud/v1/regions'),
  listFlavors: platformOwn('cloud', 'GET', '/cloud/v1/flavors/{project_id}/{region_id}', '/cloud/v1/flavors/{project_id}/{region_id}'),
  listLoadBalancerFlavors: platformOwn('cloud', 'GET', '/cloud/v1/lbflavors/{project_id}/{region_id}', '/cloud/v1/lbflavors/{project_id}/{region_id}'),
  patchLifecyclePolicy: platformOwn(
    'cloud',
    'PATCH',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}',
  ),
  deleteLifecyclePolicy: platformOwn(
    'cloud',
    'DELETE',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}',
  ),
  removeSchedules: platformOwn(
    'cloud',
    'POST',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}/remove_schedules',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}/remove_schedules',
  ),
  listLifecyclePolicies: platformOwn(
    'cloud',
    'GET',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}',
    '/cloud/v1/lifecycle_policy/{project_id}/{region_id}',
  ),
  listNamespaces: platformOwn('faas', 'GET', '/cloud/v1/faas/namespaces/{project_id}/{region_id}', '/cloud/v1/faas/namespaces/{project_id}/{region_id}'),
  listFunctions: platformOwn(
    'faas',
    'GET',
    '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions',
    '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions',
  ),
  // An edge app's logs, filtered and paged on the server.
  listEdgeAppLogs: platformOwn('edge', 'GET', '/edge/v1/apps/{app_id}/logs', '/fastedge/v1/apps/{app_id}/logs'),
  // Calls by status and execution durations per time slot, for one app or the whole account.
  getEdgeCallStats: platformOwn('edge', 'GET', '/edge/v1/stats/calls', '/fastedge/v1/stats/calls'),
  getEdgeDurationStats: platformOwn('edge', 'GET', '/edge/v1/stats/app_duration', '/fastedge/v1/stats/app_duration'),
  listSecrets: platformOwn('cloud', 'GET', '/cloud/v1/secrets/{project_id}/{region_id}', '/cloud/v1/secrets/{project_id}/{region_id}'),
  // A secret read and deleted (tasks), a schedule changed, a function switched off or on (tasks).
  createSecretV2: platformOwn('cloud', 'POST', '/cloud/v2/secrets/{project_id}/{region_id}', '/cloud/v2/secrets/{project_id}/{region_id}'),
  getSecret: platformOwn('cloud', 'GET', '/cloud/v1/secrets/{project_id}/{region_id}/{secret_id}', '/cloud/v1/secrets/{project_id}/{region_id}/{secret_id}'),
  deleteSecret: platformOwn(
    'cloud',
    'DELETE',
    '/cloud/v1/secrets/{project_id}/{region_id}/{secret_id}',
    '/cloud/v1/secrets/{project_id}/{region_id}/{secret_id}',
  ),
  patchSchedule: platformOwn(
    'cloud',
    'PATCH',
    '/cloud/v1/schedule/{project_id}/{region_id}/{schedule_id}',
    '/cloud/v1/schedule/{project_id}/{region_id}/{schedule_id}',
  ),
  patchFunction: platformOwn(
    'faas',
    'PATCH',
    '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions/{function_name}',
    '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions/{function_name}',
  ),
  // A report task's result and its removal, and the lists the pickers offer instead of a typed id.
  downloadReport: platformOwn('billing', 'GET', '/billing/org/v1/reports/{uuid}/download', '/billing/org/v1/reports/{uuid}/download'),
  deleteReport: platformOwn('billing', 'DELETE', '/billing/org/v1/reports/{id}', '/billing/org/v1/reports/{id}'),
  listTrials: platformOwn('billing', 'GET', '/billing/org/v1/trials', '/billing/org/v1/trials'),
  listFreeFeatures: platformOwn('iam', 'GET', '/iam/admin/free_features', '/iam/admin/free_features'),
  disableFreeFeature: platformOwn('iam', 'DELETE', '/iam/admin/free_features/{activatedFeatureId}', '/iam/admin/free_features/{activatedFeatureId}'),
  listNotificationSettings: platformOwn(
    'iam',
    'GET',
    '/iam/reselling/resellers/{resellerId}/notification_settings',
    '/iam/reselling/resellers/{resellerId}/notification_settings',
  ),
  deleteNotificationSetting: platformOwn(
    'iam',
    'DELETE',
    '/iam/reselling/resellers/{resellerId}/notification_settings/{notificationSettingsId}',
    '/iam/reselling/resellers/{resellerId}/notification_settings/{notificationSettingsId}',
  ),
  // Object and SFTP storages (storage API v4): their lists, deletion, and an object storage's restore within two weeks.
  listObjectStorages: platformOwn('storage', 'GET', '/storage/v4/object_storages', '/storage/v4/object_storages'),
  listSftpStorages: platformOwn('storage', 'GET', '/storage/v4/sftp_storages', '/storage/v4/sftp_storages'),
  deleteObjectStorage: platformOwn('storage', 'DELETE', '/storage/v4/object_storages/{storage_id}', '/storage/v4/object_storages/{storage_id}'),
  deleteSftpStorage: platformOwn('storage', 'DELETE', '/storage/v4/sftp_storages/{storage_id}', '/storage/v4/sftp_storages/{storage_id}'),
  restoreObjectStorage: platformOwn('storage', 'POST', '/storage/v4/object_storages/{storage_id}/restore', '/storage/v4/object_storages/{storage_id}/restore'),
  // The account's DDoS events (attacks): the notifier has no guard/sifter rename, so one path in both dialects.
  listDdosEvents: platformOwn('security', 'GET', '/security/notifier/v1/event_logs', '/security/notifier/v1/event_logs'),
  // The account's id and its API tokens (IAM API v2; v1 was removed on 2026-07-17): agent tokens (#56).
  getAccountDetails: platformOwn('iam', 'GET', '/iam/clients/me', '/iam/clients/me'),
  listApiTokens: platformOwn('iam', 'GET', '/iam/v2/clients/{clientId}/tokens', '/iam/v2/clients/{clientId}/tokens'),
  createApiToken: platformOwn('iam', 'POST', '/iam/v2/clients/{clientId}/tokens', '/iam/v2/clients/{clientId}/tokens'),
  deleteApiToken: platformOwn('iam', 'DELETE', '/iam/v2/clients/{clientId}/tokens/{tokenId}', '/iam/v2/clients/{clientId}/tokens/{tokenId}'),
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

const routeEntries = () => Object.entries(ROUTES) as [RouteName, Route][];

/** The spec's routes whose paths differ between the dialects, in the spec's order. */
export function differingRoutes(): [RouteName, Route][] {
  return routeEntries()
    .filter(([, r]) => !r.platformOnly && r.paths.spec !== r.paths.platform)
    .sort(([, a], [, b]) => a.number - b.number);
}

/** The platform's own routes the extension uses (not in the spec). */
export function platformOnlyRoutes(): [RouteName, Route][] {
  return routeEntries().filter(([, r]) => r.platformOnly);
}

/** The Markdown table of differences the README shows (generated, so it cannot drift). */
export function dialectDifferencesTable(): string {
  const row = (name: RouteName, r: Route) => {
    const endpoint = `\`${name}\`${r.platformOnly ? " (the platform's own)" : ''}`;
    return `| ${r.platformOnly ? '–' : r.number} | ${endpoint} | ${r.method} | \`${r.paths.spec}\` | \`${r.paths.platform}\` |`;
  };
  const rows = [...differingRoutes(), ...platformOnlyRoutes()].map(([name, r]) => row(name, r));
  return ['| # | Endpoint | Method | Spec dialect | Platform dialect |', '|---|---|---|---|---|', ...rows].join('\n');
}
