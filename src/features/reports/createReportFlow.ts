// "Create Report…": the template (picked from the platform's list, by name, recently used ones
// marked; typed where the server does not list them, in createReport's `template_code` box), then
// parameters in a loop: the ones the template defines offered with their rule (date, whole number,
// one of a list; required ones asked before the summary), and free key/value pairs (values typed as
// date, integer or text; date_from <= date_to); a summary, then POST. Back inside the loop returns to the parameter list;
// the parameters entered survive Back to the template (they live in one array, changed in place).
import type { ReportCreateRequest } from '../../schema/billing';
import { commandConfirmation } from '../../operations/commandConfirmation';
import { createReport } from '../../operations/reports';
import { commandContext, operationReview } from '../../ui/operationReview';
import { fieldProblem } from '../../ui/fieldRules';
import { askField, fieldTitle, operationField } from '../../ui/operationSteps';
import { BACK, CANCEL, type FlowUi, type InputPrompt, type PromptFrame } from '../../ui/flowUi';
import type { Loaded } from '../../platform/platformLists';
import type { ReportTemplate } from '../../schema/billingLists';
import { pickFromList } from '../../ui/listPick';
import type { WizardStep } from '../../ui/wizard';
import { checksQuietWhenEmpty } from '../../ui/promptChecks';
import {
  KIND_WORDS,
  dateOrderProblem,
  definedValueProblem,
  definitionWords,
  editableText,
  missingRequired,
  parseDefinedValue,
  type ParameterDefinition,
  parameterKeyProblem,
  parameterLine,
  parameterValueProblem,
  parametersBody,
  parseParameterValue,
  withParameter,
  type ReportParameter,
} from './model/reportParameters';

export interface ReportFlowState {
  /** The recent code picked, or OTHER_TEMPLATE to type one. */
  templateChoice?: string;
  templateCode?: string;
  /** The picked template's parameter definitions (from the platform's list), when it has them. */
  definitions?: ParameterDefinition[];
  /** The template was chosen by the list step (picked, or typed from it). */
  viaList?: boolean;
  /** Changed in place (never replaced), so Back keeps what was entered. */
  parameters: ReportParameter[];
}

export const OTHER_TEMPLATE = '\u0000other';
export const PARAMETERS_STEP = 'parameters';
export const SUMMARY_STEP = 'summary';
export const ADD_PARAMETER = '$(add) Add Parameter…';
export const CONTINUE = '$(arrow-right) Continue to Summary';
export const SUBMIT_REPORT = '$(check) Create Report';
export const ANOTHER_TEMPLATE = '$(edit) Another template code…';

/** Escape pressed inside the parameter loop: the whole flow ends, nothing is sent. */
export class ReportFlowCancelled extends Error {
  constructor() {
    super('Create Report cancelled');
  }
}

export interface ReportFlowDeps {
  ui: FlowUi;
  title: string;
  /** The connection the report is created on, as the confirmation names it. */
  connection: { name: string; baseUrl: string };
  /** Template codes used on this connection, most recent first. */
  recentTemplates: readonly string[];
  /** The platform's report templates (with their parameter definitions), where it lists them. */
  templates?: { load: (fresh: boolean) => Promise<Loaded<ReportTemplate>>; missing: () => boolean; logError: (error: unknown) => void };
}

/** The template code box's example; its title and rule are createReport's `template_code` input. */
const TEMPLATE_EXAMPLE = { placeholder: 'e.g. ResellerExpenses' };

/** Replaces the array's content, keeping the array (see ReportFlowState.parameters). */
function setParameters(s: ReportFlowState, next: ReportParameter[]): void {
  s.parameters.splice(0, s.parameters.length, ...next);
}

