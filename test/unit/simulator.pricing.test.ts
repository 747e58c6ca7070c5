import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'pricing-key-5d0e';
type Json = Record<string, unknown>;
interface Breakdown {
  external_ip: number | null;
  flavor: number | null;
  floating_ip: number | null;
  volumes?: Record<string, number> | null;
}
interface InstancePrice {
  currency_code: string | null;
  discount_details: { resource: string; discount: string }[];
  discount_percent: string;
  per_gb: Json;
  per_hour: Breakdown;
  per_month: Breakdown;
  price_status: string;
  price_without_discount_per_month: number | null;
  tax_percent: number;
  total_price_per_hour: number | null;
  total_price_per_month: number | null;
  vm_count: number;
}

let sim: Simulator;
const instance = async (project: number, region: number, body: Json) => {
  const res = await probe(sim.url, 'POST', `/cloud/v2/pricing/${project}/${region}/instances`, { apiKey: KEY, body });
  return res;
};
const loadBalancer = async (project: number, region: number, body: Json) =>
  (await probe(sim.url, 'POST', `/cloud/v2/pricing/${project}/${region}/loadbalancers`, { apiKey: KEY, body })).json as Json & {
    per_hour: Breakdown;
    per_month: Breakdown;
  };

before(async () => {
  sim = await startSimulator({ apiKey: KEY, hidePricesProjectId: 42 });
});
after(() => sim.close());

