// Protection profiles: list with filters and order (endpoint 14), partial update (endpoint 3),
// create from a template (its fields checked against the template) and delete.
import type { endpoints } from '../../src/schema/endpoints';
import { SimError, refused, type LocatedIssue } from '../errors';
import type { SimState } from '../state/seed';
import type { ProtectionProfile } from '../state/types';
import { isoSeconds } from '../timeFormat';
import { checkedFields } from './profileTemplates';
import type { Handler } from './types';

const ORDER_FIELDS = ['id', 'name', 'client_id', 'created_at', 'modified_at'] as const;
type OrderField = (typeof ORDER_FIELDS)[number];

interface SortKey {
  field: OrderField;
  descending: boolean;
}

/** `created_at,-name` -> keys; an unknown field is refused naming order_by. */
function parseOrderBy(orderBy: string | null | undefined): SortKey[] {
  if (!orderBy || !orderBy.trim()) return [{ field: 'created_at', descending: true }];
  return orderBy.split(',').map((part) => {
    const token = part.trim();
    const descending = token.startsWith('-');
    const field = descending ? token.slice(1) : token;
    if (!(ORDER_FIELDS as readonly string[]).includes(field)) {
      throw refused('query', 'order_by', `unknown field "${field}"; allowed: ${ORDER_FIELDS.join(', ')} (prefix "-" for descending)`);
    }
    return { field: field as OrderField, descending };
  });
}

/** Nulls sort last going up and first going down, as in PostgreSQL. */
function compare(a: ProtectionProfile, b: ProtectionProfile, keys: readonly SortKey[]): number {
  for (const { field, descending } of keys) {
    const x = a[field];
    const y = b[field];
    if (x === y) continue;
    let result: number;
    if (x === null) result = 1;
    else if (y === null) result = -1;
    else result = x < y ? -1 : 1;
    return descending ? -result : result;
  }
  return a.id - b.id;
}

/** The profiles a list query asks for, in its order (the whole list and the paged one alike). */
export function filterAndSortProfiles(
  state: SimState,
  query: { name?: string | null; client_id?: number | null; order_by?: string | null } | undefined,
): ProtectionProfile[] {
  const keys = parseOrderBy(query?.order_by);
  const name = query?.name?.toLowerCase();
  const clientId = query?.client_id;
  const matches = [...state.profiles.values()].filter(
    (p) => (!name || p.name.toLowerCase().includes(name)) && (clientId === undefined || clientId === null || p.client_id === clientId),
  );
  return matches.sort((a, b) => compare(a, b, keys));
}

export const listProtectionProfiles: Handler<typeof endpoints.listProtectionProfiles> = ({ query }, { state }) =>
  filterAndSortProfiles(state, query).map((p) => structuredClone(p));

export const getProtectionProfile: Handler<typeof endpoints.getProtectionProfile> = ({ params }, { state }) => {
  const profile = state.profiles.get(params.protection_profile_id);
  if (!profile) throw new SimError({ kind: 'notFound', message: 'Protection profile not found' });
  return structuredClone(profile);
};

export const updateProtectionProfile: Handler<typeof endpoints.updateProtectionProfile> = ({ params, body }, { state, nowMs }) => {
  const profile = state.profiles.get(params.protection_profile_id);
  if (!profile) throw new SimError({ kind: 'notFound', message: 'Protection profile not found' });
  if (profile.client_id === null) throw new SimError({ kind: 'forbidden', message: 'Cannot update common protection profile' });

  const templateId = body.template_id ?? profile.template.id;
  const template = state.profileTemplates.get(templateId);
  if (!template) throw refused('body', 'template_id', `template ${templateId} does not exist`);
  const issues: LocatedIssue[] = [];
  (body.fields ?? []).forEach((field, i) => {
    if (!template.fieldIds.includes(field.template_field_id)) {
      issues.push({
        location: 'body',
        path: `fields[${i}].template_field_id`,
        message: `field ${field.template_field_id} does not belong to template ${template.id} (allowed: ${template.fieldIds.join(', ')})`,
      });
    }
  });
  if (issues.length > 0) throw new SimError({ kind: 'validation', issues });

  if (body.name !== undefined && body.name !== null) profile.name = body.name;
  if (template.id !== profile.template.id) {
    profile.template = { id: template.id, name: template.name };
    // Values of the old template mean nothing to the new one.
    if (!body.fields) profile.fields = [];
  }
  if (body.fields) profile.fields = body.fields.map((f) => ({ template_field_id: f.template_field_id, value: f.value }));
  profile.modified_at = isoSeconds(nowMs);
  return structuredClone(profile);
};

export const createProtectionProfile: Handler<typeof endpoints.createProtectionProfile> = ({ query, body }, { state, nowMs }) => {
  const template = state.profileTemplates.get(body.template_id);
  if (!template) throw refused('body', 'template_id', `template ${body.template_id} does not exist`);
  const fields = checkedFields(template, body.fields ?? []);
  const id = Math.max(0, ...state.profiles.keys()) + 1;
  const profile: ProtectionProfile = {
    id,
    client_id: query?.client_id ?? state.account.clientId,
    name: body.name,
    template: { id: template.id, name: template.name },
    fields,
    created_at: isoSeconds(nowMs),
    modified_at: null,
    networks: [],
  };
  state.profiles.set(id, profile);
  return structuredClone(profile);
};

export const deleteProtectionProfile: Handler<typeof endpoints.deleteProtectionProfile> = ({ params }, { state }) => {
  const profile = state.profiles.get(params.protection_profile_id);
  if (!profile) throw new SimError({ kind: 'notFound', message: 'Protection profile not found' });
  if (profile.client_id === null) throw new SimError({ kind: 'forbidden', message: 'Cannot delete common protection profile' });
  if (profile.networks.length > 0) throw new SimError({ kind: 'status', status: 409, message: 'Cannot delete profile with existing protected networks' });
  state.profiles.delete(profile.id);
  return undefined;
};
