// The two forms: instances and load balancer. Pure rendering; every change goes through `edit`.
import { html, nothing, type TemplateResult } from 'lit';
import {
  emptyInterface,
  emptyVolume,
  listLines,
  type FloatingIpChoice,
  type FormIpFamily,
  type FormVolumeSource,
  type InstanceForm,
  type InterfaceForm,
  type InterfaceType,
  type LoadBalancerForm,
  type NameMode,
  type VipTarget,
  type VolumeForm,
} from '../../src/protocol/pricing';
import { radioField, selectField, textArea, textField, type Choice } from '../shared/fields';

export type IssueOf = (field: string) => string | undefined;
/** The flavor field: picked from the platform's list where it has one (main.ts knows the list). */
export type FlavorField = (value: string, issue: string | undefined, onInput: (flavor: string) => void) => TemplateResult;

const IP_FAMILIES: Choice<FormIpFamily>[] = [
  { value: '', label: 'Platform default' },
  { value: 'dual', label: 'Dual stack' },
  { value: 'ipv4', label: 'IPv4' },
  { value: 'ipv6', label: 'IPv6' },
];
const INTERFACE_TYPES: Choice<InterfaceType>[] = [
  { value: 'external', label: 'External network' },
  { value: 'subnet', label: 'Subnet' },
  { value: 'any_subnet', label: 'Any subnet of a network' },
  { value: 'reserved_fixed_ip', label: 'Reserved fixed IP' },
];
const FLOATING_IPS: Choice<FloatingIpChoice>[] = [
  { value: 'none', label: 'None' },
  { value: 'new', label: 'New' },
  { value: 'existing', label: 'Existing' },
];
const VOLUME_SOURCES: Choice<FormVolumeSource>[] = [
  { value: 'new-volume', label: 'New volume' },
  { value: 'image', label: 'Image' },
  { value: 'snapshot', label: 'Snapshot' },
];
const NAME_MODES: Choice<NameMode>[] = [
  { value: 'names', label: 'Instance names' },
  { value: 'templates', label: 'Name templates' },
];
const VIP_TARGETS: Choice<VipTarget>[] = [
  { value: 'default', label: 'Default external network' },
  { value: 'network', label: 'A network (VIP network ID)' },
  { value: 'port', label: 'A reserved fixed IP port (VIP port ID)' },
];

function iconButton(label: string, icon: string, testId: string, onClick: () => void, secondary = true): TemplateResult {
  return html`<vscode-button ?secondary=${secondary} icon=${icon} title=${label} data-testid=${testId} @click=${onClick}>${label}</vscode-button>`;
}

function floatingIpFields(
  prefix: string,
  choice: FloatingIpChoice,
  id: string,
  issueOf: IssueOf,
  set: (patch: { floatingIp?: FloatingIpChoice; floatingIpId?: string }) => void,
) {
  return html`${radioField(`${prefix}floatingIp`, 'Floating IP', choice, FLOATING_IPS, issueOf(`${prefix}floatingIp`), (floatingIp) => set({ floatingIp }))}
  ${choice === 'existing'
    ? textField(`${prefix}floatingIpId`, 'Existing floating IP ID', id, issueOf(`${prefix}floatingIpId`), (floatingIpId) => set({ floatingIpId }), {
        placeholder: 'floating IP id',
      })
    : nothing}`;
}

function interfaceCard(item: InterfaceForm, i: number, issueOf: IssueOf, set: (patch: Partial<InterfaceForm>) => void, remove: () => void): TemplateResult {
  const p = `interfaces.${i}.`;
  const subnetBased = item.type !== 'external';
  return html`<fieldset class="card" data-testid="interface" data-index=${i}>
    <legend>Interface ${i + 1}</legend>
    <div class="card-actions">${iconButton('Remove', 'trash', `remove-interface-${i}`, remove)}</div>
    ${selectField(`${p}type`, 'Type', item.type, INTERFACE_TYPES, issueOf(`${p}type`), (type) => set({ type }))}
    ${item.type === 'subnet' || item.type === 'any_subnet'
      ? textField(`${p}networkId`, 'Network ID', item.networkId, issueOf(`${p}networkId`), (networkId) => set({ networkId }), { placeholder: 'network id' })
      : nothing}
    ${item.type === 'subnet'
      ? textField(`${p}subnetId`, 'Subnet ID', item.subnetId, issueOf(`${p}subnetId`), (subnetId) => set({ subnetId }), { placeholder: 'subnet id' })
      : nothing}
    ${item.type === 'reserved_fixed_ip'
      ? textField(`${p}portId`, 'Reserved fixed IP port ID', item.portId, issueOf(`${p}portId`), (portId) => set({ portId }), {
          placeholder: 'port id',
          hint: 'Sent as type reserved_fixed_ip with port_id (the spec names neither).',
        })
      : nothing}
    ${item.type === 'external' || item.type === 'any_subnet'
      ? selectField(`${p}ipFamily`, 'IP family', item.ipFamily, IP_FAMILIES, issueOf(`${p}ipFamily`), (ipFamily) => set({ ipFamily }))
      : nothing}
    ${textField(`${p}interfaceName`, 'Interface name (optional)', item.interfaceName, issueOf(`${p}interfaceName`), (interfaceName) => set({ interfaceName }))}
    ${subnetBased ? floatingIpFields(p, item.floatingIp, item.floatingIpId, issueOf, set) : nothing}
  </fieldset>`;
}

