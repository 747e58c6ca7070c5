// The cloud's lists (paths.md §2): projects, regions, instance and load balancer flavors,
// lifecycle policies, FaaS namespaces and functions, secrets. Every answer is `{count, results}`.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { lifecyclePolicyResponse } from './cloud';
import { cloudList, filterText, pageQuery } from './paging';
import { ROUTES } from './routes';
import { functionName, positiveId, rBool, rInt, rNum, rRequiredInt, rRequiredText, rText } from './schemaKit';

const PAGE_MAX = 1000;
const location = lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId() }));

export const project = lazySchema(() => z.looseObject({
  id: rRequiredInt(),
  name: rText(),
  client_id: rInt(),
  is_default: rBool(),
  state: rText(),
  description: rText(),
  created_at: rText(),
}));
export type Project = z.output<typeof project>;

export const region = lazySchema(() => z.looseObject({
  id: rRequiredInt(),
  display_name: rText(),
  slug: rText(),
  country: rText(),
  state: rText(),
  has_basic_vm: rBool(),
}));
export type Region = z.output<typeof region>;

/** Fields several schemas share: made with them (lazily), not at load. */
const flavorPrice = () => ({
  price_per_hour: rNum(),
  price_per_month: rNum(),
  currency_code: rText(),
  price_status: rText(),
});

export const flavor = lazySchema(() => z.looseObject({
  flavor_id: rText(),
  flavor_name: rRequiredText(),
  vcpus: rInt(),
  ram: rInt(),
  disabled: rBool(),
  os_type: rText(),
  architecture: rText(),
  hardware_description: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  ...flavorPrice(),
}));
export type Flavor = z.output<typeof flavor>;

export const loadBalancerFlavor = lazySchema(() => z.looseObject({ flavor_id: rText(), flavor_name: rRequiredText(), vcpus: rInt(), ram: rInt(), ...flavorPrice() }));
export type LoadBalancerFlavor = z.output<typeof loadBalancerFlavor>;

export const namespace = lazySchema(() => z.looseObject({ name: rRequiredText(), status: rText(), functions: rInt(), created_at: rText(), description: rText() }));
export type FaasNamespace = z.output<typeof namespace>;

export const faasFunction = lazySchema(() => z.looseObject({
  id: rText(),
  name: rRequiredText(),
  status: rText(),
  runtime: rText(),
  flavor: rText(),
  endpoint: rText(),
  description: rText(),
}));
export type FaasFunction = z.output<typeof faasFunction>;

export const secretItem = lazySchema(() => z.looseObject({
  id: rRequiredText(),
  name: rText(),
  secret_type: rText(),
  status: rText(),
  created: rText(),
  expiration: rText(),
  algorithm: rText(),
  bit_length: rInt(),
  mode: rText(),
}));
export type SecretItem = z.output<typeof secretItem>;

export const listProjectsEndpoint = defineEndpoint({
  name: 'listProjects',
  ...ROUTES.listProjects,
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ name: filterText(), order_by: filterText(), include_deleted: z.boolean().optional(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(project))),
});

export const listRegionsEndpoint = defineEndpoint({
  name: 'listRegions',
  ...ROUTES.listRegions,
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ display_name: filterText(), product: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(region))),
});

export const listFlavorsEndpoint = defineEndpoint({
  name: 'listFlavors',
  ...ROUTES.listFlavors,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject({ disabled: z.boolean().optional(), include_prices: z.boolean().optional(), exclude_linux: z.boolean().optional(), exclude_windows: z.boolean().optional() })),
  body: undefined,
  response: lazySchema(() => cloudList(real(flavor))),
});

export const listLoadBalancerFlavorsEndpoint = defineEndpoint({
  name: 'listLoadBalancerFlavors',
  ...ROUTES.listLoadBalancerFlavors,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject({ include_prices: z.boolean().optional(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(loadBalancerFlavor))),
});

export const listLifecyclePoliciesEndpoint = defineEndpoint({
  name: 'listLifecyclePolicies',
  ...ROUTES.listLifecyclePolicies,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: undefined,
  body: undefined,
  response: lazySchema(() => cloudList(real(lifecyclePolicyResponse))),
});

export const listNamespacesEndpoint = defineEndpoint({
  name: 'listNamespaces',
  ...ROUTES.listNamespaces,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject({ search: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(namespace))),
});

export const listFunctionsEndpoint = defineEndpoint({
  name: 'listFunctions',
  ...ROUTES.listFunctions,
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId(), namespace_name: functionName() })),
  query: lazySchema(() => z.strictObject({ search: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(faasFunction))),
});

export const listSecretsEndpoint = defineEndpoint({
  name: 'listSecrets',
  ...ROUTES.listSecrets,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject(pageQuery(PAGE_MAX))),
  body: undefined,
  response: lazySchema(() => cloudList(real(secretItem))),
});
