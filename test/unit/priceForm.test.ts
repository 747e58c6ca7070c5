// The Price Preview form model: request bodies built from form state, only the fields of the
// chosen variant sent, exclusivity rules, and refusals mapped back to the field that holds them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkInstanceForm,
  checkLoadBalancerForm,
  checkLocation,
  formFieldOf,
  instanceRequestOf,
  instanceSummary,
  interfaceRequestOf,
  loadBalancerRequestOf,
  volumeRequestOf,
} from '../../src/features/pricing/model/priceForm';
import { instancePriceRequest, loadBalancerPriceRequest } from '../../src/schema/pricing';
import { defaultPricingState, emptyInterface, emptyVolume, listLines, type InstanceForm, type LoadBalancerForm } from '../../src/protocol/pricing';

const instance = (patch: Partial<InstanceForm> = {}): InstanceForm => ({ ...defaultPricingState().instance, ...patch });
const lb = (patch: Partial<LoadBalancerForm> = {}): LoadBalancerForm => ({ ...defaultPricingState().loadBalancer, ...patch });
const fields = (issues: { field: string }[]) => issues.map((i) => i.field);

describe('instance form -> request', () => {
  it('the default form is a valid request the client accepts', () => {
    const checked = checkInstanceForm(instance());
    assert.ok(checked.ok, JSON.stringify(checked.issues));
    assert.deepEqual(checked.value, {
      flavor: 'g1-standard-1-2',
      names: ['instance-1'],
      interfaces: [{ type: 'external' }],
      volumes: [{ source: 'new-volume', size: 10 }],
    });
    assert.ok(instancePriceRequest.safeParse(checked.value).success);
  });

  it('names or templates: one per line, trimmed, blank lines dropped; only the chosen list is sent', () => {
    assert.deepEqual(listLines(' a \n\n b\r\n  \n'), ['a', 'b']);
    const byNames = instanceRequestOf(instance({ names: 'web-1\nweb-2\n', templates: 'kept-{n}' }));
    assert.deepEqual(byNames.names, ['web-1', 'web-2']);
    assert.equal('name_templates' in byNames, false);
    const byTemplates = instanceRequestOf(instance({ nameMode: 'templates', names: 'web-1', templates: 'web-{ip_octets}' }));
    assert.deepEqual(byTemplates.name_templates, ['web-{ip_octets}']);
    assert.equal('names' in byTemplates, false);
  });

  it('an empty list of the chosen kind is refused on that field', () => {
    assert.deepEqual(fields(checkInstanceForm(instance({ names: ' \n ' })).issues), ['names']);
    const templates = checkInstanceForm(instance({ nameMode: 'templates', names: 'a', templates: '' }));
    assert.deepEqual(fields(templates.issues), ['templates']);
    assert.match(templates.issues[0]!.message, /^Name templates: give at least one name template/);
  });

  it('sends only the chosen interface variant: what was typed for another type stays in the form', () => {
    const typed = {
      ...emptyInterface(),
      interfaceName: ' eth1 ',
      ipFamily: 'ipv6' as const,
      networkId: 'net',
      subnetId: 'sub',
      portId: 'port',
      floatingIp: 'new' as const,
      floatingIpId: 'fip',
    };
    assert.deepEqual(interfaceRequestOf({ ...typed, type: 'external' }), { type: 'external', interface_name: 'eth1', ip_family: 'ipv6' });
    assert.deepEqual(interfaceRequestOf({ ...typed, type: 'subnet' }), {
      type: 'subnet',
      network_id: 'net',
      subnet_id: 'sub',
      floating_ip: { source: 'new' },
      interface_name: 'eth1',
    });
    assert.deepEqual(interfaceRequestOf({ ...typed, type: 'any_subnet' }), {
      type: 'any_subnet',
      network_id: 'net',
      ip_family: 'ipv6',
      floating_ip: { source: 'new' },
      interface_name: 'eth1',
    });
    assert.deepEqual(interfaceRequestOf({ ...typed, type: 'reserved_fixed_ip', floatingIp: 'existing' }), {
      type: 'reserved_fixed_ip',
      port_id: 'port',
      floating_ip: { source: 'existing', existing_floating_id: 'fip' },
      interface_name: 'eth1',
    });
    assert.deepEqual(interfaceRequestOf({ ...typed, type: 'subnet', floatingIp: 'none' }), {
      type: 'subnet',
      network_id: 'net',
      subnet_id: 'sub',
      interface_name: 'eth1',
    });
  });

  it('volumes: image_id only from an image, snapshot_id only from a snapshot, size as a number', () => {
    const v = { ...emptyVolume(), size: '40', typeName: 'ssd_hiiops', imageId: 'img', snapshotId: 'snap' };
    assert.deepEqual(volumeRequestOf({ ...v, source: 'image' }), { source: 'image', image_id: 'img', size: 40, type_name: 'ssd_hiiops' });
    assert.deepEqual(volumeRequestOf({ ...v, source: 'snapshot' }), { source: 'snapshot', snapshot_id: 'snap', size: 40, type_name: 'ssd_hiiops' });
    assert.deepEqual(volumeRequestOf({ ...v, source: 'new-volume', typeName: '' }), { source: 'new-volume', size: 40 });
    assert.deepEqual(volumeRequestOf({ ...v, source: 'image', size: '' }), { source: 'image', image_id: 'img', type_name: 'ssd_hiiops' });
    assert.equal('volumes' in instanceRequestOf(instance({ volumes: [] })), false);
  });

  it('refusals name the interface or volume and the rule, on the field that holds the value', () => {
    const checked = checkInstanceForm(
      instance({
        flavor: ' ',
        interfaces: [emptyInterface(), { ...emptyInterface('subnet'), floatingIp: 'existing' }, emptyInterface('reserved_fixed_ip')],
        volumes: [{ ...emptyVolume('image') }, { ...emptyVolume(), size: '1.5' }, { ...emptyVolume(), size: '' }, { ...emptyVolume('snapshot'), size: '0' }],
      }),
    );
    assert.ok(!checked.ok);
    const byField = Object.fromEntries(checked.issues.map((i) => [i.field, i.message]));
    assert.equal(byField.flavor, 'Flavor: must not be empty');
    assert.equal(byField['interfaces.1.networkId'], 'Interface 2: Network ID: must not be empty');
    assert.equal(byField['interfaces.1.subnetId'], 'Interface 2: Subnet ID: must not be empty');
    assert.equal(byField['interfaces.1.floatingIpId'], 'Interface 2: Existing floating IP ID: must not be empty');
    assert.equal(byField['interfaces.2.portId'], 'Interface 3: Reserved fixed IP port ID: must not be empty');
    assert.equal(byField['volumes.0.imageId'], 'Volume 1: Image ID: must not be empty');
    assert.equal(byField['volumes.1.size'], 'Volume 2: Size (GiB): must be a whole number of GiB');
    assert.equal(byField['volumes.2.size'], 'Volume 3: Size (GiB): is required for a new volume');
    assert.equal(byField['volumes.3.snapshotId'], 'Volume 4: Snapshot ID: must not be empty');
    assert.match(byField['volumes.3.size']!, /^Volume 4: Size \(GiB\): must be at least 1/);
    assert.equal(byField['interfaces.0.type'], undefined, 'the valid interface is not marked');
    assert.equal(new Set(fields(checked.issues)).size, checked.issues.length, 'one message per field');
  });

  it('maps request paths to form fields', () => {
    assert.equal(formFieldOf('interfaces[3].floating_ip.existing_floating_id', 'names'), 'interfaces.3.floatingIpId');
    assert.equal(formFieldOf('volumes[0].type_name', 'names'), 'volumes.0.typeName');
    assert.equal(formFieldOf('interfaces[1]', 'names'), 'interfaces.1.type');
    assert.equal(formFieldOf('names', 'templates'), 'templates');
    assert.equal(formFieldOf('names[2]', 'names'), 'names');
    assert.equal(formFieldOf('vip_port_id', 'names'), 'vipPortId');
  });

  it('summarises what is priced', () => {
    assert.equal(instanceSummary(instance({ flavor: 'g1-standard-2-4', names: 'a\nb', volumes: [] })), 'g1-standard-2-4 × 2 · 1 interface · 0 volumes');
  });
});