describe('instance price preview', () => {
  it('adds flavor, external IPs and volumes per type, times the instances (USD region, no tax, no discount)', async () => {
    const res = await instance(3, 2, {
      flavor: 'g1-standard-2-4',
      interfaces: [{ type: 'external' }, { type: 'any_subnet', network_id: 'net-1', floating_ip: { source: 'existing', existing_floating_id: 'fip-1' } }],
      names: ['vm-a', 'vm-b'],
      volumes: [
        { source: 'new-volume', size: 100, type_name: 'standard' },
        { source: 'image', image_id: 'img-1', type_name: 'ssd_hiiops' },
      ],
    });
    assert.equal(res.status, 200, res.text);
    const p = res.json as InstancePrice;
    assert.equal(p.price_status, 'show');
    assert.equal(p.currency_code, 'USD');
    assert.equal(p.tax_percent, 0);
    assert.equal(p.vm_count, 2);
    assert.equal(p.discount_percent, '0.00');
    assert.deepEqual(p.discount_details, []);
    // 0.0422/h x 2; 0.0056/h external IP x 2; an existing floating IP costs nothing.
    assert.deepEqual({ ...p.per_hour, volumes: undefined }, { external_ip: 0.0112, flavor: 0.0844, floating_ip: 0, volumes: undefined });
    assert.deepEqual({ ...p.per_month, volumes: undefined }, { external_ip: 8.06, flavor: 60.77, floating_ip: 0, volumes: undefined });
    // 100 GB x 0.05/month x 2; an image volume without size counts 10 GB x 0.12 x 2.
    assert.deepEqual(p.per_month.volumes, { standard: 10, ssd_hiiops: 2.4 });
    assert.deepEqual(p.per_hour.volumes, { standard: 0.0139, ssd_hiiops: 0.0033 });
    assert.equal(p.total_price_per_month, 81.23);
    assert.equal(p.total_price_per_hour, 0.1128);
    assert.equal(p.price_without_discount_per_month, 81.23);
    assert.deepEqual(p.per_gb, { egress_traffic_baremetal: 0.01, egress_traffic_virtual: 0.01 });
  });

  it('applies the project discount and the region tax; discount_percent is decimal text', async () => {
    const res = await instance(1, 1, {
      flavor: 'g1-standard-1-2',
      interfaces: [{ type: 'subnet', network_id: 'n', subnet_id: 's', floating_ip: { source: 'new' } }],
      name_templates: ['web-{ip_octets}', null, 'web-3'],
    });
    const p = res.json as InstancePrice;
    assert.equal(p.currency_code, 'EUR');
    assert.equal(p.tax_percent, 17);
    assert.equal(p.vm_count, 3);
    assert.deepEqual(p.discount_details, [{ resource: 'flavor', discount: '10.00' }]);
    // 0.0211 x 3 x 0.9 x 1.17 = 0.066655...
    assert.equal(p.per_hour.flavor, 0.0667);
    assert.equal(p.per_hour.floating_ip, 0.0197);
    assert.equal(p.per_hour.external_ip, 0);
    assert.equal(typeof p.discount_percent, 'string');
    assert.match(p.discount_percent, /^\d+\.\d\d$/);
    assert.ok(Number(p.discount_percent) > 0 && Number(p.discount_percent) < 10);
    assert.ok(p.price_without_discount_per_month! > p.total_price_per_month!);
    const sum = Object.values({ ...p.per_month, volumes: 0 }).reduce<number>((a, b) => a + Number(b), 0);
    assert.ok(Math.abs(sum - p.total_price_per_month!) < 0.011);
  });

  it('an unknown flavor is price_status error with null totals; the hidden project is hide', async () => {
    const unknown = (await instance(1, 1, { flavor: 'g9-galactic-1', interfaces: [], names: ['x'] })).json as InstancePrice;
    assert.equal(unknown.price_status, 'error');
    assert.equal(unknown.total_price_per_hour, null);
    assert.equal(unknown.total_price_per_month, null);
    assert.equal(unknown.price_without_discount_per_month, null);
    const hidden = (await instance(42, 1, { flavor: 'g1-standard-1-2', interfaces: [], names: ['x'] })).json as InstancePrice;
    assert.equal(hidden.price_status, 'hide');
    assert.equal(hidden.total_price_per_month, null);
    assert.equal(hidden.per_hour.flavor, null);
  });

  it('refuses a new volume without size and an unknown volume type, naming the field', async () => {
    const noSize = await instance(1, 1, { flavor: 'g1-standard-1-2', interfaces: [], names: ['x'], volumes: [{ source: 'new-volume' }] });
    assert.equal(noSize.status, 400);
    assert.deepEqual(Object.keys((noSize.json as { invalid_fields: Json }).invalid_fields), ['volumes[0].size']);
    const badType = await instance(1, 1, {
      flavor: 'g1-standard-1-2',
      interfaces: [],
      names: ['x'],
      volumes: [
        { source: 'new-volume', size: 5 },
        { source: 'new-volume', size: 5, type_name: 'tape' },
      ],
    });
    assert.deepEqual(Object.keys((badType.json as { invalid_fields: Json }).invalid_fields), ['volumes[1].type_name']);
  });

  it('the hidden project can change at run time', async () => {
    sim.setOptions({ hidePricesProjectId: 3 });
    assert.equal(((await instance(3, 1, { flavor: 'g1-standard-1-2', interfaces: [], names: ['x'] })).json as InstancePrice).price_status, 'hide');
    sim.setOptions({ hidePricesProjectId: 42 });
  });
});

describe('load balancer price preview', () => {
  it('flavor, a public VIP on the default network and a new floating IP; discount_percent is a number', async () => {
    const p = await loadBalancer(5, 2, { flavor: 'lb1-2-4', floating_ip: { source: 'new' } });
    assert.equal(p.price_status, 'show');
    assert.deepEqual(p.per_hour, { external_ip: 0.0056, flavor: 0.0556, floating_ip: 0.0056 });
    assert.deepEqual(p.per_month, { external_ip: 4.03, flavor: 40.03, floating_ip: 4.03 });
    assert.equal(p.total_price_per_month, 48.1);
    assert.equal(p.discount_percent, 0);
    const discounted = await loadBalancer(1, 1, { flavor: 'lb1-2-4', vip_network_id: 'private-net' });
    assert.equal(typeof discounted.discount_percent, 'number');
    assert.ok((discounted.discount_percent as number) > 0);
    assert.equal(discounted.per_hour.external_ip, 0, 'a private VIP has no public address');
    assert.equal(discounted.currency_code, 'EUR');
  });

  it('an instance flavor is unknown to load balancers: error with null prices', async () => {
    const p = await loadBalancer(1, 1, { flavor: 'g1-standard-1-2' });
    assert.equal(p.price_status, 'error');
    assert.equal(p.total_price_per_hour, null);
    assert.equal(p.discount_percent, null);
  });
});
