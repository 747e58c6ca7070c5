// Create Protection Profile's steps, made from the operation's inputs: the name (its title and rule,
// checked as typed), the template picked from the platform's list (its description and field count
// shown; an id typed the fallback) and read with its fields, then one step per template field,
// checked as typed against its validation_schema and the operation's rule for a value, its
// description as the prompt and its default filled in. The wizard only gathers input:
// profileCreateCommands.ts sends it.
import { createProtectionProfile as createOp } from '../../operations/protectionProfiles';
import type { ProtectionTemplate, TemplateField } from '../../schema/profileTemplates';
import { fieldRule, parseTyped } from '../../schema/templateFieldRules';
import { fieldProblem } from '../../ui/fieldRules';
import { fieldStep, operationItemField, operationSteps } from '../../ui/operationSteps';
import type { WizardStep } from '../../ui/wizard';
import { initialText, templateFields, typedFieldProblem, type CreateProfileState } from './model/createProfile';
import { fieldName, fieldPrompt, templateDetail, templateLabel } from './model/templateText';

/** A generated step's id is its field's name in the request. */
export const NAME_STEP = 'name';
export const TEMPLATE_STEP = 'template_id';
/** Field steps are slots counted only when the template has that many fields (the step count follows the template). */
export const MAX_TEMPLATE_FIELDS = 100;

export interface TemplateSource {
  /** The platform's templates, with their fields (GET …/templates). */
  list(): Promise<ProtectionTemplate[]>;
  /** One template, its fields as they are now (GET …/templates/{id}). */
  read(id: number): Promise<ProtectionTemplate>;
  /** Where a failed list is logged (the pick shows its reason, with Retry). */
  logError(error: unknown): void;
}

/** The template's rule for the text typed, then the operation's for the value it gives (what the request's `fields[].value` takes). */
function templateValueProblem(field: TemplateField, text: string): string | undefined {
  const problem = typedFieldProblem(field, text);
  if (problem) return problem;
  const parsed = parseTyped(fieldRule(field.validation_schema), text);
  return 'value' in parsed && parsed.value !== undefined
    ? fieldProblem(operationItemField(createOp, 'fields', 'value'), parsed.value, fieldName(field))
    : undefined;
}

export function createProfileSteps(source: TemplateSource): WizardStep<CreateProfileState>[] {
  // Declared: the operation's `fields`, one template field per step (the template says which and their rules).
  const templateValueStep = (slot: number): WizardStep<CreateProfileState> => ({
    id: `field${slot}`,
    shouldPrompt: (s) => templateFields(s.template).length > slot,
    prompt: async (s, ctx) => {
      const field = templateFields(s.template)[slot]!;
      const typed = await ctx.input({
        prompt: fieldPrompt(field),
        placeholder: fieldName(field),
        value: initialText(s, field),
        validate: (v) => templateValueProblem(field, v),
      });
      s.values = { ...s.values, [field.id]: typed };
    },
  });
  const pickTemplate = fieldStep<ReturnType<typeof createOp.fields>, 'template_id', CreateProfileState, ProtectionTemplate>(createOp, 'template_id', {
    list: () => ({
      noun: 'protection template',
      load: () =>
        source.list().then(
          (items) => ({ items }),
          (error: unknown) => ({ error }),
        ),
      missing: () => false,
      logError: (error) => source.logError(error),
      item: (t) => ({ label: templateLabel(t), description: `template ${t.id}`, detail: templateDetail(t), value: t.id }),
    }),
  });
  // The template picked is read with its fields as they are now: the steps after ask each one, the confirmation names them.
  const templateStep: WizardStep<CreateProfileState> = {
    id: TEMPLATE_STEP,
    prompt: async (s, ctx) => {
      await pickTemplate.prompt(s, ctx);
      if (s.template?.id !== s.template_id) s.template = await source.read(s.template_id!);
    },
  };
  return [
    ...operationSteps(createOp, { template_id: templateStep }, ['fields']),
    ...Array.from({ length: MAX_TEMPLATE_FIELDS }, (_, slot) => templateValueStep(slot)),
  ];
}
