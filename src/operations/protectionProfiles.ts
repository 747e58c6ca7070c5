// A DDoS protection profile created from a template, changed, or deleted (its name typed in the
// command), described once. Create reads its template first, so every face names each field with
// the value given; change and delete read the profile first (a failed read asks nothing). A change
// that moves the profile to another template, or whose field list drops or replaces a value, is
// destructive (T4 1's rule): the platform keeps no old value.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import { isListMissing } from '../platform/platformLists';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import type { ProtectionTemplate } from '../schema/profileTemplates';
import { profileFieldRequest, type ProtectionProfile } from '../schema/security';
import { positiveId, typeError } from '../schema/schemaKit';
import { typedText } from '../schema/templateFieldRules';
import { throwValidation } from '../schema/validate';
import { profileTemplateLoss } from '../ui/text/destructiveChanges';
import { NOT_STATED, checkedRequest, defineOperation, idOf } from './operation';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
/** The profile's name as the view shows it: "Profile 12" when it has none. */
export const profileName = (p: Pick<ProtectionProfile, 'id' | 'name'>) => p.name?.trim() || `Profile ${p.id}`;
const templateText = (t: { id?: number | null; name?: string | null } | null | undefined) =>
  t ? `${t.name?.trim() || 'no name'} (ID ${t.id ?? '?'})` : NOT_STATED;

/** The profile by the platform's own GET; a server without it (the spec's) is searched in its list. A notFound when it is not there. */
export async function readProfile(api: PlatformApi, id: number, signal?: AbortSignal): Promise<ProtectionProfile> {
  try {
    return await api.security.getProtectionProfile({ params: { protection_profile_id: id } }, opts(signal));
  } catch (error) {
    if (!isListMissing(error, 'getProtectionProfile')) throw error;
  }
  const found = (await api.security.listProtectionProfiles({ params: {}, query: {} }, opts(signal))).find((p) => p.id === id);
  if (found) return found;
  const path = fillPath(pathIn(endpoints.getProtectionProfile, api.http.dialect), { protection_profile_id: id });
  throw new PlatformError({ kind: 'notFound', message: `No protection profile ${id} (deleted meanwhile?).`, method: 'GET', path });
}

// ---------- create ----------

const create = () => endpoints.createProtectionProfile;
const scalar = () => z.union([z.string(), z.number(), z.boolean()]);
type TemplateField = NonNullable<ProtectionTemplate['fields']>[number];
const fieldName = (f: TemplateField) => f.name?.trim() || f.name_in_config?.trim() || `Field ${f.id}`;

export const createProtectionProfile = defineOperation({
  name: 'createProtectionProfile',
  title: 'Create Protection Profile',
  noun: 'The new protection profile',
  kind: 'write',
  button: 'Create',
  done: (_input, _t: ProtectionTemplate | undefined, made) => `Created protection profile ${idOf(made)}`,
  fields: () =>
    z.strictObject({
      name: create().body.shape.name.describe("The new profile's name").meta({ title: 'Name' }),
      // The spec says only "integer"; the platform's ids are positive, so 0 is refused before anything is read (our rule).
      template_id: positiveId().describe('The template to create it from').meta({ title: 'Template ID' }),
      // A value is text, a number, true/false or a list of those (a recursive JSON schema trips some models' tool parsers).
      fields: z
        .array(
          z.strictObject({
            template_field_id: positiveId().meta({ title: 'Template field ID' }),
            value: z.union([scalar(), z.array(scalar())]).meta({ title: 'Value' }),
          }),
        )
        .optional()
        .describe('Field values: [{template_field_id, value}]')
        .meta({ title: 'Field values' }),
    }),
  request: ({ name, template_id, fields }) => checkedRequest(create(), { params: {}, query: {}, body: { name, template_id, ...(fields ? { fields } : {}) } }),
  action: ({ name, template_id }, t?: ProtectionTemplate) =>
    `Create protection profile ${JSON.stringify(name)} from template ${t ? templateText(t) : template_id}`,
  read: (api, { template_id }, signal) => api.security.getProfileTemplate({ params: { protection_template_id: template_id } }, opts(signal)),
  // Every value sent: each template field with its value ("not set" where left out), then any field the template lacks.
  target: ({ name, template_id, fields }, t) => {
    const sent = new Map((fields ?? []).map((f) => [f.template_field_id, f.value]));
    const known = (t?.fields ?? []).filter((f): f is TemplateField & { id: number } => typeof f.id === 'number');
    const ids = new Set(known.map((f) => f.id));
    return {
      facts: [
        ['Name', name],
        ['Template', t ? templateText(t) : `ID ${template_id}`],
        // Labels are ours; the platform's field names are values (shown as code in the chat).
        ...known.map((f): [string, string] => [`Field ${f.id}`, `${fieldName(f)} = ${sent.has(f.id) ? typedText(sent.get(f.id)) : 'not set'}`]),
        ...[...sent].filter(([id]) => !ids.has(id)).map(([id, v]): [string, string] => [`Field ${id}`, `not in the template = ${typedText(v)}`]),
      ],
    };
  },
});

