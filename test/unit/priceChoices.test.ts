// What the Price Preview offers to pick: projects and regions by name with their id, flavors with
// vCPUs, RAM and their own price (hidden or missing prices said so), smallest first, and a loaded
// list -> the picker's state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { choicesOf, flavorOption, flavorOptions, projectOption, regionOption } from '../../src/features/pricing/model/priceChoices';
import { flavor, loadBalancerFlavor, project, region } from '../../src/schema/cloudLists';

const f = (raw: Record<string, unknown>) => flavor.parse(raw);

describe('price choices', () => {
  it('a project by its name and id, the default and the description below', () => {
    assert.deepEqual(projectOption(project.parse({ id: 1, name: 'production', is_default: true, description: 'Customer-facing' })), {
      value: '1',
      label: 'production · ID 1',
      description: 'default project · Customer-facing',
    });
    assert.deepEqual(projectOption(project.parse({ id: 7 })), { value: '7', label: 'project · ID 7' });
  });

  it('a region by its display name, id and country', () => {
    assert.deepEqual(regionOption(region.parse({ id: 3, display_name: 'Frankfurt', country: 'DE', slug: 'frankfurt' })), {
      value: '3',
      label: 'Frankfurt · ID 3 · DE',
      description: 'frankfurt',
    });
    assert.equal(regionOption(region.parse({ id: 9 })).label, 'region · ID 9');
  });

  it('a flavor with its size and its own price; the hourly price, architecture and OS below', () => {
    const option = flavorOption(
      f({
        flavor_name: 'g1-standard-2-4',
        vcpus: 2,
        ram: 4096,
        price_per_hour: 0.0422,
        price_per_month: 30.38,
        currency_code: 'EUR',
        price_status: 'show',
        architecture: 'x86_64',
        os_type: 'linux',
      }),
      'en',
    );
    assert.deepEqual(option, {
      value: 'g1-standard-2-4',
      label: 'g1-standard-2-4 · 2 vCPUs · 4 GiB · €30.38/month',
      description: '€0.0422 per hour · x86_64 · linux',
    });
    assert.equal(
      flavorOption(f({ flavor_name: 'g1-shared-1-0.5', vcpus: 1, ram: 512 }), 'en').label,
      'g1-shared-1-0.5 · 1 vCPU · 0.5 GiB',
      'no price sent: none shown',
    );
    assert.equal(
      flavorOption(f({ flavor_name: 'x', vcpus: 1, ram: 1024, price_status: 'hide', price_per_month: null }), 'en').label,
      'x · 1 vCPU · 1 GiB · price hidden',
    );
    assert.equal(flavorOption(f({ flavor_name: 'y', price_status: 'error', price_per_month: 3 }), 'en').label, 'y', 'a price in error is not shown');
    assert.equal(
      flavorOption(
        loadBalancerFlavor.parse({ flavor_name: 'lb1-1-2', vcpus: 1, ram: 2048, price_per_month: 9, currency_code: 'USD', price_status: 'show' }),
        'en',
      ).label,
      'lb1-1-2 · 1 vCPU · 2 GiB · $9.00/month',
    );
  });

  it('flavors smallest first (vCPUs, RAM, name); disabled ones not offered', () => {
    const listed = flavorOptions(
      [
        f({ flavor_name: 'b-4-8', vcpus: 4, ram: 8192 }),
        f({ flavor_name: 'a-2-8', vcpus: 2, ram: 8192 }),
        f({ flavor_name: 'off', vcpus: 1, ram: 1, disabled: true }),
        f({ flavor_name: 'a-2-4', vcpus: 2, ram: 4096 }),
      ],
      'en',
    );
    assert.deepEqual(
      listed.map((o) => o.value),
      ['a-2-4', 'a-2-8', 'b-4-8'],
    );
  });

  it('a loaded list -> the picker: listed, typed where the server has none, failed with the reason', () => {
    const reason = (e: unknown) => `why: ${(e as Error).message}`;
    assert.deepEqual(
      choicesOf({ items: [1, 2] }, (items) => items.map((n) => ({ value: String(n), label: `#${n}` })), reason),
      {
        state: 'listed',
        options: [
          { value: '1', label: '#1' },
          { value: '2', label: '#2' },
        ],
      },
    );
    assert.deepEqual(
      choicesOf({ unavailable: true }, () => [], reason),
      { state: 'typed' },
    );
    assert.deepEqual(
      choicesOf({ error: new Error('HTTP 500') }, () => [], reason),
      { state: 'failed', message: 'why: HTTP 500' },
    );
  });
});
