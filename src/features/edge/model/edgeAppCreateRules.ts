// The checks the Create Edge App wizard runs as a person types beyond the operation's own fields
// (name and comment are checked by those: src/operations/edgeCreate.ts): env entries typed on one
// line, and a template's params by the published template_param type, so nothing bad is sent.

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type TemplateParamType = 'string' | 'number' | 'date' | 'time' | 'secret' | 'store' | 'bool' | 'json' | 'enum';

export interface TemplateParamRule {
  readonly name: string;
  readonly data_type: TemplateParamType;
  readonly mandatory: boolean;
  readonly descr?: string;
  readonly metadata?: string;
}

/** Parses `KEY=value` lines (blank lines and `#` comments skipped); names checked, duplicates refused. */
export function parseEnvEntries(text: string): { env: Record<string, string> } | { problem: string } {
  const env: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return { problem: `Line ${i + 1}: expected KEY=value.` };
    const key = line.slice(0, eq).trim();
    // A refused name is not quoted: it may be a pasted value rather than a name.
    if (!ENV_NAME_PATTERN.test(key)) return { problem: `Line ${i + 1}: a variable name is letters, digits and "_", not starting with a digit.` };
    if (Object.prototype.hasOwnProperty.call(env, key)) return { problem: `Line ${i + 1}: "${key}" is given twice.` };
    env[key] = line.slice(eq + 1).trim();
  }
  return { env };
}

/** Undefined when the value fits the template parameter's type and mandatory flag. */
export function templateParamProblem(param: TemplateParamRule, value: string): string | undefined {
  if (value === '') return param.mandatory ? `${param.name} is required.` : undefined;
  switch (param.data_type) {
    case 'number':
      return Number.isFinite(Number(value)) ? undefined : `${param.name} must be a number.`;
    case 'bool':
      return value === 'true' || value === 'false' ? undefined : `${param.name} must be true or false.`;
    case 'json':
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return `${param.name} must be valid JSON.`;
      }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : `${param.name} must be a date (YYYY-MM-DD).`;
    case 'time':
      return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value) ? undefined : `${param.name} must be a time (HH:MM).`;
    case 'enum': {
      const allowed = enumValues(param.metadata);
      return allowed.length === 0 || allowed.includes(value) ? undefined : `${param.name} must be one of: ${allowed.join(', ')}.`;
    }
    default:
      return undefined;
  }
}

/** The allowed values of an enum parameter, read from its JSON metadata (an array or `{ values: [...] }`). */
export function enumValues(metadata: string | undefined): string[] {
  if (!metadata) return [];
  try {
    const parsed: unknown = JSON.parse(metadata);
    const list = Array.isArray(parsed) ? parsed : (parsed as { values?: unknown }).values;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}
