// What a template field's `validation_schema` (a JSON Schema object) asks of a value: its type,
// limits, whether it may be left out, and its default. Read by the Create flow to check each value
// as typed and by the simulator to check a created profile's fields, so both apply the same rules.
// A field may be left out when its schema allows null (`type: [..., "null"]` or pydantic's
// `anyOf: [..., {type: "null"}]`); otherwise it is required.
import { linearEngine } from './linearEngine';

export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'enum' | 'array' | 'any';

export interface FieldRule {
  kind: FieldKind;
  required: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** `ipv4`, `ipv6`, `ipvanyaddress`, `ipv4network`… as JSON Schema's `format`. */
  format?: string;
  choices?: readonly (string | number | boolean)[];
  /** An array's item rule and its count limits. */
  items?: FieldRule;
  minItems?: number;
  maxItems?: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The rule of one field's validation_schema (an empty or odd schema: any text, required). */
export function fieldRule(schema: unknown): FieldRule {
  let s: Json = isObject(schema) ? schema : {};
  let nullable = false;
  const variants = Array.isArray(s.anyOf) ? s.anyOf.filter(isObject) : undefined;
  if (variants) {
    nullable = variants.some((v) => v.type === 'null');
    const first = variants.find((v) => v.type !== 'null');
    s = { ...first, ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'anyOf')) };
  }
  let type = s.type;
  if (Array.isArray(type)) {
    nullable ||= type.includes('null');
    type = type.find((t) => t !== 'null');
  }
  const base: FieldRule = { kind: 'any', required: !nullable };
  if ('default' in s && s.default !== null) base.default = s.default;
  if (Array.isArray(s.enum)) {
    const choices = s.enum.filter((c): c is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof c));
    return { ...base, kind: 'enum', choices };
  }
  switch (type) {
    case 'integer':
    case 'number':
      return { ...base, kind: type, minimum: num(s.minimum), maximum: num(s.maximum) };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array':
      return { ...base, kind: 'array', items: { ...fieldRule(s.items), required: true }, minItems: num(s.minItems), maxItems: num(s.maxItems) };
    case 'string':
      return { ...base, kind: 'string', minLength: num(s.minLength), maxLength: num(s.maxLength), pattern: str(s.pattern), format: str(s.format) };
    default:
      return base;
  }
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  const last = groups[groups.length - 1];
  const v4Tail = last !== undefined && last.includes('.') ? (IPV4.test(last) ? 1 : -1) : 0;
  if (v4Tail < 0) return false;
  const hexGroups = v4Tail ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hexGroups.length + v4Tail * 2;
  return halves.length === 2 ? count < 8 : count === 8;
}

function networkProblem(text: string, family: 'ipv4' | 'ipv6' | 'any'): string | undefined {
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return 'must be a network in CIDR form, e.g. 203.0.113.0/24';
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIpv6(address);
  if ((family === 'ipv4' && !v4) || (family === 'ipv6' && !v6) || (!v4 && !v6))
    return `must be an ${family === 'ipv6' ? 'IPv6' : family === 'ipv4' ? 'IPv4' : 'IP'} network in CIDR form`;
  return Number(prefix) > (v4 ? 32 : 128) ? `prefix must be at most ${v4 ? 32 : 128}` : undefined;
}

