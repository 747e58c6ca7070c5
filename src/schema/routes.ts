// The one table of the API's routes: every endpoint once, with its method, the spec's number and
// its path in each dialect. The endpoint descriptors take their route from here, the simulator
// serves these paths, and the README's table of differences is generated from it
// (`npm run docs:dialects`; a unit test fails when the two drift).
import type { Dialect } from './dialect';
import type { HttpMethod } from './endpoint';

export interface Route {
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

const same = (number: number, method: HttpMethod, path: string): Route => ({ number, method, paths: { spec: path, platform: path } });
const differ = (number: number, method: HttpMethod, spec: string, platform: string): Route => ({ number, method, paths: { spec, platform } });
const platformOwn = (method: HttpMethod, spec: string, platform: string): Route => ({ number: 0, method, paths: { spec, platform }, platformOnly: true });

/**
 * The spec says "poll GET /v1/tasks/{task_id}" inside the cloud API; the platform serves it as
 * `/cloud/v1/tasks/{task_id}`. Our assumption, kept in this one constant.
 */
export const TASK_PATH = '/cloud/v1/tasks/{task_id}';

export const ROUTES = {
  createSecret: same(1, 'POST', '/cloud/v1/secrets/{project_id}/{region_id}'),
  addSchedules: same(2, 'POST', '/cloud/v1/lifecycle_policy/{project_id}/{region_id}/{policy_id}/add_schedules'),
  updateProtectionProfile: differ(3, 'PATCH', '/security/guard/v3/profiles/{protection_profile_id}', '/security/sifter/v3/profiles/{protection_profile_id}'),
  previewInstancePrice: same(4, 'POST', '/cloud/v2/pricing/{project_id}/{region_id}/instances'),
  previewLoadBalancerPrice: same(5, 'POST', '/cloud/v2/pricing/{project_id}/{region_id}/loadbalancers'),
  getEdgeApp: differ(6, 'GET', '/edge/v1/admin/apps/{app_id}', '/fastedge/v1/admin/apps/{app_id}'),
  deleteStorage: same(7, 'DELETE', '/storage/provisioning/v1/storage/{storage_id}'),
  getTrialStartData: same(8, 'GET', '/billing/org/v1/trials/start-trial-data'),
  getTrial: same(9, 'GET', '/billing/org/v1/trials/{id}'),
  getReport: same(10, 'GET', '/billing/org/v1/reports/{id}'),
  getFunctionLogs: same(11, 'GET', '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions/{function_name}/logs'),
  getEdgeTemplate: differ(12, 'GET', '/edge/v1/admin/template/{template_id}', '/fastedge/v1/admin/template/{template_id}'),
  createReport: same(13, 'POST', '/billing/org/v1/reports'),
  listProtectionProfiles: differ(14, 'GET', '/security/guard/v3/profiles/all', '/security/sifter/v3/profiles/all'),
  getEdgeClient: differ(15, 'GET', '/edge/v1/admin/clients/{client_id}', '/fastedge/v1/admin/clients/{client_id}'),
  getActivatedFreeFeature: same(16, 'GET', '/iam/admin/free_features/{activatedFeatureId}'),
  updateNotificationSetting: same(17, 'PATCH', '/iam/reselling/resellers/{resellerId}/notification_settings/{notificationSettingsId}'),
  createNotificationSetting: same(18, 'POST', '/iam/reselling/resellers/{resellerId}/notification_settings'),
  getTask: same(0, 'GET', TASK_PATH),
  // The platform's profile list carries no field values; its single profile does.
  getProtectionProfile: platformOwn('GET', '/security/guard/v3/profiles/{protection_profile_id}', '/security/sifter/v3/profiles/{protection_profile_id}'),
  // The platform's lists (paths.md §2), for the trees and the pickers.
  listEdgeApps: platformOwn('GET', '/edge/v1/apps', '/fastedge/v1/apps'),
  getOwnEdgeApp: platformOwn('GET', '/edge/v1/apps/{app_id}', '/fastedge/v1/apps/{app_id}'),
  listEdgeTemplates: platformOwn('GET', '/edge/v1/template', '/fastedge/v1/template'),
  getEdgeAccount: platformOwn('GET', '/edge/v1/me', '/fastedge/v1/me'),
  listReports: platformOwn('GET', '/billing/org/v1/reports', '/billing/org/v1/reports'),
  listReportTemplates: platformOwn('GET', '/billing/org/v1/reports/templates', '/billing/org/v1/reports/templates'),
  listProtectionProfilesPaged: platformOwn('GET', '/security/guard/v3/profiles', '/security/sifter/v3/profiles'),
  listProfileTemplates: platformOwn('GET', '/security/guard/v3/templates', '/security/sifter/v3/templates'),
  listProjects: platformOwn('GET', '/cloud/v1/projects', '/cloud/v1/projects'),
  listRegions: platformOwn('GET', '/cloud/v1/regions', '/cloud/v1/regions'),
  listFlavors: platformOwn('GET', '/cloud/v1/flavors/{project_id}/{region_id}', '/cloud/v1/flavors/{project_id}/{region_id}'),
  listLoadBalancerFlavors: platformOwn('GET', '/cloud/v1/lbflavors/{project_id}/{region_id}', '/cloud/v1/lbflavors/{project_id}/{region_id}'),
  listLifecyclePolicies: platformOwn('GET', '/cloud/v1/lifecycle_policy/{project_id}/{region_id}', '/cloud/v1/lifecycle_policy/{project_id}/{region_id}'),
  listNamespaces: platformOwn('GET', '/cloud/v1/faas/namespaces/{project_id}/{region_id}', '/cloud/v1/faas/namespaces/{project_id}/{region_id}'),
  listFunctions: platformOwn(
    'GET',
    '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions',
    '/cloud/v1/faas/namespaces/{project_id}/{region_id}/{namespace_name}/functions',
  ),
  listSecrets: platformOwn('GET', '/cloud/v1/secrets/{project_id}/{region_id}', '/cloud/v1/secrets/{project_id}/{region_id}'),
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
  const row = (name: RouteName, r: Route) =>
    `| ${r.platformOnly ? '–' : r.number} | \`${name}\`${r.platformOnly ? ' (the platform\'s own)' : ''} | ${r.method} | \`${r.paths.spec}\` | \`${r.paths.platform}\` |`;
  const rows = [...differingRoutes(), ...platformOnlyRoutes()].map(([name, r]) => row(name, r));
  return ['| # | Endpoint | Method | Spec dialect | Platform dialect |', '|---|---|---|---|---|', ...rows].join('\n');
}