function volumeCard(item: VolumeForm, i: number, issueOf: IssueOf, set: (patch: Partial<VolumeForm>) => void, remove: () => void): TemplateResult {
  const p = `volumes.${i}.`;
  return html`<fieldset class="card" data-testid="volume" data-index=${i}>
    <legend>Volume ${i + 1}</legend>
    <div class="card-actions">${iconButton('Remove', 'trash', `remove-volume-${i}`, remove)}</div>
    ${selectField(`${p}source`, 'Source', item.source, VOLUME_SOURCES, issueOf(`${p}source`), (source) => set({ source }))}
    ${item.source === 'image'
      ? textField(`${p}imageId`, 'Image ID', item.imageId, issueOf(`${p}imageId`), (imageId) => set({ imageId }), { placeholder: 'image id' })
      : nothing}
    ${item.source === 'snapshot'
      ? textField(`${p}snapshotId`, 'Snapshot ID', item.snapshotId, issueOf(`${p}snapshotId`), (snapshotId) => set({ snapshotId }), {
          placeholder: 'snapshot id',
        })
      : nothing}
    ${textField(`${p}size`, 'Size (GiB)', item.size, issueOf(`${p}size`), (size) => set({ size }), {
      placeholder: item.source === 'new-volume' ? 'required' : 'the image or snapshot size',
    })}
    ${textField(`${p}typeName`, 'Volume type', item.typeName, issueOf(`${p}typeName`), (typeName) => set({ typeName }), {
      placeholder: 'standard, ssd_hiiops, cold…',
    })}
  </fieldset>`;
}

export function instanceFormView(form: InstanceForm, issueOf: IssueOf, edit: (next: InstanceForm) => void, flavorField: FlavorField): TemplateResult {
  const set = (patch: Partial<InstanceForm>) => edit({ ...form, ...patch });
  const listField = form.nameMode === 'names' ? 'names' : 'templates';
  const count = listLines(form[listField]).length;
  const setInterface = (i: number, patch: Partial<InterfaceForm>) => set({ interfaces: form.interfaces.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const setVolume = (i: number, patch: Partial<VolumeForm>) => set({ volumes: form.volumes.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return html`<section class="form" data-testid="instance-form">
    ${flavorField(form.flavor, issueOf('flavor'), (flavor) => set({ flavor }))}
    ${radioField('nameMode', 'Name the instances by', form.nameMode, NAME_MODES, undefined, (nameMode) => set({ nameMode }))}
    ${textArea(
      listField,
      form.nameMode === 'names' ? 'Instance names (one per line)' : 'Name templates (one per line)',
      form[listField],
      issueOf(listField),
      (value) => set({ [listField]: value }),
      {
        rows: 3,
        placeholder: form.nameMode === 'names' ? 'web-1\nweb-2' : 'web-{ip_octets}',
      },
    )}
    <div class="count" data-testid="instance-count">${count} instance${count === 1 ? '' : 's'}</div>
    <h2>Interfaces <span class="muted">(${form.interfaces.length})</span></h2>
    ${form.interfaces.map((item, i) =>
      interfaceCard(
        item,
        i,
        issueOf,
        (patch) => setInterface(i, patch),
        () => set({ interfaces: form.interfaces.filter((_, j) => j !== i) }),
      ),
    )}
    ${iconButton('Add Interface', 'add', 'add-interface', () => set({ interfaces: [...form.interfaces, emptyInterface()] }))}
    <h2>Volumes <span class="muted">(${form.volumes.length})</span></h2>
    ${form.volumes.map((item, i) =>
      volumeCard(
        item,
        i,
        issueOf,
        (patch) => setVolume(i, patch),
        () => set({ volumes: form.volumes.filter((_, j) => j !== i) }),
      ),
    )}
    ${iconButton('Add Volume', 'add', 'add-volume', () => set({ volumes: [...form.volumes, emptyVolume()] }))}
  </section>`;
}

export function loadBalancerFormView(
  form: LoadBalancerForm,
  issueOf: IssueOf,
  edit: (next: LoadBalancerForm) => void,
  flavorField: FlavorField,
): TemplateResult {
  const set = (patch: Partial<LoadBalancerForm>) => edit({ ...form, ...patch });
  return html`<section class="form" data-testid="lb-form">
    ${flavorField(form.flavor, issueOf('flavor'), (flavor) => set({ flavor }))} ${floatingIpFields('', form.floatingIp, form.floatingIpId, issueOf, set)}
    ${selectField('vipIpFamily', 'VIP IP family', form.vipIpFamily, IP_FAMILIES, issueOf('vipIpFamily'), (vipIpFamily) => set({ vipIpFamily }))}
    ${radioField('vipTarget', 'VIP on', form.vipTarget, VIP_TARGETS, undefined, (vipTarget) => set({ vipTarget }))}
    ${textField('vipNetworkId', 'VIP network ID', form.vipNetworkId, issueOf('vipNetworkId'), (vipNetworkId) => set({ vipNetworkId }), {
      disabled: form.vipTarget !== 'network',
      placeholder: form.vipTarget === 'network' ? 'network id' : 'only when the VIP is on a network',
    })}
    ${textField('vipSubnetId', 'VIP subnet ID (optional)', form.vipSubnetId, issueOf('vipSubnetId'), (vipSubnetId) => set({ vipSubnetId }), {
      disabled: form.vipTarget !== 'network',
      placeholder: form.vipTarget === 'network' ? 'any subnet of the network when empty' : 'only with a VIP network ID',
    })}
    ${textField('vipPortId', 'VIP port ID', form.vipPortId, issueOf('vipPortId'), (vipPortId) => set({ vipPortId }), {
      disabled: form.vipTarget !== 'port',
      placeholder: form.vipTarget === 'port' ? 'reserved fixed IP port id' : 'only when the VIP is a reserved port',
    })}
  </section>`;
}
