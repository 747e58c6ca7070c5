// Create Protection Profile's state and what it sends: the name, the template, and each field's
// value typed as text, turned into the value its validation_schema asks for (a number, a list…).
// A field left empty is not sent (only an optional one may be). Pure: the flow and tests share it.
import type { CreateProfileRequest, ProtectionTemplate, TemplateField } from '../../../schema/profileTemplates';
import { fieldRule, parseTyped, typedText } from '../../../schema/templateFieldRules';
import { fieldName } from './templateText';

/** The operation's inputs by their names in the request (filled by its steps), the template read and the text typed per field. */
export interface CreateProfileState {
  name?: string;
  /** The template picked or typed (the operation's `template_id`). */
  template_id?: number;
  /** That template, read with its fields (GET …/templates/{id}). */
  template?: ProtectionTemplate;
  /** What was typed per template field id (replaced, never mutated: Back restores the previous object). */
  values?: Readonly<Record<number, string>>;
}

/** The fields a profile of the template sets, in the template's order (those with an id). */
export function templateFields(t: ProtectionTemplate | undefined): TemplateField[] {
  return (t?.fields ?? []).filter((f) => Number.isSafeInteger(f.id));
}

/** The text a field's box opens with: what was typed before, else its default. */
export function initialText(state: CreateProfileState, field: TemplateField): string {
  const typed = state.values?.[field.id];
  return typed ?? typedText(fieldRule(field.validation_schema).default);
}

/** "Rate limit: must be at least 1", or undefined when the text is a valid value. */
export function typedFieldProblem(field: TemplateField, text: string): string | undefined {
  const parsed = parseTyped(fieldRule(field.validation_schema), text);
  return 'problem' in parsed ? `${fieldName(field)}: ${parsed.problem}` : undefined;
}

/** The POST body: each field set, as the typed value its rule gives. */
export function createBody(state: CreateProfileState): CreateProfileRequest {
  const fields: NonNullable<CreateProfileRequest['fields']> = [];
  for (const field of templateFields(state.template)) {
    const parsed = parseTyped(fieldRule(field.validation_schema), state.values?.[field.id] ?? '');
    if ('value' in parsed && parsed.value !== undefined) fields.push({ template_field_id: field.id, value: parsed.value as never });
  }
  return { name: state.name!.trim(), template_id: state.template!.id, fields };
}
