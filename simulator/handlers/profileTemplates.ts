// Protection templates as the platform sends them (fields with their validation schemas), one
// template, its policies; and a created profile's fields checked against its template.
import type { endpoints } from '../../src/schema/endpoints';
import { fieldRule, valueProblem } from '../../src/schema/templateFieldRules';
import { SimError, type LocatedIssue } from '../errors';
import type { SimState } from '../state/seed';
import { TEMPLATE_FIELD_DEFINITIONS } from '../state/seedProfiles';
import { FIELD_RULES, TEMPLATE_DESCRIPTIONS, TEMPLATE_POLICIES } from '../state/seedTemplates';
import type { ProfileField, ProfileTemplate } from '../state/types';
import type { Handler } from './types';

function fieldWire(id: number) {
  const names = TEMPLATE_FIELD_DEFINITIONS[id] ?? { name: `Field ${id}`, name_in_config: `field_${id}` };
  const rules = FIELD_RULES[id] ?? { field_type: 'RULES', description: '', validation_schema: {} };
  return { id, ...names, field_type: rules.field_type, description: rules.description, validation_schema: structuredClone(rules.validation_schema) };
}

/** The spec's ProtectionTemplateResponse. */
export function templateWire(t: ProfileTemplate) {
  return {
    id: t.id,
    name: t.name,
    description: TEMPLATE_DESCRIPTIONS[t.id] ?? `${t.name}: ${t.fieldIds.length} fields`,
    client_id: null,
    allow_merge: false,
    template: {},
    fields: t.fieldIds.map(fieldWire),
  };
}

function templateOr404(state: SimState, id: number): ProfileTemplate {
  const template = state.profileTemplates.get(id);
  if (!template) throw new SimError({ kind: 'notFound', message: 'Protection template not found' });
  return template;
}

export const getProfileTemplate: Handler<typeof endpoints.getProfileTemplate> = ({ params }, { state }) =>
  templateWire(templateOr404(state, params.protection_template_id));

export const listProfileTemplatePolicies: Handler<typeof endpoints.listProfileTemplatePolicies> = ({ params }, { state }) =>
  structuredClone([...(TEMPLATE_POLICIES[templateOr404(state, params.protection_template_id).id] ?? [])]);

interface FieldIn {
  template_field_id?: number | null;
  value: unknown;
  name?: string | null;
}

/**
 * A create's fields against its template: each names a field of the template (by id, else by
 * name), once, with a value its schema accepts; a required field left out takes its default or is
 * refused. Answers the fields to store, in the template's order.
 */
export function checkedFields(template: ProfileTemplate, fields: readonly FieldIn[]): ProfileField[] {
  const issues: LocatedIssue[] = [];
  const given = new Map<number, unknown>();
  fields.forEach((field, i) => {
    const id =
      field.template_field_id ??
      template.fieldIds.find(
        (f) => field.name != null && [TEMPLATE_FIELD_DEFINITIONS[f]?.name, TEMPLATE_FIELD_DEFINITIONS[f]?.name_in_config].includes(field.name),
      );
    if (id === undefined || !template.fieldIds.includes(id)) {
      const what = field.template_field_id ?? field.name ?? '(no id)';
      issues.push({
        location: 'body',
        path: `fields[${i}].template_field_id`,
        message: `field ${what} does not belong to template ${template.id} (allowed: ${template.fieldIds.join(', ')})`,
      });
      return;
    }
    if (given.has(id)) {
      issues.push({ location: 'body', path: `fields[${i}].template_field_id`, message: `field ${id} is given twice` });
      return;
    }
    const problem = valueProblem(fieldRule(FIELD_RULES[id]?.validation_schema), field.value);
    if (problem)
      issues.push({ location: 'body', path: `fields[${i}].value`, message: `field ${id} (${TEMPLATE_FIELD_DEFINITIONS[id]?.name ?? id}) ${problem}` });
    given.set(id, field.value);
  });
  const stored: ProfileField[] = [];
  for (const id of template.fieldIds) {
    const rule = fieldRule(FIELD_RULES[id]?.validation_schema);
    const value = given.get(id) ?? rule.default;
    if (value !== undefined && value !== null) stored.push({ template_field_id: id, value: structuredClone(value) });
    else if (rule.required && !issues.some((i) => i.path.startsWith('fields['))) {
      issues.push({
        location: 'body',
        path: 'fields',
        message: `field ${id} (${TEMPLATE_FIELD_DEFINITIONS[id]?.name ?? id}) is required by template ${template.id}`,
      });
    }
  }
  if (issues.length > 0) throw new SimError({ kind: 'validation', issues });
  return stored;
}
