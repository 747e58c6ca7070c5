// The cloud's lists (paths.md §2): projects, regions, instance and load balancer flavors,
// lifecycle policies, FaaS namespaces and functions, secrets. Every answer is `{count, results}`.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { lifecyclePolicyResponse } from './cloud';
import { cloudList, filterText, pageQuery } from './paging';
import { functionName, positiveId, lenientBool, lenientInt, lenientNumber, requiredLenientInt, requiredNonEmptyText, lenientText } from './schemaKit';

const PAGE_MAX = 1000;
const location = lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId() }));

export const project = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    client_id: lenientInt(),
    is_default: lenientBool(),
    state: lenientText(),
    description: lenientText(),
    created_at: lenientText(),
    deleted_at: lenientText(),
    task_id: lenientText(),
  }),
);
export type Project = z.output<typeof project>;

export const region = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    display_name: lenientText(),
    slug: lenientText(),
    country: lenientText(),
    zone: lenientText(),
    keystone_name: lenientText(),
    state: lenientText(),
    has_basic_vm: lenientBool(),
  }),
);
export type Region = z.output<typeof region>;

/** Fields several schemas share: made with them (lazily), not at load. */
const flavorPrice = () => ({
  price_per_hour: lenientNumber(),
  price_per_month: lenientNumber(),
  currency_code: lenientText(),
  price_status: lenientText(),
});

export const flavor = lazySchema(() =>
  z.looseObject({
    flavor_id: lenientText(),
    flavor_name: requiredNonEmptyText(),
    vcpus: lenientInt(),
    ram: lenientInt(),
    disabled: lenientBool(),
    os_type: lenientText(),
    architecture: lenientText(),
    hardware_description: z.record(z.string(), z.unknown()).nullish().catch(undefined),
    ...flavorPrice(),
  }),
);
export type Flavor = z.output<typeof flavor>;

export const loadBalancerFlavor = lazySchema(() =>
  z.looseObject({ flavor_id: lenientText(), flavor_name: requiredNonEmptyText(), vcpus: lenientInt(), ram: lenientInt(), ...flavorPrice() }),
);
export type LoadBalancerFlavor = z.output<typeof loadBalancerFlavor>;

// The platform publishes `functions` as the namespace's functions; older servers sent a count.
const functionCount = () => z.preprocess((v) => (Array.isArray(v) ? v.length : v), lenientInt());
export const namespace = lazySchema(() =>
  z.looseObject({ name: requiredNonEmptyText(), status: lenientText(), functions: functionCount(), created_at: lenientText(), description: lenientText() }),
);
export type FaasNamespace = z.output<typeof namespace>;

export const faasFunction = lazySchema(() =>
  z.looseObject({
    id: lenientText(),
    name: requiredNonEmptyText(),
    status: lenientText(),
    runtime: lenientText(),
    flavor: lenientText(),
    endpoint: lenientText(),
    description: lenientText(),
  }),
);
export type FaasFunction = z.output<typeof faasFunction>;

export const secretItem = lazySchema(() =>
  z.looseObject({
    id: requiredNonEmptyText(),
    name: lenientText(),
    secret_type: lenientText(),
    status: lenientText(),
    created: lenientText(),
    expiration: lenientText(),
    algorithm: lenientText(),
    bit_length: lenientInt(),
    mode: lenientText(),
  }),
);
export type SecretItem = z.output<typeof secretItem>;

export const listProjectsEndpoint = defineEndpoint('listProjects', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ name: filterText(), order_by: filterText(), include_deleted: z.boolean().optional(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(project))),
});

export const listRegionsEndpoint = defineEndpoint('listRegions', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ display_name: filterText(), product: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(region))),
});

export const listFlavorsEndpoint = defineEndpoint('listFlavors', {
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() =>
    z.strictObject({
      disabled: z.boolean().optional(),
      include_prices: z.boolean().optional(),
      exclude_linux: z.boolean().optional(),
      exclude_windows: z.boolean().optional(),
    }),
  ),
  body: undefined,
  response: lazySchema(() => cloudList(real(flavor))),
});

export const listLoadBalancerFlavorsEndpoint = defineEndpoint('listLoadBalancerFlavors', {
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject({ include_prices: z.boolean().optional(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(loadBalancerFlavor))),
});

export const listLifecyclePoliciesEndpoint = defineEndpoint('listLifecyclePolicies', {
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: undefined,
  body: undefined,
  response: lazySchema(() => cloudList(real(lifecyclePolicyResponse))),
});

export const listNamespacesEndpoint = defineEndpoint('listNamespaces', {
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject({ search: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(namespace))),
});

export const listFunctionsEndpoint = defineEndpoint('listFunctions', {
  errorShape: 'cloud',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ project_id: positiveId(), region_id: positiveId(), namespace_name: functionName() })),
  query: lazySchema(() => z.strictObject({ search: filterText(), order_by: filterText(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => cloudList(real(faasFunction))),
});

export const listSecretsEndpoint = defineEndpoint('listSecrets', {
  errorShape: 'cloud',
  successStatus: 200,
  params: location,
  query: lazySchema(() => z.strictObject(pageQuery(PAGE_MAX))),
  body: undefined,
  response: lazySchema(() => cloudList(real(secretItem))),
});
