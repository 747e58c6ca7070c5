// The edit flows of a protection profile: Rename…, Change Template…, Edit Fields…. Each is a short
// wizard with the current value filled in; from the command palette it starts by picking the
// profile. The wizards only gather input: profileCommands.ts sends it.
import { fieldValueText, newFieldIdProblem, positiveIdProblem, profileNameProblem } from './model/profileEdits';
import { fieldLabel, profileDescription, profileLabel } from './model/profileText';
import type { WizardStep } from '../../ui/wizard';
import type { ProtectionProfile } from '../../schema/security';

export interface ProfileEditState {
  profile?: ProtectionProfile;
  /** Rename: the name typed. */
  name?: string;
  /** Change Template: the id picked or typed; `other` asks for it. */
  templateChoice?: number | 'other';
  templateId?: number;
  /** Edit Fields: the field picked (its template_field_id) or `add`. */
  fieldChoice?: number | 'add';
  /** Started from a field's node: no field pick. */
  fieldPreset?: boolean;
  fieldId?: number;
  fieldName?: string;
  value?: string;
}

/** Step ids where Retry reopens each flow: the value typed last. */
export const NAME_STEP = 'name';
export const TEMPLATE_STEP = 'template';
export const TEMPLATE_ID_STEP = 'templateId';
export const VALUE_STEP = 'value';

export const ADD_FIELD_LABEL = '$(add) Add a field…';
export const OTHER_TEMPLATE_LABEL = '$(edit) Enter a template ID…';

/** Picks the profile to edit when the command did not come from a node (the command palette). */
export function pickProfileStep(profiles: readonly ProtectionProfile[], verb: string, activeId?: number): WizardStep<ProfileEditState> {
  return {
    shouldPrompt: (s) => s.profile === undefined,
    prompt: async (s, ctx) => {
      s.profile = await ctx.pick({
        placeholder: `Protection profile to ${verb} (type to filter by name)`,
        items: profiles.map((p) => ({ label: profileLabel(p), description: `#${p.id} · ${profileDescription(p)}`, value: p })),
        activeValue: profiles.find((p) => p.id === (s.profile?.id ?? activeId)),
      });
    },
  };
}

export function renameSteps(): WizardStep<ProfileEditState>[] {
  return [
    {
      id: NAME_STEP,
      prompt: async (s, ctx) => {
        const typed = await ctx.input({
          prompt: `New name for protection profile ${s.profile!.id} (1 to 100 characters)`,
          value: s.name ?? s.profile!.name ?? '',
          validate: profileNameProblem,
        });
        s.name = typed.trim();
      },
    },
  ];
}

/** Templates to offer: those seen in the list (the API has no template list), and "Enter a template ID…". */
export function templateSteps(known: ReadonlyMap<number, string>): WizardStep<ProfileEditState>[] {
  return [
    {
      id: TEMPLATE_STEP,
      prompt: async (s, ctx) => {
        const current = s.profile!.template?.id ?? undefined;
        const ids = [...known.keys()].sort((a, b) => a - b);
        const typedElsewhere = s.templateId !== undefined && !known.has(s.templateId);
        s.templateChoice = await ctx.pick<number | 'other'>({
          placeholder: `Template for "${profileLabel(s.profile!)}" (its field values may not carry over to another template)`,
          items: [
            ...ids.map((id) => ({ label: known.get(id)!, description: `template ${id}${id === current ? ' · current' : ''}`, value: id })),
            { label: OTHER_TEMPLATE_LABEL, description: typedElsewhere ? `last typed: ${s.templateId}` : 'one not in the list', value: 'other' as const },
          ],
          activeValue: typedElsewhere ? 'other' : (s.templateId ?? current),
        });
        if (s.templateChoice !== 'other') s.templateId = s.templateChoice;
      },
    },
    {
      id: TEMPLATE_ID_STEP,
      shouldPrompt: (s) => s.templateChoice === 'other',
      prompt: async (s, ctx) => {
        const typed = await ctx.input({
          prompt: `Template ID for protection profile ${s.profile!.id}`,
          value: String(s.templateId ?? s.profile!.template?.id ?? ''),
          validate: (v) => positiveIdProblem(v, 'Template ID'),
        });
        s.templateId = Number(typed.trim());
      },
    },
  ];
}

/**
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
        const typed = await ctx.input({
          prompt: `Template field ID of the new field (a field of template ${s.profile!.template?.id ?? '?'})`,
          value: s.fieldId === undefined ? '' : String(s.fieldId),
          validate: (v) => newFieldIdProblem(v, fieldsOf(s) ?? undefined),
        });
        s.fieldId = Number(typed.trim());
      },
    },
    {
      shouldPrompt: (s) => s.fieldChoice === 'add',
      prompt: async (s, ctx) => {
        const typed = await ctx.input({
          prompt: `Name of field ${s.fieldId} (sent as the field's "name"; empty for none)`,
          value: s.fieldName ?? '',
          placeholder: 'e.g. bandwidth_limit',
        });
        s.fieldName = typed.trim() || undefined;
      },
    },
    {
      id: VALUE_STEP,
      prompt: async (s, ctx) => {
        const current = fieldsOf(s)?.find((f) => f.template_field_id === s.fieldId);
        s.value = await ctx.input({
          prompt: `Value of field ${s.fieldId}${s.fieldName ? ` (${s.fieldName})` : ''}, sent as text`,
          value: s.value ?? (current ? fieldValueText(current.value) : ''),
        });
      },
    },
  ];
}
