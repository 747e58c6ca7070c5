// Price previews computed from the request: flavor, volumes, IPs, times the number of instances,
// then discount and tax. Money is rounded to 4 decimals per hour and 2 per month.
import type { InstancePriceRequest, LoadBalancerPriceRequest } from '../src/schema/pricing';
import {
  DEFAULT_IMAGE_VOLUME_GB,
  DEFAULT_VOLUME_TYPE,
  EGRESS_PER_GB,
  EXTERNAL_IP_PER_HOUR,
  FLOATING_IP_PER_HOUR,
  HOURS_PER_MONTH,
  INSTANCE_FLAVORS,
  LOAD_BALANCER_FLAVORS,
  PROJECT_DISCOUNTS,
  VOLUME_TYPES,
  regionPricing,
} from './priceTables';

export interface PriceScope {
  projectId: number;
  regionId: number;
  hidePricesProjectId: number;
}

/** A volume the simulator cannot price: the handler refuses it naming the field. */
export class PriceRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const round = (value: number, places: number): number => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const hourly = (value: number): number => round(value, 4);
const monthly = (value: number): number => round(value, 2);

type Components = Record<string, number>;

interface Priced {
  perHour: Components;
  perMonth: Components;
  volumesHour: Components;
  volumesMonth: Components;
  totalHour: number;
  totalMonth: number;
  withoutDiscountMonth: number;
  discountPercent: number;
  discountDetails: { resource: string; discount: string }[];
}

/**
 * Applies discount and tax to list prices per hour (already times the instance count). Totals
 * come from the unrounded amounts, so they may differ from the sum of rounded parts by a cent.
 */
function finish(scope: PriceScope, list: Components, volumes: Components): Priced {
  const discounts = PROJECT_DISCOUNTS[scope.projectId] ?? {};
  const tax = 1 + regionPricing(scope.regionId).taxPercent / 100;
  const price = (resource: string, value: number) => value * (1 - (discounts[resource] ?? 0) / 100) * tax;
  let totalHour = 0;
  let withoutDiscountHour = 0;
  const priced = (resource: string, entries: Components, hourOut: Components, monthOut: Components) => {
    for (const [name, value] of Object.entries(entries)) {
      const hour = price(resource === 'volumes' ? resource : name, value);
      hourOut[name] = hourly(hour);
      monthOut[name] = monthly(hour * HOURS_PER_MONTH);
      totalHour += hour;
      withoutDiscountHour += value * tax;
    }
  };
  const perHour: Components = {};
  const perMonth: Components = {};
  const volumesHour: Components = {};
  const volumesMonth: Components = {};
  priced('', list, perHour, perMonth);
  priced('volumes', volumes, volumesHour, volumesMonth);
  const discountDetails = Object.entries(discounts)
    .filter(([resource]) => (list[resource] ?? 0) > 0 || (resource === 'volumes' && Object.keys(volumes).length > 0))
    .map(([resource, percent]) => ({ resource, discount: percent.toFixed(2) }));
  return {
    perHour,
    perMonth,
    volumesHour,
    volumesMonth,
    totalHour: hourly(totalHour),
    totalMonth: monthly(totalHour * HOURS_PER_MONTH),
    withoutDiscountMonth: monthly(withoutDiscountHour * HOURS_PER_MONTH),
    discountPercent: withoutDiscountHour > 0 ? round((1 - totalHour / withoutDiscountHour) * 100, 2) : 0,
    discountDetails,
  };
}

function volumeListPrices(volumes: InstancePriceRequest['volumes']): Components {
  const byType: Components = {};
  (volumes ?? []).forEach((volume, index) => {
    const type = volume.type_name ?? DEFAULT_VOLUME_TYPE;
    const perGbMonth = VOLUME_TYPES[type];
    if (perGbMonth === undefined) {
      throw new PriceRefusal(`volumes[${index}].type_name`, `Unknown volume type "${type}"; known: ${Object.keys(VOLUME_TYPES).join(', ')}`);
    }
    let size = volume.size ?? undefined;
    if (size === undefined) {
      if (volume.source === 'new-volume') throw new PriceRefusal(`volumes[${index}].size`, 'Field required for a new volume');
      size = DEFAULT_IMAGE_VOLUME_GB;
    }
    byType[type] = (byType[type] ?? 0) + (size * perGbMonth) / HOURS_PER_MONTH;
  });
  return byType;
}

