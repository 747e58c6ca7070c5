// The Price Preview panel's messages and the shapes they carry. Types and constants only: the
// webview bundle imports this file, so it must stay free of `vscode`, the DOM and zod.

export const PRICING_VIEW_TYPE = 'platformConsole.pricePreview';

import type { ListChoices } from './listChoices';

export const PRICE_TABS = ['instances', 'loadBalancer'] as const;
export type PriceTab = (typeof PRICE_TABS)[number];

export const INTERFACE_TYPES = ['external', 'subnet', 'any_subnet', 'reserved_fixed_ip'] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];
/** '' = not given (the platform chooses). */
export const FORM_IP_FAMILIES = ['', 'dual', 'ipv4', 'ipv6'] as const;
export type FormIpFamily = (typeof FORM_IP_FAMILIES)[number];
export const FLOATING_IP_CHOICES = ['none', 'new', 'existing'] as const;
export type FloatingIpChoice = (typeof FLOATING_IP_CHOICES)[number];
export const FORM_VOLUME_SOURCES = ['image', 'new-volume', 'snapshot'] as const;
export type FormVolumeSource = (typeof FORM_VOLUME_SOURCES)[number];
export const NAME_MODES = ['names', 'templates'] as const;
export type NameMode = (typeof NAME_MODES)[number];
/** Where the load balancer's VIP lives: the default external network, a network, or a port. */
export const VIP_TARGETS = ['default', 'network', 'port'] as const;
export type VipTarget = (typeof VIP_TARGETS)[number];

/** The lists the panel picks from: project and region above both tabs, a flavor list per tab. */
export const PRICE_LISTS = ['projects', 'regions', 'flavors', 'loadBalancerFlavors'] as const;
export type PriceList = (typeof PRICE_LISTS)[number];

/** Form fields hold what was typed (text), so nothing typed is lost to a failed parse. */
export interface InterfaceForm {
  type: InterfaceType;
  interfaceName: string;
  ipFamily: FormIpFamily;
  networkId: string;
  subnetId: string;
  portId: string;
  floatingIp: FloatingIpChoice;
  floatingIpId: string;
}

export interface VolumeForm {
  source: FormVolumeSource;
  size: string;
  typeName: string;
  imageId: string;
  snapshotId: string;
}

export interface InstanceForm {
  flavor: string;
  nameMode: NameMode;
  /** One name (or template) per line; both lists are kept so switching modes loses nothing. */
  names: string;
  templates: string;
  interfaces: InterfaceForm[];
  volumes: VolumeForm[];
}

export interface LoadBalancerForm {
  flavor: string;
  floatingIp: FloatingIpChoice;
  floatingIpId: string;
  vipIpFamily: FormIpFamily;
  vipTarget: VipTarget;
  vipNetworkId: string;
  vipSubnetId: string;
  vipPortId: string;
}

export interface LocationForm {
  projectId: string;
  regionId: string;
}

/** Prices of one configuration as numbers, whatever endpoint answered. */
export interface PriceResult {
  tab: PriceTab;
  /** show, hide, error (or whatever else the platform sends). */
  status: string;
  currency: string | null;
  vmCount: number | null;
  totalPerHour: number | null;
  totalPerMonth: number | null;
  withoutDiscountPerMonth: number | null;
  discountPercent: number | null;
  discountDetails: { resource: string; discount: string }[];
  taxPercent: number | null;
  /** Per-resource costs: flavor, `volume:<type>`, external_ip, floating_ip. */
  lines: { key: string; label: string; perHour: number | null; perMonth: number | null }[];
  /** Per-GB prices (egress). */
  perGb: { key: string; label: string; price: number | null }[];
}

/** A configuration kept by "Pin", to compare the live one with. */
export interface PinnedPrice {
  /** What was priced, in one line ("g1-standard-2-4 × 2, 1 interface, 1 volume"). */
  summary: string;
  pinnedAt: string;
  price: PriceResult;
}

/** Everything the panel keeps across reloads (webview `setState`, restored by the serializer). */
export interface PricingState {
  tab: PriceTab;
  location: LocationForm;
  instance: InstanceForm;
  loadBalancer: LoadBalancerForm;
  pinned: Partial<Record<PriceTab, PinnedPrice>>;
}

/** One refused form field: its id in the form (`interfaces.0.networkId`) and the rule broken. */
export interface FormIssue {
  field: string;
  message: string;
}

export interface BreakdownRow {
  key: string;
  label: string;
  perHour: string;
  perMonth: string;
}

