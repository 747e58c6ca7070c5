// Agent tools for protection templates and for creating and deleting protection profiles. The
// templates tool answers each template's fields (type, required, default, from validation_schema)
// and its policies; the create is a confirmed write; the delete is destructive (read first, so the
// person sees the profile's name and networks).
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { fieldRule, ruleText, typedText } from '../../../schema/templateFieldRules';
import { validateCall } from '../../../schema/validate';
import { connectionField, defineTool, type AgentBinding, type WriteTarget } from './toolKit';
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
  input: () => z.strictObject({
    ...connectionField,
    template_id: endpoints.getProfileTemplate.params.shape.protection_template_id.optional().describe('Only this template'),
  }),
  run: async (b, { template_id }) => {
    const templates: Template[] =
      template_id === undefined
        ? (await b.api.security.listProfileTemplates({ params: {}, query: { limit: 1000 } }, opts(b))).map((t) => ({ ...t, fields: (t.fields ?? []).filter((f): f is NonNullable<Template['fields']>[number] => typeof f.id === 'number') }))
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

const create = endpoints.createProtectionProfile;
const scalar = () => z.union([z.string(), z.number(), z.boolean()]);
export const createProtectionProfile = defineTool({
  name: 'create_protection_profile',
  referenceName: 'platformCreateProfile',
  displayName: 'Create Protection Profile',
  userDescription: 'Create a protection profile from a template',
  modelDescription:
    'Creates a DDoS protection profile from a template: name (1..100 characters), template_id, and field values (fields: [{template_field_id, value}], each value of the type its field takes: a number, true/false, a list…). Required fields without a default must be given. Read the template first with list_protection_templates. The person confirms the exact request first. Returns the new profile.',
  kind: 'write',
  input: () => z.strictObject({
    ...connectionField,
    name: create.body.shape.name.describe('The new profile\'s name'),
    template_id: create.body.shape.template_id.describe('The template to create it from'),
    // A value is text, a number, true/false or a list of those (a recursive JSON schema trips some models' tool parsers).
    fields: z
      .array(z.strictObject({ template_field_id: z.int().min(1), value: z.union([scalar(), z.array(scalar())]) }))
      .optional()
      .describe('Field values: [{template_field_id, value}]'),
  }),
  prepare: ({ name, template_id, fields }) => {
    const body = { name, template_id, ...(fields ? { fields } : {}) };
    const checked = validateCall(create, { params: {}, query: {}, body });
    return { endpoint: create, call: { params: checked.params, query: checked.query, body: checked.body }, operation: `Create protection profile ${JSON.stringify(name)} from template ${template_id}`, shownBody: checked.body };
  },
  answer: (sent, b) => {
    const made = sent as z.output<typeof create.response>;
    return objectAnswer(`Created protection profile ${made.id} on ${nameOf(b.connectionName)}. As saved:`, 'create_protection_profile', made);
  },
});

async function readProfile(b: AgentBinding, id: number): Promise<WriteTarget> {
  const p = await b.api.security.getProtectionProfile({ params: { protection_profile_id: id } }, opts(b));
  const networks = p.networks ?? [];
  return {
    noun: 'The protection profile',
    facts: [
      ['name', p.name ?? '(no name)'],
      ['template', p.template?.name ?? String(p.template?.id ?? '?')],
      ['networks', networks.length ? networks.join(', ') : 'none'],
    ],
    consequence: networks.length ? 'It still protects these networks: the platform refuses to delete it (409) until they are moved.' : 'It is deleted for good.',
  };
}

export const deleteProtectionProfile = defineTool({
  name: 'delete_protection_profile',
  referenceName: 'platformDeleteProfile',
  displayName: 'Delete Protection Profile',
  userDescription: 'Delete a protection profile (cannot be undone)',
  modelDescription:
    'Deletes a DDoS protection profile for good. It is read first so the person sees its name, template and networks, and confirms. The platform refuses a common profile (403) and one that still protects networks (409). Use only when the person asked to delete that profile; use list_protection_profiles to find the id.',
  kind: 'destructive',
  input: () => z.strictObject({ ...connectionField, protection_profile_id: endpoints.deleteProtectionProfile.params.shape.protection_profile_id.describe('The profile to delete') }),
  prepare: ({ protection_profile_id }) => {
    const checked = validateCall(endpoints.deleteProtectionProfile, { params: { protection_profile_id } });
    return { endpoint: endpoints.deleteProtectionProfile, call: { params: checked.params }, operation: `Delete protection profile ${protection_profile_id}` };
  },
  readTarget: (b, { protection_profile_id }) => readProfile(b, protection_profile_id),
  answer: (_sent, b, { protection_profile_id }) => `Deleted protection profile ${protection_profile_id} on ${nameOf(b.connectionName)}; it is gone from the account's profiles.`,
});
