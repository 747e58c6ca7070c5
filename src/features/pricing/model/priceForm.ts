// The Price Preview forms -> the request bodies of endpoints 4 and 5, checked by the client's own
// schemas, with every refusal mapped back to the form field that holds the bad value.
import { projectRegionParams } from '../../../schema/cloud';
import { instancePriceRequest, loadBalancerPriceRequest } from '../../../schema/pricing';
import type { InstancePriceRequest, InterfaceRequest, LoadBalancerPriceRequest, VolumeRequest } from '../../../schema/pricing';
import { TOO_LARGE } from '../../../schema/schemaKit';
import { toFieldIssues } from '../../../schema/validate';
import type { FormIssue, InstanceForm, InterfaceForm, LoadBalancerForm, LocationForm, VolumeForm } from '../../../protocol/pricing';
import { listLines } from '../../../protocol/pricing';

export type Checked<T> = { ok: true; value: T; issues: [] } | { ok: false; issues: FormIssue[] };

const WHOLE = /^\d+$/;

/** Request field -> form field, for refusals; and form field -> the label that names it. */
const FIELD_OF_KEY: Record<string, string> = {
  network_id: 'networkId',
  subnet_id: 'subnetId',
  port_id: 'portId',
  interface_name: 'interfaceName',
  ip_family: 'ipFamily',
  floating_ip: 'floatingIp',
  existing_floating_id: 'floatingIpId',
  image_id: 'imageId',
  snapshot_id: 'snapshotId',
  type_name: 'typeName',
  size: 'size',
  source: 'source',
  type: 'type',
  flavor: 'flavor',
  vip_network_id: 'vipNetworkId',
  vip_subnet_id: 'vipSubnetId',
  vip_port_id: 'vipPortId',
  vip_ip_family: 'vipIpFamily',
  project_id: 'projectId',
  region_id: 'regionId',
};

export const FIELD_LABELS: Record<string, string> = {
  flavor: 'Flavor',
  names: 'Instance names',
  templates: 'Name templates',
  type: 'Interface type',
  interfaceName: 'Interface name',
  ipFamily: 'IP family',
  networkId: 'Network ID',
  subnetId: 'Subnet ID',
  portId: 'Reserved fixed IP port ID',
  floatingIp: 'Floating IP',
  floatingIpId: 'Existing floating IP ID',
  source: 'Source',
  size: 'Size (GiB)',
  typeName: 'Volume type',
  imageId: 'Image ID',
  snapshotId: 'Snapshot ID',
  vipIpFamily: 'VIP IP family',
  vipNetworkId: 'VIP network ID',
  vipSubnetId: 'VIP subnet ID',
  vipPortId: 'VIP port ID',
  projectId: 'Project ID',
  regionId: 'Region ID',
};

/** `interfaces.0.networkId` -> "Interface 1: Network ID". */
export function fieldLabel(field: string): string {
  const parts = field.split('.');
  const last = parts[parts.length - 1] ?? field;
  const label = FIELD_LABELS[last] ?? last;
  if (parts[0] === 'interfaces' && parts.length === 3) return `Interface ${Number(parts[1]) + 1}: ${label}`;
  if (parts[0] === 'volumes' && parts.length === 3) return `Volume ${Number(parts[1]) + 1}: ${label}`;
  return label;
}

function issue(field: string, rule: string): FormIssue {
  return { field, message: `${fieldLabel(field)}: ${rule}` };
}

/** `interfaces[0].floating_ip.existing_floating_id` -> `interfaces.0.floatingIpId`. */
export function formFieldOf(requestPath: string, nameField: 'names' | 'templates'): string {
  const parts = requestPath
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const [head, index] = parts;
  if (head === 'names') return nameField;
  if (head === 'name_templates') return 'templates';
  if ((head === 'interfaces' || head === 'volumes') && index !== undefined && /^\d+$/.test(index)) {
    const last = parts[parts.length - 1]!;
    return parts.length === 2 ? `${head}.${index}.type` : `${head}.${index}.${FIELD_OF_KEY[last] ?? last}`;
  }
  if (head === 'interfaces' || head === 'volumes') return head;
  const last = parts[parts.length - 1] ?? head ?? '';
  return FIELD_OF_KEY[last] ?? last;
}

