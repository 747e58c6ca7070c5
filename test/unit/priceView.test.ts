// Price answers -> the panel's numbers: money in the answer's currency, nulls as "—", hide and
// error without numbers, bars proportional to the monthly costs, Compare per line and in total.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chartBars, comparePrices, formatMoney, HIDDEN_MESSAGE, NONE, priceDisplay, priceResultOf } from '../../src/features/pricing/model/priceView';
import { instancePriceResponse, loadBalancerPriceResponse } from '../../src/schema/pricing';
import { CHART_BAR_MAX, type PinnedPrice, type PriceResult } from '../../src/protocol/pricing';

const instanceAnswer = instancePriceResponse.parse({
  currency_code: 'EUR',
  discount_details: [{ resource: 'flavor', discount: '10.00' }],
  discount_percent: '7.22',
  per_gb: { egress_traffic_baremetal: 0.01, egress_traffic_virtual: 0.01 },
  per_hour: { external_ip: 0.0066, flavor: 0.0444, floating_ip: 0, volumes: { ssd_hiiops: 0.0156, standard: 0.0007 } },
  per_month: { external_ip: 4.72, flavor: 31.99, floating_ip: 0, volumes: { ssd_hiiops: 11.23, standard: 0.47 } },
  price_status: 'show',
  price_without_discount_per_month: 52.0,
  tax_percent: 17,
  total_price_per_hour: 0.0673,
  total_price_per_month: 48.41,
  vm_count: 2,
});

const lbAnswer = loadBalancerPriceResponse.parse({
  currency_code: 'USD',
  discount_percent: null,
  per_hour: { external_ip: 0.0056, flavor: 0.0278, floating_ip: 0 },
  per_month: { external_ip: 4.03, flavor: 20.02, floating_ip: 0 },
  price_status: 'show',
  price_without_discount_per_month: 24.05,
  tax_percent: 0,
  total_price_per_hour: 0.0334,
  total_price_per_month: 24.05,
});

const hidden = (tab: 'instances' | 'loadBalancer', status: string): PriceResult => ({
  ...priceResultOf('loadBalancer', lbAnswer),
  tab,
  status,
  totalPerHour: null,
  totalPerMonth: null,
  withoutDiscountPerMonth: null,
  lines: [{ key: 'flavor', label: 'Flavor', perHour: null, perMonth: null }],
});

describe('price answers', () => {
  it('one shape for both endpoints: lines per resource, volume types, egress per GB, discount as a number', () => {
    const r = priceResultOf('instances', instanceAnswer);
    assert.deepEqual(
      r.lines.map((l) => [l.key, l.perMonth]),
      [
        ['flavor', 31.99],
        ['volume:ssd_hiiops', 11.23],
        ['volume:standard', 0.47],
        ['external_ip', 4.72],
        ['floating_ip', 0],
      ],
    );
    assert.equal(r.discountPercent, 7.22);
    assert.equal(r.vmCount, 2);
    assert.deepEqual(
      r.perGb.map((g) => g.price),
      [0.01, 0.01],
    );
    const l = priceResultOf('loadBalancer', lbAnswer);
    assert.equal(l.discountPercent, null);
    assert.equal(l.vmCount, null);
    assert.deepEqual(l.perGb, []);
    assert.deepEqual(
      l.lines.map((x) => x.key),
      ['flavor', 'external_ip', 'floating_ip'],
    );
  });

  it('formats money in the returned currency; null is "—"; hourly keeps 4 decimals', () => {
    assert.equal(formatMoney(1234.5, 'EUR', 'en'), '€1,234.50');
    assert.equal(formatMoney(0.0211, 'USD', 'en', 4), '$0.0211');
    assert.match(formatMoney(10, 'AZN', 'en'), /^AZN\s?10\.00$/);
    assert.match(formatMoney(3, 'EUR', 'de'), /^3,00\s€$/, 'the locale decides the layout');
    assert.equal(formatMoney(null, 'EUR', 'en'), NONE);
    assert.equal(formatMoney(5, null, 'en'), '5.00');
    assert.equal(formatMoney(5, 'euros', 'en'), '5.00 euros', 'not an ISO code: the number and the text');
  });

  it('shows totals, vm count, discount details, tax, the breakdown and per-GB rows', () => {
    const d = priceDisplay(priceResultOf('instances', instanceAnswer), { locale: 'en', sequence: 3, summary: 's' });
    assert.equal(d.status, 'show');
    assert.equal(d.perMonth, '€48.41');
    assert.equal(d.perHour, '€0.0673');
    assert.equal(d.withoutDiscount, '€52.00');
    assert.equal(d.discountPercent, '7.22 %');
    assert.deepEqual(d.discountDetails, [{ resource: 'flavor', discount: '10.00 %' }]);
    assert.equal(d.taxPercent, '17 %');
    assert.equal(d.vmCount, '2');
    assert.deepEqual(d.rows[1], { key: 'volume:ssd_hiiops', label: 'Volumes: ssd_hiiops', perHour: '€0.0156', perMonth: '€11.23' });
    assert.equal(d.perGb[0]!.price, '€0.01');
    assert.equal(d.message, undefined);
    assert.equal(priceDisplay(priceResultOf('loadBalancer', lbAnswer), { locale: 'en', sequence: 1, summary: '' }).discountPercent, NONE);
  });

  it('hide: "Prices are hidden for this account" and no numbers; error: a clear message', () => {
    const h = priceDisplay(hidden('instances', 'hide'), { locale: 'en', sequence: 1, summary: '' });
    assert.equal(h.message, HIDDEN_MESSAGE);
    assert.equal(h.perMonth, NONE);
    assert.deepEqual([h.rows, h.chart, h.perGb, h.discountDetails], [[], [], [], []]);
    const e = priceDisplay(hidden('instances', 'error'), { locale: 'en', sequence: 1, summary: '' });
    assert.equal(e.status, 'error');
    assert.match(e.message!, /could not price this configuration.*flavor/);
    const odd = priceDisplay(hidden('instances', 'pending'), { locale: 'en', sequence: 1, summary: '' });
    assert.equal(odd.status, 'error');
    assert.match(odd.message!, /unknown price status "pending"/);
  });
});