// ---------- delete ----------

const remove = () => endpoints.deleteProtectionProfile;
export const deleteProtectionProfile = defineOperation({
  name: 'deleteProtectionProfile',
  title: 'Delete Protection Profile',
  noun: 'The protection profile',
  kind: 'destructive',
  button: 'Delete',
  done: ({ protection_profile_id }) => `Deleted protection profile ${protection_profile_id}`,
  fields: () =>
    z.strictObject({
      protection_profile_id: remove().params.shape.protection_profile_id.describe('The profile to delete').meta({ title: 'Protection profile ID' }),
    }),
  request: ({ protection_profile_id }) => checkedRequest(remove(), { params: { protection_profile_id } }),
  action: ({ protection_profile_id }, p?: ProtectionProfile) => `Delete protection profile ${p ? profileName(p) : protection_profile_id}`,
  read: (api, { protection_profile_id }, signal) => readProfile(api, protection_profile_id, signal),
  target: ({ protection_profile_id }, p) => {
    const networks = p?.networks ?? [];
    return {
      facts: [
        ['Profile', `${p ? profileName(p) : NOT_STATED} (ID ${protection_profile_id})`],
        ['Template', templateText(p?.template)],
        ['Networks', p ? networks.join(', ') || 'none' : NOT_STATED],
      ],
      consequence: networks.length
        ? `It still protects ${networks.length === 1 ? '1 network' : `${networks.length} networks`}: the platform refuses to delete a profile while it protects networks (409).`
        : 'It protects no network; it is deleted for good.',
    };
  },
  // The command asks for the name typed (the chat tool and MCP cannot ask for it yet: #54).
  typedName: ({ protection_profile_id }, p) => (p ? p.name?.trim() || String(protection_profile_id) : undefined),
});

// ---------- update (rename, change template, edit fields: one PATCH) ----------

const patch = () => endpoints.updateProtectionProfile;
const fieldSent = () => profileFieldRequest.shape;
type FieldSent = NonNullable<NonNullable<z.output<ReturnType<typeof patch>['body']>['fields']>>[number];
type ProfileField = NonNullable<ProtectionProfile['fields']>[number];

/** The profile as read, and the template it moves to when the change names another (undefined: not read). */
export interface ProfileChangeThing {
  readonly profile: ProtectionProfile;
  readonly template?: ProtectionTemplate;
}

const valueText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));

/** The field list sent replaces the profile's: each value it keeps, adds, changes or drops, and how many are lost. */
export function fieldFacts(now: readonly ProfileField[], sent: readonly FieldSent[]): { facts: [string, string][]; dropped: number; replaced: number } {
  const before = new Map(now.filter((f) => typeof f.template_field_id === 'number').map((f) => [f.template_field_id!, f]));
  const after = new Map(sent.map((f) => [f.template_field_id, f]));
  // Labels are ours; the field's name (the platform's or the one sent) is part of the value.
  const fact = (id: number, change: string): [string, string] => {
    const name = after.get(id)?.name ?? before.get(id)?.name;
    return [`Field ${id}`, name ? `${name} = ${change}` : change];
  };
  const facts: [string, string][] = [];
  let dropped = 0;
  let replaced = 0;
  for (const [id, f] of after) {
    const was = before.get(id);
    if (!was) facts.push(fact(id, `not set -> ${valueText(f.value)}`));
    else if (valueText(was.value) === valueText(f.value)) facts.push(fact(id, `${valueText(f.value)} (unchanged)`));
    else {
      replaced++;
      facts.push(fact(id, `${valueText(was.value)} -> ${valueText(f.value)}`));
    }
  }
  for (const [id, f] of before) {
    if (after.has(id)) continue;
    dropped++;
    facts.push(fact(id, `${valueText(f.value)} -> dropped`));
  }
  return { facts, dropped, replaced };
}