function schemaIssues(
  result: { success: true } | { success: false; error: { issues: Parameters<typeof toFieldIssues>[0] } },
  nameField: 'names' | 'templates',
  already: FormIssue[],
): FormIssue[] {
  if (result.success) return [];
  const seen = new Set(already.map((i) => i.field));
  const out: FormIssue[] = [];
  for (const { path, message } of toFieldIssues(result.error.issues)) {
    const field = formFieldOf(path, nameField);
    if (seen.has(field)) continue;
    seen.add(field);
    out.push(issue(field, message));
  }
  return out;
}

function optionalText(value: string): string | undefined {
  const text = value.trim();
  return text ? text : undefined;
}

function floatingIp(form: { floatingIp: InterfaceForm['floatingIp']; floatingIpId: string }) {
  if (form.floatingIp === 'new') return { source: 'new' as const };
  if (form.floatingIp === 'existing') return { source: 'existing' as const, existing_floating_id: form.floatingIpId.trim() };
  return undefined;
}

/** Only the fields of the interface's own variant are sent: what was typed for another type is kept in the form, not sent. */
export function interfaceRequestOf(form: InterfaceForm): InterfaceRequest {
  const interface_name = optionalText(form.interfaceName);
  const ip_family = form.ipFamily || undefined;
  switch (form.type) {
    case 'external':
      return { type: 'external', ...(interface_name && { interface_name }), ...(ip_family && { ip_family }) };
    case 'subnet': {
      const fip = floatingIp(form);
      return {
        type: 'subnet',
        network_id: form.networkId.trim(),
        subnet_id: form.subnetId.trim(),
        ...(fip && { floating_ip: fip }),
        ...(interface_name && { interface_name }),
      };
    }
    case 'any_subnet': {
      const fip = floatingIp(form);
      return {
        type: 'any_subnet',
        network_id: form.networkId.trim(),
        ...(ip_family && { ip_family }),
        ...(fip && { floating_ip: fip }),
        ...(interface_name && { interface_name }),
      };
    }
    case 'reserved_fixed_ip': {
      const fip = floatingIp(form);
      return { type: 'reserved_fixed_ip', port_id: form.portId.trim(), ...(fip && { floating_ip: fip }), ...(interface_name && { interface_name }) };
    }
  }
}

/** `image_id` only with source image, `snapshot_id` only with source snapshot; size as a whole number. */
export function volumeRequestOf(form: VolumeForm): VolumeRequest {
  const sizeText = form.size.trim();
  const size = sizeText === '' ? undefined : WHOLE.test(sizeText) ? Number(sizeText) : sizeText;
  const type_name = optionalText(form.typeName);
  const common = { ...(size !== undefined && { size }), ...(type_name && { type_name }) } as { size?: number; type_name?: string };
  if (form.source === 'image') return { source: 'image', image_id: form.imageId.trim(), ...common };
  if (form.source === 'snapshot') return { source: 'snapshot', snapshot_id: form.snapshotId.trim(), ...common };
  return { source: 'new-volume', ...common };
}

/** The request body for endpoint 4, as it would be sent (before the schema check). */
export function instanceRequestOf(form: InstanceForm): InstancePriceRequest {
  const list = listLines(form.nameMode === 'names' ? form.names : form.templates);
  return {
    flavor: form.flavor.trim(),
    ...(form.nameMode === 'names' ? { names: list } : { name_templates: list }),
    interfaces: form.interfaces.map(interfaceRequestOf),
    ...(form.volumes.length > 0 && { volumes: form.volumes.map(volumeRequestOf) }),
  };
}

