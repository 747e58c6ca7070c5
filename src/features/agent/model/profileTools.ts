// Agent tools for protection templates and for creating and deleting protection profiles. The
// templates tool answers each template's fields (type, required, default, from validation_schema)
// and its policies; the create and the delete are faces of their catalog operations
// (src/operations/protectionProfiles.ts): their confirmation, class and request come from there.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { fieldRule, ruleText, typedText } from '../../../schema/templateFieldRules';
import { createProtectionProfile as createOp, deleteProtectionProfile as deleteOp } from '../../../operations/protectionProfiles';
import { toolFromOperation } from './operationTool';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { LIST_MAX, listAnswer, nameOf, objectAnswer } from './toolAnswers';
import { quoted as q } from './platformText';

const opts = (b: AgentBinding) => ({ signal: b.signal });
const text = (value: string | null | undefined) => (value ? q(value) : '(no name)');

type Template = z.output<typeof endpoints.getProfileTemplate.response>;
type Policy = z.output<typeof endpoints.listProfileTemplatePolicies.response>[number];

/** "id 23 "Request threshold": whole number 10 to 1000000, required, default 5000". */
function fieldLine(f: NonNullable<Template['fields']>[number]): string {
  const rule = fieldRule(f.validation_schema);
  return `field ${f.id} ${text(f.name)}: ${ruleText(rule)}, ${rule.required ? 'required' : 'optional'}${rule.default === undefined ? '' : `, default ${q(typedText(rule.default))}`}`;
}

function templateLine(t: Template, policies: readonly Policy[] | string): string {
  const fields = (t.fields ?? []).map(fieldLine).join('; ') || 'no fields';
  const policyText = typeof policies === 'string' ? policies : policies.map((p) => `${text(p.name)} (${p.id ?? '?'})`).join(', ') || 'none';
  return `template ${t.id} ${text(t.name)}${t.description ? ` — ${q(t.description)}` : ''} · fields: ${fields} · policies: ${policyText}`;
}

export const listProtectionTemplates = defineTool({
  name: 'list_protection_templates',
  referenceName: 'platformProtectionTemplates',
  displayName: 'List Protection Templates',
  userDescription: 'Protection templates with their fields and policies',
  modelDescription: `Lists the DDoS protection templates a profile can be created from: each template's id, name, description, its fields (field id, type and limits, required or optional, default, from the field's validation_schema) and its policies. Give "template_id" for one template. Use before create_protection_profile to know the field ids and the values they take. At most ${LIST_MAX} templates per answer.`,
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      template_id: endpoints.getProfileTemplate.params.shape.protection_template_id.optional().describe('Only this template'),
    }),
  run: async (b, { template_id }) => {
    const templates: Template[] =
      template_id === undefined
        ? (await b.api.security.listProfileTemplates({ params: {}, query: { limit: 1000 } }, opts(b))).map((t) => ({
            ...t,
            fields: (t.fields ?? []).filter((f): f is NonNullable<Template['fields']>[number] => typeof f.id === 'number'),
          }))
        : [await b.api.security.getProfileTemplate({ params: { protection_template_id: template_id } }, opts(b))];
    const shown = templates.slice(0, LIST_MAX);
    const policies = await Promise.all(
      shown.map((t) => b.api.security.listProfileTemplatePolicies({ params: { protection_template_id: t.id } }, opts(b)).catch(() => 'could not be read')),
    );
    return listAnswer({
      title: `Protection templates on ${nameOf(b.connectionName)}`,
      source: 'list_protection_templates',
      items: shown.map((t, i) => ({ t, p: policies[i]! })),
      total: templates.length,
      line: ({ t, p }) => templateLine(t, p),
      narrow: 'give "template_id" for one template.',
    });
  },
});

export const createProtectionProfile = toolFromOperation(createOp, {
  name: 'create_protection_profile',
  referenceName: 'platformCreateProfile',
  userDescription: 'Create a protection profile from a template',
  purpose:
    'Creates a DDoS protection profile from a template: name (1..100 characters), template_id, and field values (fields: [{template_field_id, value}], each value of the type its field takes: a number, true/false, a list…). Required fields without a default must be given. Its template is read first, so the person sees each field with the value given.',
  usage: 'Read the template first with list_protection_templates. Returns the new profile.',
  answer: (sent, _b, _input, done) =>
    objectAnswer(`${done}. As saved:`, 'create_protection_profile', sent as z.output<typeof endpoints.createProtectionProfile.response>),
});

export const deleteProtectionProfile = toolFromOperation(deleteOp, {
  name: 'delete_protection_profile',
  referenceName: 'platformDeleteProfile',
  userDescription: 'Delete a protection profile (cannot be undone)',
  purpose: 'Deletes a DDoS protection profile for good; the person sees its name, template and networks.',
  usage:
    'The platform refuses a common profile (403) and one that still protects networks (409). Use only when the person asked to delete that profile; use list_protection_profiles to find the id.',
  answer: (_sent, _b, _input, done) => `${done}; it is gone from the account's profiles.`,
});
