// Price answers -> what the panel shows: one shape for both endpoints, money in the answer's
// currency, the breakdown rows, the bar chart's bars and the Compare lines.
import type { InstancePrice, LoadBalancerPrice } from '../../../schema/pricing';
import type { ChartBar, CompareRow, CompareView, PinnedPrice, PriceDisplay, PriceResult, PriceTab } from '../../../protocol/pricing';
import { CHART_BAR_MAX } from '../../../protocol/pricing';

export const NONE = '—';
export const HIDDEN_MESSAGE = 'Prices are hidden for this account';
export const ERROR_MESSAGE =
  'The platform could not price this configuration (price status "error"). Check the flavor name: only flavors offered in this region have a price.';

const num = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function percentOf(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return num(value);
  if (typeof value === 'string' && value.trim() !== '') return num(Number(value));
  return null;
}

const LINE_LABELS: Record<string, string> = { flavor: 'Flavor', external_ip: 'External IP', floating_ip: 'Floating IP' };

function lines(perHour: Record<string, unknown> | null | undefined, perMonth: Record<string, unknown> | null | undefined): PriceResult['lines'] {
  const hour = (perHour ?? {}) as Record<string, number | null | undefined>;
  const month = (perMonth ?? {}) as Record<string, number | null | undefined>;
  const out: PriceResult['lines'] = [{ key: 'flavor', label: LINE_LABELS.flavor!, perHour: num(hour.flavor), perMonth: num(month.flavor) }];
  const hourVolumes = (perHour?.volumes ?? {}) as Record<string, number | null>;
  const monthVolumes = (perMonth?.volumes ?? {}) as Record<string, number | null>;
  const types = [...new Set([...Object.keys(hourVolumes), ...Object.keys(monthVolumes)])].sort();
  for (const type of types) out.push({ key: `volume:${type}`, label: `Volumes: ${type}`, perHour: num(hourVolumes[type]), perMonth: num(monthVolumes[type]) });
  for (const key of ['external_ip', 'floating_ip']) out.push({ key, label: LINE_LABELS[key]!, perHour: num(hour[key]), perMonth: num(month[key]) });
  return out;
}

/** One shape for both answers. */
export function priceResultOf(tab: 'instances', answer: InstancePrice): PriceResult;
export function priceResultOf(tab: 'loadBalancer', answer: LoadBalancerPrice): PriceResult;
export function priceResultOf(tab: PriceTab, answer: InstancePrice | LoadBalancerPrice): PriceResult {
  const instance = tab === 'instances' ? (answer as InstancePrice) : undefined;
  const perGb = instance?.per_gb;
  return {
    tab,
    status: answer.price_status ?? 'error',
    currency: answer.currency_code ?? null,
    vmCount: instance ? (instance.vm_count ?? null) : null,
    totalPerHour: num(answer.total_price_per_hour),
    totalPerMonth: num(answer.total_price_per_month),
    withoutDiscountPerMonth: num(answer.price_without_discount_per_month),
    discountPercent: percentOf(answer.discount_percent),
    discountDetails: (instance?.discount_details ?? []).map((d) => ({ resource: d.resource ?? NONE, discount: d.discount ?? NONE })),
    taxPercent: num(answer.tax_percent),
    lines: lines(answer.per_hour, answer.per_month),
    perGb: instance
      ? [
          { key: 'egress_traffic_virtual', label: 'Egress traffic, virtual (per GB)', price: num(perGb?.egress_traffic_virtual) },
          { key: 'egress_traffic_baremetal', label: 'Egress traffic, bare metal (per GB)', price: num(perGb?.egress_traffic_baremetal) },
        ]
      : [],
  };
}

/** Money in the answer's currency; "—" for no number. Hourly prices keep up to 4 decimals. */
export function formatMoney(value: number | null, currency: string | null, locale: string, maxDecimals = 2): string {
  if (value === null) return NONE;
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, maxDecimals) };
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(value);
    } catch {
      // An unknown locale: fall through to the plain number.
    }
  }
  const plain = new Intl.NumberFormat('en-US', digits).format(value);
  return currency ? `${plain} ${currency}` : plain;
}