export interface ChartBar {
  key: string;
  label: string;
  /** The monthly cost (0 when none), and its text. */
  value: number;
  text: string;
  /** Bar length in chart units, proportional to `value` (the longest is CHART_BAR_MAX). */
  length: number;
}

export const CHART_BAR_MAX = 240;

export interface CompareRow {
  key: string;
  label: string;
  pinned: string;
  live: string;
  /** "+€1.20", "−€0.50", "±€0.00"; "—" when either side has no number. */
  difference: string;
  /** -1, 0, 1 for styling; null when not comparable. */
  sign: number | null;
}

export interface CompareView {
  summary: string;
  pinnedAt: string;
  /** Set when the two cannot be compared line by line (another currency, hidden prices). */
  note?: string;
  rows: CompareRow[];
  total: CompareRow;
}

/** What the panel shows for one tab's price, already formatted by the extension. */
export type PriceView =
  | { state: 'signedOut' }
  | { state: 'invalid'; count: number }
  | { state: 'loading'; previous?: PriceDisplay }
  | { state: 'failed'; message: string; previous?: PriceDisplay }
  | { state: 'priced'; display: PriceDisplay };

export interface PriceDisplay {
  /** Increases with every answer shown, so tests and people can tell one from the next. */
  sequence: number;
  status: 'show' | 'hide' | 'error';
  /** For hide and error: the sentence shown instead of numbers. */
  message?: string;
  summary: string;
  currency: string | null;
  vmCount: string | null;
  perHour: string;
  perMonth: string;
  withoutDiscount: string;
  discountPercent: string;
  discountDetails: { resource: string; discount: string }[];
  taxPercent: string;
  rows: BreakdownRow[];
  perGb: { key: string; label: string; price: string }[];
  chart: ChartBar[];
  compare?: CompareView;
}

/** Webview -> extension notifications. */
export type PricingNotification =
  /** `seq`: the page's number for the edit, acknowledged by an `edited` event (webview/pricing/editsInFlight.ts). */
  | { type: 'edit'; state: PricingState; seq?: number }
  | { type: 'retry'; tab: PriceTab }
  /** Read a list again (Retry after a failed load). */
  | { type: 'reloadList'; list: PriceList }
  | { type: 'unpin'; tab: PriceTab }
  | { type: 'command'; command: 'signIn' | 'showLog' };

/** Webview -> extension requests and their results. */
export type PricingRequests = {
  pin: { params: { tab: PriceTab }; result: { pinned: boolean; message?: string } };
  copy: { params: { tab: PriceTab; format: 'json' | 'curl' }; result: { copied: boolean; message: string } };
};

/** Extension -> webview events. */
export type PricingEvent =
  | { type: 'state'; state: PricingState; reason: 'restore' | 'pinned' }
  | { type: 'issues'; tab: PriceTab | 'location'; issues: FormIssue[] }
  | { type: 'price'; tab: PriceTab; view: PriceView }
  | { type: 'connection'; connection: string | null }
  | { type: 'choices'; list: PriceList; choices: ListChoices }
  /** The edit numbered `seq` was acted on: every price posted after it knew that edit. */
  | { type: 'edited'; seq: number };

export function emptyInterface(type: InterfaceType = 'external'): InterfaceForm {
  return { type, interfaceName: '', ipFamily: '', networkId: '', subnetId: '', portId: '', floatingIp: 'none', floatingIpId: '' };
}

export function emptyVolume(source: FormVolumeSource = 'new-volume'): VolumeForm {
  return { source, size: source === 'new-volume' ? '10' : '', typeName: '', imageId: '', snapshotId: '' };
}

export function defaultPricingState(location: Partial<LocationForm> = {}): PricingState {
  return {
    tab: 'instances',
    location: { projectId: location.projectId ?? '', regionId: location.regionId ?? '' },
    instance: { flavor: 'g1-standard-1-2', nameMode: 'names', names: 'instance-1', templates: '', interfaces: [emptyInterface()], volumes: [emptyVolume()] },
    loadBalancer: {
      flavor: 'lb1-1-2',
      floatingIp: 'none',
      floatingIpId: '',
      vipIpFamily: '',
      vipTarget: 'default',
      vipNetworkId: '',
      vipSubnetId: '',
      vipPortId: '',
    },
    pinned: {},
  };
}

/** The entries of a one-per-line list field: trimmed, blank lines dropped (the count shown is its length). */
export function listLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