/** What a person chose to do, named by what the change sends. */
function changeVerb({ name, template_id, fields }: { name?: unknown; template_id?: unknown; fields?: unknown }): string {
  const given = [name, template_id, fields].filter((v) => v !== undefined && v !== null).length;
  if (given > 1) return 'Update protection profile';
  if (name !== undefined && name !== null) return 'Rename protection profile';
  if (template_id !== undefined && template_id !== null) return 'Change the template of protection profile';
  return 'Edit the fields of protection profile';
}

export const updateProtectionProfile = defineOperation({
  name: 'updateProtectionProfile',
  title: 'Update Protection Profile',
  noun: 'The protection profile',
  kind: 'write',
  destructiveWhen: "it changes the template (the old template's field values are dropped), or its field list drops or replaces a value the profile has",
  button: 'Save',
  done: ({ protection_profile_id }) => `Updated protection profile ${protection_profile_id}`,
  fields: () =>
    z.strictObject({
      protection_profile_id: patch().params.shape.protection_profile_id.describe('The profile to change').meta({ title: 'Protection profile ID' }),
      name: patch().body.shape.name.describe('A new name').meta({ title: 'Name' }),
      // Ids the platform hands out are positive: 0 is refused before anything is read (our rule; the spec says "integer").
      template_id: positiveId().nullish().describe('Another template id').meta({ title: 'Template ID' }),
      fields: z
        .array(
          z.strictObject({
            template_field_id: positiveId().meta({ title: 'Template field ID' }),
            value: fieldSent().value.meta({ title: 'Value' }),
            name: fieldSent().name.meta({ title: 'Field name' }),
          }),
          typeError('must be a list of fields'),
        )
        .nullish()
        .describe('Field values to set: [{template_field_id, value}]')
        .meta({ title: 'Field values' }),
    }),
  request: ({ protection_profile_id, name, template_id, fields }) => {
    const body = Object.fromEntries(Object.entries({ name, template_id, fields }).filter(([, v]) => v !== undefined));
    if (Object.keys(body).length === 0) throwValidation([{ path: 'name', message: 'nothing to change: give name, template_id or fields' }]);
    return checkedRequest(patch(), { params: { protection_profile_id }, body });
  },
  action: (input, thing?: ProfileChangeThing) => `${changeVerb(input)} ${thing ? profileName(thing.profile) : input.protection_profile_id}`,
  // The template it moves to is read too, to name it; that read failing only leaves it named by id.
  read: async (api, { protection_profile_id, template_id }, signal): Promise<ProfileChangeThing> => {
    const profile = await readProfile(api, protection_profile_id, signal);
    if (template_id === undefined || template_id === null || template_id === profile.template?.id) return { profile };
    const template = await api.security.getProfileTemplate({ params: { protection_template_id: template_id } }, opts(signal)).catch(() => undefined);
    return template ? { profile, template } : { profile };
  },
  target: ({ protection_profile_id, name, template_id, fields }, thing) => {
    const p = thing?.profile;
    const moves = template_id !== undefined && template_id !== null && template_id !== p?.template?.id;
    const changed = fields && p ? fieldFacts(p.fields ?? [], fields) : undefined;
    const fieldLoss =
      changed && (changed.dropped || changed.replaced)
        ? `the field list it sends replaces the profile's: it ${[changed.dropped && `drops ${changed.dropped}`, changed.replaced && `replaces ${changed.replaced}`].filter(Boolean).join(' and ')} of its field values (named in the facts), which the platform does not keep`
        : undefined;
    const lost = [profileTemplateLoss(p?.template?.id, template_id), fieldLoss].filter(Boolean);
    return {
      facts: [
        ['Profile', `${p ? profileName(p) : NOT_STATED} (ID ${protection_profile_id})`],
        ['Template', moves ? `${templateText(p?.template)} -> ${templateText(thing?.template ?? { id: template_id })}` : templateText(p?.template)],
        ['Field values set', p ? String(p.fields?.length ?? 0) : NOT_STATED],
        ...(name !== undefined && name !== null ? [['Name', `${p?.name ?? NOT_STATED} -> ${name}`] as [string, string]] : []),
        ...(changed?.facts ?? (fields ? fields.map((f): [string, string] => [`Field ${f.template_field_id}`, valueText(f.value)]) : [])),
      ],
      ...(lost.length ? { destructive: lost.join('; ') } : {}),
    };
  },
});
