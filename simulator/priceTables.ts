// List prices of the simulated platform, per hour before discount and tax. The same numbers in
// every currency: only the currency code changes per region.

export const HOURS_PER_MONTH = 720;

export const INSTANCE_FLAVORS: Readonly<Record<string, number>> = {
  'g1s-shared-1-0.5': 0.0056,
  'g1-standard-1-2': 0.0211,
  'g1-standard-2-4': 0.0422,
  'g1-standard-2-8': 0.0633,
  'g1-standard-4-8': 0.0844,
  'g1-standard-4-16': 0.1266,
  'g1-standard-8-16': 0.1688,
  'g1-standard-8-32': 0.2532,
  'g1-standard-16-32': 0.3376,
  'g1-standard-16-64': 0.5064,
  'g1-cpu-2-2': 0.0389,
  'g1-cpu-4-4': 0.0778,
  'g1-memory-2-16': 0.0917,
  'g1-memory-4-32': 0.1833,
};

export const LOAD_BALANCER_FLAVORS: Readonly<Record<string, number>> = {
  'lb1-1-2': 0.0278,
  'lb1-2-4': 0.0556,
  'lb1-4-8': 0.1111,
  'lb1-8-16': 0.2222,
};

/** Per GB and month. */
export const VOLUME_TYPES: Readonly<Record<string, number>> = {
  standard: 0.05,
  ssd_hiiops: 0.12,
  ssd_lowlatency: 0.3,
  ssd_local: 0.08,
  cold: 0.02,
  ultra: 0.2,
};

export const DEFAULT_VOLUME_TYPE = 'standard';
/** Size of an image or snapshot volume sent without one. */
export const DEFAULT_IMAGE_VOLUME_GB = 10;

export const EXTERNAL_IP_PER_HOUR = 0.0056;
export const FLOATING_IP_PER_HOUR = 0.0056;
export const EGRESS_PER_GB = { egress_traffic_baremetal: 0.01, egress_traffic_virtual: 0.01 } as const;

export interface RegionPricing {
  currency: 'EUR' | 'USD' | 'AZN';
  taxPercent: number;
}

export function regionPricing(regionId: number): RegionPricing {
  return regionId === 1 ? { currency: 'EUR', taxPercent: 17 } : { currency: 'USD', taxPercent: 0 };
}

/** Discounts per project, in percent, by resource. */
export const PROJECT_DISCOUNTS: Readonly<Record<number, Readonly<Record<string, number>>>> = {
  1: { flavor: 10 },
  2: { flavor: 5, volumes: 5 },
};