describe('load balancer form -> request', () => {
  it('the default form: flavor only, the VIP on the default external network', () => {
    const checked = checkLoadBalancerForm(lb());
    assert.ok(checked.ok);
    assert.deepEqual(checked.value, { flavor: 'lb1-1-2' });
  });

  it('network and port are exclusive by construction: only the chosen target is sent', () => {
    const typed = lb({ vipNetworkId: 'net', vipSubnetId: 'sub', vipPortId: 'port' });
    assert.deepEqual(loadBalancerRequestOf({ ...typed, vipTarget: 'network' }), { flavor: 'lb1-1-2', vip_network_id: 'net', vip_subnet_id: 'sub' });
    assert.deepEqual(loadBalancerRequestOf({ ...typed, vipTarget: 'port' }), { flavor: 'lb1-1-2', vip_port_id: 'port' });
    assert.deepEqual(loadBalancerRequestOf({ ...typed, vipTarget: 'default' }), { flavor: 'lb1-1-2' });
    for (const vipTarget of ['default', 'network', 'port'] as const) {
      assert.ok(loadBalancerPriceRequest.safeParse(loadBalancerRequestOf({ ...typed, vipTarget })).success, vipTarget);
    }
  });

  it('the subnet goes only with a network, and is optional there', () => {
    assert.deepEqual(loadBalancerRequestOf(lb({ vipTarget: 'network', vipNetworkId: 'net', vipSubnetId: ' ' })), { flavor: 'lb1-1-2', vip_network_id: 'net' });
    assert.equal('vip_subnet_id' in loadBalancerRequestOf(lb({ vipTarget: 'port', vipPortId: 'p', vipSubnetId: 'sub' })), false);
  });

  it('the chosen target needs its id; floating IP and family are sent as chosen', () => {
    assert.deepEqual(fields(checkLoadBalancerForm(lb({ vipTarget: 'network' })).issues), ['vipNetworkId']);
    assert.deepEqual(fields(checkLoadBalancerForm(lb({ vipTarget: 'port' })).issues), ['vipPortId']);
    assert.deepEqual(fields(checkLoadBalancerForm(lb({ floatingIp: 'existing' })).issues), ['floatingIpId']);
    assert.deepEqual(loadBalancerRequestOf(lb({ floatingIp: 'existing', floatingIpId: ' f-1 ', vipIpFamily: 'dual' })), {
      flavor: 'lb1-1-2',
      floating_ip: { source: 'existing', existing_floating_id: 'f-1' },
      vip_ip_family: 'dual',
    });
    assert.deepEqual(loadBalancerRequestOf(lb({ floatingIp: 'new', floatingIpId: 'ignored' })).floating_ip, { source: 'new' });
  });
});

describe('location', () => {
  it('project and region: required positive whole numbers', () => {
    assert.deepEqual(checkLocation({ projectId: ' 1 ', regionId: '7' }), { ok: true, value: { project_id: 1, region_id: 7 }, issues: [] });
    const bad = checkLocation({ projectId: '', regionId: '1.5' });
    assert.deepEqual(bad.issues, [
      { field: 'projectId', message: 'Project ID: is required' },
      { field: 'regionId', message: 'Region ID: must be a positive whole number' },
    ]);
    assert.deepEqual(checkLocation({ projectId: '0', regionId: '1' }).issues, [{ field: 'projectId', message: 'Project ID: must be at least 1' }]);
  });
});
