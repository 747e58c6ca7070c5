// The edit flows of a protection profile: Rename…, Change Template…, Edit Fields…. Each is a short
// wizard over the inputs of one operation (updateProtectionProfile): its steps are the operation's
// fields (their titles and rules), with the current value filled in; from the command palette it
// starts by picking the profile. The wizards only gather input: profileCommands.ts sends it.
import { readProfile, updateProtectionProfile as updateOp } from '../../operations/protectionProfiles';
import type { PlatformApi } from '../../platform/api';
import type { ProtectionProfile } from '../../schema/security';
import { fieldProblem, parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import { fieldPromptText, fieldStep, fieldTitle, operationItemField, type FieldList } from '../../ui/operationSteps';
import { checksQuietWhenEmpty } from '../../ui/promptChecks';
import type { WizardStep } from '../../ui/wizard';
import { fieldAlreadySetProblem, fieldValueText } from './model/profileEdits';
import { fieldLabel, profileDescription, profileLabel } from './model/profileText';

/** The operation's inputs by their names in the request (filled by its steps), and what the flows choose on the way. */
export interface ProfileEditState {
  profile?: ProtectionProfile;
  /** The profile edited: its row's, picked, or typed. */
  protection_profile_id?: number;
  /** Rename: the name typed (the current one filled in). */
  name?: string;
  /** Change Template: the template picked or typed (the current one highlighted). */
  template_id?: number;
  /** Edit Fields: the field picked (its template_field_id) or `add`. */
  fieldChoice?: number | 'add';
  /** Started from a field's node: no field pick. */
  fieldPreset?: boolean;
  fieldId?: number;
  fieldName?: string;
  value?: string;
}

/** Step ids where Retry reopens each flow: the value typed last (a generated step's id is its field's name). */
export const NAME_STEP = 'name';
export const TEMPLATE_STEP = 'template_id';
export const VALUE_STEP = 'value';

export const ADD_FIELD_LABEL = '$(add) Add a field…';
export const OTHER_TEMPLATE_LABEL = 'Enter a template ID…';

/** The profile's current name and template: what the rename box and the template pick start from. */
export function startFrom(state: ProfileEditState, profile: ProtectionProfile): void {
  state.profile = profile;
  state.protection_profile_id = profile.id;
  if (profile.name != null) state.name = profile.name;
  if (profile.template?.id != null) state.template_id = profile.template.id;
}

/** The profiles the view has loaded, to pick a `protection_profile_id` from (one it does not show is typed). */
export function loadedProfiles(profiles: readonly ProtectionProfile[]): FieldList<ProtectionProfile, number> {
  return {
    noun: 'protection profile',
    load: () => Promise.resolve({ items: [...profiles] }),
    missing: () => false,
    logError: () => undefined,
    item: (p) => ({ label: profileLabel(p), description: `#${p.id} · ${profileDescription(p)}`, value: p.id }),
  };
}

/**
 * Picks the profile to edit when the command did not come from a node (the command palette): one
 * of the loaded list, or its id typed (then read, with its field values); `activeId` highlighted.
 */
export function pickProfileStep(profiles: readonly ProtectionProfile[], api: PlatformApi, activeId?: number): WizardStep<ProfileEditState> {
  const listed = new Map(profiles.map((p) => [p.id, p]));
  const pick = fieldStep<ReturnType<typeof updateOp.fields>, 'protection_profile_id', ProfileEditState, ProtectionProfile>(updateOp, 'protection_profile_id', {
    list: () => loadedProfiles(profiles),
  });
  return {
    id: pick.id,
    shouldPrompt: (s) => s.profile === undefined,
    prompt: async (s, ctx) => {
      s.protection_profile_id ??= activeId;
      await pick.prompt(s, ctx);
      const id = s.protection_profile_id!;
      startFrom(s, listed.get(id) ?? (await readProfile(api, id)));
    },
  };
}

export function renameSteps(): WizardStep<ProfileEditState>[] {
  // The PATCH may leave the name out; a rename sends it, so it is asked as required.
  return [fieldStep(updateOp, 'name', { required: true })];
}

/** Templates to offer: those seen in the list (the API has no template list), and "Enter a template ID…". */
export function templateSteps(known: ReadonlyMap<number, string>): WizardStep<ProfileEditState>[] {
  return [
    fieldStep<ReturnType<typeof updateOp.fields>, 'template_id', ProfileEditState, number>(updateOp, 'template_id', {
      required: true,
      list: (s) => ({
        noun: 'protection template',
        enterLabel: OTHER_TEMPLATE_LABEL,
        load: () => Promise.resolve({ items: [...known.keys()].sort((a, b) => a - b) }),
        missing: () => false,
        logError: () => undefined,
        item: (id) => ({ label: known.get(id)!, description: `template ${id}${id === s.profile!.template?.id ? ' · current' : ''}`, value: id }),
      }),
    }),
  ];
}

/** The item rule of the operation's `fields` list: one field's id, name or value, checked as the request would. */
const itemRule = (key: 'template_field_id' | 'name' | 'value') => {
  const schema = operationItemField(updateOp, 'fields', key);
  return { schema, title: fieldTitle(schema, key) };
};

/**
 * The steps filling the operation's `fields` (the profile's whole list, one item changed or added):
 * richer than one field, so declared here, each checked by the item's own rule.
 * `readFields` fills in a profile's field values where the list lacked them (the platform's list),
 * so that the complete list is sent; a failed read stops the flow before anything is sent.
 */
export function fieldSteps(readFields?: (profile: ProtectionProfile) => Promise<ProtectionProfile>): WizardStep<ProfileEditState>[] {
  const fieldsOf = (s: ProfileEditState) => s.profile!.fields;
  return [
    {
      shouldPrompt: (s) => !s.fieldPreset,
      prompt: async (s, ctx) => {
        if ((s.profile!.fields === undefined || s.profile!.fields === null) && readFields) s.profile = await readFields(s.profile!);
        const fields = fieldsOf(s);
        const unknown = fields === undefined || fields === null;
        s.fieldChoice = await ctx.pick<number | 'add'>({
          placeholder: unknown
            ? `The list did not include the field values of "${profileLabel(s.profile!)}": a field set here is sent alone`
            : `Field of "${profileLabel(s.profile!)}" to change (the complete list of fields is sent)`,
          items: [
            ...(fields ?? [])
              .filter((f) => typeof f.template_field_id === 'number')
              .map((f) => ({ label: fieldLabel(f), description: f.name ?? `template field ${f.template_field_id}`, value: f.template_field_id as number })),
            { label: ADD_FIELD_LABEL, description: 'by template_field_id and name', value: 'add' as const },
          ],
          activeValue: s.fieldChoice,
        });
        if (s.fieldChoice !== 'add') s.fieldId = s.fieldChoice;
      },
    },
    {
      shouldPrompt: (s) => s.fieldChoice === 'add',
      prompt: async (s, ctx) => {
        const { schema, title } = itemRule('template_field_id');
        // The item's rule, then ours: a field the profile has is changed by picking it.
        const problem = (v: string) => wholeNumberProblem(schema, v, title) ?? fieldAlreadySetProblem(parseWholeNumber(v)!, fieldsOf(s) ?? undefined, title);
        const typed = await ctx.input({
          prompt: fieldPromptText(schema, 'template_field_id', `a field of template ${s.profile!.template?.id ?? '?'}`),
          value: s.fieldId === undefined ? '' : String(s.fieldId),
          ...checksQuietWhenEmpty(problem, `${title}: must not be empty`),
        });
        s.fieldId = parseWholeNumber(typed);
      },
    },
    {
      shouldPrompt: (s) => s.fieldChoice === 'add',
      prompt: async (s, ctx) => {
        const { schema, title } = itemRule('name');
        const typed = await ctx.input({
          prompt: fieldPromptText(schema, 'name', `sent with field ${s.fieldId}`),
          value: s.fieldName ?? '',
          placeholder: 'e.g. bandwidth_limit',
          validate: (v) => fieldProblem(schema, v.trim() || undefined, title),
        });
        s.fieldName = typed.trim() || undefined;
      },
    },
    {
      id: VALUE_STEP,
      prompt: async (s, ctx) => {
        const { schema, title } = itemRule('value');
        const current = fieldsOf(s)?.find((f) => f.template_field_id === s.fieldId);
        s.value = await ctx.input({
          prompt: fieldPromptText(schema, 'value', `field ${s.fieldId}${s.fieldName ? `, ${s.fieldName}` : ''}`),
          value: s.value ?? (current ? fieldValueText(current.value) : ''),
          validate: (v) => fieldProblem(schema, v, title),
        });
      },
    },
  ];
}