export function formatPercent(value: number | null, locale: string): string {
  if (value === null) return NONE;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} %`;
}

/** Bars of the monthly cost per resource; the longest is CHART_BAR_MAX, the others in proportion. */
export function chartBars(result: PriceResult, locale: string, max = CHART_BAR_MAX): ChartBar[] {
  const values = result.lines.map((line) => Math.max(0, line.perMonth ?? 0));
  const top = Math.max(0, ...values);
  return result.lines.map((line, i) => ({
    key: line.key,
    label: line.label,
    value: values[i]!,
    text: formatMoney(line.perMonth, result.currency, locale),
    length: top > 0 ? (values[i]! / top) * max : 0,
  }));
}

function statusOf(result: PriceResult): PriceDisplay['status'] {
  return result.status === 'show' || result.status === 'hide' ? result.status : 'error';
}

export interface DisplayOptions {
  locale: string;
  sequence: number;
  summary: string;
  pinned?: PinnedPrice;
}

export function priceDisplay(result: PriceResult, options: DisplayOptions): PriceDisplay {
  const { locale } = options;
  const status = statusOf(result);
  const money = (v: number | null, decimals = 2) => formatMoney(v, result.currency, locale, decimals);
  const shown = status === 'show';
  const display: PriceDisplay = {
    sequence: options.sequence,
    status,
    summary: options.summary,
    currency: result.currency,
    vmCount: result.vmCount === null ? null : String(result.vmCount),
    taxPercent: formatPercent(result.taxPercent, locale),
    perHour: shown ? money(result.totalPerHour, 4) : NONE,
    perMonth: shown ? money(result.totalPerMonth) : NONE,
    withoutDiscount: shown ? money(result.withoutDiscountPerMonth) : NONE,
    discountPercent: shown ? formatPercent(result.discountPercent, locale) : NONE,
    discountDetails: shown ? result.discountDetails.map((d) => ({ resource: d.resource, discount: `${d.discount} %` })) : [],
    rows: shown ? result.lines.map((l) => ({ key: l.key, label: l.label, perHour: money(l.perHour, 4), perMonth: money(l.perMonth) })) : [],
    perGb: shown ? result.perGb.map((g) => ({ key: g.key, label: g.label, price: money(g.price, 4) })) : [],
    chart: shown ? chartBars(result, locale) : [],
  };
  if (status === 'hide') display.message = HIDDEN_MESSAGE;
  if (status === 'error')
    display.message = result.status === 'error' ? ERROR_MESSAGE : `The platform answered with an unknown price status "${result.status}": no prices to show.`;
  if (options.pinned) display.compare = comparePrices(options.pinned, result, locale);
  return display;
}

const round = (value: number) => Math.round(value * 100) / 100;

interface Currencies {
  pinned: string | null;
  live: string | null;
}

function compareRow(
  key: string,
  label: string,
  pinned: number | null,
  live: number | null,
  currencies: Currencies,
  locale: string,
  comparable: boolean,
): CompareRow {
  const currency = currencies.live;
  const row: CompareRow = {
    key,
    label,
    pinned: formatMoney(pinned, currencies.pinned, locale),
    live: formatMoney(live, currency, locale),
    difference: NONE,
    sign: null,
  };
  if (!comparable || pinned === null || live === null) return row;
  const diff = round(live - pinned);
  row.sign = Math.sign(diff) || 0;
  const text = formatMoney(Math.abs(diff), currency, locale);
  row.difference = diff > 0 ? `+${text}` : diff < 0 ? `−${text}` : `±${text}`;
  return row;
}

/** The pinned configuration's monthly prices beside the live ones, with the difference per line and in total. */
export function comparePrices(pinned: PinnedPrice, live: PriceResult, locale: string): CompareView {
  const a = pinned.price;
  let note: string | undefined;
  if (a.status !== 'show' || live.status !== 'show') note = 'One side has no prices (hidden or refused): no difference to compute.';
  else if (a.currency !== live.currency)
    note = `The pinned prices are in ${a.currency ?? 'no currency'}, the live ones in ${live.currency ?? 'no currency'}: no difference to compute.`;
  const comparable = note === undefined;
  const currencies = { pinned: a.currency, live: live.currency };
  const keys = [...new Set([...a.lines.map((l) => l.key), ...live.lines.map((l) => l.key)])];
  const rows = keys.map((key) => {
    const p = a.lines.find((l) => l.key === key);
    const l = live.lines.find((x) => x.key === key);
    // A resource only one side has costs nothing on the other.
    const pv = p ? p.perMonth : comparable ? 0 : null;
    const lv = l ? l.perMonth : comparable ? 0 : null;
    return compareRow(key, (l ?? p)!.label, a.status === 'show' ? pv : null, live.status === 'show' ? lv : null, currencies, locale, comparable);
  });
  const total = compareRow(
    'total',
    'Total per month',
    a.status === 'show' ? a.totalPerMonth : null,
    live.status === 'show' ? live.totalPerMonth : null,
    currencies,
    locale,
    comparable,
  );
  return { summary: pinned.summary, pinnedAt: pinned.pinnedAt, ...(note && { note }), rows, total };
}
