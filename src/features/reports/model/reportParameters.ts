// Parameters of a new report. The spec has no list of a template's parameters (the platform's
// template list has their definitions: see parseDefinedValue), so keys are free and each value is
// typed from what is written: `2026-04-01` a
// date (YYYY-MM-DD, sent as that text), `42` an integer, anything else text; "quotes" keep a
// value as text. date_from and date_to must be dates, and date_from <= date_to when both are
// there (the platform refuses otherwise). No VS Code.

export type ParameterKind = 'date' | 'integer' | 'string';

export interface ReportParameter {
  key: string;
  kind: ParameterKind;
  value: string | number;
}

export const PARAMETER_KEY_MAX = 100;
/** Keys whose values must be dates: the ones the spec names. */
export const DATE_KEYS: readonly string[] = ['date_from', 'date_to'];
export const KIND_WORDS: Record<ParameterKind, string> = { date: 'date', integer: 'integer', string: 'text' };

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER_SHAPE = /^[-+]?\d+$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_SHAPE.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
}

export function parameterKeyProblem(key: string, existing: readonly ReportParameter[] = [], editingKey?: string): string | undefined {
  const k = key.trim();
  if (!k) return 'Parameter name: must not be empty';
  if (/\s/.test(k)) return 'Parameter name: must not contain spaces';
  if (k.length > PARAMETER_KEY_MAX) return `Parameter name: must be at most ${PARAMETER_KEY_MAX} characters`;
  if (k !== editingKey && existing.some((p) => p.key === k)) return `Parameter name: ${k} is already set; pick it in the list to change it`;
  return undefined;
}

export type ParsedValue = { parameter: ReportParameter; problem?: undefined } | { parameter?: undefined; problem: string };

/** The typed value of `text` for `key`, or the problem ("date_from: must be a date YYYY-MM-DD"). */
export function parseParameterValue(key: string, text: string): ParsedValue {
  const t = text.trim();
  if (!t) return { problem: `${key}: must not be empty` };
  const quoted = /^"(.*)"$/s.exec(t);
  const mustBeDate = DATE_KEYS.includes(key);
  if (quoted) {
    const inner = quoted[1]!;
    if (mustBeDate)
      return isCalendarDate(inner) ? { parameter: { key, kind: 'date', value: inner } } : { problem: `${key}: must be a date YYYY-MM-DD, like 2026-04-30` };
    return { parameter: { key, kind: 'string', value: inner } };
  }
  if (DATE_SHAPE.test(t)) {
    if (!isCalendarDate(t)) return { problem: `${key}: ${t} is not a date (YYYY-MM-DD, like 2026-04-30)` };
    return { parameter: { key, kind: 'date', value: t } };
  }
  if (mustBeDate) return { problem: `${key}: must be a date YYYY-MM-DD, like 2026-04-30` };
  if (INTEGER_SHAPE.test(t)) {
    const n = Number(t);
    if (!Number.isSafeInteger(n)) {
      return {
        problem: `${key}: a whole number must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}; put it in "quotes" to send it as text`,
      };
    }
    return { parameter: { key, kind: 'integer', value: n } };
  }
  return { parameter: { key, kind: 'string', value: t } };
}

/** date_from after date_to, when both are dates: the message, naming date_to. */
export function dateOrderProblem(parameters: readonly ReportParameter[]): string | undefined {
  const from = parameters.find((p) => p.key === 'date_from' && p.kind === 'date')?.value;
  const to = parameters.find((p) => p.key === 'date_to' && p.kind === 'date')?.value;
  if (typeof from === 'string' && typeof to === 'string' && from > to) return `date_to: must not be before date_from (${from}); date_to is ${to}`;
  return undefined;
}

/** `parameters` with `next` added, or replacing the one named `replacing` in place. */
export function withParameter(parameters: readonly ReportParameter[], next: ReportParameter, replacing?: string): ReportParameter[] {
  const at = parameters.findIndex((p) => p.key === (replacing ?? next.key));
  if (at < 0) return [...parameters, next];
  return parameters.map((p, i) => (i === at ? next : p));
}

/**
 * The problem with giving `key` the value `text` among `parameters` (the value's own rule, then
 * the date order with the other date); undefined when it may be set.
 */
