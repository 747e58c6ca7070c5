// Pricing previews: instances (endpoint 4) and load balancers (endpoint 5).
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { projectRegionParams } from './cloud';
import { defineEndpoint } from './endpoint';
import { positiveId, lenientArray, lenientInt, lenientNumber, lenientObject, lenientText, requiredText, textOf, typeError } from './schemaKit';

export const IP_FAMILIES = ['dual', 'ipv4', 'ipv6'] as const;
export const VOLUME_SOURCES = ['image', 'new-volume', 'snapshot'] as const;
export const CURRENCIES = ['AZN', 'EUR', 'USD'] as const;

export const floatingIpRequest = lazySchema(() =>
  z.discriminatedUnion(
    'source',
    [z.strictObject({ source: z.literal('new') }), z.strictObject({ source: z.literal('existing'), existing_floating_id: requiredText() })],
    { error: 'source must be "new" or "existing"' },
  ),
);

const ipFamily = lazySchema(() => z.enum(IP_FAMILIES, typeError(`must be one of ${IP_FAMILIES.join(', ')}`)));

/**
 * Interface variants by `type`. The spec names neither the reserved-fixed-IP variant's `type`
 * nor its fields; we use the platform's `reserved_fixed_ip` with a required `port_id`.
 */
export const interfaceRequest = lazySchema(() =>
  z.discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('external'), interface_name: z.string(typeError('must be text')).nullish(), ip_family: ipFamily.nullish() }),
      z.strictObject({
        type: z.literal('subnet'),
        network_id: requiredText(),
        subnet_id: requiredText(),
        floating_ip: floatingIpRequest.nullish(),
        interface_name: z.string(typeError('must be text')).nullish(),
      }),
      z.strictObject({
        type: z.literal('any_subnet'),
        network_id: requiredText(),
        ip_family: ipFamily.nullish(),
        floating_ip: floatingIpRequest.nullish(),
        interface_name: z.string(typeError('must be text')).nullish(),
      }),
      z.strictObject({
        type: z.literal('reserved_fixed_ip'),
        port_id: requiredText(),
        floating_ip: floatingIpRequest.nullish(),
        interface_name: z.string(typeError('must be text')).nullish(),
      }),
    ],
    { error: 'type must be one of external, subnet, any_subnet, reserved_fixed_ip' },
  ),
);
export type InterfaceRequest = z.input<typeof interfaceRequest>;

const volumeSize = lazySchema(() => positiveId().nullish());
const typeName = lazySchema(() => textOf(1).nullish());

/** `image_id` only with source image, `snapshot_id` only with source snapshot. */
export const volumeRequest = lazySchema(() =>
  z.discriminatedUnion(
    'source',
    [
      z.strictObject({ source: z.literal('image'), image_id: requiredText(), size: real(volumeSize), type_name: real(typeName) }),
      z.strictObject({ source: z.literal('new-volume'), size: real(volumeSize), type_name: real(typeName) }),
      z.strictObject({ source: z.literal('snapshot'), snapshot_id: requiredText(), size: real(volumeSize), type_name: real(typeName) }),
    ],
    { error: 'source must be one of image, new-volume, snapshot' },
  ),
);
export type VolumeRequest = z.input<typeof volumeRequest>;

export const instancePriceRequest = lazySchema(() =>
  z
    .strictObject({
      flavor: requiredText(),
      interfaces: z.array(real(interfaceRequest), typeError('must be a list of interfaces')),
      names: z.array(requiredText(), typeError('must be a list of names')).nullish(),
      name_templates: z.array(z.string(typeError('must be text')).nullable(), typeError('must be a list of name templates')).nullish(),
      volumes: z.array(real(volumeRequest), typeError('must be a list of volumes')).nullish(),
    })
    .check((ctx) => {
      const hasNames = (ctx.value.names?.length ?? 0) > 0;
      const hasTemplates = (ctx.value.name_templates?.length ?? 0) > 0;
      if (!hasNames && !hasTemplates) {
        ctx.issues.push({ code: 'custom', path: ['names'], message: 'either names or name_templates must be given', input: ctx.value.names });
      }
    }),
);
export type InstancePriceRequest = z.input<typeof instancePriceRequest>;

/** Fields several schemas share: made with them (lazily), not at load. */
const priceBreakdown = () => ({
  external_ip: lenientNumber(),
  flavor: lenientNumber(),
  floating_ip: lenientNumber(),
});

const currency = lenientText;

export const instancePriceResponse = lazySchema(() =>
  z.looseObject({
    currency_code: currency(),
    discount_details: lenientArray(z.looseObject({ resource: lenientText(), discount: lenientText() })),
    /** Decimal text for instances (`"10.50"`), per the spec. */
    discount_percent: lenientText(),
    per_gb: lenientObject({ egress_traffic_baremetal: lenientNumber(), egress_traffic_virtual: lenientNumber() }),
    per_hour: lenientObject({ ...priceBreakdown(), volumes: z.record(z.string(), lenientNumber()).nullish().catch(undefined) }),
    per_month: lenientObject({ ...priceBreakdown(), volumes: z.record(z.string(), lenientNumber()).nullish().catch(undefined) }),
    price_status: lenientText(),
    price_without_discount_per_month: lenientNumber(),
    tax_percent: lenientNumber(),
    total_price_per_hour: lenientNumber(),
    total_price_per_month: lenientNumber(),
    vm_count: lenientInt(),
  }),
);
export type InstancePrice = z.output<typeof instancePriceResponse>;

export const instancePriceEndpoint = defineEndpoint('previewInstancePrice', {
  errorShape: 'cloud',
  successStatus: 200,
  params: projectRegionParams,
  query: undefined,
  body: instancePriceRequest,
  response: instancePriceResponse,
});

export const loadBalancerPriceRequest = lazySchema(() =>
  z
    .strictObject({
      flavor: requiredText(),
      floating_ip: floatingIpRequest.nullish(),
      vip_ip_family: ipFamily.nullish(),
      vip_network_id: textOf(1).nullish(),
      vip_port_id: textOf(1).nullish(),
      vip_subnet_id: textOf(1).nullish(),
    })
    .check((ctx) => {
      if (ctx.value.vip_network_id && ctx.value.vip_port_id) {
        ctx.issues.push({
          code: 'custom',
          path: ['vip_port_id'],
          message: 'vip_network_id and vip_port_id are mutually exclusive: give one or neither',
          input: ctx.value.vip_port_id,
        });
      }
    }),
);
export type LoadBalancerPriceRequest = z.input<typeof loadBalancerPriceRequest>;

export const loadBalancerPriceResponse = lazySchema(() =>
  z.looseObject({
    currency_code: currency(),
    /** A number (or null) for load balancers, unlike instances. */
    discount_percent: lenientNumber(),
    per_hour: lenientObject(priceBreakdown()),
    per_month: lenientObject(priceBreakdown()),
    price_status: lenientText(),
    price_without_discount_per_month: lenientNumber(),
    tax_percent: lenientNumber(),
    total_price_per_hour: lenientNumber(),
    total_price_per_month: lenientNumber(),
  }),
);
export type LoadBalancerPrice = z.output<typeof loadBalancerPriceResponse>;

export const loadBalancerPriceEndpoint = defineEndpoint('previewLoadBalancerPrice', {
  errorShape: 'cloud',
  successStatus: 200,
  params: projectRegionParams,
  query: undefined,
  body: loadBalancerPriceRequest,
  response: loadBalancerPriceResponse,
});
