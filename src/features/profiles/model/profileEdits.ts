// The bodies of the profile edits (endpoint 3). Rename and template changes send only their key.
// The spec does not say whether `fields` replaces the profile's whole set or merges into it, so
// a field edit sends the complete list: every current field with its value, the edited one changed
// (or added at the end). Either reading of the spec then gives the same result.
import { TOO_LARGE } from '../../../schema/schemaKit';
import { PROFILE_NAME_MAX, profilePatchRequest, type ProfilePatchRequest, type ProtectionProfile } from '../../../schema/security';
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

/** "Name: must be at most 100 characters" (the client's rule, on the trimmed text). */
export function profileNameProblem(text: string): string | undefined {
  const result = profilePatchRequest.shape.name.safeParse(text.trim());
  if (result.success) return undefined;
  return `Name: ${result.error.issues[0]?.message ?? `must be 1 to ${PROFILE_NAME_MAX} characters`}`;
}

/**
 * A positive whole number typed in a box (template ids, template field ids). The spec only says
 * "integer"; the platform's ids are positive, so 0 and negatives are refused before sending.
 */
export function positiveIdProblem(text: string, label: string): string | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `${label}: must be a whole number of 1 or more`;
  if (!Number.isSafeInteger(Number(trimmed))) return `${label}: ${TOO_LARGE}`;
  if (Number(trimmed) < 1) return `${label}: must be at least 1`;
  return undefined;
}

/** A template field id for a new field: a positive id that the profile does not have yet. */
export function newFieldIdProblem(text: string, current: readonly ProfileField[] | undefined): string | undefined {
  const problem = positiveIdProblem(text, 'Template field ID');
  if (problem) return problem;
  const id = Number(text.trim());
  return (current ?? []).some((f) => f.template_field_id === id)
    ? `Template field ID: ${id} is already set on this profile; pick it in the list to change its value`
    : undefined;
}