export function parameterValueProblem(parameters: readonly ReportParameter[], key: string, text: string, replacing?: string): string | undefined {
  const parsed = parseParameterValue(key, text);
  if (parsed.problem !== undefined) return parsed.problem;
  const order = dateOrderProblem(withParameter(parameters, parsed.parameter, replacing));
  if (!order) return undefined;
  if (key !== 'date_from' && key !== 'date_to') return order;
  // Name the field being typed: it is the one to change.
  const other = key === 'date_from' ? parameters.find((p) => p.key === 'date_to')?.value : parameters.find((p) => p.key === 'date_from')?.value;
  return key === 'date_from' ? `date_from: must not be after date_to (${String(other)})` : `date_to: must not be before date_from (${String(other)})`;
}

/** The request's `parameters` object; undefined when there are none (the field is optional). */
export function parametersBody(parameters: readonly ReportParameter[]): Record<string, string | number> | undefined {
  if (parameters.length === 0) return undefined;
  return Object.fromEntries(parameters.map((p) => [p.key, p.value]));
}

/** The value as it would be typed again: text that would read as a number or date gets quotes. */
export function editableText(parameter: ReportParameter): string {
  const text = String(parameter.value);
  if (parameter.kind !== 'string') return text;
  const reread = parseParameterValue(parameter.key, text);
  return reread.parameter?.kind === 'string' && reread.parameter.value === text ? text : `"${text}"`;
}

/** `date_from = 2026-04-01`. */
export function parameterLine(parameter: ReportParameter): string {
  return `${parameter.key} = ${parameter.kind === 'string' ? JSON.stringify(parameter.value) : String(parameter.value)}`;
}

/** What a report template says of one parameter (its definition, as the platform lists it). */
export interface ParameterDefinition {
  name: string;
  required?: boolean | null;
  type?: string | null;
  format?: string | null;
  description?: string | null;
  enum?: readonly string[] | null;
}

/** "date, required", "integer", "one of day, month". */
export function definitionWords(definition: ParameterDefinition): string {
  const kind = definition.enum?.length
    ? `one of ${definition.enum.join(', ')}`
    : definitionKind(definition) === 'date'
      ? 'date YYYY-MM-DD'
      : definitionKind(definition) === 'integer'
        ? 'whole number'
        : 'text';
  return `${kind}${definition.required ? ', required' : ''}`;
}

function definitionKind(definition: ParameterDefinition): ParameterKind {
  if (definition.format === 'date' || DATE_KEYS.includes(definition.name)) return 'date';
  if (definition.type === 'integer' || definition.type === 'number') return 'integer';
  return 'string';
}

/** The value typed for a defined parameter, checked against its definition (type, format, enum). */
export function parseDefinedValue(definition: ParameterDefinition, text: string): ParsedValue {
  const key = definition.name;
  const t = text.trim();
  if (!t) return { problem: `${key}: must not be empty` };
  if (definition.enum?.length) {
    return definition.enum.includes(t) ? { parameter: { key, kind: 'string', value: t } } : { problem: `${key}: must be one of ${definition.enum.join(', ')}` };
  }
  const kind = definitionKind(definition);
  if (kind === 'date') {
    return isCalendarDate(t) ? { parameter: { key, kind, value: t } } : { problem: `${key}: must be a date YYYY-MM-DD, like 2026-04-30` };
  }
  if (kind === 'integer') {
    const n = Number(t);
    if (!INTEGER_SHAPE.test(t)) return { problem: `${key}: must be a whole number` };
    if (!Number.isSafeInteger(n)) return { problem: `${key}: must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}` };
    return { parameter: { key, kind, value: n } };
  }
  return { parameter: { key, kind: 'string', value: t } };
}

/** The defined value's problem, then the date order with the other date (as parameterValueProblem). */
export function definedValueProblem(parameters: readonly ReportParameter[], definition: ParameterDefinition, text: string): string | undefined {
  const parsed = parseDefinedValue(definition, text);
  if (parsed.problem !== undefined) return parsed.problem;
  if (parsed.parameter.kind !== 'date') return undefined;
  return parameterValueProblem(parameters, definition.name, parsed.parameter.value as string, definition.name);
}

/** Required parameters of the definition not set yet. */
export function missingRequired(definitions: readonly ParameterDefinition[], parameters: readonly ReportParameter[]): ParameterDefinition[] {
  return definitions.filter((d) => d.required && !parameters.some((p) => p.key === d.name));
}