const nulls = { external_ip: null, flavor: null, floating_ip: null };

export function instancePrice(scope: PriceScope, request: InstancePriceRequest): Record<string, unknown> {
  const region = regionPricing(scope.regionId);
  const vmCount = request.names?.length ? request.names.length : (request.name_templates?.length ?? 1) || 1;
  const flavorPrice = INSTANCE_FLAVORS[request.flavor];
  const volumes = volumeListPrices(request.volumes);
  const unpriced = (status: 'error' | 'hide') => ({
    currency_code: region.currency,
    discount_details: [],
    discount_percent: '0.00',
    per_gb: { egress_traffic_baremetal: null, egress_traffic_virtual: null },
    per_hour: { ...nulls, volumes: null },
    per_month: { ...nulls, volumes: null },
    price_status: status,
    price_without_discount_per_month: null,
    tax_percent: region.taxPercent,
    total_price_per_hour: null,
    total_price_per_month: null,
    vm_count: vmCount,
  });
  if (scope.projectId === scope.hidePricesProjectId) return unpriced('hide');
  if (flavorPrice === undefined) return unpriced('error');

  const externalIps = request.interfaces.filter((i) => i.type === 'external').length;
  const floatingIps = request.interfaces.filter((i) => i.type !== 'external' && i.floating_ip?.source === 'new').length;
  const list = {
    external_ip: externalIps * EXTERNAL_IP_PER_HOUR * vmCount,
    flavor: flavorPrice * vmCount,
    floating_ip: floatingIps * FLOATING_IP_PER_HOUR * vmCount,
  };
  const perVolumes = Object.fromEntries(Object.entries(volumes).map(([type, value]) => [type, value * vmCount]));
  const p = finish(scope, list, perVolumes);
  return {
    currency_code: region.currency,
    discount_details: p.discountDetails,
    discount_percent: p.discountPercent.toFixed(2),
    per_gb: { ...EGRESS_PER_GB },
    per_hour: { ...p.perHour, volumes: p.volumesHour },
    per_month: { ...p.perMonth, volumes: p.volumesMonth },
    price_status: 'show',
    price_without_discount_per_month: p.withoutDiscountMonth,
    tax_percent: region.taxPercent,
    total_price_per_hour: p.totalHour,
    total_price_per_month: p.totalMonth,
    vm_count: vmCount,
  };
}

export function loadBalancerPrice(scope: PriceScope, request: LoadBalancerPriceRequest): Record<string, unknown> {
  const region = regionPricing(scope.regionId);
  const flavorPrice = LOAD_BALANCER_FLAVORS[request.flavor];
  const unpriced = (status: 'error' | 'hide') => ({
    currency_code: region.currency,
    discount_percent: null,
    per_hour: { ...nulls },
    per_month: { ...nulls },
    price_status: status,
    price_without_discount_per_month: null,
    tax_percent: region.taxPercent,
    total_price_per_hour: null,
    total_price_per_month: null,
  });
  if (scope.projectId === scope.hidePricesProjectId) return unpriced('hide');
  if (flavorPrice === undefined) return unpriced('error');
  // Without a network or port the VIP lands on the default external network: a public address.
  const external = !request.vip_network_id && !request.vip_port_id;
  const list = {
    external_ip: external ? EXTERNAL_IP_PER_HOUR : 0,
    flavor: flavorPrice,
    floating_ip: request.floating_ip?.source === 'new' ? FLOATING_IP_PER_HOUR : 0,
  };
  const p = finish(scope, list, {});
  return {
    currency_code: region.currency,
    discount_percent: p.discountPercent,
    per_hour: p.perHour,
    per_month: p.perMonth,
    price_status: 'show',
    price_without_discount_per_month: p.withoutDiscountMonth,
    tax_percent: region.taxPercent,
    total_price_per_hour: p.totalHour,
    total_price_per_month: p.totalMonth,
  };
}
