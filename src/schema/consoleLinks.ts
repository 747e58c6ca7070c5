// Each platform resource a view shows, mapped to its page in the web console (#58 item 4). Only
// paths seen in the platform's documentation (G-Core/product-documentation) or its own published
// links are used; where a resource's own page is not documented, the nearest documented page is
// linked (`exact: false`) and `where` says how to reach the resource from it. No vscode.

/** A Cloud row's place and name. */
interface InRegion {
  readonly projectId: number;
  readonly regionId: number;
  readonly name: string;
}

export type ConsoleResource =
  | { readonly kind: 'protectionProfile'; readonly id: number }
  | { readonly kind: 'ddosAttack'; readonly id: string }
  | { readonly kind: 'edgeApp'; readonly id: number }
  | { readonly kind: 'edgeTemplate'; readonly id: number }
  | { readonly kind: 'reportTask'; readonly id: string }
  | { readonly kind: 'cloudProject'; readonly projectId: number }
  | (InRegion & { readonly kind: 'cloudSecret' })
  | (InRegion & { readonly kind: 'snapshotPolicy' })
  | (InRegion & { readonly kind: 'cloudFunction' })
  | { readonly kind: 'storage'; readonly id: number; readonly name: string };

export type ConsoleKind = ConsoleResource['kind'];

export interface ConsoleLink {
  readonly url: string;
  /** True: the resource's own page; false: the nearest documented page, `where` says the way on. */
  readonly exact: boolean;
  /** "FastEdge > HTTP Applications, app 42": how the console names the place (and the thing). */
  readonly where: string;
}

// The portal's landing page: every "In the Gcore Customer Portal, navigate to …" step of the docs starts there.
const DASHBOARD = '/accounts/reports/dashboard';
// cloud/getting-started/projects/users/add-a-new-user-to-your-project.mdx
const CLOUD_PROJECTS = '/cloud/projects/list';
// account-settings/users/about-users.mdx (Object Storage)
const STORAGES = '/storage/storages/list';

const paths: { readonly [K in ConsoleKind]: (r: Extract<ConsoleResource, { kind: K }>) => Omit<ConsoleLink, 'url'> & { path: string } } = {
  // ddos-protection/onboarding-service/custom-protection-profile-configuration.mdx: no page of its own documented.
  protectionProfile: (r) => ({ path: DASHBOARD, exact: false, where: `DDoS Protection > Protection profiles, profile ${r.id}` }),
  // ddos-protection/events-log.mdx
  ddosAttack: (r) => ({ path: DASHBOARD, exact: false, where: `DDoS Protection > Reports > Events log, event ${r.id}` }),
  // fastedge/manage-apps.mdx: the apps' list is reached from the dashboard; no app page documented.
  edgeApp: (r) => ({ path: DASHBOARD, exact: false, where: `FastEdge > HTTP Applications, app ${r.id}` }),
  // The "Deploy Now" links of the platform's published FastEdge templates: portal.gcore.com/fastedge/create-template-app/<id>.
  edgeTemplate: (r) => ({ path: `/fastedge/create-template-app/${r.id}`, exact: true, where: `FastEdge, a new app from template ${r.id}` }),
  // account-settings/billing/expenses.mdx: the documented billing page; the reports themselves have none.
  reportTask: (r) => ({ path: '/accounts/billing/expenses', exact: false, where: `Billing > Expenses (report ${r.id} is read through the API)` }),
  cloudProject: (r) => ({ path: CLOUD_PROJECTS, exact: false, where: `Cloud > Projects, project ${r.projectId}` }),
  // Only the containers page of a project and region is documented (/cloud/project/<p>/region/<r>/caas/containers): the projects list.
  cloudSecret: (r) => ({ path: CLOUD_PROJECTS, exact: false, where: `Cloud, project ${r.projectId}, region ${r.regionId}: secret ${r.name}` }),
  snapshotPolicy: (r) => ({ path: CLOUD_PROJECTS, exact: false, where: `Cloud, project ${r.projectId}, region ${r.regionId}: snapshot policy ${r.name}` }),
  cloudFunction: (r) => ({ path: CLOUD_PROJECTS, exact: false, where: `Cloud, project ${r.projectId}, region ${r.regionId}: function ${r.name}` }),
  storage: (r) => ({ path: STORAGES, exact: false, where: `Storage, storage ${r.name} (${r.id})` }),
};

/** The console page of `resource` under the console at `base` (`https://portal.gcore.com` or a reseller's). */
export function consoleLink(base: string, resource: ConsoleResource): ConsoleLink {
  const { path, exact, where } = (paths[resource.kind] as (r: ConsoleResource) => Omit<ConsoleLink, 'url'> & { path: string })(resource);
  return { url: `${base.replace(/\/+$/, '')}${path}`, exact, where };
}

/** The resource a tree row carries (`consoleResource`); undefined for anything else (the palette, a group row). */
export function consoleResourceOf(arg: unknown): ConsoleResource | undefined {
  const value = typeof arg === 'object' && arg !== null ? (arg as { consoleResource?: unknown }).consoleResource : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  return typeof (value as { kind?: unknown }).kind === 'string' && Object.hasOwn(paths, (value as { kind: string }).kind)
    ? (value as ConsoleResource)
    : undefined;
}
