// The bodies of the profile edits (endpoint 3). Rename and template changes send only their key.
// The spec does not say whether `fields` replaces the profile's whole set or merges into it, so
// a field edit sends the complete list: every current field with its value, the edited one changed
// (or added at the end). Either reading of the spec then gives the same result.
import type { ProfilePatchRequest, ProtectionProfile } from '../../../schema/security';
import { valueText } from '../../../schema/valueText';

export type ProfileField = NonNullable<ProtectionProfile['fields']>[number];
export type FieldRequest = NonNullable<ProfilePatchRequest['fields']>[number];

export interface FieldEdit {
  templateFieldId: number;
  value: string;
  /** Sent as the item's `name` (the request shape has one; responses do not echo it). */
  name?: string;
}

/** A field value as text: the platform's examples send text, but the response shape allows any value. */
export function fieldValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return valueText(value);
}

/**
 * The complete `fields` list for a PATCH: the current fields in their order (values as text; items
 * without a whole-number `template_field_id` cannot be addressed and are left out), the edited
 * one replaced in place, or appended when it is new.
 */
export function fieldsWithEdit(current: readonly ProfileField[] | undefined, edit: FieldEdit): FieldRequest[] {
  const list: FieldRequest[] = [];
  let replaced = false;
  for (const field of current ?? []) {
    const id = field.template_field_id;
    if (typeof id !== 'number') continue;
    if (id === edit.templateFieldId) {
      if (replaced) continue; // a duplicate id: the edit stands once
      replaced = true;
      list.push(withName({ template_field_id: edit.templateFieldId, value: edit.value }, edit.name ?? field.name));
    } else {
      list.push(withName({ template_field_id: id, value: fieldValueText(field.value) }, field.name));
    }
  }
  if (!replaced) list.push(withName({ template_field_id: edit.templateFieldId, value: edit.value }, edit.name));
  return list;
}

function withName(item: FieldRequest, name: string | null | undefined): FieldRequest {
  return name ? { ...item, name } : item;
}

/** How many current fields fieldsWithEdit would leave out (no usable id). */
export function unaddressableFields(current: readonly ProfileField[] | undefined): number {
  return (current ?? []).filter((f) => typeof f.template_field_id !== 'number').length;
}

export function renameBody(name: string): ProfilePatchRequest {
  return { name };
}

export function templateBody(templateId: number): ProfilePatchRequest {
  return { template_id: templateId };
}

export function fieldsBody(current: readonly ProfileField[] | undefined, edit: FieldEdit): ProfilePatchRequest {
  return { fields: fieldsWithEdit(current, edit) };
}

// ---------- what a person types ----------

/** A new field's id that the profile already has (our rule; the id's own is the operation's): it is changed by picking it. */
export function fieldAlreadySetProblem(id: number, current: readonly ProfileField[] | undefined, label: string): string | undefined {
  return (current ?? []).some((f) => f.template_field_id === id)
    ? `${label}: ${id} is already set on this profile; pick it in the list to change its value`
    : undefined;
}