describe('bar chart', () => {
  it('bars are proportional to the monthly costs; the largest spans the chart; zero and null are empty', () => {
    const bars = chartBars(priceResultOf('instances', instanceAnswer), 'en');
    const top = bars.find((b) => b.key === 'flavor')!;
    assert.equal(top.length, CHART_BAR_MAX);
    for (const bar of bars) assert.ok(Math.abs(bar.length / CHART_BAR_MAX - bar.value / 31.99) < 1e-9, bar.key);
    assert.equal(bars.find((b) => b.key === 'floating_ip')!.length, 0);
    assert.equal(bars.find((b) => b.key === 'volume:ssd_hiiops')!.text, '€11.23');
    assert.ok(chartBars(hidden('instances', 'show'), 'en').every((b) => b.length === 0 && b.value === 0));
  });
});

describe('compare', () => {
  const pinnedOf = (result: PriceResult): PinnedPrice => ({ summary: 'pinned', pinnedAt: '2030-01-01T00:00:00Z', price: result });

  it('differences per line and in total, signed; a line only one side has counts 0 on the other', () => {
    const live = priceResultOf('instances', instanceAnswer);
    const cheaper: PriceResult = {
      ...live,
      totalPerMonth: 40,
      lines: live.lines.filter((l) => l.key !== 'volume:standard').map((l) => (l.key === 'flavor' ? { ...l, perMonth: 24 } : l)),
    };
    const c = comparePrices(pinnedOf(cheaper), live, 'en');
    assert.equal(c.note, undefined);
    const row = (key: string) => c.rows.find((r) => r.key === key)!;
    assert.deepEqual([row('flavor').difference, row('flavor').sign], ['+€7.99', 1]);
    assert.deepEqual([row('volume:standard').pinned, row('volume:standard').difference], ['€0.00', '+€0.47']);
    assert.deepEqual([row('external_ip').difference, row('external_ip').sign], ['±€0.00', 0]);
    assert.deepEqual([c.total.pinned, c.total.live, c.total.difference], ['€40.00', '€48.41', '+€8.41']);
    const back = comparePrices(pinnedOf(live), cheaper, 'en');
    assert.deepEqual([back.total.difference, back.total.sign], ['−€8.41', -1]);
  });

  it('another currency or a hidden side: shown side by side, no difference', () => {
    const eur = priceResultOf('instances', instanceAnswer);
    const usd = { ...eur, currency: 'USD' };
    const c = comparePrices(pinnedOf(eur), usd, 'en');
    assert.match(c.note!, /EUR.*USD/);
    assert.deepEqual([c.total.pinned, c.total.live, c.total.difference, c.total.sign], ['€48.41', '$48.41', NONE, null]);
    const h = comparePrices(pinnedOf(eur), hidden('instances', 'hide'), 'en');
    assert.match(h.note!, /no difference/);
    assert.equal(h.total.live, NONE);
  });

  it('the display carries the compare when a pin exists', () => {
    const live = priceResultOf('loadBalancer', lbAnswer);
    const d = priceDisplay(live, { locale: 'en', sequence: 2, summary: '', pinned: pinnedOf(live) });
    assert.equal(d.compare?.total.difference, '±$0.00');
  });
});