export function createReportSteps(deps: ReportFlowDeps): WizardStep<ReportFlowState>[] {
  const { ui, title, recentTemplates } = deps;
  const lists = deps.templates;
  const listsTemplates = () => lists !== undefined && !lists.missing();
  const picksTemplate = () => listsTemplates() || recentTemplates.length > 0;
  // A template chosen through the list step (picked, or typed there) is not asked again.
  const typesTemplate = (s: ReportFlowState) => !s.viaList && !listsTemplates() && (!picksTemplate() || s.templateChoice === OTHER_TEMPLATE);
  // The wizard numbers its own prompts; the loop's inner prompts share the parameter step's number.
  const parameterFrame = (s: ReportFlowState): PromptFrame => {
    const step = (picksTemplate() || s.viaList ? 1 : 0) + (typesTemplate(s) ? 1 : 0) + 1;
    return { title, step, totalSteps: step + 1, canGoBack: true };
  };
  const ask = async (s: ReportFlowState, prompt: Omit<InputPrompt, keyof PromptFrame>) => {
    const answer = await ui.input({ ...parameterFrame(s), ...prompt });
    if (answer === CANCEL) throw new ReportFlowCancelled();
    return answer;
  };

  const addParameter = async (s: ReportFlowState): Promise<void> => {
    let key = '';
    for (;;) {
      const typedKey = await ask(s, {
        prompt: 'Parameter name (free: the template decides which it reads)',
        placeholder: 'e.g. date_from, date_to, type, client_id',
        value: key,
        ...checksQuietWhenEmpty((v) => parameterKeyProblem(v, s.parameters), 'Parameter name: must not be empty'),
      });
      if (typedKey === BACK) return;
      key = typedKey.trim();
      const value = await ask(s, {
        prompt: `Value of ${key}: a date YYYY-MM-DD, a whole number, or text ("quotes" keep a number or date as text)`,
        ...checksQuietWhenEmpty((v) => parameterValueProblem(s.parameters, key, v), `${key}: must not be empty`),
      });
      if (value === BACK) continue; // back to the name, still filled in
      setParameters(s, withParameter(s.parameters, parseParameterValue(key, value).parameter!));
      return;
    }
  };

  const editParameter = async (s: ReportFlowState, key: string): Promise<void> => {
    const current = s.parameters.find((p) => p.key === key);
    if (!current) return;
    const definition = s.definitions?.find((d) => d.name === key);
    if (definition && !definition.required) {
      // A defined parameter: its rule again; removing it is an item of its own.
      const action = await ui.pick({
        ...parameterFrame(s),
        placeholder: `${parameterLine(current)}: change or remove`,
        items: [
          { label: '$(edit) Change', value: 'change' },
          { label: '$(trash) Remove', value: 'remove' },
        ],
      });
      if (action === CANCEL) throw new ReportFlowCancelled();
      if (action === 'remove')
        setParameters(
          s,
          s.parameters.filter((p) => p.key !== key),
        );
      else if (action === 'change') await setDefined(s, definition);
      return;
    }
    if (definition) return setDefined(s, definition);
    const value = await ask(s, {
      prompt: `Value of ${key} (now ${KIND_WORDS[current.kind]}); empty removes the parameter`,
      value: editableText(current),
      validate: (v) => (v.trim() === '' ? undefined : parameterValueProblem(s.parameters, key, v, key)),
    });
    if (value === BACK) return;
    if (value.trim() === '')
      setParameters(
        s,
        s.parameters.filter((p) => p.key !== key),
      );
    else setParameters(s, withParameter(s.parameters, parseParameterValue(key, value).parameter!, key));
  };

  /** The value of a parameter the template defines: its rule checked as typed, an enum picked. */
  const setDefined = async (s: ReportFlowState, definition: ParameterDefinition): Promise<void> => {
    const current = s.parameters.find((p) => p.key === definition.name);
    let text: string | typeof BACK;
    if (definition.enum?.length) {
      const picked = await ui.pick({
        ...parameterFrame(s),
        placeholder: `${definition.name}: ${definition.description ?? definitionWords(definition)}`,
        items: definition.enum.map((v) => ({ label: v, value: v })),
        activeValue: current ? String(current.value) : undefined,
      });
      if (picked === CANCEL) throw new ReportFlowCancelled();
      text = picked;
    } else {
      text = await ask(s, {
        prompt: `${definition.name} (${definitionWords(definition)})${definition.description ? `: ${definition.description}` : ''}`,
        value: current ? String(current.value) : '',
        ...checksQuietWhenEmpty((v) => definedValueProblem(s.parameters, definition, v), `${definition.name}: must not be empty`),
      });
    }
    if (text === BACK) return;
    setParameters(s, withParameter(s.parameters, parseDefinedValue(definition, text).parameter!));
  };

  return [
    {
      id: 'templatePick',
      shouldPrompt: picksTemplate,
      prompt: async (s, ctx) => {
        if (lists && listsTemplates()) {
          const typed = () => askField(ctx, createReport, 'template_code', s.templateCode, TEMPLATE_EXAMPLE);
          let listed: ReportTemplate[] = [];
          const code = await pickFromList(ctx, {
            noun: 'report template',
            load: async (fresh) => {
              const loaded = await lists.load(fresh);
              if ('items' in loaded) listed = loaded.items;
              return loaded;
            },
            missing: lists.missing,
            logError: lists.logError,
            item: (t) => ({
              label: t.name_en ?? t.code,
              description: `${t.code}${recentTemplates.includes(t.code) ? ' · used recently' : ''}`,
              detail: t.description ?? undefined,
              value: t.code,
            }),
            current: s.templateCode ?? recentTemplates[0],
            enterLabel: 'Enter a template code…',
            typed,
          });
          if (code !== s.templateCode) setParameters(s, []);
          s.templateCode = code;
          s.templateChoice = code;
          s.viaList = true;
          s.definitions = listed.find((t) => t.code === code)?.parameters?.parameters ?? undefined;
          return;
        }
        s.templateChoice = await ctx.pick({
          placeholder: `${fieldTitle(operationField(createReport, 'template_code'), 'template_code')} (recently used on this connection)`,
          items: [
            ...recentTemplates.map((code, i) => ({ label: code, description: i === 0 ? 'last used' : 'used recently', value: code })),
            { label: ANOTHER_TEMPLATE, description: 'type a template code', value: OTHER_TEMPLATE },
          ],
          activeValue: s.templateChoice ?? s.templateCode,
        });
        if (s.templateChoice !== OTHER_TEMPLATE) s.templateCode = s.templateChoice;
      },
    },
    {
      id: 'templateCode',
      shouldPrompt: typesTemplate,
      prompt: async (s, ctx) => {
        // "Another template code…" opens empty rather than on the recent code it replaces.
        const current = s.templateChoice === OTHER_TEMPLATE && recentTemplates.includes(s.templateCode ?? '') ? undefined : s.templateCode;
        s.templateCode = await askField(ctx, createReport, 'template_code', current, TEMPLATE_EXAMPLE);
      },
    },
    {
      id: PARAMETERS_STEP,
      prompt: async (s, ctx) => {
        for (;;) {
          const count = s.parameters.length;
          const definitions = s.definitions ?? [];
          const unset = definitions.filter((d) => !s.parameters.some((p) => p.key === d.name));
          const missing = missingRequired(definitions, s.parameters);
          const choice = await ctx.pick<string>({
            placeholder: definitions.length
              ? `Parameters of ${s.templateCode}, as the template defines them${missing.length ? `: ${missing.map((d) => d.name).join(', ')} required` : ''}`
              : count
                ? `Parameters of ${s.templateCode} (${count}): pick one to change or remove it`
                : `Parameters of ${s.templateCode}: none yet (they are optional)`,
            items: [
              ...unset.map((d) => ({
                label: `$(symbol-field) ${d.name}`,
                description: definitionWords(d),
                detail: d.description ?? undefined,
                value: `define:${d.name}`,
              })),
              {
                label: ADD_PARAMETER,
                description: definitions.length ? 'one the template does not list: a name and a typed value' : 'a name and a typed value',
                value: 'add',
              },
              ...s.parameters.map((p) => ({ label: parameterLine(p), description: `${KIND_WORDS[p.kind]} · change or remove`, value: `edit:${p.key}` })),
              {
                label: CONTINUE,
                description: missing.length
                  ? `first set ${missing.map((d) => d.name).join(', ')}`
                  : count
                    ? `${count} parameter${count === 1 ? '' : 's'}`
                    : 'without parameters',
                value: 'done',
              },
            ],
            activeValue: missing.length ? `define:${missing[0]!.name}` : count || definitions.length ? 'done' : 'add',
          });
          if (choice === 'done' && missing.length === 0) return;
          // Continue with a required parameter unset asks for it (nothing is sent without it).
          if (choice === 'done') await setDefined(s, missing[0]!);
          else if (choice.startsWith('define:')) await setDefined(s, definitions.find((d) => `define:${d.name}` === choice)!);
          else if (choice === 'add') await addParameter(s);
          else await editParameter(s, choice.slice('edit:'.length));
        }
      },
    },
    {
      id: SUMMARY_STEP,
      prompt: async (s, ctx) => {
        // The operation's own confirmation, one line an item, so it reads as the chat tool and MCP read.
        const review = reportReview(s, deps.connection);
        for (;;) {
          const choice = await ctx.pick(review);
          if (choice === 'submit') return;
        }
      },
    },
  ];
}

/** The summary: createReport's confirmation (src/operations/reports.ts), then each parameter's kind as typed here. */
export function reportReview(s: ReportFlowState, connection: { name: string; baseUrl: string }) {
  const { summary } = commandConfirmation(createReport, reportRequest(s), undefined, connection);
  const review = operationReview<'submit' | 'info'>(summary, { label: SUBMIT_REPORT, value: 'submit' }, 'info');
  const kinds = s.parameters.map((p) => ({ label: `Parameter ${parameterLine(p)}`, description: KIND_WORDS[p.kind] }));
  return { placeholder: review.placeholder, items: [...review.items, ...commandContext(kinds, 'info' as const)] };
}

/** The request the summary describes. Throws on a date order the loop should have refused, or parameters createReport's input refuses. */
export function reportRequest(s: ReportFlowState): ReportCreateRequest {
  const order = dateOrderProblem(s.parameters);
  if (order) throw new Error(order);
  const parameters = parametersBody(s.parameters);
  const field = operationField(createReport, 'parameters');
  const shape = fieldProblem(field, parameters, fieldTitle(field, 'parameters'));
  if (shape) throw new Error(shape);
  return parameters ? { template_code: s.templateCode!, parameters } : { template_code: s.templateCode! };
}