export function checkInstanceForm(form: InstanceForm): Checked<InstancePriceRequest> {
  const nameField = form.nameMode === 'names' ? 'names' : 'templates';
  const own: FormIssue[] = [];
  if (listLines(form[nameField]).length === 0) {
    own.push(issue(nameField, nameField === 'names' ? 'give at least one instance name, one per line' : 'give at least one name template, one per line'));
  }
  form.volumes.forEach((v, i) => {
    const size = v.size.trim();
    if (size !== '' && !WHOLE.test(size)) own.push(issue(`volumes.${i}.size`, 'must be a whole number of GiB'));
    else if (size !== '' && !Number.isSafeInteger(Number(size))) own.push(issue(`volumes.${i}.size`, TOO_LARGE));
    if (size === '' && v.source === 'new-volume') own.push(issue(`volumes.${i}.size`, 'is required for a new volume'));
  });
  const body = instanceRequestOf(form);
  const issues = [...own, ...schemaIssues(instancePriceRequest.safeParse(body), nameField, own)];
  return issues.length ? { ok: false, issues } : { ok: true, value: body, issues: [] };
}

/**
 * The request body for endpoint 5. The form makes network and port exclusive by a choice of
 * where the VIP lives; the subnet goes only with a network.
 */
export function loadBalancerRequestOf(form: LoadBalancerForm): LoadBalancerPriceRequest {
  const fip = floatingIp(form);
  return {
    flavor: form.flavor.trim(),
    ...(fip && { floating_ip: fip }),
    ...(form.vipIpFamily && { vip_ip_family: form.vipIpFamily }),
    ...(form.vipTarget === 'network' && { vip_network_id: form.vipNetworkId.trim() }),
    ...(form.vipTarget === 'network' && optionalText(form.vipSubnetId) && { vip_subnet_id: form.vipSubnetId.trim() }),
    ...(form.vipTarget === 'port' && { vip_port_id: form.vipPortId.trim() }),
  };
}

export function checkLoadBalancerForm(form: LoadBalancerForm): Checked<LoadBalancerPriceRequest> {
  const own: FormIssue[] = [];
  if (form.vipTarget === 'network' && !form.vipNetworkId.trim()) own.push(issue('vipNetworkId', 'is required when the VIP is on a network of yours'));
  if (form.vipTarget === 'port' && !form.vipPortId.trim()) own.push(issue('vipPortId', 'is required when the VIP is a reserved fixed IP port'));
  const body = loadBalancerRequestOf(form);
  const issues = [...own, ...schemaIssues(loadBalancerPriceRequest.safeParse(body), 'names', own)];
  return issues.length ? { ok: false, issues } : { ok: true, value: body, issues: [] };
}

export function checkLocation(form: LocationForm): Checked<{ project_id: number; region_id: number }> {
  const own: FormIssue[] = [];
  const number = (field: 'projectId' | 'regionId'): number | string => {
    const text = form[field].trim();
    if (text === '') {
      own.push(issue(field, 'is required'));
      return text;
    }
    if (!WHOLE.test(text)) {
      own.push(issue(field, 'must be a positive whole number'));
      return text;
    }
    if (!Number.isSafeInteger(Number(text))) {
      own.push(issue(field, TOO_LARGE));
      return text;
    }
    return Number(text);
  };
  const params = { project_id: number('projectId'), region_id: number('regionId') };
  const issues = [...own, ...schemaIssues(projectRegionParams.safeParse(params), 'names', own)];
  return issues.length ? { ok: false, issues } : { ok: true, value: params as { project_id: number; region_id: number }, issues: [] };
}

/** "g1-standard-2-4 × 2 · 1 interface · 1 volume" */
export function instanceSummary(form: InstanceForm): string {
  const count = listLines(form.nameMode === 'names' ? form.names : form.templates).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${form.flavor.trim() || '(no flavor)'} × ${count} · ${plural(form.interfaces.length, 'interface')} · ${plural(form.volumes.length, 'volume')}`;
}

/** "lb1-1-2 · new floating IP · VIP on network net-1" */
export function loadBalancerSummary(form: LoadBalancerForm): string {
  const fip = form.floatingIp === 'new' ? 'new floating IP' : form.floatingIp === 'existing' ? 'existing floating IP' : 'no floating IP';
  const vip =
    form.vipTarget === 'network'
      ? `VIP on network ${form.vipNetworkId.trim()}`
      : form.vipTarget === 'port'
        ? `VIP on port ${form.vipPortId.trim()}`
        : 'VIP on the external network';
  return `${form.flavor.trim() || '(no flavor)'} · ${fip} · ${vip}`;
}
