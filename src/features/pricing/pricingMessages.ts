// What the Price Preview webview may send, checked before anything reads it: the webview (and a
// state restored from disk) is untrusted input. Bounded sizes, known keys, known enum values.
import { lazySchema, real } from '../../schema/lazySchema';
import * as z from 'zod';
import {
  FLOATING_IP_CHOICES,
  FORM_IP_FAMILIES,
  FORM_VOLUME_SOURCES,
  INTERFACE_TYPES,
  NAME_MODES,
  PRICE_LISTS,
  PRICE_TABS,
  VIP_TARGETS,
  type PricingNotification,
  type PricingRequests,
  type PricingState,
} from '../../protocol/pricing';
import type { RequestSchemas } from '../../ui/panelHost';

/** Rows a person may add (far more than a real request holds). */
export const MAX_ROWS = 50;
const text = (max = 256) => z.string().max(max);
const listText = () => z.string().max(20_000);
const tab = lazySchema(() => z.enum(PRICE_TABS));

const interfaceForm = lazySchema(() =>
  z.strictObject({
    type: z.enum(INTERFACE_TYPES),
    interfaceName: text(),
    ipFamily: z.enum(FORM_IP_FAMILIES),
    networkId: text(),
    subnetId: text(),
    portId: text(),
    floatingIp: z.enum(FLOATING_IP_CHOICES),
    floatingIpId: text(),
  }),
);

const volumeForm = lazySchema(() =>
  z.strictObject({
    source: z.enum(FORM_VOLUME_SOURCES),
    size: text(32),
    typeName: text(),
    imageId: text(),
    snapshotId: text(),
  }),
);

const instanceForm = lazySchema(() =>
  z.strictObject({
    flavor: text(),
    nameMode: z.enum(NAME_MODES),
    names: listText(),
    templates: listText(),
    interfaces: z.array(real(interfaceForm)).max(MAX_ROWS),
    volumes: z.array(real(volumeForm)).max(MAX_ROWS),
  }),
);

const loadBalancerForm = lazySchema(() =>
  z.strictObject({
    flavor: text(),
    floatingIp: z.enum(FLOATING_IP_CHOICES),
    floatingIpId: text(),
    vipIpFamily: z.enum(FORM_IP_FAMILIES),
    vipTarget: z.enum(VIP_TARGETS),
    vipNetworkId: text(),
    vipSubnetId: text(),
    vipPortId: text(),
  }),
);

const money = lazySchema(() => z.number().finite().nullable());
const priceResult = lazySchema(() =>
  z.strictObject({
    tab: real(tab),
    status: text(32),
    currency: text(8).nullable(),
    vmCount: z.number().int().nonnegative().nullable(),
    totalPerHour: real(money),
    totalPerMonth: real(money),
    withoutDiscountPerMonth: real(money),
    discountPercent: real(money),
    discountDetails: z.array(z.strictObject({ resource: text(), discount: text(32) })).max(MAX_ROWS),
    taxPercent: real(money),
    lines: z.array(z.strictObject({ key: text(), label: text(), perHour: real(money), perMonth: real(money) })).max(MAX_ROWS),
    perGb: z.array(z.strictObject({ key: text(), label: text(), price: real(money) })).max(MAX_ROWS),
  }),
);

const pinnedPrice = lazySchema(() => z.strictObject({ summary: text(1000), pinnedAt: text(64), price: real(priceResult) }));

export const pricingStateSchema = lazySchema(
  () =>
    z.strictObject({
      tab,
      location: z.strictObject({ projectId: text(32), regionId: text(32) }),
      instance: instanceForm,
      loadBalancer: loadBalancerForm,
      pinned: z.strictObject({ instances: pinnedPrice.optional(), loadBalancer: pinnedPrice.optional() }),
    }) satisfies z.ZodType<PricingState>,
);

export const pricingNotificationSchema = lazySchema(
  () =>
    z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('edit'), state: pricingStateSchema, seq: z.number().int().nonnegative().optional() }),
      z.strictObject({ type: z.literal('retry'), tab }),
      z.strictObject({ type: z.literal('reloadList'), list: z.enum(PRICE_LISTS) }),
      z.strictObject({ type: z.literal('unpin'), tab }),
      z.strictObject({ type: z.literal('command'), command: z.enum(['signIn', 'showLog']) }),
    ]) satisfies z.ZodType<PricingNotification>,
);

export const pricingRequestSchemas: RequestSchemas<PricingRequests> = {
  pin: lazySchema(() => z.strictObject({ tab })),
  copy: lazySchema(() => z.strictObject({ tab, format: z.enum(['json', 'curl']) })),
};