/** Problems of a text against a string rule's format (the IP formats the platform's schemas use). */
function formatProblem(text: string, format: string | undefined): string | undefined {
  switch (format) {
    case 'ipv4':
      return IPV4.test(text) ? undefined : 'must be an IPv4 address, e.g. 203.0.113.7';
    case 'ipv6':
      return isIpv6(text) ? undefined : 'must be an IPv6 address, e.g. 2001:db8::1';
    case 'ipvanyaddress':
      return IPV4.test(text) || isIpv6(text) ? undefined : 'must be an IPv4 or IPv6 address';
    case 'ipv4network':
      return networkProblem(text, 'ipv4');
    case 'ipv6network':
      return networkProblem(text, 'ipv6');
    case 'ipvanynetwork':
      return networkProblem(text, 'any');
    default:
      return undefined;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why a JSON value does not meet the rule, or undefined (null/undefined: only an optional field may be left out). */
export function valueProblem(rule: FieldRule, value: unknown): string | undefined {
  if (value === undefined || value === null) return rule.required ? 'is required' : undefined;
  switch (rule.kind) {
    case 'any':
      return undefined;
    case 'enum':
      return rule.choices?.some((c) => c === value) ? undefined : `must be one of ${(rule.choices ?? []).map(String).join(', ')}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return rule.kind === 'integer' ? 'must be a whole number' : 'must be a number';
      if (rule.kind === 'integer' && !Number.isSafeInteger(value)) return 'must be a whole number';
      if (rule.minimum !== undefined && value < rule.minimum) return `must be at least ${rule.minimum}`;
      if (rule.maximum !== undefined && value > rule.maximum) return `must be at most ${rule.maximum}`;
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return 'must be text';
      const length = [...value].length;
      if (rule.minLength !== undefined && length < rule.minLength) return `must be at least ${plural(rule.minLength, 'character')}`;
      if (rule.maxLength !== undefined && length > rule.maxLength) return `must be at most ${plural(rule.maxLength, 'character')}`;
      if (rule.pattern !== undefined && patternOf(rule.pattern).test?.(value) === false) return `must match ${rule.pattern}`;
      return formatProblem(value, rule.format);
    }
    case 'array': {
      if (!Array.isArray(value)) return 'must be a list';
      if (rule.minItems !== undefined && value.length < rule.minItems) return `must have at least ${plural(rule.minItems, 'item')}`;
      if (rule.maxItems !== undefined && value.length > rule.maxItems) return `must have at most ${plural(rule.maxItems, 'item')}`;
      for (const [i, item] of value.entries()) {
        const problem = rule.items ? valueProblem(rule.items, item) : undefined;
        if (problem) return `item ${i + 1} (${JSON.stringify(item)}) ${problem}`;
      }
      return undefined;
    }
  }
}

/**
 * A field's pattern as JSON Schema reads it (JavaScript's syntax, `u` flag), matched in linear time
 * on every keystroke (re2js: `^(a+)+$` would backtrack for hours in V8). One RE2 cannot read, or
 * an invalid one, is not checked here (`problem`, shown in the field's prompt): the other rules
 * still are, and the platform checks the value when the profile is created.
 */
function patternOf(pattern: string): { test?: (value: string) => boolean; problem?: string } {
  let known = patterns.get(pattern);
  if (!known) {
    const compiled = linearEngine().compileLinear(pattern, { ignoreCase: false, unicode: true });
    known =
      'regex' in compiled
        ? { test: (value) => compiled.regex.test(value) }
        : { problem: compiled.problem === 'invalid' ? `invalid pattern: ${compiled.message}` : compiled.message };
    if (patterns.size >= 64) patterns.clear();
    patterns.set(pattern, known);
  }
  return known;
}
const patterns = new Map<string, { test?: (value: string) => boolean; problem?: string }>();

/** One item typed as text, as the item rule's kind. */
function parseScalar(rule: FieldRule, text: string): { value: unknown } | { problem: string } {
  const t = text.trim();
  switch (rule.kind) {
    case 'integer':
      return /^-?\d+$/.test(t) ? { value: Number(t) } : { problem: 'must be a whole number' };
    case 'number':
      return t !== '' && Number.isFinite(Number(t)) ? { value: Number(t) } : { problem: 'must be a number' };
    case 'boolean':
      return /^(true|yes)$/i.test(t) ? { value: true } : /^(false|no)$/i.test(t) ? { value: false } : { problem: 'must be true or false' };
    case 'enum': {
      const choice = rule.choices?.find((c) => String(c) === t);
      return choice === undefined ? { problem: `must be one of ${(rule.choices ?? []).map(String).join(', ')}` } : { value: choice };
    }
    default:
      return { value: t };
  }
}

/**
 * A value as a person types it: a list comma-separated, true/false, a number; empty is "not
 * set" (undefined), refused for a required field. The value comes back typed for the request.
 */
export function parseTyped(rule: FieldRule, text: string): { value: unknown } | { problem: string } {
  if (text.trim() === '') return rule.required ? { problem: 'is required' } : { value: undefined };
  let parsed: { value: unknown } | { problem: string };
  if (rule.kind === 'array') {
    const parts = text.split(',').map((p) => p.trim());
    if (parts.some((p) => p === '')) return { problem: 'has an empty item: separate items with single commas' };
    const values: unknown[] = [];
    for (const [i, part] of parts.entries()) {
      const one = parseScalar(rule.items ?? { kind: 'string', required: true }, part);
      if ('problem' in one) return { problem: `item ${i + 1} (${part}) ${one.problem}` };
      values.push(one.value);
    }
    parsed = { value: values };
  } else {
    parsed = parseScalar(rule, text);
    if ('problem' in parsed) return parsed;
  }
  const problem = valueProblem(rule, parsed.value);
  return problem ? { problem } : parsed;
}

/** A value as the box shows it (a list comma-separated), for a default or a kept value. */
export function typedText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "integer 1 to 100000", "list of IPv4 addresses", "one of block, log": the rule in a few words. */
export function ruleText(rule: FieldRule): string {
  switch (rule.kind) {
    case 'integer':
    case 'number': {
      const word = rule.kind === 'integer' ? 'whole number' : 'number';
      if (rule.minimum !== undefined && rule.maximum !== undefined) return `${word} ${rule.minimum} to ${rule.maximum}`;
      if (rule.minimum !== undefined) return `${word} of at least ${rule.minimum}`;
      return rule.maximum !== undefined ? `${word} of at most ${rule.maximum}` : word;
    }
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${(rule.choices ?? []).map(String).join(', ')}`;
    case 'array':
      return `comma-separated list of ${rule.items ? ruleText(rule.items) : 'text'}${rule.maxItems !== undefined ? ` (at most ${rule.maxItems})` : ''}`;
    case 'string': {
      if (rule.format) return FORMAT_WORDS[rule.format] ?? `text (${rule.format})`;
      const length =
        rule.minLength !== undefined && rule.maxLength !== undefined
          ? ` of ${rule.minLength} to ${rule.maxLength} characters`
          : rule.maxLength !== undefined
            ? ` of at most ${rule.maxLength} characters`
            : '';
      const problem = rule.pattern ? patternOf(rule.pattern).problem : undefined;
      const matching = rule.pattern ? ` matching ${rule.pattern}` : '';
      const unchecked = problem ? ` (the pattern from the platform cannot be checked here: ${problem})` : '';
      return `text${length}${matching}${unchecked}`;
    }
    default:
      return 'any value';
  }
}

const FORMAT_WORDS: Record<string, string> = {
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  ipvanyaddress: 'IP address',
  ipv4network: 'IPv4 network (CIDR)',
  ipv6network: 'IPv6 network (CIDR)',
  ipvanynetwork: 'IP network (CIDR)',
};
