// The cloud's lists (paths.md §2): projects, regions, instance and load balancer flavors,
// lifecycle policies, FaaS namespaces and functions, secrets. Every answer is `{count, results}`.
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { lifecyclePolicyResponse } from './cloud';
import { cloudList, filterText, pageQuery } from './paging';
import { ROUTES } from './routes';
import { functionName, positiveId, rBool, rInt, rNum, rRequiredInt, rRequiredText, rText } from './schemaKit';

const PAGE_MAX = 1000;
const location = z.strictObject({ project_id: positiveId(), region_id: positiveId() });

export const project = z.looseObject({
  id: rRequiredInt(),
  name: rText(),
  client_id: rInt(),
  is_default: rBool(),
  state: rText(),
  description: rText(),
  created_at: rText(),
});
export type Project = z.output<typeof project>;

export const region = z.looseObject({
  id: rRequiredInt(),
  display_name: rText(),
  slug: rText(),
  country: rText(),
  state: rText(),
  has_basic_vm: rBool(),
});
export type Region = z.output<typeof region>;

const flavorPrice = {
  price_per_hour: rNum(),
  price_per_month: rNum(),
  currency_code: rText(),
  price_status: rText(),
};

export const flavor = z.looseObject({
  flavor_id: rText(),
  flavor_name: rRequiredText(),
  vcpus: rInt(),
  ram: rInt(),
  disabled: rBool(),
  os_type: rText(),
  architecture: rText(),
  hardware_description: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  ...flavorPrice,
});
export type Flavor = z.output<typeof flavor>;

export const loadBalancerFlavor = z.looseObject({ flavor_id: rText(), flavor_name: rRequiredText(), vcpus: rInt(), ram: rInt(), ...flavorPrice });
export type LoadBalancerFlavor = z.output<typeof loadBalancerFlavor>;

export const namespace = z.looseObject({ name: rRequiredText(), status: rText(), functions: rInt(), created_at: rText(), description: rText() });
export type FaasNamespace = z.output<typeof namespace>;

export const faasFunction = z.looseObject({
  id: rText(),
  name: rRequiredText(),
  status: rText(),
  runtime: rText(),
  flavor: rText(),
  endpoint: rText(),
  description: rText(),
});
export type FaasFunction = z.output<typeof faasFunction>;

export const secretItem = z.looseObject({
  id: rRequiredText(),
  name: rText(),
  secret_type: rText(),
  status: rText(),
  created: rText(),
  expiration: rText(),
  algorithm: rText(),
  bit_length: rInt(),
  mode: rText(),
});
export type SecretItem = z.output<typeof secretItem>;

export const listProjectsEndpoint = defineEndpoint({
  name: 'listProjects',
  ...ROUTES.listProjects,
  errorShape: 'cloud',
  successStatus: 200,
  params: z.strictObject({}),
  query: z.strictObject({ name: filterText(), order_by: filterText(), include_deleted: z.boolean().optional(), ...pageQuery(PAGE_MAX) }),
  body: undefined,
  response: cloudList(project),
});

export const listRegionsEndpoint = defineEndpoint({
  name: 'listRegions',
  ...ROUTES.listRegions,
  errorShape: 'cloud',
  successStatus: 200,
  params: z.strictObject({}),
  query: z.strictObject({ display_name: filterText(), product: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) }),
  body: undefined,
  response: cloudList(region),
});

export const listFlavorsEndpoint = defineEndpoint({
  name: 'listFlavors',
  ...ROUTES.listFlavors,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: z.strictObject({ disabled: z.boolean().optional(), include_prices: z.boolean().optional(), exclude_linux: z.boolean().optional(), exclude_windows: z.boolean().optional() }),
  body: undefined,
  response: cloudList(flavor),
});

export const listLoadBalancerFlavorsEndpoint = defineEndpoint({
  name: 'listLoadBalancerFlavors',
  ...ROUTES.listLoadBalancerFlavors,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: z.strictObject({ include_prices: z.boolean().optional(), ...pageQuery(PAGE_MAX) }),
  body: undefined,
  response: cloudList(loadBalancerFlavor),
});

export const listLifecyclePoliciesEndpoint = defineEndpoint({
  name: 'listLifecyclePolicies',
  ...ROUTES.listLifecyclePolicies,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: undefined,
  body: undefined,
  response: cloudList(lifecyclePolicyResponse),
});

export const listNamespacesEndpoint = defineEndpoint({
  name: 'listNamespaces',
  ...ROUTES.listNamespaces,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: z.strictObject({ search: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) }),
  body: undefined,
  response: cloudList(namespace),
});

export const listFunctionsEndpoint = defineEndpoint({
  name: 'listFunctions',
  ...ROUTES.listFunctions,
  errorShape: 'cloud',
  successStatus: 200,
  params: z.strictObject({ project_id: positiveId(), region_id: positiveId(), namespace_name: functionName() }),
  query: z.strictObject({ search: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) }),
  body: undefined,
  response: cloudList(faasFunction),
});

export const listSecretsEndpoint = defineEndpoint({
  name: 'listSecrets',
  ...ROUTES.listSecrets,
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: z.strictObject(pageQuery(PAGE_MAX)),
  body: undefined,
  response: cloudList(secretItem),
});
