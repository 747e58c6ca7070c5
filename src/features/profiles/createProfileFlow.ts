// Create Protection Profile's steps: the name (checked as typed), the template picked from the
// platform's list (its description and field count shown) and read with its fields, then one step
// per template field, checked as typed against its validation_schema, its description as the
// prompt and its default filled in. The wizard only gathers input: profileCreateCommands.ts sends it.
import type { ProtectionTemplate } from '../../schema/profileTemplates';
import type { WizardStep } from '../../ui/wizard';
import { createNameProblem, initialText, templateFields, typedFieldProblem, type CreateProfileState } from './model/createProfile';
import { fieldName, fieldPrompt, templateDetail, templateLabel } from './model/templateText';

export const NAME_STEP = 'name';
export const TEMPLATE_STEP = 'template';
/** Field steps are slots counted only when the template has that many fields (the step count follows the template). */
export const MAX_TEMPLATE_FIELDS = 100;

export interface TemplateSource {
  /** The platform's templates, with their fields (GET …/templates). */
  list(): Promise<ProtectionTemplate[]>;
  /** One template, its fields as they are now (GET …/templates/{id}). */
  read(id: number): Promise<ProtectionTemplate>;
}

export function createProfileSteps(source: TemplateSource): WizardStep<CreateProfileState>[] {
  const fieldStep = (slot: number): WizardStep<CreateProfileState> => ({
    id: `field${slot}`,
    shouldPrompt: (s) => templateFields(s.template).length > slot,
    prompt: async (s, ctx) => {
      const field = templateFields(s.template)[slot]!;
      const typed = await ctx.input({
        prompt: fieldPrompt(field),
        placeholder: fieldName(field),
        value: initialText(s, field),
        validate: (v) => typedFieldProblem(field, v),
      });
      s.values = { ...s.values, [field.id]: typed };
    },
  });
  return [
    {
      id: NAME_STEP,
      prompt: async (s, ctx) => {
        const typed = await ctx.input({
          prompt: 'Name of the new protection profile (1 to 100 characters)',
          placeholder: 'e.g. Shop API protection',
          value: s.name ?? '',
          validate: createNameProblem,
        });
        s.name = typed.trim();
      },
    },
    {
      id: TEMPLATE_STEP,
      prompt: async (s, ctx) => {
        const templates = await source.list();
        if (templates.length === 0) throw new Error('The platform lists no protection template to create a profile from.');
        const id = await ctx.pick({
          placeholder: `Template of "${s.name}" (its fields are asked next)`,
          items: templates.map((t) => ({ label: templateLabel(t), description: `template ${t.id}`, detail: templateDetail(t), value: t.id })),
          activeValue: s.template?.id,
        });
        if (s.template?.id !== id) s.template = await source.read(id);
      },
    },
    ...Array.from({ length: MAX_TEMPLATE_FIELDS }, (_, slot) => fieldStep(slot)),
  ];
}
